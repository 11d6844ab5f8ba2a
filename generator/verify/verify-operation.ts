/**
 * The verdict on one operation: its fixture request sent through the generated client and the
 * answer checked; with `negative`, a request without its credential and one breaking a declared
 * constraint, each of which must be refused.
 */
import type { SchemaResolver } from '../model/schema-merge.js';
import type { ApiModel, OperationModel } from '../model/types.js';
import { checkAnswer, type AnswerContext } from './check-answer.js';
import { declaredStatusKeys, isDeclared } from './declared.js';
import type { RunEngines } from './engines.js';
import type { GeneratedApi } from './generated-api.js';
import type { Finding, OperationResult } from './report.js';
import { negativeCases, type NegativeCase } from './negative-cases.js';
import { caseCall, type RequestCase } from './request-case.js';
import { send, type Exchange } from './send.js';

/** Methods that change nothing, sent without `--unsafe` (QUERY is OpenAPI 3.2's). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'QUERY']);

/** What verifying one operation needs; see `VerifyOptions` for the meaning of each setting. */
export interface OperationRun {
  model: ApiModel;
  generated: GeneratedApi;
  /** The run's engines: with the credentials, without any, with a wrong one. */
  engines: RunEngines;
  /** The variables the credentials were read from, where an operation needs one (named in findings, never a value). */
  credentialVariable?: string;
  unsafe: boolean;
  negative: boolean;
  maxTimeMs?: number;
  /** Why the fixture of an operation could not be made, by the operation's pointer. */
  fixtureProblems: ReadonlyMap<string, string>;
  resolve: SchemaResolver;
}

/** Verifies `op` against the server. */
export async function verifyOperation(run: OperationRun, op: OperationModel): Promise<OperationResult> {
  const head = { operationId: op.operationId, method: op.httpMethod, path: op.path };
  const skipped = (reason: string): OperationResult => ({ ...head, status: 'skipped', findings: [], reason });
  const spec = run.generated.operations.find((s) => s.operationId === op.operationId);
  const fixture = run.generated.fixtures[op.operationId];
  if (!spec) return skipped('the generated client has no such operation: regenerate the output');
  const problem = run.fixtureProblems.get(op.pointer);
  if (!fixture) return skipped(problem ? `no fixture could be made: ${problem}` : 'the generated fixtures have none for it: regenerate the output');
  if (op.security.kind === 'unsatisfiable') return skipped(`no client can call it: ${op.security.reason ?? 'no security requirement can be met'}`);
  if (op.hasInput && fixture.params === undefined) return skipped(`no valid input could be made for it${problem ? `: ${problem}` : ''}`);
  if (!SAFE_METHODS.has(op.httpMethod.toUpperCase())) {
    if (!run.unsafe) return skipped(`a write (${op.httpMethod}): sent only with --unsafe`);
  }
  const context: AnswerContext = {
    op,
    spec,
    validators: run.generated.schemas[op.operationId] ?? {},
    statusKeys: declaredStatusKeys(run.model, op),
    resolve: run.resolve,
  };
  const params = fixture.params ?? {};
  const call = (request: RequestCase): Promise<Exchange> => {
    const made = caseCall(spec, request, op.idempotency?.minLength === undefined ? {} : { minLength: op.idempotency.minLength });
    if (!made) return Promise.resolve({ answered: false, cause: `${request.label}: this request cannot be made for this operation`, kind: 'connection' });
    return send({
      engines: run.engines,
      credential: request.credential ?? 'given',
      spec: made.spec,
      input: op.hasInput ? made.input : undefined,
      validators: context.validators,
      options: made.options,
    });
  };
  const findings: Finding[] = [];
  const notes: string[] = [];
  const answer = await call({ operationId: op.operationId, label: 'the fixture', input: params });
  const result: OperationResult = { ...head, status: 'pass', findings, notes };
  if (!answer.answered)
    findings.push({
      check: answer.kind,
      message: answer.cause,
      expected: answer.kind === 'credential' ? 'a credential to send' : 'an answer',
      actual: answer.cause,
    });
  else {
    result.httpStatus = answer.status;
    result.durationMs = Math.round(answer.durationMs);
    findings.push(...checkAnswer(context, answer));
    findings.push(...judgeFixtureStatus(run, op, answer.status, notes));
    if (answer.redirect) notes.push(`answered ${answer.status}, a redirect to another origin, which the client does not follow: only its status is judged`);
    if (run.maxTimeMs !== undefined && answer.durationMs > run.maxTimeMs)
      findings.push({
        check: 'time',
        message: `answered in ${Math.round(answer.durationMs)} ms, more than --max-time ${run.maxTimeMs} ms`,
        expected: `at most ${run.maxTimeMs} ms`,
        actual: `${Math.round(answer.durationMs)} ms`,
      });
  }
  if (run.negative) {
    if (op.security.kind === 'credential')
      findings.push(
        ...judgeWithoutCredential(context, await call({ operationId: op.operationId, label: 'without its credential', input: params, credential: 'none' })),
      );
    const cases = negativeCases({ op, params, resolve: run.resolve, ...(context.validators.params ? { validator: context.validators.params } : {}) });
    for (const negative of cases) findings.push(...judgeBrokenInput(context, negative, await call(negative.request)));
    if (cases.length === 0 && op.hasInput) notes.push('--negative: its input declares no constraint a request could break');
  }
  if (findings.length > 0) result.status = 'fail';
  if (notes.length === 0) delete result.notes;
  return result;
}

/**
 * The fixture request is valid: a refusal of the credential fails (nothing was verified); another
 * declared 4xx passes with a note (a 429 once the client's retries ran out; the fixture's values
 * may name nothing on that server).
 */
function judgeFixtureStatus(run: OperationRun, op: OperationModel, status: number, notes: string[]): Finding[] {
  if ((status === 401 || status === 403) && op.security.kind === 'credential')
    return [
      {
        check: 'credential',
        message: `answered ${status}: the server refused the credential in ${run.credentialVariable ?? op.security.variables.join(', ')}`,
        expected: 'the credential accepted',
        actual: String(status),
      },
    ];
  if (status === 429) notes.push('answered 429: still rate limited when the client had retried as often as it does, waiting as asked');
  else if (status >= 400 && status < 500)
    notes.push(`answered ${status}, a declared failure, to its fixture request: its values may name nothing on this server`);
  return [];
}

function judgeWithoutCredential(context: AnswerContext, answer: Exchange): Finding[] {
  const what = 'without its credential';
  if (!answer.answered) return [{ check: 'connection', message: `${what}: ${answer.cause}`, expected: 'an answer', actual: answer.cause }];
  const declared = ['401', '403'].filter((s) => context.statusKeys.includes(s));
  const expected = declared.length > 0 ? declared.join(' or ') : '401 or 403';
  // Refused: either status will do; where a response of the document covers it (its own, its class or
  // `default`), the answer is checked like any other: its media type, its body.
  if (answer.status === 401 || answer.status === 403) return isDeclared(context.statusKeys, answer.status) ? prefixed(what, checkAnswer(context, answer)) : [];
  if (answer.status >= 500) return prefixed(what, checkAnswer(context, answer));
  return [
    {
      check: 'ignored-auth',
      message: `${what}: answered ${answer.status}, where the request must be refused with ${expected}`,
      expected,
      actual: String(answer.status),
    },
  ];
}

function judgeBrokenInput(context: AnswerContext, negative: NegativeCase, answer: Exchange): Finding[] {
  const what = `with invalid input (${negative.request.label})`;
  if (!answer.answered) return [{ check: answer.kind, message: `${what}: ${answer.cause}`, expected: 'an answer', actual: answer.cause }];
  // Any 4xx refuses it; one the document declares is checked like any other answer.
  if (answer.status >= 400 && answer.status < 500) return isDeclared(context.statusKeys, answer.status) ? prefixed(what, checkAnswer(context, answer)) : [];
  if (answer.status >= 500) return prefixed(what, checkAnswer(context, answer));
  return [
    {
      check: negative.check,
      message: `${what}: answered ${answer.status}, where it must be refused with a 4xx`,
      expected: '4xx',
      actual: String(answer.status),
    },
  ];
}

function prefixed(what: string, findings: Finding[]): Finding[] {
  return findings.map((finding) => ({ ...finding, message: `${what}: ${finding.message}` }));
}
