import { isRef, type Location, type NormalizedNodeType, type Oas2Rule, type Oas3Rule, type UserContext } from '@redocly/openapi-core';

/**
 * Types of the OpenAPI 3.0 document that no stage of podcast-gen reads (nor openapi-typescript,
 * whose types it emits): their faults cannot change the generated code.
 */
const UNREAD_TYPES = new Set(['Tag', 'TagList', 'ExternalDocs', 'Contact', 'License', 'Link', 'LinksMap', 'NamedLinks', 'Xml']);

/**
 * Required fields whose absence changes no code: a response's description only documents it, and a
 * missing title or version of the API is named `API` `0.0.0` in the banners.
 */
const UNREAD_REQUIRED: Readonly<Record<string, readonly string[]>> = { Response: ['description'], Info: ['title', 'version'] };

/**
 * OpenAPI 3.0's forms in a 3.1 or 3.2 schema: the model reads them as in 3.0 and warns about them
 * itself (model/normalize-schema.ts), so they make the same code.
 */
const READ_AS_IN_3_0: Readonly<Record<string, (value: unknown) => boolean>> = {
  nullable: (value) => typeof value === 'boolean',
  exclusiveMinimum: (value) => typeof value === 'boolean',
  exclusiveMaximum: (value) => typeof value === 'boolean',
};

/**
 * A schema's fields the model reads whatever their shape: `examples` that is not a list (a map of
 * Example objects, as a media type's) gives its first value as the example, and is not kept.
 */
const READ_OTHERWISE: ReadonlySet<string> = new Set(['examples']);

/** One way a node departs from OpenAPI 3.0's shape, and whether podcast-gen reads what is wrong. */
interface Fault {
  message: string;
  location: Location | ReturnType<Location['key']>;
  /** False for what podcast-gen never reads: a field OpenAPI does not define, a part no output uses. */
  read: boolean;
}

/**
 * `podcast-gen/struct`: the parts of a document podcast-gen reads have the shape OpenAPI 3.0 gives
 * them. A list where an object belongs (`allOf: {...}`), an `enum` that is not a list, a parameter
 * without `in` or with `in: body`: each of these makes openapi-typescript or an emitter fail, or
 * makes code that sends a parameter nowhere. Redocly's `struct`, less what the next rule reports.
 */
export const StructRule: Oas3Rule = () => ({
  any(node, context) {
    for (const fault of faultsHere(node, context)) if (fault.read) context.report({ message: fault.message, location: fault.location });
  },
  Root: { leave: forgetLast },
});

/**
 * `podcast-gen/struct-unread`: departures from OpenAPI 3.0's shape that podcast-gen never reads: a
 * field OpenAPI does not define (often a misspelling, such as `requried`, worth a look), or a fault in
 * tags, contact, license, external docs, links or XML hints.
 */
export const StructUnreadRule: Oas3Rule = () => ({
  any(node, context) {
    for (const fault of faultsHere(node, context)) if (!fault.read) context.report({ message: fault.message, location: fault.location });
  },
  Root: { leave: forgetLast },
});

/**
 * The same check of a Swagger 2.0 document, every fault an error as in redocly's 2.0 `struct`, which it
 * replaces: that rule calls the node's own `hasOwnProperty`, so a key of that name crashed the lint.
 */
export const SwaggerStructRule: Oas2Rule = () => ({
  any(node, context) {
    for (const fault of faultsOf(node, context, false)) context.report({ message: fault.message, location: fault.location });
  },
});

/** No fault: shared, as most nodes have none. */
const NO_FAULTS: readonly Fault[] = [];

/**
 * The faults of the node the walk is at. `struct` and `struct-unread` visit each node one after the
 * other, with the same location: the second takes the faults the first found (the last node looked
 * at is held until the walk leaves the document, so no document outlives its lint here).
 */
const last: { node: unknown; location: unknown; type: unknown; key: unknown; faults: readonly Fault[] } = {
  node: undefined,
  location: undefined,
  type: undefined,
  key: undefined,
  faults: NO_FAULTS,
};

function faultsHere(node: unknown, context: UserContext): readonly Fault[] {
  if (last.location === context.location && last.node === node && last.type === context.type && last.key === context.key) return last.faults;
  last.faults = faultsOf(node, context);
  last.node = node;
  last.location = context.location;
  last.type = context.type;
  last.key = context.key;
  return last.faults;
}

/** Lets go of the last node and its faults (their locations hold the document's text). */
function forgetLast(): void {
  last.node = last.location = undefined;
  last.faults = NO_FAULTS;
}

type PropType = NormalizedNodeType['additionalProperties'];
type ScalarSchema = Exclude<PropType, NormalizedNodeType | ((...args: never[]) => unknown) | null | undefined>;

/** The faults of one node against its type, as redocly's `struct` finds them. */
function faultsOf(node: unknown, { type, location, key, resolve }: UserContext, readsAsIn30 = true): readonly Fault[] {
  const read = !UNREAD_TYPES.has(type.name);
  const kind = jsonKind(node);
  if (type.items) return kind === 'array' ? NO_FAULTS : [{ message: `Expected type \`${type.name}\` (array) but got \`${kind}\``, location, read }];
  if (kind !== 'object') {
    // Vendor extensions (`x-...`) are free-form.
    return type.name === 'SpecExtension' ? NO_FAULTS : [{ message: `Expected type \`${type.name}\` (object) but got \`${kind}\``, location, read }];
  }
  const object = node as Record<string, unknown>;
  const faults: Fault[] = [];
  const required = typeof type.required === 'function' ? type.required(object, key) : (type.required ?? []);
  for (const field of required) {
    if (Object.hasOwn(object, field)) continue;
    faults.push({
      message: `The field \`${field}\` must be present on this level.`,
      location: location.key(),
      read: read && !UNREAD_REQUIRED[type.name]?.includes(field),
    });
  }
  if (type.requiredOneOf && !type.requiredOneOf.some((field) => Object.hasOwn(object, field))) {
    faults.push({ message: `Must contain at least one of the following fields: ${type.requiredOneOf.join(', ')}.`, location: location.key(), read });
  }
  const allowed = type.allowed?.(object);
  const fields = Object.keys(object);
  for (const field of allowed ? fields : NO_FIELDS) {
    if (allowed?.includes(field) || !Object.hasOwn(type.properties, field)) continue;
    faults.push({ message: `The field \`${field}\` is not allowed here.`, location: location.child([field]).key(), read });
  }
  for (const field of fields) {
    const written = object[field];
    // Own keys only: a field named `__proto__` names no entry of the table.
    if (readsAsIn30 && type.name === 'Schema' && Object.hasOwn(READ_AS_IN_3_0, field) && READ_AS_IN_3_0[field]?.(written)) continue;
    let propType: PropType = Object.hasOwn(type.properties, field) ? type.properties[field] : type.additionalProperties;
    if (typeof propType === 'function') propType = propType(written, field);
    if (propType === undefined) {
      if (!field.startsWith('x-'))
        faults.push({ message: `Property \`${field}\` is not expected here.`, location: location.child([field]).key(), read: false });
      continue;
    }
    // Named types are checked when the walk reaches them; `null` means "any value".
    if (propType === null || isNamedType(propType)) continue;
    const value = propType.resolvable !== false && isRef(written) ? resolve(written).node : written;
    const unread = type.name === 'Schema' && READ_OTHERWISE.has(field);
    scalarFaults(faults, read && !unread, propType, field, value, location);
  }
  return faults.length > 0 ? faults : NO_FAULTS;
}

const NO_FIELDS: readonly string[] = [];

/** Adds the faults of a field's value against a schema of scalars (its location is made only for a fault). */
function scalarFaults(faults: Fault[], read: boolean, schema: ScalarSchema, field: string, value: unknown, parent: Location): void {
  if (schema.enum) {
    if (!schema.enum.includes(value as string)) faults.push({ message: notOneOf(field, schema.enum), location: parent.child([field]), read });
    return;
  }
  if (schema.type && !matchesType(value, schema.type)) {
    faults.push({ message: `Expected type \`${schema.type}\` but got \`${jsonKind(value)}\`.`, location: parent.child([field]), read });
    return;
  }
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      if (items.enum && !items.enum.includes(item as string))
        faults.push({ message: notOneOf(field, items.enum), location: parent.child([field, index]), read });
      else if (items.type && !matchesType(item, items.type))
        faults.push({ message: `Expected type \`${items.type}\` but got \`${jsonKind(item)}\`.`, location: parent.child([field, index]), read });
    }
  }
  if (typeof schema.minimum === 'number' && typeof value === 'number' && value < schema.minimum) {
    faults.push({ message: `The value of the ${field} field must be greater than or equal to ${schema.minimum}`, location: parent.child([field]), read });
  }
}

function notOneOf(field: string, values: readonly string[]): string {
  return `\`${field}\` can be one of the following only: ${values.map((v) => `"${v}"`).join(', ')}.`;
}

function isNamedType(type: PropType): type is NormalizedNodeType {
  return typeof (type as { name?: unknown } | null | undefined)?.name === 'string';
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value);
  if (type === 'integer') return Number.isInteger(value);
  return typeof value === type;
}
