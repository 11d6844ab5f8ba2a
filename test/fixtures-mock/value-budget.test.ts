import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { VALUE_BUDGET } from '../../generator/synthesis/synth-context.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

/** Values of a JSON value, containers included (as the synthesis counts them). */
function countValues(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce((sum: number, item) => sum + countValues(item), 0);
  if (value && typeof value === 'object') return 1 + Object.values(value).reduce((sum: number, item) => sum + countValues(item), 0);
  return 1;
}

// The document's fixture would hold about 24,000 values made whole (twelve optional objects of
// twelve optional objects ...); fixtures-fit-types.test.ts judges it valid by ajv, and
// fixtures-fit-types.compat.test.ts by the types.
describe('a fixture part of a wide, nested schema', () => {
  it('stops following optional properties once it has made its budget of values, and still has every required one', async () => {
    const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'corpus', 'fixtures-wide-nested.yaml'), outputs: ['fixtures'] });
    const fixture = JSON.parse(files.find((f) => f.path === 'fixtures/getReport.json')?.content ?? '{}') as {
      response: { body: Record<string, Record<string, unknown>> };
    };
    const body = fixture.response.body;
    const count = countValues(body);
    expect(count).toBeGreaterThanOrEqual(VALUE_BUDGET);
    // Past the budget only required values: a handful for the objects under way.
    expect(count).toBeLessThan(VALUE_BUDGET + 50);
    // The first sections are made whole; the last ones, made after the budget, are not made at all.
    expect(Object.keys(body.section1 ?? {})).toHaveLength(13);
    // Required values are made whatever the budget: the title, and in each object made, its own.
    expect(body.section12).toBeUndefined();
    expect(typeof body.title).toBe('string');
    const first = body.section1 as { heading?: unknown; block1?: { kind?: unknown; cell1?: { id?: unknown } } };
    expect([first.heading, first.block1?.kind, first.block1?.cell1?.id].every((value) => typeof value === 'string')).toBe(true);
  });
});
