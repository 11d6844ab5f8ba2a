/**
 * What the document says of the life of an operation, a parameter or a property (../lifecycle.ts):
 * `deprecated`, its sunset (`x-sunset`, or for an operation the date its responses declare in the
 * `Sunset` header, RFC 8594), the day it was deprecated (`x-deprecation-date`, or the `Deprecation`
 * header's, RFC 9745) and an operation's stability level (`x-stability-level`). Read from the bundled
 * document: no output reads these, so the model does not carry them.
 */
import { getByPointer } from '../../json-pointer.js';
import type { InputFieldModel, OperationModel, SchemaObject } from '../../model/types.js';
import { DEPRECATION_DATE_EXTENSION, dayOf, type Lifecycle, STABILITY_EXTENSION, type StabilityLevel, stabilityOf, SUNSET_EXTENSION } from '../lifecycle.js';
import { type CompareContext, type CompareSide, type OperationPair, operationRecorder } from './context.js';
import { resolveSchema, type SchemaAt } from './schema-view.js';

type Node = Record<string, unknown>;

function nodeAt(side: CompareSide, pointer: string): Node | undefined {
  const node = getByPointer(side.document, pointer);
  return node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as Node) : undefined;
}

/** An operation's life: its own extensions, else the dates its responses declare in the Sunset and Deprecation headers. */
export function operationLifecycle(side: CompareSide, op: OperationModel): Lifecycle {
  const lifecycle = readLifecycle(nodeAt(side, op.pointer), op.pointer, op.deprecated);
  const headers = [op.success, ...(op.redirect ? [op.redirect] : []), ...op.errors].flatMap((response) => response.headers);
  const declared = (name: string) => headers.filter((h) => h.name.toLowerCase() === name).map((h) => declaredValue(h.schema));
  if (lifecycle.sunset === undefined) readDate(lifecycle, 'sunset', declared('sunset'), 'the Sunset header');
  if (lifecycle.deprecatedOn === undefined) readDate(lifecycle, 'deprecatedOn', declared('deprecation'), 'the Deprecation header');
  return lifecycle;
}

/** A parameter's life, read from the parameter object (the field's pointer is its schema's, or its content's). */
export function parameterLifecycle(side: CompareSide, field: InputFieldModel): Lifecycle {
  const steps = field.pointer.split('/');
  for (const up of [0, 1, 3]) {
    const pointer = steps.slice(0, steps.length - up).join('/');
    const node = nodeAt(side, pointer);
    if (node && node.in === field.in && node.name === field.wireName) return readLifecycle(node, pointer, field.deprecated === true);
  }
  return { deprecated: field.deprecated === true };
}

/** A property's life: its own keywords, then those of the component it refers to. */
export function propertyLifecycle(side: CompareSide, at: SchemaAt): Lifecycle {
  const own = readLifecycle(at.schema as Node, at.pointer);
  const resolved = resolveSchema(side, at);
  if (resolved.pointer === at.pointer) return own;
  const target = readLifecycle(resolved.schema as Node, resolved.pointer);
  return own.deprecated || own.sunset !== undefined || own.unreadable ? { ...target, ...own, deprecated: own.deprecated || target.deprecated } : target;
}

/** An operation's stability level (stable where none is written), and the value written where it is none of the levels. */
export function operationStability(side: CompareSide, op: OperationModel): { level: StabilityLevel; unreadable?: unknown } {
  const written = nodeAt(side, op.pointer)?.[STABILITY_EXTENSION];
  if (written === undefined) return { level: 'stable' };
  const level = stabilityOf(written);
  return level ? { level } : { level: 'stable', unreadable: written };
}

/** The life a node's keywords state; `deprecated` as the model read it where it did. */
function readLifecycle(node: Node | undefined, pointer: string, deprecated = node?.deprecated === true): Lifecycle {
  const lifecycle: Lifecycle = { deprecated };
  if (deprecated) lifecycle.deprecatedPointer = `${pointer}/deprecated`;
  if (!node) return lifecycle;
  readDate(lifecycle, 'sunset', node[SUNSET_EXTENSION] === undefined ? [] : [node[SUNSET_EXTENSION]], SUNSET_EXTENSION);
  const date = node[DEPRECATION_DATE_EXTENSION];
  readDate(lifecycle, 'deprecatedOn', date === undefined ? [] : [date], DEPRECATION_DATE_EXTENSION);
  return lifecycle;
}

/** Sets a date of the lifecycle from the first value that is one; a value that is none is kept as unreadable. */
function readDate(lifecycle: Lifecycle, key: 'sunset' | 'deprecatedOn', values: unknown[], from: string): void {
  for (const value of values) {
    if (value === undefined) continue;
    const day = dayOf(value);
    if (day === undefined) {
      lifecycle.unreadable = { [key]: `${from} ${JSON.stringify(value instanceof Date ? value.toISOString() : value)}`, ...lifecycle.unreadable };
      continue;
    }
    lifecycle[key] = day;
    lifecycle[key === 'sunset' ? 'sunsetFrom' : 'deprecatedFrom'] = from;
    return;
  }
}

/**
 * The one value a header's schema declares it carries: its `const`, its one enum value, or its
 * default. An `example` illustrates a value and declares none, so it is not read.
 */
function declaredValue(schema: SchemaObject): unknown {
  const { const: constant } = schema as { const?: unknown };
  if (constant !== undefined) return constant;
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return schema.enum[0];
  return schema.default;
}

/** A sunset record's values, where the sunset moved: each side's date (absent for none), and the new side's life. */
export function sunsetMove(a: Lifecycle, b: Lifecycle): { old?: string; new?: string; facts: { lifecycle: Lifecycle } } | undefined {
  if (a.sunset === b.sunset) return undefined;
  return { ...(a.sunset !== undefined ? { old: a.sunset } : {}), ...(b.sunset !== undefined ? { new: b.sunset } : {}), facts: { lifecycle: b } };
}

/** An operation's sunset and stability level, where they moved. */
export function compareOperationLifecycle(ctx: CompareContext, pair: OperationPair): void {
  const record = operationRecorder(ctx, pair);
  const moved = sunsetMove(operationLifecycle(ctx.old, pair.old), operationLifecycle(ctx.new, pair.new));
  if (moved) record('sunset', moved);
  const a = operationStability(ctx.old, pair.old);
  const b = operationStability(ctx.new, pair.new);
  const at = (op: OperationModel) => `${op.pointer}/${STABILITY_EXTENSION}`;
  if (a.level !== b.level) record('stability', { old: a.level, new: b.level, oldPointer: at(pair.old), newPointer: at(pair.new) });
}
