import { setHeapGrowthFor } from '../heap-growth.js';
import { DEFAULT_SPEC } from '../../options.js';
/**
 * `podcast-gen verify --base-url URL`: checks a live server against the document with the
 * generated fixtures, client and validators (verify/verify-server.ts), and prints the report; with
 * `--replay FILE`, sends the failed requests of a report again (verify/replay.ts).
 * Exit 0 when every operation sent passes, 1 when one fails, 2 on bad usage.
 */
import type { ApiModel } from '../../model/types.js';
import { chooseOperations } from '../../model/select-operations.js';
import { EXIT_USAGE, fail } from '../../problems.js';
import { readCredential } from '../../verify/credential.js';
import type { ReportFormat } from '../../verify/format-names.js';
import { formatReplay, formatReport } from '../../verify/format-report.js';
import { replayBaseUrl } from '../../verify/replay-target.js';
import { exitCodeOf } from '../../verify/report.js';
import { describeFailure, type CommandContext } from '../context.js';

export async function runVerify(context: CommandContext): Promise<number> {
  const { io, reporter, args, options } = context;
  if (context.entries.length > 1) {
    reporter.error(`podcast-gen verify: the config has ${context.entries.length} entries; pass --config with a config of the one API to verify`);
    return reporter.finish(EXIT_USAGE);
  }
  try {
    const replay = typeof args.replay === 'string' ? (await import('../../verify/replay.js')).readReplayFile(args.replay, io.cwd) : undefined;
    const baseUrl = checkedBaseUrl(replay ? replayBaseUrlOrFail(args.baseUrl, replay.baseUrl) : args.baseUrl);
    if (args.stateful && !args.unsafe)
      fail({ code: 'cli/usage', message: '--stateful makes resources (POST, PUT, DELETE): it needs --unsafe', hint: 'add --unsafe' }, EXIT_USAGE);
    const { generateFiles } = await import('../../index.js');
    setHeapGrowthFor(options.spec ?? DEFAULT_SPEC, io.cwd);
    const { model, files, problems } = await generateFiles({ ...options, cwd: io.cwd });
    // The document's warnings are lint's to show; an operation without a fixture says why in the report.
    reporter.problems(problems, { silent: true });
    const { chosen, problems: selecting } = chooseOperations(model.operations, { include: stringList(args.include), exclude: stringList(args.exclude) });
    reporter.problems(selecting);
    const sent = replay ? model.operations.filter((op) => replay.entries.some((e) => e.replay.request.operationId === op.operationId)) : chosen;
    const credential = readCredential(model, io.env);
    // A credential is asked for only where an operation sent needs one.
    if (credential.problems && sent.some((op) => op.security.kind === 'credential')) return missingCredential(context, model, credential.problems);
    const { loadVerifyTarget } = await import('../verify-target.js');
    const target = await loadVerifyTarget({ model, files, cwd: io.cwd, ...(options.out ? { out: options.out } : {}) });
    const format = (args.format as ReportFormat | undefined) ?? 'text';
    if (replay) return await sendAgain(context, { model, generated: target.generated, baseUrl, credential, entries: replay.entries, needed: sent, format });
    const { verifyServer } = await import('../../verify/verify-server.js');
    const report = await verifyServer({
      model,
      generated: target.generated,
      baseUrl,
      ...(credential.auth ? { auth: credential.auth } : {}),
      ...(credential.variable ? { credentialVariable: credential.variable } : {}),
      unsafe: Boolean(args.unsafe),
      negative: Boolean(args.negative),
      stateful: Boolean(args.stateful),
      ...numbers(args),
      select: (op) => chosen.includes(op),
      problems,
    });
    const code = exitCodeOf(report.summary);
    if (!args.json) io.stdout(formatReport(report, format));
    if (report.summary.failed === 0 && report.summary.passed === 0) reporter.error(nothingJudged(report.summary));
    return reporter.finish(code, { report });
  } catch (error) {
    if (error instanceof Error && !('problems' in error)) {
      reporter.error(`podcast-gen verify: ${error.message}`);
      return reporter.finish(1);
    }
    return reporter.finish(describeFailure(error, reporter, 'verify'));
  }
}

/** Why a run that failed nothing still exits 1: no operation was judged (each skipped or incomplete). */
function nothingJudged(summary: { incomplete: number; skipped: number }): string {
  const counts = [...(summary.incomplete > 0 ? [`${summary.incomplete} incomplete`] : []), ...(summary.skipped > 0 ? [`${summary.skipped} skipped`] : [])];
  return `podcast-gen verify: no operation was judged: ${counts.join(', ') || 'none chosen'}; a run passes only where one was`;
}

/** The numeric options of the command line, as verifyServer takes them. */
function numbers(args: Record<string, unknown>): {
  cases?: number;
  draw?: number;
  maxRequests?: number;
  concurrency?: number;
  timeoutMs?: number;
  maxTimeMs?: number;
} {
  const pick = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const entries = {
    cases: pick(args.cases),
    draw: pick(args.draw),
    maxRequests: pick(args.maxRequests),
    concurrency: pick(args.concurrency),
    timeoutMs: pick(args.timeout),
    maxTimeMs: pick(args.maxTime),
  };
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}

/** Stops before sending anything: the credentials an operation sent needs are not set (exit 1, no value shown). */
function missingCredential(context: CommandContext, model: ApiModel, problems: readonly string[]): number {
  const [only, ...more] = problems;
  const listed = more.length === 0 ? `${only}` : `the credentials of ${model.title} are not set:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`;
  context.reporter.error(
    `podcast-gen verify: ${listed}; set ${more.length === 0 ? 'it' : 'them'} in the environment (as \`podcast-gen mcp\` reads them) and try again`,
  );
  return context.reporter.finish(1);
}

/** `--replay`: each failed request of the report sent again and judged again; exit 1 while one still fails. */
async function sendAgain(
  context: CommandContext,
  options: Omit<Parameters<typeof import('../../verify/replay.js').replayReport>[0], 'timeoutMs' | 'maxRequests'> & { format: ReportFormat },
): Promise<number> {
  const { replayReport } = await import('../../verify/replay.js');
  const { format, ...run } = options;
  const shown = await replayReport({
    ...run,
    ...(typeof context.args.timeout === 'number' ? { timeoutMs: context.args.timeout } : {}),
    ...(typeof context.args.maxRequests === 'number' ? { maxRequests: context.args.maxRequests } : {}),
  });
  if (!context.args.json) context.io.stdout(formatReplay(options.baseUrl, shown, format === 'json' ? 'json' : 'text'));
  // As a run: a replay that judged nothing (each request skipped) has not passed.
  const count = (verdict: string) => shown.filter((r) => r.verdict === verdict).length;
  return context.reporter.finish(exitCodeOf({ failed: count('fail'), passed: count('pass') }), { replays: shown });
}

/** `--replay`'s base URL: this run's `--base-url`, never the report's (verify/replay-target.ts); else a usage error (exit 2). */
function replayBaseUrlOrFail(given: unknown, reported: string | undefined): string {
  const target = replayBaseUrl(typeof given === 'string' ? given : undefined, reported);
  if ('message' in target) fail({ code: 'cli/usage', message: target.message, hint: target.hint }, EXIT_USAGE);
  return target.baseUrl;
}

/** `--base-url` as given, when it is an http(s) URL; else a usage error (exit 2). */
function checkedBaseUrl(value: unknown): string {
  if (value === undefined)
    fail({ code: 'cli/usage', message: 'Missing required argument: base-url', hint: 'e.g. --base-url https://staging.example.com' }, EXIT_USAGE);
  const text = typeof value === 'string' ? value.trim() : '';
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  // A user and password in the address would be sent nowhere and printed everywhere (the report's title, JUnit's classname).
  if (url && (url.username !== '' || url.password !== ''))
    fail(
      {
        code: 'cli/usage',
        message: `--base-url must not hold a user name or password (${url.protocol}//…@${url.host}${url.pathname === '/' ? '' : url.pathname})`,
        hint: 'give the address alone; the credential is read from the environment, as `podcast-gen mcp` reads it',
      },
      EXIT_USAGE,
    );
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.host === '')
    fail(
      { code: 'cli/usage', message: `--base-url must be an http(s) URL, not ${JSON.stringify(text)}`, hint: 'e.g. --base-url https://staging.example.com' },
      EXIT_USAGE,
    );
  return text;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
