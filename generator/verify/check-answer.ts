/**
 * The checks of one answer against the document: a declared status, no 5xx, the declared media
 * type, the body against the generated validator (the envelope included) and the declared headers.
 */
import { derefSchema, type SchemaResolver } from '../model/schema-merge.js';
import type { OperationModel, ResponseModel } from '../model/types.js';
import { statusKey } from '../model/responses.js';
import { isDeclared, isJsonMedia, mediaMatches, responseFor } from './declared.js';
import type { GeneratedOperationSpec, GeneratedSchemas, GeneratedValidator } from './generated-api.js';
import { headerValueProblem } from './header-value.js';
import { shown, type Finding } from './report.js';

/** What judging an operation's answers needs. */
export interface AnswerContext {
  op: OperationModel;
  spec: GeneratedOperationSpec;
  validators: GeneratedSchemas;
  /** The statuses its `responses` declares (`200`, `4XX`, `default`). */
  statusKeys: readonly string[];
  /** Finds the component schema a `$ref` names. */
  resolve: SchemaResolver;
}

/** An answer as the client received it. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** A redirect the client did not follow, and why: its status alone is judged. */
  redirect?: string;
}

/** Issues shown per validator; the rest are counted. */
const MAX_ISSUES = 5;

/** The findings on one answer (none when it conforms). */
export function checkAnswer(context: AnswerContext, answer: Answer): Finding[] {
  const { op, statusKeys } = context;
  const declared = statusKeys.join(', ');
  if (answer.status >= 500) {
    return [
      {
        check: 'server-error',
        message: `answered ${answer.status}: a server error is always a failure`,
        expected: 'a status below 500',
        actual: String(answer.status),
      },
    ];
  }
  if (!isDeclared(statusKeys, answer.status)) {
    return [{ check: 'status', message: `answered ${answer.status}, which the document does not declare`, expected: declared, actual: String(answer.status) }];
  }
  const response = responseFor(op, statusKeys, answer.status);
  if (!response || answer.redirect) return [];
  const bodiless = op.httpMethod === 'HEAD' || [204, 205, 304].includes(answer.status) || answer.body === undefined;
  return [
    ...(bodiless ? [] : checkContentType(response, answer)),
    ...(bodiless ? missingBody(context, response, answer) : checkBody(context, response, answer)),
    ...checkHeaders(context, response, answer),
  ];
}

function checkContentType(response: ResponseModel, answer: Answer): Finding[] {
  if (!response.contentType) return [];
  const actual = answer.headers['content-type'];
  if (actual !== undefined && mediaMatches(response.contentType, actual)) return [];
  return [
    {
      check: 'content-type',
      message: actual === undefined ? 'the answer has no Content-Type' : `answered ${actual} where the document declares ${response.contentType}`,
      expected: response.contentType,
      actual: actual ?? 'absent',
    },
  ];
}

/** A JSON body the document declares for a status that can carry one, and none came. */
function missingBody(context: AnswerContext, response: ResponseModel, answer: Answer): Finding[] {
  const carries = context.op.httpMethod !== 'HEAD' && ![204, 205, 304].includes(answer.status);
  if (!carries || !response.contentType || !isJsonMedia(response.contentType) || !response.schema) return [];
  if (response === context.op.success && context.spec.dataKind !== 'json') return [];
  return [
    { check: 'body', message: `the answer has no body; the document declares ${response.contentType}`, expected: response.contentType, actual: 'no body' },
  ];
}

function checkBody(context: AnswerContext, response: ResponseModel, answer: Answer): Finding[] {
  if (!response.contentType || !isJsonMedia(response.contentType)) return [];
  const { spec, validators } = context;
  if (response === context.op.success) {
    // The client decodes a streamed, text or binary payload on its own terms: only JSON is judged here.
    if (spec.dataKind !== 'json') return [];
    const body = answer.body;
    const data = spec.envelopeData !== undefined && isRecord(body) ? body[spec.envelopeData] : body;
    return [...issues(validators.envelope, body, []), ...issues(validators.data, data, spec.envelopeData === undefined ? [] : [spec.envelopeData], body)];
  }
  return issues(validators.errors?.[statusKey(response)], answer.body, []);
}

/** The validator's issues as findings; paths from the body's root (`prefix` leads to the judged value). */
function issues(validator: GeneratedValidator | undefined, value: unknown, prefix: (string | number)[], root: unknown = value): Finding[] {
  if (!validator) return [];
  const result = validator.safeParse(value);
  if (result.success) return [];
  const all = result.error?.issues ?? [];
  const findings: Finding[] = all.slice(0, MAX_ISSUES).map((issue) => {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
    const where = path.length > 0 ? path.join('.') : '(the body)';
    return { check: 'body', message: `${where}: ${issue.message}`, expected: issue.message, actual: shown(valueAt(root, path)) };
  });
  if (all.length > MAX_ISSUES)
    findings.push({ check: 'body', message: `and ${all.length - MAX_ISSUES} more issues`, expected: 'none', actual: `${all.length} issues` });
  return findings;
}

/**
 * The declared headers: a required one, and `Retry-After` on a 429 or 503 (the client's retries
 * wait for it), must be there; any there must have the form its schema gives.
 */
function checkHeaders(context: AnswerContext, response: ResponseModel, answer: Answer): Finding[] {
  const findings: Finding[] = [];
  for (const header of response.headers) {
    const value = answer.headers[header.name.toLowerCase()];
    const expected = header.required || (/^retry-after$/i.test(header.name) && (answer.status === 429 || answer.status === 503));
    if (value === undefined) {
      if (expected)
        findings.push({
          check: 'headers',
          message: `the ${answer.status} answer has no ${header.name} header, which the document declares`,
          expected: header.name,
          actual: 'absent',
        });
      continue;
    }
    const problem = headerValueProblem(derefSchema(header.schema, context.resolve), value);
    if (problem) findings.push({ check: 'headers', message: `${header.name}: ${problem}`, expected: problem, actual: shown(value) });
  }
  return findings;
}

function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
