/// <reference types="node" />
/**
 * What is wrong with a request's input, said so that a client can act on it: the place and the
 * field (`query.limit`, `body.name`, `header.Idempotency-Key`) and the rule it breaks (`required`,
 * `must be <= 100`), from the validators' issues and from what the mock checks itself (the body's
 * media type and presence, a spread body being an object, the idempotency key).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { headerValue, wireName, type MockRoute } from './wire.js';

/** An issue of a validator: its path and message, and zod's fields the rule is read from where it has them. */
export interface ValidatorIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  origin?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  values?: readonly unknown[];
  format?: string;
  pattern?: string;
  divisor?: number | bigint;
  keys?: readonly string[];
}

/** What a request's input is checked with: `safeParse` of a zod schema fits. */
export interface MockValidator {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly ValidatorIssue[] } };
}

/** One thing wrong: where (`['query', 'limit']`) and the rule it breaks (`must be <= 100`). */
export interface InputIssue {
  path: (string | number)[];
  message: string;
}

/**
 * What was wrong with a request, and so which status refuses it: `malformed`, a body that cannot be
 * read; `media-type`, a body of a media type the operation does not take; `invalid-body`, a body
 * whose values break its schema; `invalid`, anything else the document forbids (parameters,
 * headers, a missing body).
 */
export type InputProblemKind = 'malformed' | 'media-type' | 'invalid-body' | 'invalid';

/** A refused request's problem: its kind, the issues, and one line naming them all. */
export interface InputProblem {
  kind: InputProblemKind;
  message: string;
  issues: InputIssue[];
}

/** A problem of `kind` made of `issues`, with the line that names each (`invalid request: body.name: required`). */
export function inputProblem(kind: InputProblemKind, issues: InputIssue[]): InputProblem {
  return { kind, issues, message: `invalid request: ${issues.map((i) => `${placeText(i.path)}: ${i.message}`).join('; ')}` };
}

/** `['body', 'hosts', 2, 'name']` as `body.hosts[2].name`. */
export function placeText(path: readonly (string | number)[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('') || '(input)';
}

/**
 * A body the operation cannot take as it came: of a media type it does not declare (415, RFC 9110
 * 15.5.16), missing where it is required, or not an object where its fields are spread into the
 * input. A body without a `Content-Type` is read as the operation's own type.
 */
export function bodyProblem(route: MockRoute, raw: string, contentType: string | undefined, body: unknown): InputProblem | undefined {
  const types = route.bodyTypes ?? [];
  if (raw !== '' && contentType !== undefined && types.length > 0 && !types.some((type) => mediaTypeMatches(type, contentType)))
    return inputProblem('media-type', [{ path: ['header', 'Content-Type'], message: `must be ${oneOf(types)}` }]);
  if (route.bodyRequired && raw === '' && (route.bodyKind === 'json' || contentType === undefined))
    return inputProblem('invalid', [{ path: ['body'], message: 'required' }]);
  if (route.bodyObject && body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body)))
    return inputProblem('invalid-body', [{ path: ['body'], message: 'must be an object' }]);
  return undefined;
}

/** Whether a declared media type (`application/json`, `image/*`, `*\/*`) takes a request's `Content-Type`. */
export function mediaTypeMatches(declared: string, contentType: string): boolean {
  const [type = '', subtype = ''] = essence(declared).split('/');
  const [sentType = '', sentSubtype = ''] = essence(contentType).split('/');
  return (type === '*' || type === sentType) && (subtype === '*' || subtype === sentSubtype);
}

function essence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** The idempotency key against the document's bounds: present where required, neither empty below `minLength` nor past `maxLength`. */
export function idempotencyProblem(route: MockRoute, headers: IncomingHttpHeaders): InputProblem | undefined {
  const spec = route.idempotency;
  if (!spec) return undefined;
  const value = headerValue(headers, spec.header);
  const rule =
    value === undefined
      ? spec.required
        ? 'required'
        : undefined
      : spec.minLength !== undefined && value.length < spec.minLength
        ? `must be at least ${characters(spec.minLength)}`
        : spec.maxLength !== undefined && value.length > spec.maxLength
          ? `must be at most ${characters(spec.maxLength)}`
          : undefined;
  return rule === undefined ? undefined : inputProblem('invalid', [{ path: ['header', spec.header], message: rule }]);
}

/**
 * The validator's issues with the input the request was read back into, each placed where the
 * field travels and its rule said, but those of the `unjudged` fields (a body the mock does not
 * read field by field).
 */
export function validationProblem(
  route: MockRoute,
  validator: MockValidator | undefined,
  input: Record<string, unknown>,
  unjudged?: ReadonlySet<string>,
): InputProblem | undefined {
  const result = validator?.safeParse(input);
  if (!result || result.success) return undefined;
  const found = (result.error?.issues ?? []).filter((issue) => !unjudged?.has(String(issue.path[0])));
  if (found.length === 0) return undefined;
  const issues = found.map((issue) => ({ path: placeOf(route, issue.path), message: ruleOf(issue, valueAt(input, issue.path)) }));
  return inputProblem(issues.every((i) => i.path[0] === 'body') ? 'invalid-body' : 'invalid', issues);
}

/** An input path (`['hosts', 2]`) as where it travels (`['body', 'hosts', 2]`): the field's place and wire name first. */
function placeOf(route: MockRoute, path: readonly PropertyKey[]): (string | number)[] {
  const rest = path.slice(1).map((p) => (typeof p === 'number' ? p : String(p)));
  const field = route.fields.find((f) => f.name === path[0]);
  if (!field) return path.map((p) => (typeof p === 'number' ? p : String(p)));
  if (field.in === 'body') return ['body', ...rest];
  if (field.in === 'querystring') return ['query', ...rest];
  return [field.in === 'body-field' ? 'body' : field.in, wireName(field), ...rest];
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The rule an issue says is broken, in words (`required`, `must be <= 100`, `must be one of "a", "b"`). */
export function ruleOf(issue: ValidatorIssue, value: unknown): string {
  if (value === undefined && (issue.code === undefined || issue.code === 'invalid_type')) return 'required';
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${article(issue.expected === 'int' ? 'integer' : (issue.expected ?? 'value'))}`;
    case 'too_big':
      return bound(issue, 'at most', '<', issue.maximum);
    case 'too_small':
      return bound(issue, 'at least', '>', issue.minimum);
    case 'invalid_value':
      return `must be ${oneOf((issue.values ?? []).map((v) => JSON.stringify(v)))}`;
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern !== undefined ? `must match the pattern ${issue.pattern}` : `must be a valid ${issue.format ?? 'value'}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `must not have ${(issue.keys ?? []).length === 1 ? 'the property' : 'the properties'} ${(issue.keys ?? []).join(', ')}`;
    case 'invalid_union':
      return 'must match one of its alternatives';
    default:
      return issue.message;
  }
}

/** A length, size or value bound: `must be at most 128 characters`, `must have at least 2 items`, `must be <= 100`. */
function bound(issue: ValidatorIssue, words: string, sign: '<' | '>', limit: number | bigint | undefined): string {
  const n = String(limit);
  if (issue.origin === 'string') return issue.exact ? `must be exactly ${characters(n)}` : `must be ${words} ${characters(n)}`;
  if (issue.origin === 'array' || issue.origin === 'set') return `must have ${issue.exact ? 'exactly' : words} ${n} item${n === '1' ? '' : 's'}`;
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return `must be ${sign}${issue.inclusive === false ? '' : '='} ${n}`;
  return issue.message;
}

function characters(n: number | string): string {
  return `${n} character${String(n) === '1' ? '' : 's'}`;
}

function article(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** `a`, `a or b`, `one of a, b, c`. */
function oneOf(values: readonly string[]): string {
  if (values.length <= 2) return values.join(' or ');
  return `one of ${values.join(', ')}`;
}
