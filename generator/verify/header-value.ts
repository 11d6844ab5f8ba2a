/**
 * Whether a response header's text has the form its schema declares. Headers are text on the wire:
 * a primitive schema (type, enum, bounds, length) is read from it, and a header of any other
 * schema is taken as it is (a pattern too: the document's expression is not run on a server's text).
 */
import type { SchemaObject } from '../model/types.js';

/** What is wrong with `value` for `schema`, or undefined when nothing is. */
export function headerValueProblem(schema: SchemaObject, value: string): string | undefined {
  const text = value.trim();
  if (schema.enum && !schema.enum.some((item) => String(item) === text)) return `must be one of ${schema.enum.map((item) => JSON.stringify(item)).join(', ')}`;
  if (schema.type === 'integer' || schema.type === 'number') {
    const integer = schema.type === 'integer';
    if (!(integer ? /^-?\d+$/ : /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/).test(text)) return `must be ${integer ? 'an integer' : 'a number'}`;
    const n = Number(text);
    if (schema.minimum !== undefined && (schema.exclusiveMinimum === true ? n <= schema.minimum : n < schema.minimum))
      return `must be ${schema.exclusiveMinimum === true ? 'more than' : 'at least'} ${schema.minimum}`;
    if (schema.maximum !== undefined && (schema.exclusiveMaximum === true ? n >= schema.maximum : n > schema.maximum))
      return `must be ${schema.exclusiveMaximum === true ? 'less than' : 'at most'} ${schema.maximum}`;
    return undefined;
  }
  if (schema.type === 'boolean' && text !== 'true' && text !== 'false') return 'must be true or false';
  if (schema.type === 'string') {
    if (schema.minLength !== undefined && [...value].length < schema.minLength) return `must have at least ${schema.minLength} characters`;
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength) return `must have at most ${schema.maxLength} characters`;
  }
  return undefined;
}
