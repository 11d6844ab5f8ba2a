/**
 * openapi-typescript's footer: the nodes it injects after `paths` and `components`, the `operations`
 * interface among them. For every operation it finds that interface there and sets `members` to a
 * copy of them all with the new one added: a copy of thousands of members per operation, quadratic
 * in the operations. Here the interface's `members` reads as empty while the transform runs, and a
 * set adds what it is given to one list (or hands each member to `take`, which prints it at once, so
 * that a document's operations are never all held as syntax); `close()` makes the list its members,
 * as the copies would have ended (test/unit/transform-document.test.ts holds the printed types to
 * `openapiTS()`'s).
 */
import type ts from 'typescript';
import type { TypeScript } from './printer-modules.js';

/** The footer's nodes, and `close()`, to call once the transform is done. */
export type OperationsFooter = ts.Node[] & { close(): void };

/** An empty footer for openapi-typescript's context (`injectFooter`). */
export function operationsFooter(tsModule: TypeScript, take?: (member: ts.TypeElement) => void): OperationsFooter {
  const footer = [] as unknown as OperationsFooter;
  const gathered: { node: ts.InterfaceDeclaration; members: ts.TypeElement[] }[] = [];
  const push = footer.push;
  footer.push = (...nodes: ts.Node[]) => {
    for (const node of nodes) {
      if (!tsModule.isInterfaceDeclaration(node) || node.name.text !== 'operations') continue;
      const members: ts.TypeElement[] = [];
      const add = (added: readonly ts.TypeElement[]) => {
        if (take) for (const member of added) take(member);
        else members.push(...added);
      };
      add(node.members);
      gathered.push({ node, members });
      Object.defineProperty(node, 'members', { configurable: true, enumerable: true, get: () => NO_MEMBERS, set: add });
    }
    return push.apply(footer, nodes);
  };
  footer.close = () => {
    for (const { node, members } of gathered)
      Object.defineProperty(node, 'members', { configurable: true, enumerable: true, writable: true, value: tsModule.factory.createNodeArray(members) });
  };
  return footer;
}

const NO_MEMBERS: readonly ts.TypeElement[] = Object.freeze([]);
