/**
 * The verdict on one operation: its valid cases sent through the generated client (the fixture
 * first) and each answer judged; with `negative`, requests that must be refused: without its
 * credential and with a wrong one, one per kind of constraint its input declares, and a method its
 * path does not declare.
 */
import { fetchRefuses } from '../model/method-semantics.js';
import type { ApiModel, OperationModel } from '../model/types.js';
import { validCases } from './cases.js';
import type { AnswerContext } from './check-answer.js';
import { declaredStatusKeys } from './declared.js';
import type { GeneratedApi } from './generated-api.js';
import { negativeCases } from './negative-cases.js';
import { Probe, type ProbeRun } from './probe.js';
import type { OperationResult } from './report.js';

/** The method a path does not declare that is sent on it, with the methods it does declare; or why none is sent. */
export type UndeclaredMethod = { method: string; declared: string[] } | { reason: string };

/** What verifying one operation needs; see `VerifyOptions` for the meaning of each setting. */
export interface OperationRun extends ProbeRun {
  /** The server's base address. */
  baseUrl: string;
  model: ApiModel;
  generated: GeneratedApi;
  unsafe: boolean;
  negative: boolean;
  /** Valid cases per operation, and which draw of values. */
  cases: number;
  draw: number;
  /** Why the fixture of an operation could not be made, by the operation's pointer. */
  fixtureProblems: ReadonlyMap<string, string>;
  /** The undeclared method this operation sends for its path (undefined: another operation of the path sends it). */
  undeclaredMethod(op: OperationModel): UndeclaredMethod | undefined;
}

/** What an operation's check gives the stateful phase: its result and its probe, to add to. */
export interface OperationCheck {
  result: OperationResult;
  probe?: Probe;
}

/** The context an operation's answers are judged in, or why it is not sent. */
export function operationContext(run: Pick<OperationRun, 'model' | 'generated' | 'resolve'>, op: OperationModel): AnswerContext | string {
  const spec = run.generated.operations.find((s) => s.operationId === op.operationId);
  if (!spec) return 'the generated client has no such operation: regenerate the output';
  return { op, spec, validators: run.generated.schemas[op.operationId] ?? {}, statusKeys: declaredStatusKeys(run.model, op), resolve: run.resolve };
}

/** Verifies `op` against the server. */
export async function verifyOperation(run: OperationRun, op: OperationModel): Promise<OperationCheck> {
  const head = { operationId: op.operationId, method: op.httpMethod, path: op.path };
  const skipped = (reason: string): OperationCheck => ({ result: { ...head, status: 'skipped', findings: [], reason } });
  const context = operationContext(run, op);
  if (typeof context === 'string') return skipped(context);
  const fixture = run.generated.fixtures[op.operationId];
  const problem = run.fixtureProblems.get(op.pointer);
  if (!fixture) return skipped(problem ? `no fixture could be made: ${problem}` : 'the generated fixtures have none for it: regenerate the output');
  if (op.security.kind === 'unsatisfiable') return skipped(`no client can call it: ${op.security.reason ?? 'no security requirement can be met'}`);
  if (op.hasInput && fixture.params === undefined) return skipped(`no valid input could be made for it${problem ? `: ${problem}` : ''}`);
  if (fetchRefuses(op.httpMethod)) return skipped(`no client can call it: fetch refuses the ${op.httpMethod} method`);
  if (!op.safeMethod && !run.unsafe) return skipped(`a write (${op.httpMethod}): sent only with --unsafe`);
  const probe = new Probe(run, op, context);
  const params = fixture.params ?? {};
  const result: OperationResult = { ...head, status: 'pass', findings: [] };
  const cases = validCases({
    op,
    params,
    resolve: run.resolve,
    count: run.cases,
    draw: run.draw,
    ...(context.validators.params ? { validator: context.validators.params } : {}),
  });
  for (const [i, request] of cases.entries()) {
    const answer = await probe.send(request, { kind: 'accepted' });
    if (i === 0 && answer?.answered) {
      result.httpStatus = answer.status;
      result.durationMs = Math.round(answer.durationMs);
    }
  }
  if (cases.length < run.cases && op.hasInput)
    probe.uncovered(`${cases.length} valid case${cases.length === 1 ? '' : 's'} of ${run.cases}: no more distinct inputs its validator takes were made`);
  if (run.negative) await sendRefusals(run, op, probe, params);
  if (!probe.sent) return skipped(probe.coverage().uncovered?.join('; ') ?? 'nothing was sent');
  return { result, probe };
}

/** An operation's result with everything its probe found, the stateful phase's too. */
export function settled(check: OperationCheck): OperationResult {
  const { result, probe } = check;
  if (!probe) return result;
  const findings = probe.findings();
  const notes = probe.notes();
  const coverage = probe.coverage();
  // A pass is earned only where every request planned was sent.
  const reason = findings.length === 0 ? probe.spent : undefined;
  return {
    ...result,
    status: findings.length > 0 ? 'fail' : reason ? 'incomplete' : 'pass',
    findings,
    ...(reason ? { reason } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    coverage,
  };
}

/** The requests that must be refused: without its credential and with a wrong one, one per kind of constraint, an undeclared method. */
async function sendRefusals(run: OperationRun, op: OperationModel, probe: Probe, params: Record<string, unknown>): Promise<void> {
  const base = { operationId: op.operationId, input: params };
  if (op.security.kind === 'credential') {
    await probe.send({ ...base, label: 'without its credential', credential: 'none' }, { kind: 'unauthorized', credential: 'none' });
    if (run.engines.engine('wrong'))
      await probe.send({ ...base, label: 'with a wrong credential', credential: 'wrong' }, { kind: 'unauthorized', credential: 'wrong' });
  }
  const validator = probe.context.validators.params;
  const negatives = negativeCases({ op, params, resolve: run.resolve, ...(validator ? { validator } : {}) });
  for (const negative of negatives) await probe.send(negative.request, { kind: 'refused', check: negative.check });
  if (negatives.length === 0 && op.hasInput) probe.note('--negative: its input declares no constraint a request could break');
  const undeclared = run.undeclaredMethod(op);
  if (undeclared && 'reason' in undeclared) probe.uncovered(`no method ${op.path} does not declare was sent: ${undeclared.reason}`);
  else if (undeclared)
    await probe.send(
      { ...base, label: `with the method ${undeclared.method}, which ${op.path} does not declare`, method: undeclared.method },
      { kind: 'not-allowed', path: op.path, declared: undeclared.declared },
    );
}
