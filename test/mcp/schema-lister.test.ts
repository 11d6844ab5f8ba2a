import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../generator/emit/mcp/json-schema.js';
import { schemaLister } from '../../generator/emit/mcp/listing-budget.js';

/** Shelf -> Book -> Author: each definition one step farther from a root that names Shelf. */
const components = new Map<string, JsonSchema>([
  ['Shelf', { type: 'object', properties: { books: { type: 'array', items: { $ref: '#/$defs/Book' } } } }],
  ['Book', { type: 'object', properties: { author: { $ref: '#/$defs/Author' } } }],
  ['Author', { type: 'object', properties: { name: { type: 'string', description: 'x'.repeat(200) } } }],
]);
const size = (value: unknown) => JSON.stringify(value).length;
const defsSize = [...components.values()].reduce((sum, def) => sum + size(def), 0);
/** A root naming Shelf, `padding` characters of description longer than the shortest. */
const root = (padding: number): JsonSchema => ({ type: 'object', properties: { shelf: { $ref: '#/$defs/Shelf', description: `s${'.'.repeat(padding)}` } } });
// The short root fits with every definition; the long one does not, with room for all but Author.
const budget = size(root(0)) + defsSize;
const long = root(10);
// Longer by more than Author's size: Book no longer fits either (and Author is not reached).
const longer = root(size(components.get('Author')) + 10);

/**
 * A lister works out what the definitions a root names reach, and what is left out of them, once
 * for all the roots that name the same ones: what it lists must not depend on which roots it met
 * before (the size of the root decides what fits).
 */
describe('a schema lister shared by roots that name the same definitions', () => {
  const cases: { given: string; order: JsonSchema[] }[] = [
    { given: 'the root that fits first', order: [root(0), long] },
    { given: 'the root over the budget first', order: [long, root(0)] },
    { given: 'two roots over the budget, the shorter first', order: [long, longer] },
    { given: 'two roots over the budget, the longer first', order: [longer, long] },
  ];
  for (const { given, order } of cases) {
    it(`lists each root as a lister of its own would (${given})`, () => {
      const shared = schemaLister(components, budget);
      const listed = order.map((r) => shared(r));
      expect(listed).toEqual(order.map((r) => schemaLister(components, budget)(r)));
    });
  }

  it('lists a root that fits whole, and one over the budget without the farthest definition, noted', () => {
    const list = schemaLister(components, budget);
    const whole = list(root(0));
    expect(whole.leftOut).toEqual([]);
    expect(Object.keys(whole.schema.$defs as object)).toEqual(['Author', 'Book', 'Shelf']);
    const trimmed = list(long);
    expect(trimmed.leftOut).toEqual(['Author']);
    expect(Object.keys(trimmed.schema.$defs as object)).toEqual(['Book', 'Shelf']);
    expect((trimmed.schema.$defs as Record<string, JsonSchema>).Book).toEqual({
      type: 'object',
      properties: { author: { description: '(Author: its schema is left out of this listing to keep it short; the server checks it in full)' } },
    });
    // Another root of the same size and names gets the same, its own left-out list.
    const again = list(root(10));
    expect(again).toEqual(trimmed);
    again.leftOut.push('changed');
    expect(list(long).leftOut).toEqual(['Author']);
    expect(list(longer).leftOut).toEqual(['Book']);
  });
});

/**
 * Over the budget, what is left out is worked out once per set of definition names and root size:
 * two roots of one size naming different definitions must not share it.
 */
describe('a schema lister shared by roots of one size that name different definitions', () => {
  /** A root naming `name`, its description padded so that its JSON text is `length` characters long. */
  const naming = (name: string, length: number): JsonSchema => {
    const shape = (description: string): JsonSchema => ({ type: 'object', properties: { item: { $ref: `#/$defs/${name}`, description } } });
    return shape('.'.repeat(length - size(shape(''))));
  };
  // As long as `longer`: over the budget both, naming Shelf (Book left out) or Book (Author left out).
  const shelf = naming('Shelf', size(longer));
  const book = naming('Book', size(longer));

  it('makes roots of the same size, both over the budget, that list differently', () => {
    expect(size(book)).toBe(size(shelf));
    expect(schemaLister(components, budget)(shelf).leftOut).toEqual(['Book']);
    expect(schemaLister(components, budget)(book).leftOut).toEqual(['Author']);
  });

  for (const order of [
    [shelf, book],
    [book, shelf],
  ]) {
    it(`lists each root as a lister of its own would (${order.map((r) => (r === shelf ? 'Shelf' : 'Book')).join(' first, then ')})`, () => {
      const shared = schemaLister(components, budget);
      expect(order.map((r) => shared(r))).toEqual(order.map((r) => schemaLister(components, budget)(r)));
    });
  }
});
