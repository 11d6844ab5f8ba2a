/**
 * `podcast-gen verify --base-url URL`: checks a live server against the document with the
 * generated fixtures, client and validators (verify/verify-server.ts), and prints the report.
 * Exit 0 when every operation sent passes, 1 when one fails, 2 on bad usage.
 */
import { chooseOperations } from '../../model/select-operations.js';
import { EXIT_USAGE, fail } from '../../problems.js';
import { readCredential } from '../../verify/credential.js';
import { formatReport, type ReportFormat } from '../../verify/format-report.js';
import { describeFailure, type CommandContext } from '../context.js';

export async function runVerify(context: CommandContext): Promise<number> {
  const { io, reporter, args, options } = context;
  const baseUrl = checkedBaseUrl(args.baseUrl);
  if (context.entries.length > 1) {
    reporter.error(`podcast-gen verify: the config has ${context.entries.length} entries; pass --config with a config of the one API to verify`);
    return reporter.finish(EXIT_USAGE);
  }
  try {
    const { generateFiles } = await import('../../index.js');
    const { model, files, problems } = await generateFiles({ ...options, cwd: io.cwd });
    // The document's warnings are lint's to show; an operation without a fixture says why in the report.
    reporter.problems(problems, { silent: true });
    const { chosen, problems: selecting } = chooseOperations(model.operations, { include: stringList(args.include), exclude: stringList(args.exclude) });
    reporter.problems(selecting);
    const credential = readCredential(model, io.env);
    // A credential is asked for only where an operation chosen needs one.
    if (credential.problems && chosen.some((op) => op.security.kind === 'credential')) {
      const [only, ...more] = credential.problems;
      const listed =
        more.length === 0 ? `${only}` : `the credentials of ${model.title} are not set:\n${credential.problems.map((p) => `  - ${p}`).join('\n')}\n`;
      reporter.error(
        `podcast-gen verify: ${listed}; set ${more.length === 0 ? 'it' : 'them'} in the environment (as \`podcast-gen mcp\` reads them) and try again`,
      );
      return reporter.finish(1);
    }
    const { loadVerifyTarget } = await import('../verify-target.js');
    const target = await loadVerifyTarget({ model, files, cwd: io.cwd, ...(options.out ? { out: options.out } : {}) });
    const { verifyServer } = await import('../../verify/verify-server.js');
    const report = await verifyServer({
      model,
      generated: target.generated,
      baseUrl,
      ...(credential.auth ? { auth: credential.auth } : {}),
      ...(credential.variable ? { credentialVariable: credential.variable } : {}),
      unsafe: Boolean(args.unsafe),
      negative: Boolean(args.negative),
      ...(typeof args.concurrency === 'number' ? { concurrency: args.concurrency } : {}),
      ...(typeof args.timeout === 'number' ? { timeoutMs: args.timeout } : {}),
      ...(typeof args.maxTime === 'number' ? { maxTimeMs: args.maxTime } : {}),
      select: (op) => chosen.includes(op),
      problems,
    });
    const code = report.summary.failed > 0 ? 1 : 0;
    if (!args.json) io.stdout(formatReport(report, (args.format as ReportFormat | undefined) ?? 'text'));
    return reporter.finish(code, { report });
  } catch (error) {
    if (error instanceof Error && !('problems' in error)) {
      reporter.error(`podcast-gen verify: ${error.message}`);
      return reporter.finish(1);
    }
    return reporter.finish(describeFailure(error, reporter, 'verify'));
  }
}

/** `--base-url` as given, when it is an http(s) URL; else a usage error (exit 2). */
function checkedBaseUrl(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
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
