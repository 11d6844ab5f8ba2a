/**
 * The requests of one operation and what they found: each request made from its case, sent within
 * the run's budget, judged by what it expects, and recorded (its findings with the request as it
 * went out and how to send it again, its notes, what it covered). A finding seen again for another
 * case is kept once, with the count.
 */
import type { SchemaResolver } from '../model/schema-merge.js';
import type { OperationModel } from '../model/types.js';
import { branchesSeen } from './branches-seen.js';
import type { AnswerContext } from './check-answer.js';
import type { RunEngines } from './engines.js';
import { judge, type Judging } from './judge.js';
import type { CheckName, Coverage, Finding } from './report.js';
import type { Expectation, RequestCase } from './request-case.js';
import type { Exchange } from './send.js';
import { type RequestBudget, sendCase } from './send-case.js';

/** Payloads kept to see which branches they took. */
const MAX_PAYLOADS = 50;

/** The checks a request of each expectation runs. */
const CHECKS_OF: Record<Expectation['kind'], readonly CheckName[]> = {
  accepted: ['status', 'server-error', 'content-type', 'body', 'headers', 'accepted'],
  refused: [],
  unauthorized: ['ignored-auth'],
  'not-allowed': ['method'],
  available: ['resource-available', 'status', 'body'],
  gone: ['use-after-free'],
};

/** What a probe needs of its run. */
export interface ProbeRun {
  engines: RunEngines;
  budget: RequestBudget;
  resolve: SchemaResolver;
  judging: Omit<Judging, 'context'>;
}

/** One operation's requests and their verdicts. */
export class Probe {
  readonly #run: ProbeRun;
  readonly #op: OperationModel;
  readonly #context: AnswerContext;
  readonly #findings: { finding: Finding; more: number }[] = [];
  readonly #notes = new Map<string, number>();
  readonly #checks = new Set<CheckName>();
  readonly #statuses = new Set<number>();
  readonly #uncovered: string[] = [];
  readonly #payloads: unknown[] = [];
  #cases = 0;
  #refusals = 0;
  #linked = 0;
  /** Where the request budget ran out before every request planned was sent: what the coverage says of it. */
  #spent: string | undefined;

  constructor(run: ProbeRun, op: OperationModel, context: AnswerContext) {
    this.#run = run;
    this.#op = op;
    this.#context = context;
  }

  get context(): AnswerContext {
    return this.#context;
  }

  /**
   * Sends `request` and judges its answer by `expectation`; the answer, or undefined where it was
   * not sent (the budget spent, or a request the operation cannot make). `linked`: a request of a
   * resource a run made (`--stateful`).
   */
  async send(request: RequestCase, expectation: Expectation, linked = false): Promise<Exchange | undefined> {
    const sent = await sendCase(this.#run, this.#context, request);
    if ('unsent' in sent) {
      if (sent.unsent === 'no call') this.uncovered(`${request.label}: this request cannot be made for it`);
      else if (this.#spent === undefined) {
        // The budget ran out, before the request or on the token request it needed: it was not sent.
        this.#spent = `requests not sent from ${request.label} on: --max-requests ${this.#run.budget.limit} reached`;
        this.uncovered(this.#spent);
      }
      return undefined;
    }
    const answer = sent.exchange;
    if (linked) this.#linked++;
    else if (expectation.kind === 'accepted') this.#cases++;
    else this.#refusals++;
    if (answer.answered) this.#statuses.add(answer.status);
    if (answer.answered && answer.status >= 200 && answer.status < 300 && this.#payloads.length < MAX_PAYLOADS) {
      const { envelopeData } = this.#context.spec;
      const body = answer.body as Record<string, unknown> | undefined;
      this.#payloads.push(envelopeData !== undefined && typeof body === 'object' && body !== null ? body[envelopeData] : body);
    }
    for (const check of expectation.kind === 'refused' ? [expectation.check] : CHECKS_OF[expectation.kind]) this.#checks.add(check);
    const verdict = judge({ ...this.#run.judging, context: this.#context }, expectation, answer);
    const what = request.label === 'the fixture' ? '' : request.label;
    for (const finding of verdict.findings)
      this.#record(finding, what, { ...(answer.request ? { request: answer.request } : {}), replay: { request, expect: expectation } });
    for (const note of verdict.notes) this.#notes.set(note, (this.#notes.get(note) ?? 0) + 1);
    return answer;
  }

  /** Records what could not be covered, and why. */
  uncovered(reason: string): void {
    if (!this.#uncovered.includes(reason)) this.#uncovered.push(reason);
  }

  /** A note of the operation's own (not of one request). */
  note(text: string): void {
    this.#notes.set(text, this.#notes.get(text) ?? 1);
  }

  /** Adds the findings of a check run elsewhere (the stateful phase's) as they are. */
  add(finding: Finding): void {
    this.#findings.push({ finding, more: 0 });
  }

  /** Why not every request planned was sent, where the request budget ran out (as the coverage says it). */
  get spent(): string | undefined {
    return this.#spent;
  }

  /** Whether any request was sent. */
  get sent(): boolean {
    return this.#cases + this.#refusals + this.#linked > 0;
  }

  findings(): Finding[] {
    return this.#findings.map(({ finding, more }) => (more === 0 ? finding : { ...finding, message: `${finding.message} (and ${more} more like it)` }));
  }

  notes(): string[] {
    return [...this.#notes].map(([note, count]) => (count > 1 ? `${note} (${count} requests)` : note));
  }

  coverage(): Coverage {
    const root = this.#context.spec.envelopeData ?? 'body';
    const branches = this.#op.data.kind === 'json' ? branchesSeen(this.#op.data.schema, this.#payloads, this.#run.resolve, root) : [];
    return {
      cases: this.#cases,
      refusals: this.#refusals,
      linked: this.#linked,
      checks: [...this.#checks],
      statuses: [...this.#statuses].sort((a, b) => a - b),
      ...(branches.length > 0 ? { branches } : {}),
      ...(this.#uncovered.length > 0 ? { uncovered: [...this.#uncovered] } : {}),
    };
  }

  /** Keeps a finding once per check and message; another case's is counted on the first. */
  #record(finding: Finding, what: string, more: Pick<Finding, 'request' | 'replay'>): void {
    const same = this.#findings.find(({ finding: f }) => f.check === finding.check && f.message.endsWith(finding.message) && f.expected === finding.expected);
    if (same) {
      same.more++;
      return;
    }
    this.#findings.push({ finding: { ...finding, message: what ? `${what}: ${finding.message}` : finding.message, ...more }, more: 0 });
  }
}
