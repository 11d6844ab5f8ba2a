/**
 * The old document's schemas as the usage reads them, each with the places it is written at: the
 * slot that holds it, and every component (or single-member `allOf`) its reference leads through.
 * A change is placed at one of these (compare/), so a line that reads a value knows which changes it
 * looked at.
 */
import { escapeToken } from '../../json-pointer.js';
import { ANNOTATIONS } from '../compare/equivalent-forms.js';
import type { ApiModel, SchemaObject } from '../../model/types.js';

/** A schema and the pointer it is written at. */
export interface PlacedSchema {
  schema: SchemaObject;
  pointer: string;
}

/** A schema with its references followed: the schema reached, and every place on the way (the slot first). */
export interface ResolvedSchema extends PlacedSchema {
  places: string[];
  /** The component reached last, if any. */
  component?: string;
}

/** A property of an object as a value has it (its allOf members merged). */
export interface PlacedProperty {
  at: PlacedSchema;
  required: boolean;
}

const PREFIX = '#/components/schemas/';
/**
 * Keywords beside a one-member `allOf` that keep it its member's place: those that only describe,
 * and `nullable` (the member's properties are where a read reaches, null or not).
 */
const WRAPPER_KEYWORDS: ReadonlySet<string> = new Set([...ANNOTATIONS, 'nullable']);

/** The old model's schemas by place. */
export class SchemaPlaces {
  private readonly byName: Map<string, SchemaObject>;

  constructor(model: ApiModel) {
    this.byName = new Map(model.schemas.map((s) => [s.name, s.schema]));
  }

  /** The component a `$ref` names, if the model has it. */
  componentOf(schema: SchemaObject): string | undefined {
    const ref = schema?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(PREFIX)) return undefined;
    const name = decodeURIComponent(ref.slice(PREFIX.length)).replace(/~1/g, '/').replace(/~0/g, '~');
    return this.byName.has(name) ? name : undefined;
  }

  /** References and single-member `allOf` wrappers followed, every place on the way kept. */
  resolve(at: PlacedSchema): ResolvedSchema {
    let current = at;
    const places = [at.pointer];
    let component: string | undefined;
    for (let hops = 0; hops < 16; hops++) {
      const schema = current.schema;
      if (schema === null || typeof schema !== 'object') return { schema: {}, pointer: current.pointer, places };
      const name = this.componentOf(schema);
      if (name !== undefined) {
        component = name;
        current = { schema: this.byName.get(name) as SchemaObject, pointer: `${PREFIX}${escapeToken(name)}` };
      } else if (
        Array.isArray(schema.allOf) &&
        schema.allOf.length === 1 &&
        Object.keys(schema).every((k) => k === 'allOf' || WRAPPER_KEYWORDS.has(k) || k.startsWith('x-'))
      ) {
        current = { schema: schema.allOf[0] as SchemaObject, pointer: `${current.pointer}/allOf/0` };
      } else break;
      if (places.includes(current.pointer)) break;
      places.push(current.pointer);
    }
    return { ...current, places, ...(component !== undefined ? { component } : {}) };
  }

  /** An object's properties, its allOf members merged in (the first member to declare a name places it). */
  properties(at: PlacedSchema): Map<string, PlacedProperty> {
    const found = new Map<string, PlacedProperty>();
    const required = new Set<string>();
    const seen = new Set<string>();
    const visit = (node: PlacedSchema, depth: number) => {
      const resolved = this.resolve(node);
      if (seen.has(resolved.pointer) || depth > 8) return;
      seen.add(resolved.pointer);
      const { schema } = resolved;
      for (const name of schema.required ?? []) required.add(name);
      for (const [name, property] of Object.entries(schema.properties ?? {}))
        if (!found.has(name)) found.set(name, { at: { schema: property, pointer: `${resolved.pointer}/properties/${escapeToken(name)}` }, required: false });
      for (const [i, member] of (schema.allOf ?? []).entries()) visit({ schema: member, pointer: `${resolved.pointer}/allOf/${i}` }, depth + 1);
    };
    visit(at, 0);
    for (const [name, property] of found) property.required = required.has(name);
    return found;
  }

  /** The variants of a `oneOf` or `anyOf` (the first of the two a schema has), each placed. */
  variants(at: PlacedSchema): { keyword: 'oneOf' | 'anyOf'; members: PlacedSchema[] } | undefined {
    const keyword = at.schema.oneOf ? 'oneOf' : at.schema.anyOf ? 'anyOf' : undefined;
    if (!keyword) return undefined;
    const members = (at.schema[keyword] ?? []).map((schema: SchemaObject, i: number) => ({ schema, pointer: `${at.pointer}/${keyword}/${i}` }));
    return { keyword, members };
  }
}
