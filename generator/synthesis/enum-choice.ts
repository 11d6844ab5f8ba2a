/**
 * The values an enum's made value is picked from: those the validators take. A pure function of the
 * schema and the model's resolver, worked out once per schema: a document's enums are made again
 * for every operation that reaches them.
 */
import { fitsType } from '../model/fits-type.js';
import type { SchemaResolver } from '../model/schema-merge.js';
import type { SchemaObject } from '../model/types.js';
import { conform } from './conform.js';
import { perResolver } from './per-resolver.js';
import { withinBounds } from './value-checks.js';

/** What an enum's value is picked from. Shared: callers never change it. */
export interface EnumChoice {
  /** Whether some listed value fits; where none does, the value is picked from the whole list (and noted). */
  fits: boolean;
  /** The list picked from: the fitting values, or the whole enum where none fits. */
  values: readonly unknown[];
  /** Its values but null. */
  usable: readonly unknown[];
}

const choicesOf = perResolver(() => new WeakMap<SchemaObject, EnumChoice>());

/**
 * The values the validators take of the schema's enum: of the declared type (an integer enum may
 * list strings), within the schema's own bounds (an enum may break its own maxLength) and taken by
 * its branches, if any. With none, no value fits.
 */
export function enumChoice(schema: SchemaObject, resolve: SchemaResolver): EnumChoice {
  const choices = choicesOf(resolve);
  let choice = choices.get(schema);
  if (!choice) {
    const listed = schema.enum ?? [];
    const fitting = listed.filter(
      (v) => ((fitsType(v, schema.type) && withinBounds(v, schema)) || (v === null && schema.nullable === true)) && branchesTake(v, schema, resolve),
    );
    const values = fitting.length > 0 ? fitting : listed;
    choice = { fits: fitting.length > 0, values, usable: values.filter((v) => v !== null) };
    choices.set(schema, choice);
  }
  return choice;
}

/** The `variant`-th non-null value of the choice (cycling), the first when there is no other. */
export function pickEnum(choice: EnumChoice, variant: number): unknown {
  const { values, usable } = choice;
  return usable.length === 0 ? values[0] : usable[variant % usable.length];
}

/** Whether the schema's `oneOf` (exactly one) or `anyOf` (any) takes the value; true without either. */
export function branchesTake(value: unknown, schema: SchemaObject, resolve: SchemaResolver): boolean {
  const branches = schema.oneOf ?? schema.anyOf;
  if (!branches) return true;
  const fits = branches.filter((branch) => conform(value, branch, resolve, 0, true) !== undefined).length;
  return schema.oneOf ? fits === 1 : fits > 0;
}
