import { schemaRefName } from '../../model/refs.js';
import type { ApiModel, SchemaObject } from '../../model/types.js';
import { tsPropertyKey, tsString } from '../print.js';
import { discriminatorTagsOf } from '../../model/discriminator-tags.js';

/** The tag types of `schemas.ts.hbs`: `{ kind: "Node" | "Leaf" }`, `{}` when there is none. */
export interface AnnotationTags {
  /** Tags whose components' validators require a string there: typed `string`. */
  checked: string;
  /** The other tags: typed as an optional `unknown`. */
  unchecked: string;
}

/**
 * openapi-typescript writes a discriminator's tag into the type of each component that carries one
 * (model/discriminator-tags.ts: a component that extends a discriminated one through
 * `allOf`, a branch a `mapping` names): `kind: "Node"`, required, where the schema says `kind:
 * string`. The validators check the tag as the schema declares it (a `Node` validator accepts any
 * kind: a value of a kind that extends Node is a Node too), so an annotated validator's
 * openapi-typescript type (`_Inferred`, schemas.ts.hbs) takes these literals back to what the
 * validators infer, by property name and value, or the two disagree (TS2322;
 * test/zod/annotated-shapes.compat.test.ts). Undefined when no component carries a tag.
 */
export function annotationTags(model: Pick<ApiModel, 'schemas' | 'operations'>): AnnotationTags | undefined {
  const tags = discriminatorTagsOf(model);
  if (tags.size === 0) return undefined;
  const byName = new Map(model.schemas.map((s) => [s.name, s.schema]));
  const checked = new Map<string, Set<string>>();
  const unchecked = new Map<string, Set<string>>();
  const add = (into: Map<string, Set<string>>, property: string, values: readonly string[]) => {
    const set = into.get(property) ?? new Set<string>();
    into.set(property, set);
    for (const value of values) set.add(value);
  };
  for (const [name, tag] of tags) {
    const schema = byName.get(name);
    const sure = schema !== undefined && requiresString(schema, tag.propertyName, byName);
    add(sure ? checked : unchecked, tag.propertyName, tag.values);
  }
  // A value some component leaves unchecked is unchecked wherever it is met.
  for (const [property, values] of checked) for (const value of unchecked.get(property) ?? []) values.delete(value);
  return { checked: tagType(checked), unchecked: tagType(unchecked) };
}

function tagType(tags: ReadonlyMap<string, ReadonlySet<string>>): string {
  const members = [...tags]
    .filter(([, values]) => values.size > 0)
    .map(([property, values]) => `${tsPropertyKey(property)}: ${[...values].map(tsString).join(' | ')}`);
  return members.length === 0 ? '{}' : `{ ${members.join('; ')} }`;
}

/**
 * Whether the validator of `schema` surely requires `property` to be a string: the schema or one
 * of its `allOf` members (through references) requires it, and one declares it a string (the
 * intersection zod infers is then a string, or narrower). Not sure: the tag is left unchecked.
 */
function requiresString(schema: SchemaObject, property: string, byName: ReadonlyMap<string, SchemaObject>): boolean {
  let required = false;
  let string = false;
  const seen = new Set<SchemaObject>();
  const resolve = (node: SchemaObject): SchemaObject | undefined => {
    const name = schemaRefName(node);
    return name === undefined ? node : byName.get(name);
  };
  const visit = (node: SchemaObject | undefined): void => {
    const target = node && resolve(node);
    if (!target || seen.has(target)) return;
    seen.add(target);
    if (target.required?.includes(property)) required = true;
    const declared = target.properties?.[property];
    const declaredSchema = declared && resolve(declared);
    if (declaredSchema && isString(declaredSchema)) string = true;
    for (const member of target.allOf ?? []) visit(member);
  };
  visit(schema);
  return required && string;
}

function isString(schema: SchemaObject): boolean {
  if (schema.nullable === true) return false;
  if (schema.type === 'string') return true;
  return schema.type === undefined && Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => typeof v === 'string');
}
