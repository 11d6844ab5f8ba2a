import { describe, expect, it } from 'vitest';
import { emitSchemas, schemasDocument, verdicts } from './helpers/emit-schemas.js';

// Sinao's `/^[0-9]{5}$/i` and data2crm's dates: patterns copied with JavaScript's slashes and flags.
// JSON Schema reads those as characters, so no string matches; the validators keep that reading,
// as ajv does, and generation says what to write instead.
describe('a pattern written as a JavaScript regular expression literal', () => {
  const spec = schemasDocument('zod-pattern-literal', [
    'Nic: { type: string, pattern: "/^[0-9]{5}$/i" }',
    'Code: { type: string, pattern: "/^[0-9]+[a-z]$/" }',
    'Route: { type: string, pattern: "/v1/.+/" }',
    'Plain: { type: string, pattern: "^[0-9]{5}$" }',
  ]);

  it('is warned of, with the expression to write', async () => {
    const { problems } = await emitSchemas(spec);
    expect(problems.filter((p) => p.code === 'zod/pattern-literal').map((p) => [p.pointer, p.message])).toStrictEqual([
      [
        '#/components/schemas/Nic/pattern',
        'pattern "/^[0-9]{5}$/i" is written as a JavaScript regular expression literal: JSON Schema reads its slashes and flags as characters to match, and the validators check it so; write the expression alone ("^[0-9]{5}$")',
      ],
      [
        '#/components/schemas/Code/pattern',
        'pattern "/^[0-9]+[a-z]$/" is written as a JavaScript regular expression literal: JSON Schema reads its slashes as characters to match, and the validators check it so; write the expression alone ("^[0-9]+[a-z]$")',
      ],
    ]);
  });

  it('is checked as JSON Schema reads it, as ajv does', async () => {
    const judged = verdicts(await emitSchemas(spec), [
      ['Nic', '12345'],
      ['Code', '12a'],
      ['Route', 'x/v1/a/'],
      ['Plain', '12345'],
    ]);
    expect(judged.map((v) => v.ours)).toStrictEqual(judged.map((v) => v.ajv));
    expect(judged.map((v) => v.ours)).toStrictEqual([false, false, true, true]);
  });
});
