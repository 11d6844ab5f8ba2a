/**
 * Whether the usage looked at a change, and by what names a compiler message would speak of it. A
 * proof may drop a surface only where it looked: a field read for a property gone from a response,
 * a switch or the payload's exact comparison for an enum value more, a call writing a parameter by
 * name for one gone, the call itself for what the call's shape depends on.
 */
import { operationExports } from '../../emit/shared/operation-exports.js';
import { getByPointer } from '../../json-pointer.js';
import { securitySchemesPointer } from '../../model/auth.js';
import type { ApiModel, OperationModel, SchemaObject } from '../../model/types.js';
import type { Change } from '../change.js';
import { changeIsOnOperation, schemaOfPointer } from './change-places.js';
import { changeNode, slotName } from './change-nodes.js';
import type { UsageIndex } from './usage-index.js';

/** Rules whose breaking shows in the calls of the operation (its method, its parameters, its body, its data's kind). */
const CALL_RULES = new Set([
  'operation-removed',
  'operation-id-changed',
  'method-name-changed',
  'operation-type-name-changed',
  'parameter-removed',
  'parameter-added-required',
  'parameter-became-required',
  'parameter-input-name-changed',
  'path-parameter-renamed',
  'request-body-added-required',
  'request-body-removed',
  'request-body-became-required',
  'request-body-flattening-changed',
  'response-data-kind-changed',
  'response-envelope-changed',
]);

/** Rules of the whole payload's shape: an error of the payload line no named change explains is theirs. */
export const PAYLOAD_RULES = new Set([
  'response-data-kind-changed',
  'response-envelope-changed',
  'envelope-added',
  'envelope-removed',
  'envelope-data-property-changed',
]);

/** Rules of the whole call's shape: an error of a call line no named change explains is theirs. */
export const CALL_SHAPE_RULES = new Set([
  'request-body-flattening-changed',
  'request-body-removed',
  'request-body-added-required',
  'request-body-became-required',
]);

/**
 * An object the new output types with an index signature (no properties left, or other properties
 * allowed): reading a name it no longer declares still compiles, so such a read shows nothing.
 */
function openInNew(change: Change, next: ApiModel): boolean {
  const pointer = change.new?.pointer;
  const schema = pointer === undefined ? undefined : (getByPointer(next.document, pointer) as SchemaObject | undefined);
  if (!schema || typeof schema !== 'object') return false;
  const extra = schema.additionalProperties;
  return Object.keys(schema.properties ?? {}).length === 0 || (extra !== undefined && extra !== false);
}

/** True when some line of the usage looked at the change's place in a way that shows its breaking. */
export function lookedAt(change: Change, index: UsageIndex, model: ApiModel, next: ApiModel): boolean {
  if (CALL_RULES.has(change.rule)) return model.operations.some((op) => index.callsCompiled(op.operationId) && changeIsOnOperation(change, op));
  if (change.rule === 'schema-removed' || change.rule === 'schema-type-name-changed') {
    const schema = model.schemas.find((s) => s.name === schemaOfPointer(change.old?.pointer));
    return schema !== undefined && (index.exports.has(schema.indexName) || index.exports.has(schema.typeName));
  }
  // Looked at only where a line writes the scheme's credential in an object literal (and compiled).
  if (change.rule === 'security-scheme-removed') return [...index.schemes].some((name) => securitySchemesPointer(name) === change.old?.pointer);
  if (PAYLOAD_RULES.has(change.rule)) return index.payload().size > 0;
  const node = changeNode(change);
  if (node === undefined) return false;
  const read = index.reads.get(node);
  switch (change.rule) {
    case 'response-property-removed':
      return (read?.has('read') === true || read?.has('switch') === true) && !openInNew(change, next);
    case 'request-property-removed':
      return index.written().has(node);
    case 'response-enum-value-added':
    case 'response-enum-removed':
      return read?.has('switch') === true || index.payload().has(node);
    default:
      return change.rule.startsWith('request-') ? index.request().has(node) : index.payload().has(node);
  }
}

/** The names a compiler message about the change would use: properties, parameters, methods and exported names. */
export function changeNames(change: Change, old: ApiModel, next: ApiModel, index: UsageIndex): Set<string> {
  const names = new Set<string>();
  const node = changeNode(change);
  // A property added is spoken of by its own name, not by the object's that holds it.
  if (/-property-added/.test(change.rule)) {
    const own = change.new?.pointer && slotName(change.new.pointer);
    return new Set(own ? [own] : []);
  }
  if (node !== undefined) {
    const slot = slotName(node);
    if (slot !== undefined) names.add(slot);
    for (const name of index.readNames.get(node) ?? []) names.add(name);
    for (const pointer of [change.old?.pointer, change.new?.pointer]) {
      const own = pointer && slotName(pointer);
      if (own) names.add(own);
    }
    return names;
  }
  for (const model of [old, next]) {
    for (const op of model.operations.filter((o) => changeIsOnOperation(change, o))) addOperationNames(names, change, op, model);
    for (const pointer of [change.old?.pointer, change.new?.pointer]) {
      const schema = model.schemas.find((s) => `#/components/schemas/${s.name}` === pointer || s.name === schemaOfPointer(pointer));
      if (schema && change.rule.startsWith('schema-')) names.add(schema.indexName).add(schema.typeName);
    }
  }
  return names;
}

function addOperationNames(names: Set<string>, change: Change, op: OperationModel, model: ApiModel): void {
  const pointers = [change.old?.pointer, change.new?.pointer];
  if (change.rule.startsWith('parameter-') || change.rule === 'path-parameter-renamed') {
    for (const field of op.input)
      if (pointers.some((p) => p !== undefined && (p === field.pointer || p.startsWith(`${field.pointer}/`)))) names.add(field.name);
    return;
  }
  if (change.rule.startsWith('request-body-')) {
    names.add('body');
    for (const field of op.input) if (field.in === 'body-field') names.add(field.name);
    return;
  }
  const exported = operationExports(model).get(op.operationId);
  names.add(op.methodName).add(op.operationId);
  for (const part of ['Params', 'Body', 'Data', 'Errors']) names.add(`${op.typeName}${part}`);
  if (exported) names.add(exported.spec).add(exported.schemas);
}
