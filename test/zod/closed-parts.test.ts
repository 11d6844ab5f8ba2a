import { describe, expect, it } from 'vitest';
import { emitSchemas, schemasDocument, verdicts } from './helpers/emit-schemas.js';

// ShipEngine's responses, in small: `{ additionalProperties: false, allOf: [tag] }`, where `tag`
// requires `name`. JSON Schema counts `name` as additional there, so no value passes; the document
// means the part's properties. The validator keeps JSON Schema's reading and the place is warned of.
describe('additionalProperties: false beside the properties of allOf parts', () => {
  const spec = schemasDocument('zod-closed-parts', [
    'Tag: { type: object, required: [name], properties: { name: { type: string } } }',
    'Note: { type: object, properties: { text: { type: string } } }',
    'ClosedTag: { type: object, additionalProperties: false, allOf: [{ $ref: "#/components/schemas/Tag" }] }',
    'ClosedNote: { type: object, additionalProperties: false, properties: { id: { type: integer } }, allOf: [{ $ref: "#/components/schemas/Note" }] }',
    'DeclaredTag: { type: object, additionalProperties: false, properties: { name: {} }, allOf: [{ $ref: "#/components/schemas/Tag" }] }',
    'ClosedChoice: { type: object, additionalProperties: false, oneOf: [{ $ref: "#/components/schemas/Tag" }, { type: object, required: [text], properties: { text: { type: string } } }] }',
    'OpenChoice: { type: object, additionalProperties: false, oneOf: [{ $ref: "#/components/schemas/Tag" }, { $ref: "#/components/schemas/Note" }] }',
  ]);

  it('is warned of at the object, naming the properties and whether any value passes', async () => {
    const { problems } = await emitSchemas(spec);
    const closed = problems.filter((p) => p.code === 'zod/closed-parts');
    expect(closed.map((p) => p.pointer?.replace(/^#\/components\/schemas\/|\/additionalProperties$/g, ''))).toStrictEqual([
      'ClosedTag',
      'ClosedNote',
      'ClosedChoice',
      'OpenChoice',
    ]);
    expect(closed[0]?.message).toContain('(`name`): as JSON Schema reads it, a part requires one of them, so no value passes');
    expect(closed[1]?.message).toContain('(`text`): as JSON Schema reads it, a value with one of them fails');
    // A oneOf passes nothing only when every branch requires such a property (Jira's default values).
    expect(closed[2]?.message).toContain('(`name`, `text`): as JSON Schema reads it, a part requires one of them, so no value passes');
    expect(closed[3]?.message).toContain('(`name`, `text`): as JSON Schema reads it, a value with one of them fails');
  });

  it('validates as ajv does: the parts’ properties are additional unless the object declares them', async () => {
    const cases: [string, unknown][] = [
      ['ClosedTag', { name: 'Fragile' }],
      ['ClosedTag', {}],
      ['ClosedNote', { id: 1 }],
      ['ClosedNote', { id: 1, text: 'x' }],
      ['DeclaredTag', { name: 'Fragile' }],
      ['DeclaredTag', { name: 'Fragile', other: 1 }],
      ['ClosedChoice', { text: 'x' }],
      ['ClosedChoice', {}],
      ['OpenChoice', {}],
      ['OpenChoice', { text: 'x' }],
    ];
    const judged = verdicts(await emitSchemas(spec), cases);
    expect(judged.map((v) => v.ours)).toStrictEqual(judged.map((v) => v.ajv));
    expect(judged.map((v) => v.ours)).toStrictEqual([false, false, true, false, true, false, false, false, true, false]);
  });
});
