/**
 * What a change touches, read from its operation and places: the operation (by operationId, and by
 * method and path, which survive a rename) and the component schemas its pointers lie in. The
 * proofs match their evidence to changes by these.
 */
import { decodeToken } from '../../json-pointer.js';
import type { ApiModel, OperationModel, SchemaObject } from '../../model/types.js';
import type { Change } from '../change.js';

/** `get /pets/{id}`: an operation's key that an operationId rename keeps. */
export function routeKey(method: string, path: string): string {
  return `${method.toLowerCase()} ${path}`;
}

/** The component schema a pointer lies in (`#/components/schemas/Pet/properties/name` -> `Pet`), if any. */
export function schemaOfPointer(pointer: string | undefined): string | undefined {
  const match = pointer === undefined ? null : /^#\/(?:components\/schemas|definitions)\/([^/]+)/.exec(pointer);
  return match?.[1] === undefined ? undefined : decodeToken(match[1]);
}

/** The component schemas a change lies in (old and new place). */
export function changeSchemas(change: Change): string[] {
  const names = [schemaOfPointer(change.old?.pointer), schemaOfPointer(change.new?.pointer)].filter((name): name is string => name !== undefined);
  return [...new Set(names)];
}

/** True when the change reaches the operation (by its operationId, or its method and path). */
export function changeIsOnOperation(change: Change, op: Pick<OperationModel, 'operationId' | 'method' | 'path'>): boolean {
  return (change.operations ?? []).some((own) => own.operationId === op.operationId || routeKey(own.method, own.path) === routeKey(op.method, op.path));
}

/** The component schemas a schema refers to, directly or through others (names). */
export class SchemaReach {
  private readonly byName: Map<string, SchemaObject>;
  private readonly memo = new Map<string, Set<string>>();

  constructor(model: ApiModel) {
    this.byName = new Map(model.schemas.map((s) => [s.name, s.schema]));
  }

  /** The names reachable from `schema` (its own references and theirs). */
  from(schema: SchemaObject | undefined): Set<string> {
    const found = new Set<string>();
    const visit = (name: string) => {
      if (found.has(name)) return;
      found.add(name);
      for (const next of this.ofComponent(name)) visit(next);
    };
    for (const name of directRefs(schema)) visit(name);
    return found;
  }

  /** The names one component schema refers to directly. */
  private ofComponent(name: string): Set<string> {
    let refs = this.memo.get(name);
    if (!refs) {
      refs = directRefs(this.byName.get(name));
      this.memo.set(name, refs);
    }
    return refs;
  }
}

/** The component names a schema refers to (by `$ref` or a discriminator's mapping), without following them. */
function directRefs(schema: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = schemaOfPointer(value);
        if (name !== undefined) found.add(name);
      } else if (key === 'mapping' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
        // A discriminator's mapping names schemas by reference or by bare name.
        for (const target of Object.values(value)) {
          const name = typeof target === 'string' ? (target.startsWith('#') ? schemaOfPointer(target) : target) : undefined;
          if (name !== undefined) found.add(name);
        }
      } else walk(value);
    }
  };
  walk(schema);
  return found;
}

/** Every schema an operation's input, body and responses reach. */
export function operationSchemas(op: OperationModel, reach: SchemaReach): Set<string> {
  const roots: (SchemaObject | undefined)[] = [op.inputSchema, op.body?.schema, op.data.schema, op.success.schema, ...op.errors.map((e) => e.schema)];
  const all = new Set<string>();
  for (const root of roots) for (const name of reach.from(root)) all.add(name);
  return all;
}
