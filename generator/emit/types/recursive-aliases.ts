import type ts from 'typescript';
import { namesOnCycles } from '../../model/cycles.js';
import { safeIdentifier, uniqueNames } from '../../model/naming.js';
import type { PrinterModules } from './printer-modules.js';
import { memberName, schemaMembers } from './schema-members.js';

/**
 * openapi-typescript prints a schema component's references as indexes into `components`
 * (`components["schemas"]["Json"]`). A component whose type reaches itself through such an index
 * only through unions, intersections, arrays and tuples (a JSON value: `string | ... |
 * components["schemas"]["Json"][]`) does not compile: TypeScript must resolve the index to know the
 * property's type (TS2502, "referenced directly or indirectly in its own type annotation"). Only an
 * object type between them defers it. A type alias may refer to itself that way, so each component
 * on such a cycle becomes an exported alias (`Schema_Json`) that `components` names; the aliases
 * refer to each other directly.
 */
export function recursiveAliases({ ts }: Pick<PrinterModules, 'ts'>, nodes: ts.Node[]): void {
  const schemas = schemaMembers(ts, nodes);
  if (!schemas) return;
  const types = new Map<string, ts.TypeNode>();
  for (const member of schemas.members) {
    const name = memberName(ts, member);
    if (name !== undefined && ts.isPropertySignature(member) && member.type) types.set(name, member.type);
  }
  const cyclic = namesOnCycles(new Map([...types].map(([name, type]) => [name, bareReferences(ts, type)])));
  if (cyclic.size === 0) return;
  const taken = nodes.flatMap((node) =>
    (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && ts.isIdentifier(node.name) ? [node.name.text] : [],
  );
  const aliases = uniqueNames([...cyclic], (name) => `Schema_${safeIdentifier(name, '_')}`, taken);
  const f = ts.factory;
  schemas.replace(
    schemas.members.map((member) => {
      const alias = aliases.get(memberName(ts, member) ?? '');
      if (!alias || !ts.isPropertySignature(member)) return member;
      return f.updatePropertySignature(member, member.modifiers, member.name, member.questionToken, f.createTypeReferenceNode(alias));
    }),
  );
  const declarations = [...aliases].map(([name, alias]) =>
    f.createTypeAliasDeclaration([f.createModifier(ts.SyntaxKind.ExportKeyword)], alias, undefined, withAliases(ts, types.get(name) as ts.TypeNode, aliases)),
  );
  nodes.splice(schemas.at + 1, 0, ...declarations);
}

/** The schema component an index `components["schemas"]["<name>"]...` starts with. */
function indexedSchema(ts: PrinterModules['ts'], node: ts.Node): string | undefined {
  let inner: ts.Node = node;
  const keys: string[] = [];
  while (ts.isIndexedAccessTypeNode(inner)) {
    const index = inner.indexType;
    keys.unshift(ts.isLiteralTypeNode(index) && ts.isStringLiteral(index.literal) ? index.literal.text : '');
    inner = inner.objectType;
  }
  const root = ts.isTypeReferenceNode(inner) && ts.isIdentifier(inner.typeName) ? inner.typeName.text : undefined;
  return root === 'components' && keys[0] === 'schemas' && keys.length >= 2 ? keys[1] : undefined;
}

/** The schema components `type` refers to without an object type between (what TypeScript resolves at once). */
function bareReferences(ts: PrinterModules['ts'], type: ts.TypeNode): Set<string> {
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    const name = indexedSchema(ts, node);
    if (name !== undefined) {
      found.add(name);
      return;
    }
    if (ts.isTypeLiteralNode(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(type);
  return found;
}

/** `type` with each index into an aliased component replaced by the alias (`components["schemas"]["Json"]` -> `Schema_Json`). */
function withAliases(ts: PrinterModules['ts'], type: ts.TypeNode, aliases: ReadonlyMap<string, string>): ts.TypeNode {
  const visit = (node: ts.Node): ts.Node => {
    if (ts.isIndexedAccessTypeNode(node) && ts.isIndexedAccessTypeNode(node.objectType) && ts.isTypeReferenceNode(node.objectType.objectType)) {
      const alias = aliases.get(indexedSchema(ts, node) ?? '');
      if (alias) return ts.factory.createTypeReferenceNode(alias);
    }
    return ts.visitEachChild(node, visit, undefined);
  };
  return visit(type) as ts.TypeNode;
}
