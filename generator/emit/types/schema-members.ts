import type ts from 'typescript';
import type { PrinterModules } from './printer-modules.js';

/** The printed `components["schemas"]` members, and a way to put others in their place. */
export interface SchemaMembers {
  /** Index of the `components` interface among the printed nodes. */
  at: number;
  members: readonly ts.TypeElement[];
  /** Replaces the members in `nodes` (the `components` interface is rebuilt around them). */
  replace(members: readonly ts.TypeElement[]): void;
}

/** The members of `components["schemas"]` as openapi-typescript printed them, if it printed any. */
export function schemaMembers(ts: PrinterModules['ts'], nodes: ts.Node[]): SchemaMembers | undefined {
  const at = nodes.findIndex((node) => ts.isInterfaceDeclaration(node) && node.name.text === 'components');
  const components = nodes[at] as ts.InterfaceDeclaration | undefined;
  const schemasMember = components?.members.find((member) => memberName(ts, member) === 'schemas');
  if (!components || !schemasMember || !ts.isPropertySignature(schemasMember) || !schemasMember.type || !ts.isTypeLiteralNode(schemasMember.type))
    return undefined;
  const schemas = schemasMember.type;
  return {
    at,
    members: schemas.members,
    replace(members) {
      const f = ts.factory;
      const updated = f.updatePropertySignature(
        schemasMember,
        schemasMember.modifiers,
        schemasMember.name,
        schemasMember.questionToken,
        f.updateTypeLiteralNode(schemas, f.createNodeArray(members)),
      );
      nodes[at] = f.updateInterfaceDeclaration(
        components,
        components.modifiers,
        components.name,
        components.typeParameters,
        components.heritageClauses,
        components.members.map((m) => (m === schemasMember ? updated : m)),
      );
    },
  };
}

/** A type element's name as written (`class`, `"x-y"`), when it is an identifier or a string. */
export function memberName(ts: PrinterModules['ts'], member: ts.TypeElement): string | undefined {
  return member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;
}
