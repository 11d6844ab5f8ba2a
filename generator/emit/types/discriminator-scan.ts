import type { DiscriminatorObject } from 'openapi-typescript';
import type { OpenapiTypescript } from './printer-modules.js';

type Json = Record<string, unknown>;

/** What openapi-typescript's transform reads of the scan (its context's `discriminators`). */
export interface Discriminators {
  objects: Record<string, DiscriminatorObject>;
  refsHandled: string[];
}

/**
 * openapi-typescript's `scanDiscriminators` (version 7.13), step for step: it finds every
 * discriminator and each schema that extends one through `allOf`, and writes each discriminator's
 * enum into the schemas it names (a new `allOf` member, or the property with its `required` entry).
 * Its walk copies the path to every node of the document; this one keeps one path, and records each
 * write, so that `undo()` puts the document back as it was (key order included): the types are
 * printed from the run's own document, which later outputs read (test/unit/discriminator-scan.test.ts
 * holds both to openapi-typescript's own scan).
 */
export function scanDiscriminators(ots: Pick<OpenapiTypescript, 'createRef' | 'resolveRef'>, document: unknown): Discriminators & { undo(): void } {
  const objects: Record<string, DiscriminatorObject> = {};
  const refsHandled: string[] = [];
  const undos: (() => void)[] = [];
  const undo = () => {
    for (const restore of undos.splice(0).reverse()) restore();
  };
  const patch = (ref: string, values: string[], propertyName: string) => {
    if (patchEnum(ots.resolveRef<Json>(document, ref, { silent: true }), values, propertyName, undos)) refsHandled.push(ref);
  };
  try {
    walk(document, (obj, path) => {
      const discriminator = obj.discriminator as DiscriminatorObject | undefined;
      if (!discriminator?.propertyName) return;
      objects[ots.createRef(path)] = discriminator;
      if (!obj.oneOf || !Array.isArray(obj.oneOf)) return;
      const mapping: Record<string, { inferred?: string; defined?: string[] }> = {};
      for (const item of obj.oneOf as Json[]) {
        if (!('$ref' in item)) continue;
        const value = (item.$ref as string).split('/').pop();
        if (!value) continue;
        const ref = item.$ref as string;
        if (!mapping[ref]) mapping[ref] = { inferred: value };
        else mapping[ref].inferred = value;
      }
      const defined = discriminator.mapping;
      if (defined) {
        for (const mappedValue in defined) {
          const mappedRef = defined[mappedValue];
          if (!mappedRef) continue;
          if (!mapping[mappedRef]?.defined) mapping[mappedRef] = { defined: [] };
          mapping[mappedRef].defined?.push(mappedValue);
        }
      }
      for (const [mappedRef, { inferred, defined }] of Object.entries(mapping)) {
        if (refsHandled.includes(mappedRef) || (!inferred && !defined)) continue;
        patch(mappedRef, defined ?? [inferred as string], discriminator.propertyName);
      }
    });
    walk(document, (obj, path) => {
      if (!Array.isArray(obj.allOf)) return;
      for (const item of obj.allOf as Json[]) {
        if ('$ref' in item) {
          const base = objects[item.$ref as string];
          if (!base) return;
          const ref = ots.createRef(path);
          if (base.mapping) {
            const mappedValues: string[] = [];
            for (const mappedValue in base.mapping) if (base.mapping[mappedValue] === ref) mappedValues.push(mappedValue);
            if (mappedValues.length > 0) patch(ref, mappedValues, base.propertyName);
          }
          objects[ref] = { ...base };
        } else if ((item.discriminator as DiscriminatorObject | undefined)?.propertyName) {
          objects[ots.createRef(path)] = { ...(item.discriminator as DiscriminatorObject) };
        }
      }
    });
  } catch (error) {
    undo();
    throw error;
  }
  return { objects, refsHandled, undo };
}

/** openapi-typescript's `patchDiscriminatorEnum` after its `resolveRef`, each write recorded in `undos`. */
function patchEnum(schema: Json | undefined, values: string[], propertyName: string, undos: (() => void)[]): boolean {
  if (schema?.allOf) {
    const allOf = schema.allOf as unknown[];
    const length = allOf.length;
    allOf.push({ type: 'object', required: [propertyName], properties: { [propertyName]: discriminatorEnum(values) } });
    undos.push(() => void (allOf.length = length));
    return true;
  }
  if (typeof schema !== 'object' || !('type' in schema) || schema.type !== 'object') return false;
  if (!schema.properties) set(schema, 'properties', {}, undos);
  if (!schema.required) set(schema, 'required', [propertyName], undos);
  else if (!(schema.required as string[]).includes(propertyName)) {
    const required = schema.required as string[];
    const length = required.length;
    required.push(propertyName);
    undos.push(() => void (required.length = length));
  }
  const properties = schema.properties as Json;
  set(properties, propertyName, discriminatorEnum(values, properties[propertyName] as { description?: unknown } | undefined), undos);
  return true;
}

/** openapi-typescript's `createDiscriminatorEnum`: its description is printed as the property's comment. */
function discriminatorEnum(values: string[], previous?: { description?: unknown }): Json {
  return {
    type: 'string',
    enum: values,
    description: previous?.description
      ? `${previous.description} (enum property replaced by openapi-typescript)`
      : 'discriminator enum property added by openapi-typescript',
  };
}

/** `object[key] = value`, then how to put back what was there (or that nothing was); each write is recorded once made (one that throws changed nothing). */
function set(object: Json, key: string, value: unknown, undos: (() => void)[]): void {
  const had = Object.hasOwn(object, key);
  const before = object[key];
  object[key] = value;
  undos.push(() => {
    if (had) object[key] = before;
    else delete object[key];
  });
}

/**
 * openapi-typescript's `walk`: `visit` for every object that is not an array, before its children,
 * with the keys and indexes that lead to it (one array, changed as the walk goes: read it at once).
 */
function walk(root: unknown, visit: (node: Json, path: (string | number)[]) => void): void {
  const path: (string | number)[] = [];
  const step = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        step(node[i]);
        path.pop();
      }
      return;
    }
    visit(node as Json, path);
    for (const key of Object.keys(node)) {
      path.push(key);
      step((node as Json)[key]);
      path.pop();
    }
  };
  step(root);
}
