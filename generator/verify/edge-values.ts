/**
 * Valid values at the edges of what a schema allows, each with what it is for people: a bound and
 * the value just inside it, each length bound, each enum member, the other boolean, each branch of
 * a `oneOf`/`anyOf`, another value of a format, `null` where it is allowed, and the item counts an
 * array allows. Values are made by the synthesis module from the schema with its bounds drawn
 * tight around the edge, so a pattern, a format or a step is kept; the operation's validator then
 * judges each (a value it refuses is not sent).
 */
import type { SchemaResolver } from '../model/schema-merge.js';
import type { SchemaObject } from '../model/types.js';
import { fitNumber } from '../synthesis/numbers.js';
import { atPlace, synthContext, synthesize } from '../synthesis/synthesize.js';
import type { Place } from './broken-values.js';

/** A valid value of one kind of edge, and what it is (`at its maximum 100`). */
export interface EdgeValue {
  value: unknown;
  says: string;
}

/** Where a value is made: its seed and path, for values the synthesis module draws. */
export interface EdgePlace {
  seed: string;
  path: readonly (string | number)[];
  resolve: SchemaResolver;
  place: Place;
}

/** Longest string made at a length bound: as JSON, and as text in a URL or a header. */
const MAX_JSON_LENGTH = 1000;
const MAX_TEXT_LENGTH = 200;
/** Most items made at an item-count bound. */
const MAX_ITEMS = 50;

/** The edge values of `schema` (references followed, `allOf` merged), other than `current`. */
export function edgeValues(schema: SchemaObject, current: unknown, where: EdgePlace): EdgeValue[] {
  const found: EdgeValue[] = [];
  const add = (value: unknown, says: string) => {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(current)) found.push({ value, says });
  };
  const make = (tight: SchemaObject, tag: string) =>
    synthesize(
      { ...tight, example: undefined, default: undefined },
      atPlace(synthContext({ seed: `${where.seed}/${tag}`, resolve: where.resolve, direction: 'request' }), where.path, where.path.length),
    );
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches && branches.length > 1) {
    // Each branch first among its siblings: the synthesis module makes the first it can.
    branches.forEach((branch, i) => {
      add(
        make({ ...schema, [schema.oneOf ? 'oneOf' : 'anyOf']: [branch, ...branches.filter((_, j) => j !== i)] }, `branch-${i}`),
        `as its branch ${branchName(branch, i)}`,
      );
    });
    return found;
  }
  if (schema.enum) {
    for (const member of schema.enum) add(member, `${JSON.stringify(member)}, a member of its enum`);
    return found;
  }
  if (schema.nullable === true && where.place === 'json') add(null, 'null, which it allows');
  if (schema.type === 'boolean') add(current !== true, `${current !== true}`);
  if (schema.type === 'integer' || schema.type === 'number') numberEdges(schema, add);
  if (schema.type === 'string') {
    const longest = where.place === 'json' ? MAX_JSON_LENGTH : MAX_TEXT_LENGTH;
    const lengths = new Map<number, string>();
    const { minLength, maxLength } = schema;
    // An empty path segment is another path.
    const least = Math.max(minLength ?? 0, where.place === 'path' ? 1 : 0);
    if (minLength !== undefined || where.place !== 'path')
      lengths.set(least, `at its shortest, ${least} characters`).set(least + 1, `just inside its shortest, ${least + 1} characters`);
    if (maxLength !== undefined && maxLength <= longest)
      lengths.set(maxLength, `at its maxLength ${maxLength}`).set(maxLength - 1, `just inside its maxLength, ${characters(maxLength - 1)}`);
    for (const [length, says] of lengths)
      if (length >= least && (maxLength === undefined || length <= maxLength)) {
        const value = make({ ...schema, minLength: length, maxLength: length }, `length-${length}`);
        if (typeof value === 'string' && [...value].length === length) add(value, says);
      }
    if (typeof schema.format === 'string') add(make(schema, 'format'), `another ${schema.format}`);
  }
  if (schema.type === 'array') {
    const counts = new Map<number, string>();
    const least = schema.minItems ?? 0;
    // No items in a query or a header are no parameter at all.
    if (least > 0 || where.place === 'json') counts.set(least, `with ${least} item${least === 1 ? '' : 's'}, its fewest`);
    if (schema.maxItems !== undefined && schema.maxItems <= MAX_ITEMS) counts.set(schema.maxItems, `with ${schema.maxItems} items, its most`);
    for (const [count, says] of counts) {
      const value = make({ ...schema, minItems: count, maxItems: count }, `items-${count}`);
      if (Array.isArray(value) && value.length === count) add(value, says);
    }
  }
  return found;
}

/** A bound and the value just inside it, on the schema's grid (its `multipleOf`, whole numbers for an integer). */
function numberEdges(schema: SchemaObject, add: (value: unknown, says: string) => void): void {
  const integer = schema.type === 'integer';
  const { minimum, maximum } = schema;
  const step = schema.multipleOf ?? (integer ? 1 : Math.min(1, minimum !== undefined && maximum !== undefined ? (maximum - minimum) / 4 : 1));
  const onGrid = (candidate: number) => fitNumber(candidate, schema, integer);
  if (minimum !== undefined && Number.isFinite(minimum)) {
    const low = onGrid(minimum);
    add(low, low === minimum ? `at its minimum ${minimum}` : `at the least value its minimum ${minimum} allows, ${low}`);
    add(onGrid(low + step), `just inside its minimum ${minimum}, ${onGrid(low + step)}`);
  }
  if (maximum !== undefined && Number.isFinite(maximum)) {
    const high = onGrid(maximum);
    add(high, high === maximum ? `at its maximum ${maximum}` : `at the most its maximum ${maximum} allows, ${high}`);
    add(onGrid(high - step), `just inside its maximum ${maximum}, ${onGrid(high - step)}`);
  }
  if (minimum === undefined && maximum === undefined) add(onGrid(0), `${onGrid(0)}`);
}

/** A branch's name for people: the schema it refers to, its title, or its place. */
function branchName(branch: SchemaObject, index: number): string {
  const ref = branch.$ref?.split('/').pop();
  return ref ? decodeURIComponent(ref) : (branch.title ?? `#${index + 1}`);
}

/** `1 character`, `3 characters`. */
function characters(count: number): string {
  return `${count} character${count === 1 ? '' : 's'}`;
}
