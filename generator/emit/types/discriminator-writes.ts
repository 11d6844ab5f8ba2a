import type { OpenapiTypescript } from './printer-modules.js';

type Json = Record<string, unknown>;

/**
 * Runs `print` on `document` and then undoes what openapi-typescript's discriminator scan (its
 * `scanDiscriminators`, version 7.13) wrote into it: the scan adds each discriminator's enum to the
 * schemas it names, as a new `allOf` member, or as a property (with its `required` entry, and the
 * `properties` and `required` fields themselves where they were missing). So the types are printed
 * from the run's own document, not from a copy of all of it, and every later reader finds it as it
 * was. What the scan can write into is known before it runs: the schema each discriminator's
 * `oneOf` and `mapping` name, and each schema whose `allOf` names another, resolved with
 * openapi-typescript's own functions, as the scan resolves them.
 */
export function withDiscriminatorWritesUndone<T>(ots: Pick<OpenapiTypescript, 'createRef' | 'resolveRef'>, document: unknown, print: () => T): T {
  const undo = targetsOf(ots, document).map(saved);
  try {
    return print();
  } finally {
    for (const restore of undo) restore();
  }
}

/** Every schema the scan may write into (more rather than fewer: what it leaves alone is restored as it was). */
function targetsOf(ots: Pick<OpenapiTypescript, 'createRef' | 'resolveRef'>, document: unknown): Json[] {
  const refs: string[] = [];
  // The scan's own walk: every object, each array's items, the path of keys and indexes to each.
  const path: (string | number)[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        walk(node[i]);
        path.pop();
      }
      return;
    }
    const object = node as Json;
    const discriminator = object.discriminator as { propertyName?: unknown; mapping?: unknown } | undefined;
    if (discriminator?.propertyName) {
      for (const item of Array.isArray(object.oneOf) ? object.oneOf : []) if (isRefObject(item)) refs.push(String(item.$ref));
      if (discriminator.mapping && typeof discriminator.mapping === 'object') {
        for (const value of Object.values(discriminator.mapping)) if (value) refs.push(String(value));
      }
    }
    if (Array.isArray(object.allOf) && object.allOf.some(isRefObject)) refs.push(ots.createRef(path));
    for (const key of Object.keys(object)) {
      path.push(key);
      walk(object[key]);
      path.pop();
    }
  };
  walk(document);
  const targets = new Set<Json>();
  for (const ref of refs) {
    const target = ots.resolveRef<unknown>(document, ref, { silent: true });
    if (target && typeof target === 'object' && !Array.isArray(target)) targets.add(target as Json);
  }
  return [...targets];
}

function isRefObject(item: unknown): item is { $ref: unknown } {
  return !!item && typeof item === 'object' && '$ref' in item;
}

/** How to put back a schema's `allOf`, `properties` and `required` as they are now. */
function saved(schema: Json): () => void {
  const fields = (['properties', 'required'] as const).map((key) => ({ key, had: Object.hasOwn(schema, key), value: schema[key] }));
  const { allOf, properties, required } = schema;
  const allOfLength = Array.isArray(allOf) ? allOf.length : 0;
  const requiredLength = Array.isArray(required) ? required.length : 0;
  const entries = properties && typeof properties === 'object' && !Array.isArray(properties) ? { ...(properties as Json) } : undefined;
  return () => {
    if (Array.isArray(allOf)) allOf.length = allOfLength;
    if (Array.isArray(required)) required.length = requiredLength;
    if (entries) {
      const written = properties as Json;
      for (const key of Object.keys(written)) {
        if (!Object.hasOwn(entries, key)) delete written[key];
        else if (written[key] !== entries[key]) written[key] = entries[key];
      }
    }
    for (const { key, had, value } of fields) {
      if (!had) delete schema[key];
      else if (schema[key] !== value) schema[key] = value;
    }
  };
}
