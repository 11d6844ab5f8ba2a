/**
 * The synthesis's answers about a schema (its composition, its object plan, its enum's choice) hold
 * for one model: each model has one resolver (build-fixture.ts `modelResolver`), so each kind of
 * answer is kept per resolver, and goes with the model.
 */
import type { SchemaResolver } from '../model/schema-merge.js';

/** A store of answers per resolver: `make` makes one resolver's empty store, when first asked for it. */
export function perResolver<T extends object>(make: () => T): (resolve: SchemaResolver) => T {
  const stores = new WeakMap<SchemaResolver, T>();
  return (resolve) => {
    let store = stores.get(resolve);
    if (!store) stores.set(resolve, (store = make()));
    return store;
  };
}
