import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { emitSchemas } from './helpers/emit-schemas.js';
import { Judge } from './helpers/judge.js';

// Sinao's `/^[0-9]{5}$/i` and data2crm's dates: patterns copied with JavaScript's slashes and flags.
// JSON Schema reads those as characters, so no string matches; the validators keep that reading,
// as ajv does, and generation says what to write instead.
describe('a pattern written as a JavaScript regular expression literal', () => {
  const spec = join(ROOT, 'test', '.tmp', 'zod-pattern-literal', 'patterns.yaml');
  mkdirSync(join(spec, '..'), { recursive: true });
  writeFileSync(spec, [
    'openapi: 3.0.3',
    'info: { title: Patterns, version: "1" }',
    'paths: {}',
    'components:',
    '  schemas:',
    '    Nic: { type: string, pattern: "/^[0-9]{5}$/i" }',
    '    Code: { type: string, pattern: "/^[0-9]+[a-z]$/" }',
    '    Route: { type: string, pattern: "/v1/.+/" }',
    '    Plain: { type: string, pattern: "^[0-9]{5}$" }',
  ].join('\n'));

  it('is warned of, with the expression to write', async () => {
    const { problems } = await emitSchemas(spec);
    expect(problems.filter((p) => p.code === 'zod/pattern-literal').map((p) => [p.pointer, p.message])).toStrictEqual([
      ['#/components/schemas/Nic/pattern', 'pattern "/^[0-9]{5}$/i" is written as a JavaScript regular expression literal: JSON Schema reads its slashes and flags as characters to match, and the validators check it so; write the expression alone ("^[0-9]{5}$")'],
      ['#/components/schemas/Code/pattern', 'pattern "/^[0-9]+[a-z]$/" is written as a JavaScript regular expression literal: JSON Schema reads its slashes as characters to match, and the validators check it so; write the expression alone ("^[0-9]+[a-z]$")'],
    ]);
  });

  it('is checked as JSON Schema reads it, as ajv does', async () => {
    const { model, module } = await emitSchemas(spec);
    const judge = new Judge(model);
    for (const [name, value] of [['Nic', '12345'], ['Code', '12a'], ['Route', 'x/v1/a/'], ['Plain', '12345']] as const) {
      const schema = model.schemas.find((s) => s.name === name)?.schema ?? {};
      const ours = (module[name] as { safeParse(v: unknown): { success: boolean } }).safeParse(value).success;
      expect(ours, `${name} ${value}`).toBe(judge.valid(schema, 'response', value));
    }
    expect((module.Nic as { safeParse(v: unknown): { success: boolean } }).safeParse('12345').success).toBe(false);
  });
});
