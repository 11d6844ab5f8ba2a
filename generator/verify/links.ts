/**
 * Where a resource an answer made can be reached: the operations its response's OpenAPI `links`
 * name (their parameters read by runtime expressions), the operation its `Location` header's path
 * matches, and those inferred from the path (`POST /pets` -> `GET /pets/{petId}`, the id read from
 * the answer's payload: a field named as the parameter, `id`, or `<resource>_id`).
 */
import { getByPointer, pointerJoin } from '../json-pointer.js';
import { derefSchema, type SchemaResolver } from '../model/schema-merge.js';
import type { ApiModel, OperationModel } from '../model/types.js';
import { coveringKey } from './declared.js';
import { shown } from './report.js';
import { isRecord } from './input-sites.js';
import { evaluate, type ExpressionSource } from './runtime-expression.js';

/** An operation a made resource leads to, with the values of its input the link gives. */
export interface Link {
  target: OperationModel;
  /** Input values by the target's field names. */
  values: Record<string, unknown>;
  /** How it was found, for people: `its link GetPet`, `its Location header`, `its payload's id`. */
  via: string;
}

/** The links of one answer of `creator` (2xx), whatever the selection: the caller skips what it leaves out. */
export function linksOf(options: {
  model: ApiModel;
  creator: OperationModel;
  source: ExpressionSource;
  baseUrl: string;
  payload: unknown;
  resolve: SchemaResolver;
}): Link[] {
  const { model, creator, source } = options;
  const found: Link[] = [];
  // One link per operation and values, whatever their JSON type: a path's `21` is the payload's 21.
  const keyOf = (link: Link) => `${link.target.operationId} ${resourceKey(link.values)}`;
  const add = (link: Link) => {
    if (!found.some((l) => keyOf(l) === keyOf(link))) found.push(link);
  };
  for (const link of documentLinks(model, creator, source)) add(link);
  const location = source.headers['location'];
  if (location) for (const link of locationLinks(model, location, options.baseUrl, options.resolve)) add(link);
  for (const link of inferredLinks(model, creator, options.payload, source)) add(link);
  return found;
}

/** The response's `links` (a `$ref` to components followed), each with its parameters evaluated. */
function documentLinks(model: ApiModel, creator: OperationModel, source: ExpressionSource): Link[] {
  const responses = getByPointer(model.document, pointerJoin(creator.pointer, 'responses'));
  if (!isRecord(responses)) return [];
  const key = coveringKey(Object.keys(responses), source.status);
  const response = followRef(model, key === undefined ? undefined : responses[key]);
  const links = isRecord(response) ? followRef(model, response['links']) : undefined;
  if (!isRecord(links)) return [];
  const found: Link[] = [];
  for (const [name, raw] of Object.entries(links)) {
    const link = followRef(model, raw);
    if (!isRecord(link)) continue;
    const target =
      typeof link['operationId'] === 'string'
        ? model.operations.find((op) => op.operationId === link['operationId'])
        : typeof link['operationRef'] === 'string'
          ? model.operations.find((op) => op.pointer === link['operationRef'] || `#${op.pointer.replace(/^#/, '')}` === link['operationRef'])
          : undefined;
    if (!target) continue;
    const values: Record<string, unknown> = {};
    for (const [parameter, expression] of Object.entries(isRecord(link['parameters']) ? link['parameters'] : {})) {
      const [place, wire] = /^(path|query|header|cookie)\.(.+)$/.exec(parameter)?.slice(1) ?? [undefined, parameter];
      const field = target.input.find((f) => f.wireName === wire && (place === undefined || f.in === place));
      const value = evaluate(expression, source);
      if (field && value !== undefined) values[field.name] = value;
    }
    found.push({ target, values, via: `its link ${name}` });
  }
  return found;
}

/** The operations whose path the `Location` header's path is, its path parameters read from it. */
function locationLinks(model: ApiModel, location: string, baseUrl: string, resolve: SchemaResolver): Link[] {
  if (!URL.canParse(location, baseUrl)) return [];
  const base = new URL(baseUrl);
  const target = new URL(location, baseUrl);
  if (target.origin !== base.origin) return [];
  const prefix = base.pathname.replace(/\/+$/, '');
  const path = target.pathname.startsWith(prefix) ? target.pathname.slice(prefix.length) : target.pathname;
  const found: Link[] = [];
  for (const op of model.operations) {
    const names: string[] = [];
    const pattern = op.path
      .split('?')[0]
      ?.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{([^}]+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
    const match = new RegExp(`^${pattern}/?$`).exec(path);
    if (!match || names.length === 0) continue;
    const values: Record<string, unknown> = {};
    names.forEach((name, i) => {
      const field = op.input.find((f) => f.in === 'path' && f.wireName === name);
      const text = safeDecode(match[i + 1] as string);
      // A number in the path is the number its parameter's schema types it as.
      const type = field ? derefSchema(field.schema, resolve).type : undefined;
      if (field) values[field.name] = (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    });
    found.push({ target: op, values, via: 'its Location header' });
  }
  return found;
}

/**
 * The operations of the path one parameter below the creator's (`/pets` -> `/pets/{petId}`), the
 * parameter's value read from the payload (a field named as it, `id`, `<resource>_id` or
 * `<resource>Id`), and the creator's other path parameters passed on by name.
 */
function inferredLinks(model: ApiModel, creator: OperationModel, payload: unknown, source: ExpressionSource): Link[] {
  const base = creator.path.replace(/\/+$/, '');
  const singular = (base.split('/').pop() ?? '').replace(/ies$/, 'y').replace(/s$/, '');
  const found: Link[] = [];
  for (const op of model.operations) {
    const param = new RegExp(`^${base.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')}/\\{([^}/]+)\\}$`).exec(op.path)?.[1];
    if (!param) continue;
    const field = op.input.find((f) => f.in === 'path' && f.wireName === param);
    // Its last word too: `issue_number` is the payload's `number`, `petId` its `id`.
    const last = param.split(/_|-|(?=[A-Z][a-z])/).pop() ?? param;
    const names = [param, 'id', `${singular}_id`, `${singular}Id`, `${singular}ID`, last].map((n) => n.toLowerCase());
    const holder = isRecord(payload) ? payload : undefined;
    const key = holder && Object.keys(holder).find((k) => names.includes(k.toLowerCase()));
    const value = key === undefined ? undefined : holder?.[key];
    if (!field || (typeof value !== 'string' && typeof value !== 'number')) continue;
    const values: Record<string, unknown> = { [field.name]: value };
    for (const other of op.input)
      if (other.in === 'path' && other !== field && source.request.path[other.wireName] !== undefined) values[other.name] = source.request.path[other.wireName];
    found.push({ target: op, values, via: `its payload's ${key}` });
  }
  // On the creator's own path: an operation whose required query parameters the payload names (`DELETE /images?id=`).
  const holder = isRecord(payload) ? payload : {};
  for (const op of model.operations) {
    if (op === creator || op.path !== creator.path || op.httpMethod.toUpperCase() === 'POST') continue;
    const needed = op.input.filter((f) => f.required && (f.in === 'query' || f.in === 'path'));
    const values: Record<string, unknown> = {};
    for (const field of needed) {
      const key =
        Object.keys(holder).find((k) => k.toLowerCase() === field.wireName.toLowerCase()) ?? (/id$/i.test(field.wireName) && 'id' in holder ? 'id' : undefined);
      const value = key === undefined ? undefined : holder[key];
      if (typeof value === 'string' || typeof value === 'number') values[field.name] = value;
    }
    if (needed.length > 0 && Object.keys(values).length === needed.length)
      found.push({ target: op, values, via: `its payload's ${Object.keys(values).join(', ')}` });
  }
  return found;
}

/** The values a link gives, as a key that names one resource: sorted, each as text. */
export function resourceKey(values: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(
    Object.entries(values)
      // A server's value may nest deeper than JSON.stringify goes: its first 10,000 characters name it.
      .map(([name, value]) => [name, typeof value === 'string' ? value : shown(value, 10_000)])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

/** A node, or the one its `$ref` names in the document. */
function followRef(model: ApiModel, node: unknown): unknown {
  for (let step = 0; step < 8 && isRecord(node) && typeof node['$ref'] === 'string'; step++) node = getByPointer(model.document, node['$ref']);
  return node;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
