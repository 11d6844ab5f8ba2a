/**
 * The requests `--negative` sends to an operation: one per kind of constraint its input declares
 * (a required header or parameter left out, a required body left out or not an object, a value of
 * the wrong type, outside its enum, past a bound or a length, off its pattern or format, an array
 * of too many items, a property a closed object does not declare, an idempotency key too long,
 * empty or missing), each made from its valid input by one change. A change the operation's own
 * validator still takes is no break, and is not sent.
 */
import { derefSchema, mergeAllOf, type SchemaResolver } from '../model/schema-merge.js';
import type { InputFieldModel, OperationModel, SchemaObject } from '../model/types.js';
import { atPlace, synthContext, synthesize } from '../synthesis/synthesize.js';
import { brokenValues, CONSTRAINT_KINDS, type ConstraintKind, type Place } from './broken-values.js';
import type { GeneratedValidator } from './generated-api.js';
import type { RequestCase } from './request-case.js';

/** A request that must be refused, and which check judges its answer. */
export interface NegativeCase {
  kind: ConstraintKind;
  check: 'negative-data' | 'missing-required';
  request: RequestCase;
}

/** How deep into a body's objects values are broken. */
const MAX_DEPTH = 3;

/** Where one value of the input sits: its field, the path inside it, its schema and its valid value. */
interface Site {
  field: InputFieldModel;
  path: string[];
  schema: SchemaObject;
  value: unknown;
  place: Place;
}

/** The negative cases of `op`, one per kind of constraint, from its valid `params`. */
export function negativeCases(options: {
  op: OperationModel;
  params: Record<string, unknown>;
  resolve: SchemaResolver;
  validator?: GeneratedValidator;
}): NegativeCase[] {
  const { op, params } = options;
  const candidates: NegativeCase[] = [];
  const add = (kind: ConstraintKind, label: string, change: Omit<RequestCase, 'operationId' | 'label' | 'input'> & { input?: Record<string, unknown> }) => {
    const { input = params, ...rest } = change;
    candidates.push({
      kind,
      check: kind === 'missing-header' || kind === 'missing-parameter' ? 'missing-required' : 'negative-data',
      request: { operationId: op.operationId, label, input, ...rest },
    });
  };
  for (const field of op.input) {
    if (!field.required || params[field.name] === undefined || field.in === 'path') continue;
    const kind: ConstraintKind | undefined =
      field.in === 'header'
        ? 'missing-header'
        : field.in === 'query' || field.in === 'cookie'
          ? 'missing-parameter'
          : field.in === 'body-field'
            ? 'required'
            : undefined;
    if (kind) add(kind, `${label(field, [])} is required and left out`, { input: without(params, field.name) });
  }
  const json = op.body !== undefined && /json/i.test(op.body.contentType);
  if (op.body?.required) add('body-required', 'its required body is left out', { body: 'absent' });
  if (op.body && json) {
    const schema = resolved(op.body.schema, options.resolve);
    if (schema.type === 'object' || schema.properties) add('body-type', 'its body is [], not an object', { body: { value: [] } });
    else if (schema.type === 'array') add('body-type', 'its body is {}, not an array', { body: { value: {} } });
  }
  for (const site of sites(op, params, options.resolve, json)) {
    const item = () => itemOf(site.schema, options.resolve, op);
    for (const broken of brokenValues(site.schema, site.place, site.value, item))
      add(broken.kind, `${label(site.field, site.path)} ${broken.says}`, { input: setAt(params, site.field.name, site.path, broken.value) });
    if (site.place === 'json' && isRecord(site.value))
      for (const name of site.schema.required ?? [])
        if (site.value[name] !== undefined)
          add('required', `${label(site.field, [...site.path, name])} is required and left out`, {
            input: setAt(params, site.field.name, site.path, without(site.value, name)),
          });
  }
  const key = op.idempotency;
  if (key) {
    if (key.maxLength !== undefined && key.maxLength < 10_000)
      add('idempotency-key-too-long', `its ${key.header} is ${key.maxLength + 1} characters long, past its maxLength ${key.maxLength}`, {
        headers: { [key.header]: 'k'.repeat(key.maxLength + 1) },
      });
    if ((key.minLength ?? 0) >= 1)
      add('idempotency-key-empty', `its ${key.header} is empty, under its minLength ${key.minLength}`, { headers: { [key.header]: '' } });
    if (key.required) add('idempotency-key-missing', `its ${key.header} is required and left out`, { idempotencyKey: 'none' });
  }
  const chosen: NegativeCase[] = [];
  for (const kind of CONSTRAINT_KINDS) {
    const found = candidates.find((c) => c.kind === kind && breaks(c, options.validator));
    if (found) chosen.push(found);
  }
  return chosen;
}

/** Whether the case's input is refused by the operation's validator (a change of the body or a header is not the input's). */
function breaks(candidate: NegativeCase, validator: GeneratedValidator | undefined): boolean {
  const { request } = candidate;
  if (request.body !== undefined || request.headers !== undefined || request.idempotencyKey !== undefined) return true;
  return validator ? !validator.safeParse(request.input).success : true;
}

/** The values a request can break: each field, and the properties of a JSON body's objects a few levels down. */
function sites(op: OperationModel, params: Record<string, unknown>, resolve: SchemaResolver, json: boolean): Site[] {
  const found: Site[] = [];
  const visit = (field: InputFieldModel, path: string[], schema: SchemaObject, value: unknown, place: Place) => {
    const own = resolved(schema, resolve);
    // A composition's branches each take other values: which break is one is not the schema's to say.
    if (own.oneOf || own.anyOf) return;
    found.push({ field, path, schema: own, value, place });
    if (place !== 'json' || path.length >= MAX_DEPTH || !isRecord(value)) return;
    for (const [name, property] of Object.entries(own.properties ?? {})) {
      if (resolved(property, resolve).readOnly) continue;
      visit(field, [...path, name], property, value[name], place);
    }
  };
  for (const field of op.input) {
    const body = field.in === 'body' || field.in === 'body-field';
    // A field given by `content` travels as JSON text in its parameter: left whole.
    if (field.contentType !== undefined && !body) continue;
    const place: Place = field.in === 'path' ? 'path' : body && json ? 'json' : 'text';
    visit(field, [], field.schema, params[field.name], place);
  }
  return found;
}

/** A schema with its references followed and its `allOf` merged. */
function resolved(schema: SchemaObject, resolve: SchemaResolver): SchemaObject {
  const own = derefSchema(schema, resolve);
  return own.allOf ? mergeAllOf([own], resolve) : own;
}

/** A valid item of an array schema, to repeat. */
function itemOf(schema: SchemaObject, resolve: SchemaResolver, op: OperationModel): unknown {
  if (!schema.items) return 'x';
  return synthesize(schema.items, atPlace(synthContext({ seed: `${op.operationId}/negative`, resolve, direction: 'request' }), ['item'], 1));
}

function label(field: InputFieldModel, path: readonly string[]): string {
  const where = field.in === 'body-field' || field.in === 'body' ? 'the body field' : `the ${field.in} parameter`;
  const name = field.in === 'body' ? path.join('.') || '(the body)' : [field.wireName, ...path].join('.');
  return field.in === 'body' && path.length === 0 ? 'the body' : `${where} ${name}`;
}

/** `params` with the value at `path` inside the field `name` replaced. */
function setAt(params: Record<string, unknown>, name: string, path: readonly string[], value: unknown): Record<string, unknown> {
  if (path.length === 0) return { ...params, [name]: value };
  const root = structuredClone(params[name]) as Record<string, unknown>;
  let node = root;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string, unknown>;
  node[path.at(-1) as string] = value;
  return { ...params, [name]: root };
}

function without<T extends Record<string, unknown>>(record: T, name: string): T {
  const { [name]: _left, ...rest } = record;
  return rest as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
