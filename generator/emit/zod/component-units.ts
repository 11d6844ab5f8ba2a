import type { NamedSchemaModel } from '../../model/types.js';
import { schemaRefsOf } from '../../model/refs.js';
import { hasFlaggedProperty } from '../../model/schemas.js';
import type { ZodMode } from './zod-context.js';

/** One validator const to emit: a component in one direction. */
export interface ComponentUnit {
  component: NamedSchemaModel;
  mode: ZodMode;
  /** The const's identifier: the typeName, or `<typeName>_Request` / `_Response` for a direction variant. */
  name: string;
}

/**
 * Components whose validator differs in a direction: they declare, or reach through references,
 * a readOnly (request) or writeOnly (response) property.
 */
export function directionSensitive(components: readonly NamedSchemaModel[], mode: 'request' | 'response'): Set<string> {
  const flag = mode === 'request' ? 'readOnly' : 'writeOnly';
  // From each flagged component back along references to whatever reaches it: one pass over the
  // references instead of sweeping every component until nothing changes.
  const referrers = new Map<string, string[]>();
  for (const c of components) {
    for (const ref of schemaRefsOf(c.schema)) {
      const known = referrers.get(ref);
      if (known) known.push(c.name);
      else referrers.set(ref, [c.name]);
    }
  }
  const result = new Set(components.filter((c) => hasFlaggedProperty(c.schema, flag)).map((c) => c.name));
  const pending = [...result];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const referrer of referrers.get(name) ?? []) {
      if (!result.has(referrer)) {
        result.add(referrer);
        pending.push(referrer);
      }
    }
  }
  return result;
}

/**
 * Every unit in an order where each is emitted after what it refers to (depth-first, post-order,
 * starting in document order). Only references inside a cycle point forward; those are lazy.
 */
export function orderUnits(units: readonly ComponentUnit[], refsOf: (unit: ComponentUnit) => ComponentUnit[]): ComponentUnit[] {
  const done = new Set<ComponentUnit>();
  const visiting = new Set<ComponentUnit>();
  const order: ComponentUnit[] = [];
  const visit = (unit: ComponentUnit): void => {
    if (done.has(unit) || visiting.has(unit)) return;
    visiting.add(unit);
    for (const dep of refsOf(unit)) visit(dep);
    visiting.delete(unit);
    done.add(unit);
    order.push(unit);
  };
  for (const unit of units) visit(unit);
  return order;
}
