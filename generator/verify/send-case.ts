/**
 * A request case sent as the run sends every request: made into a call of its operation, and sent
 * within the run's budget (`--max-requests`), shared by every operation. The probe of each operation
 * and `--replay` send through here, so that both count and give back requests alike.
 */
import type { AnswerContext } from './check-answer.js';
import type { RunEngines } from './engines.js';
import { caseCall, type RequestCase } from './request-case.js';
import { send, type Exchange } from './send.js';

/** The requests a run may still send (`--max-requests`), shared by every operation. */
export interface RequestBudget {
  /** Takes one request; false once the budget is spent. */
  take(): boolean;
  /** Gives back one taken for a request that did not go out (no credential to send it with). */
  release(): void;
  /** Requests taken so far. */
  taken(): number;
  limit?: number;
}

/** A budget of `limit` requests (none: no limit). */
export function requestBudget(limit?: number): RequestBudget {
  let taken = 0;
  return {
    take: () => {
      if (limit !== undefined && taken >= limit) return false;
      taken++;
      return true;
    },
    release: () => {
      if (taken > 0) taken--;
    },
    taken: () => taken,
    ...(limit === undefined ? {} : { limit }),
  };
}

/** What became of a case: its exchange; or not sent, as no call of the operation can make it, or as the budget was spent (before it, or on the token request it needed). */
export type CaseSent = { exchange: Exchange } | { unsent: 'no call' } | { unsent: 'budget'; reason: string };

/** Sends `request` for the operation of `context`, within `budget`; a request that did not go out gives its place back. */
export async function sendCase(run: { engines: RunEngines; budget: RequestBudget }, context: AnswerContext, request: RequestCase): Promise<CaseSent> {
  const { op } = context;
  const call = caseCall(context.spec, request, op.idempotency?.minLength === undefined ? {} : { minLength: op.idempotency.minLength });
  if (!call) return { unsent: 'no call' };
  if (!run.budget.take()) return { unsent: 'budget', reason: `--max-requests ${run.budget.limit} reached` };
  const exchange = await send({
    engines: run.engines,
    credential: request.credential ?? 'given',
    spec: call.spec,
    input: op.hasInput ? call.input : undefined,
    validators: context.validators,
    options: call.options,
  });
  if (!exchange.answered && !exchange.request) run.budget.release();
  if (!exchange.answered && exchange.kind === 'budget') return { unsent: 'budget', reason: exchange.cause };
  return { exchange };
}
