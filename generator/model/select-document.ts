/**
 * The document cut down to the chosen operations (select-operations.ts), before the model is built,
 * so that every output, the types printed from the document included, sees only them: their path
 * items, and the components they reach. Every place kept stays at its JSON pointer, so problems and
 * references point where they did.
 */
import { OPERATION_METHODS } from '../load/operation-methods.js';
import type { OpenApiDocument } from '../load/read-spec.js';
import { decodeToken, getByPointer, pointerJoin } from '../json-pointer.js';
import type { Problem } from '../problems.js';
import { operationIdFrom } from './naming.js';
import { chooseOperations, isSelecting, type OperationSelection, type SelectableOperation } from './select-operations.js';

/** An operation of the document, where it is and what selectors read of it. */
interface DocumentOperation extends SelectableOperation {
  /** `additionalOperations` (3.2) when the method is a key there. */
  additional: boolean;
}

/**
 * The document with no operation left: what a selection that chooses none of its operations would
 * keep (every security scheme), so that a run tool can compare it with a side that has some.
 */
export function withoutOperations(document: OpenApiDocument): OpenApiDocument {
  const schemes = (document.components as { securitySchemes?: unknown } | undefined)?.securitySchemes;
  const { webhooks: _webhooks, ...rest } = document;
  return { ...rest, paths: {}, components: schemes ? { securitySchemes: schemes } : {} } as OpenApiDocument;
}

/**
 * The document with only the operations the selection chooses, the components they reach (through
 * `$ref`s, the discriminator mappings of a oneOf or anyOf, and other components, transitively), every security scheme, and
 * schemas marked `x-envelope`. Webhooks are not operations a selection can choose: they are left out.
 * Without a selection, the document itself. Warns for selectors that match nothing; a selection
 * that leaves nothing is a usage error (exit 2).
 */
export function selectDocument(document: OpenApiDocument, selection: OperationSelection | undefined): { document: OpenApiDocument; problems: Problem[] } {
  if (!selection || !isSelecting(selection)) return { document, problems: [] };
  const operations = documentOperations(document);
  const { chosen, problems } = chooseOperations(operations, selection);
  const kept = new Set(chosen);
  for (;;) {
    const paths = keptPaths(
      document,
      operations.filter((op) => kept.has(op)),
    );
    const { components, pathRefs } = reachedComponents(document, paths);
    const selected: OpenApiDocument = { ...document, paths };
    delete selected.webhooks;
    if (components) selected.components = components;
    // A reference into an operation left out (a bundler may point there) keeps that operation.
    const missing = pathRefs.flatMap((ref) => (getByPointer(selected, ref) === undefined ? (operationHolding(operations, ref) ?? []) : []));
    const added = missing.filter((op) => !kept.has(op));
    if (added.length === 0) return { document: selected, problems };
    for (const op of added) {
      kept.add(op);
      problems.push({
        code: 'select/kept-for-reference',
        severity: 'warn',
        pointer: operationPointer(op),
        message: `${op.method.toUpperCase()} ${op.path} is kept: a chosen operation refers into it`,
        hint: 'move what is shared into components so that a selection can leave the operation out',
      });
    }
  }
}

function operationPointer(op: DocumentOperation): string {
  return op.additional ? pointerJoin('#/paths', op.path, 'additionalOperations', op.method) : pointerJoin('#/paths', op.path, op.method);
}

/** The operation a pointer into `paths` lies in, if it lies in one. */
function operationHolding(operations: readonly DocumentOperation[], ref: string): DocumentOperation | undefined {
  return operations.find((op) => ref === operationPointer(op) || ref.startsWith(`${operationPointer(op)}/`));
}

/** Every operation of the document with its method, path, operationId (as the model derives a missing one), tags and deprecation. */
function documentOperations(document: OpenApiDocument): DocumentOperation[] {
  const operations: DocumentOperation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    if (!item || typeof item !== 'object') continue;
    const add = (method: string, raw: unknown, additional: boolean) => {
      if (!raw || typeof raw !== 'object') return;
      const op = raw as { operationId?: unknown; tags?: unknown; deprecated?: unknown };
      const written = typeof op.operationId === 'string' ? op.operationId.trim() : '';
      operations.push({
        method,
        path,
        additional,
        operationId: written || operationIdFrom(method, path),
        tags: Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [],
        deprecated: op.deprecated === true,
      });
    };
    for (const method of OPERATION_METHODS) add(method, item[method], false);
    const more = item.additionalOperations;
    if (more && typeof more === 'object') for (const [method, raw] of Object.entries(more as Record<string, unknown>)) add(method, raw, true);
  }
  return operations;
}

/** The path items of the chosen operations, each with only those operations (and its shared fields). */
function keptPaths(document: OpenApiDocument, chosen: readonly DocumentOperation[]): Record<string, unknown> {
  const byPath = new Map<string, DocumentOperation[]>();
  for (const op of chosen) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    const ops = byPath.get(path);
    if (!ops) continue;
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(item)) {
      if (key === 'additionalOperations') continue;
      if ((OPERATION_METHODS as readonly string[]).includes(key) && !ops.some((op) => !op.additional && op.method === key)) continue;
      kept[key] = value;
    }
    const additional = ops.filter((op) => op.additional);
    if (additional.length > 0) {
      const all = item.additionalOperations as Record<string, unknown>;
      kept.additionalOperations = Object.fromEntries(Object.entries(all).filter(([method]) => additional.some((op) => op.method === method)));
    }
    paths[path] = kept;
  }
  return paths;
}

/**
 * The components the kept paths reach, in the document's order; security schemes all (the
 * document's and operations' `security` names them without references).
 */
function reachedComponents(document: OpenApiDocument, paths: Record<string, unknown>): { components?: Record<string, unknown>; pathRefs: string[] } {
  const pathRefs: string[] = [];
  const all = (document.components ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const reached = new Map<string, Set<string>>();
  const stack: unknown[] = [paths];
  const reach = (kind: string, name: string) => {
    const names = reached.get(kind) ?? new Set<string>();
    reached.set(kind, names);
    if (names.has(name)) return;
    names.add(name);
    stack.push(all[kind]?.[name]);
  };
  const follow = (ref: string) => {
    if (!ref.startsWith('#/')) return;
    const [root, kind, name] = ref.slice(2).split('/');
    if (root === 'components' && kind !== undefined && name !== undefined) return reach(decodeToken(kind), decodeToken(name));
    // A reference into a path (a bundler may point there): what it names is read where it is.
    if (root === 'paths') {
      pathRefs.push(ref);
      stack.push(getByPointer(document, ref));
    }
  };
  for (const [name, schema] of Object.entries(all.schemas ?? {})) if (isEnvelope(schema)) reach('schemas', name);
  for (const name of Object.keys(all.securitySchemes ?? {})) reach('securitySchemes', name);
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string') follow(record.$ref);
    // A mapping names schemas an output needs only beside oneOf/anyOf (the branches a tag selects);
    // on the base of an allOf hierarchy it is an annotation, and its schemas are reached, if at all, on their own.
    const mapping = (record.discriminator as { mapping?: unknown } | undefined)?.mapping;
    if (mapping && typeof mapping === 'object' && (record.oneOf || record.anyOf)) {
      for (const target of Object.values(mapping)) {
        if (typeof target !== 'string') continue;
        // A mapping value is a reference or a component schema's name.
        follow(target.startsWith('#') ? target : pointerJoin('#/components/schemas', target));
      }
    }
    for (const value of Object.values(record)) if (value && typeof value === 'object') stack.push(value);
  }
  const components: Record<string, unknown> = {};
  for (const [kind, entries] of Object.entries(all)) {
    if (!entries || typeof entries !== 'object' || Array.isArray(entries)) {
      components[kind] = entries;
      continue;
    }
    const names = reached.get(kind);
    if (!names) continue;
    const kept = Object.entries(entries).filter(([name]) => names.has(name));
    const isReached = (target: string) => {
      const name = target.startsWith('#/components/schemas/') ? decodeToken(target.slice('#/components/schemas/'.length)) : target;
      return reached.get('schemas')?.has(name) ?? false;
    };
    components[kind] = Object.fromEntries(kind === 'schemas' ? kept.map(([name, schema]) => [name, withReachedMappings(schema, isReached)]) : kept);
  }
  return document.components && typeof document.components === 'object' ? { components, pathRefs } : { pathRefs };
}

function isEnvelope(schema: unknown): boolean {
  return !!schema && typeof schema === 'object' && 'x-envelope' in schema;
}

/**
 * A schema whose annotation-only discriminators (no oneOf or anyOf beside them) map only schemas
 * that are kept: the others are gone, and a mapping naming them would be a broken reference. The
 * same node when nothing changes; else copies along the way down, the document untouched.
 */
function withReachedMappings(node: unknown, isReached: (target: string) => boolean): unknown {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    const items = node.map((item) => withReachedMappings(item, isReached));
    return items.some((item, i) => item !== node[i]) ? items : node;
  }
  const record = node as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(record)) {
    const next = key === 'discriminator' && !record.oneOf && !record.anyOf ? reachedMapping(value, isReached) : withReachedMappings(value, isReached);
    if (next === value) continue;
    copy ??= { ...record };
    copy[key] = next;
  }
  return copy ?? node;
}

function reachedMapping(discriminator: unknown, isReached: (target: string) => boolean): unknown {
  const mapping = (discriminator as { mapping?: unknown } | undefined)?.mapping;
  if (!mapping || typeof mapping !== 'object') return discriminator;
  const entries = Object.entries(mapping as Record<string, unknown>);
  const kept = entries.filter(([, target]) => typeof target !== 'string' || isReached(target));
  return kept.length === entries.length ? discriminator : { ...(discriminator as object), mapping: Object.fromEntries(kept) };
}
