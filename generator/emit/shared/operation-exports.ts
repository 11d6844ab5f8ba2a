import type { ApiModel } from '../../model/types.js';

/** The names under which one operation's pieces are exported, each alone, so a bundler keeps only what a page imports. */
export interface OperationExports {
  /** Its wire descriptor in `operations.ts` (`quotaSummarySpec`). */
  spec: string;
  /** Its validators in `schemas.ts` (`quotaSummarySchemas`). */
  schemas: string;
}

/** Names of whole-API exports that are camelCase like the per-operation ones. */
function apiExports(model: ApiModel): string[] {
  return ['operations', 'operationSpecs', 'operationSchemas', model.names.createClient, createCoreName(model)];
}

/** `create<Api>Core`: makes the `Core` the standalone per-operation functions of `client.ts` take. */
export function createCoreName(model: ApiModel): string {
  return `create${model.names.api}Core`;
}

/**
 * The per-operation export names, by operationId: the method name with `Spec` or `Schemas`
 * appended. `index.ts` re-exports `client.ts`, `operations.ts` and `schemas.ts` together, so a name
 * already taken there (an operation whose own method name is `fooSpec`) gets `_` appended until free;
 * the operations are taken in document order, so the names are stable.
 */
export function operationExports(model: ApiModel): Map<string, OperationExports> {
  const taken = new Set([...model.operations.map((op) => op.methodName), ...apiExports(model)]);
  const claim = (wanted: string): string => {
    let name = wanted;
    while (taken.has(name)) name = `${name}_`;
    taken.add(name);
    return name;
  };
  return new Map(model.operations.map((op) => [op.operationId, { spec: claim(`${op.methodName}Spec`), schemas: claim(`${op.methodName}Schemas`) }]));
}
