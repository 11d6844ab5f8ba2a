import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { GenerateResult } from '../../index.js';
import { DEFAULT_SPEC, type GenerateOptions } from '../../options.js';
import { MANIFEST, parseManifest } from '../../write/manifest.js';
import { describeFailure, plural, runEntries, type CommandContext, type EntryOutcome } from '../context.js';
import { MAX_DIFF_LINES, MAX_TOTAL_DIFF_LINES, unifiedDiff } from '../unified-diff.js';

/**
 * `podcast-gen check`: generates in memory and compares with the output folder. Exit 0 when
 * current; 1 when stale, after listing the files that differ, what the document's change means (the
 * change report's summary, when the document changed) and a short diff of each (for CI).
 */
export async function runCheck(context: CommandContext): Promise<number> {
  return runEntries(context, checkEntry);
}

async function checkEntry({ io, reporter, options }: CommandContext): Promise<EntryOutcome> {
  const { generate } = await import('../../index.js');
  try {
    const result = await generate({ ...options, check: true, cwd: io.cwd }, { onStage: (event) => reporter.stage(event) });
    reporter.problems(result.problems);
    const out = `${relative(io.cwd, result.outDir) || '.'}/`;
    const changed = result.changed ?? [];
    const stale = [
      ...changed.map((c) => ({ path: c.path, status: c.before === undefined ? 'missing' : 'differs' })),
      ...result.removed.map((path) => ({ path, status: 'obsolete' })),
    ].sort((a, b) => (a.path < b.path ? -1 : 1));
    if (result.current) {
      reporter.info(`podcast-gen check: ${out} is current (${plural(result.unchanged.length, 'file')} from ${result.model.source.path})`);
      return { code: 0, result: { out, current: true, stale } };
    }
    const verb = stale.length === 1 ? 'differs' : 'differ';
    reporter.error(`podcast-gen check: ${out} is stale: ${plural(stale.length, 'file')} ${verb} from what ${result.model.source.path} generates:`);
    for (const file of stale) reporter.error(`  ${file.status.padEnd(9)} ${file.path}`);
    reporter.info(await documentChange(options, result, out, io.cwd).catch((error: unknown) => `No change report: ${firstLine(error)}.`));
    let budget = MAX_TOTAL_DIFF_LINES;
    const skipped: string[] = [];
    for (const change of changed) {
      if (budget <= 0) {
        skipped.push(change.path);
        continue;
      }
      const diff = await unifiedDiff(change.path, change.before, change.after, Math.min(MAX_DIFF_LINES, budget));
      reporter.info(diff);
      budget -= diff.split('\n').length - 1;
    }
    if (skipped.length > 0) reporter.info(`... diffs of ${plural(skipped.length, 'more file')} not shown (regenerate and use \`git diff\` to see them all)`);
    reporter.error(`Run \`npx podcast-gen\` (with the same options) and commit ${out}.`);
    return { code: 1, result: { out, current: false, stale } };
  } catch (error) {
    return { code: describeFailure(error, reporter, 'check'), result: {} };
  }
}

/**
 * The change report between the document the output was generated from (found in git by the hash
 * its manifest records) and the document now, or why there is none.
 */
async function documentChange(options: GenerateOptions, result: GenerateResult, out: string, cwd: string): Promise<string> {
  const [{ staleSummary }, { diffDocuments }, { formatText }] = await Promise.all([
    import('../../diff/stale-summary.js'),
    import('../../diff/diff-documents.js'),
    import('../../diff/format/text.js'),
  ]);
  const spec = options.spec ?? DEFAULT_SPEC;
  const found = await staleSummary({
    spec: /^https?:\/\//i.test(spec) ? spec : resolve(cwd, spec),
    cwd,
    out,
    ...(options.name ? { name: options.name } : {}),
    ...(options.operations ? { operations: options.operations } : {}),
    ...(options.templates ? { templates: options.templates } : {}),
    recordedHash: recordedHash(result.outDir),
    currentHash: result.model.source.hash,
    compare: diffDocuments,
  });
  if ('reason' in found) return `No change report: ${found.reason}.`;
  const report = formatText({ report: found.report, ignored: [], failOn: 'never' }, { verdict: false });
  return `What the change of the document means (podcast-gen diff):\n${report}\n`;
}

/** The document hash the output's manifest records (`.podcast-gen.json`), if any. */
function recordedHash(outDir: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(outDir, MANIFEST), 'utf8');
  } catch {
    return undefined;
  }
  const hash = parseManifest(text)?.sha256;
  return typeof hash === 'string' ? hash : undefined;
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0] ?? '';
}
