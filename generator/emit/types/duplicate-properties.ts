import type ts from 'typescript';
import type { PrinterModules } from './printer-modules.js';
import { memberName, schemaMembers } from './schema-members.js';

/**
 * openapi-typescript (7.13) gives a schema that extends a discriminated base through `allOf` the
 * base's discriminator property (`class: "PlaybackRepeatModeResolutionResult"`) at the head of its
 * object type, and prints the schema's own property of that name after it when the schema declares
 * one: a duplicate identifier (TS2300). The first, required with the mapped value, is kept. Only a
 * component's own object type is printed so: components are walked one level, their intersections
 * included.
 */
export function dropDuplicateProperties({ ts }: Pick<PrinterModules, 'ts'>, nodes: ts.Node[]): void {
  const schemas = schemaMembers(ts, nodes);
  if (!schemas) return;
  const f = ts.factory;
  const deduped = (literal: ts.TypeLiteralNode): ts.TypeLiteralNode => {
    const seen = new Set<string>();
    const members = literal.members.filter((member) => {
      const name = memberName(ts, member);
      if (name === undefined || !ts.isPropertySignature(member)) return true;
      if (seen.has(name)) return false;
      seen.add(name);
      return true;
    });
    return members.length === literal.members.length ? literal : f.updateTypeLiteralNode(literal, f.createNodeArray(members));
  };
  const typeOf = (type: ts.TypeNode): ts.TypeNode => {
    if (ts.isTypeLiteralNode(type)) return deduped(type);
    if (!ts.isIntersectionTypeNode(type)) return type;
    const parts = type.types.map((part) => (ts.isTypeLiteralNode(part) ? deduped(part) : part));
    return parts.every((part, i) => part === type.types[i]) ? type : f.updateIntersectionTypeNode(type, f.createNodeArray(parts));
  };
  let changed = false;
  const members = schemas.members.map((member) => {
    if (!ts.isPropertySignature(member) || !member.type) return member;
    const type = typeOf(member.type);
    if (type === member.type) return member;
    changed = true;
    return f.updatePropertySignature(member, member.modifiers, member.name, member.questionToken, type);
  });
  if (changed) schemas.replace(members);
}
