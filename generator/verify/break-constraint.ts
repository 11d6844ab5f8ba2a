/**
 * A request that breaks exactly one declared constraint of an operation's input, made from its
 * valid fixture params: the plainest break first (a required field left out, a value outside an
 * enum, text for a number, a length or bound passed), since a server cannot mistake those for
 * valid input. None when the input declares no constraint such a change can break.
 */
import type { InputFieldModel, OperationModel, SchemaObject } from '../model/types.js';

/** The changed input and what it breaks, for people. */
export interface BrokenInput {
  input: Record<string, unknown>;
  breaks: string;
}

/** A value no enum of a document holds by chance. */
const OUTSIDE_ENUM = 'podcast-gen-verify-not-in-enum';

/** The input of `params` with one constraint of `op` broken, or undefined when there is none to break. */
export function breakOneConstraint(
  op: OperationModel,
  params: Record<string, unknown>,
  resolve: (schema: SchemaObject) => SchemaObject,
): BrokenInput | undefined {
  const fields = op.input.filter((field) => field.in !== 'body');
  const label = (field: InputFieldModel) => `the ${field.in === 'body-field' ? 'body field' : `${field.in} parameter`} ${field.wireName}`;
  // A path parameter cannot be left out: its path would be another.
  const required = fields.find((field) => field.required && field.in !== 'path' && params[field.name] !== undefined);
  if (required) return { input: without(params, required.name), breaks: `${label(required)} is required and left out` };
  for (const field of fields) {
    const schema = resolve(field.schema);
    const broken = brokenValue(schema);
    if (broken) return { input: { ...params, [field.name]: broken.value }, breaks: `${label(field)} ${broken.breaks}` };
  }
  return undefined;
}

/** A value that breaks one keyword of a primitive schema. */
function brokenValue(schema: SchemaObject): { value: unknown; breaks: string } | undefined {
  if (schema.enum && schema.enum.length > 0 && schema.enum.every((item) => typeof item === 'string') && !schema.enum.includes(OUTSIDE_ENUM))
    return { value: OUTSIDE_ENUM, breaks: `is ${JSON.stringify(OUTSIDE_ENUM)}, outside its enum` };
  if (schema.type === 'integer' || schema.type === 'number')
    return { value: 'not-a-number', breaks: `is "not-a-number", not ${schema.type === 'integer' ? 'an integer' : 'a number'}` };
  if (schema.type === 'string' && schema.maxLength !== undefined && schema.maxLength < 10_000)
    return { value: 'x'.repeat(schema.maxLength + 1), breaks: `is ${schema.maxLength + 1} characters long, past its maxLength ${schema.maxLength}` };
  if (schema.type === 'string' && schema.minLength !== undefined && schema.minLength > 0)
    return { value: '', breaks: `is empty, under its minLength ${schema.minLength}` };
  if (schema.type === 'boolean') return { value: 'not-a-boolean', breaks: 'is "not-a-boolean", not a boolean' };
  return undefined;
}

function without(params: Record<string, unknown>, name: string): Record<string, unknown> {
  const { [name]: _left, ...rest } = params;
  return rest;
}
