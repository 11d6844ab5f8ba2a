/**
 * The report as a pull-request comment (or a job summary): the verdict and a table of counts per
 * level (of changes, and once per operation they reach) and surface first, then each level's
 * changes folded in a `<details>` block.
 */
import type { Change, ChangeLevel } from '../change.js';
import { SURFACES } from '../change.js';
import { CHANGE_LEVELS } from '../change.js';
import { countLine, failingChanges, levelCounts, operationsList, placeLabel, type ReportView } from '../outcome.js';
import { oneLine } from './text.js';

export function formatMarkdown(view: ReportView): string {
  const { report } = view;
  const out = [
    `### podcast-gen diff: semver advice ${report.semver}`,
    '',
    `${mdCode(report.old.file)} (${mdText(report.old.version)}) → ${mdCode(report.new.file)} (${mdText(report.new.version)}): ${countLine(report.changes)}. ${verdict(view)}`,
    '',
    `| level | changes | by operation | ${SURFACES.join(' | ')} |`,
    `|:--|--:|--:|${SURFACES.map(() => '--:').join('|')}|`,
    ...levelCounts(report.changes).map(
      (count) => `| ${count.level} | ${count.changes} | ${count.byOperation} | ${SURFACES.map((s) => count.surfaces[s]).join(' | ')} |`,
    ),
  ];
  if (report.notes.length > 0) out.push('', ...report.notes.map((note) => `> ${mdText(note)}`));
  // A pull-request comment holds at most 65,536 characters: past the budget, changes are counted, not listed.
  let budget = MAX_LISTED_CHARS;
  let unlisted = 0;
  for (const level of CHANGE_LEVELS) {
    const changes = report.changes.filter((change) => change.level === level);
    if (changes.length === 0) continue;
    const items: string[] = [];
    for (const change of changes) {
      const item = changeItem(change);
      const size = item.reduce((n, line) => n + line.length + 1, 0);
      if (size > budget) {
        unlisted++;
        continue;
      }
      budget -= size;
      items.push(...item);
    }
    if (items.length > 0) out.push('', ...folded(summaryOf(level, changes.length), items));
  }
  if (unlisted > 0)
    out.push(
      '',
      `${unlisted} more ${unlisted === 1 ? 'change is' : 'changes are'} not listed here (a comment's size is limited): ${mdCode('--format text')} lists them all.`,
    );
  if (view.ignored.length > 0) {
    const items = view.ignored.map((i) => `- ${mdCode(i.change.rule)} in ${operationText(i.change)}, by ${mdCode(i.entry)}: ${mdText(i.reason)}`);
    out.push('', ...folded(`${view.ignored.length} ignored`, items));
  }
  if (report.unjudged.length > 0) {
    out.push('', '**Not judged:**', ...report.unjudged.map((u) => `- ${u.surface}: ${mdText(u.reason)}`));
  }
  return `${out.join('\n')}\n`;
}

/** What the listed changes may take of a comment, leaving room for the table and the rest. */
const MAX_LISTED_CHARS = 55_000;
/** Compiler errors quoted per change; the text and JSON formats give them all. */
const MAX_PROOFS = 8;

function verdict(view: ReportView): string {
  const failing = failingChanges(view).length;
  const reasons = [
    ...(failing > 0 ? [`${failing} at or above ${mdCode(`--fail-on ${view.failOn}`)}`] : []),
    ...(view.versionProblem ? [`${mdCode('--check-version')}: ${mdText(view.versionProblem)}`] : []),
  ];
  return reasons.length > 0 ? `**Fails:** ${reasons.join('; ')}.` : `**Passes** ${mdCode(`--fail-on ${view.failOn}`)}.`;
}

function summaryOf(level: ChangeLevel, n: number): string {
  if (level === 'info') return `${n} info`;
  if (level === 'warning') return `${n} ${n === 1 ? 'warning' : 'warnings'}`;
  return `${n} breaking ${n === 1 ? 'change' : 'changes'}`;
}

function folded(summary: string, items: string[]): string[] {
  return ['<details>', `<summary>${summary}</summary>`, '', ...items, '', '</details>'];
}

function changeItem(change: Change): string[] {
  const places = [
    ...(change.new ? [`new ${mdCode(placeLabel(change.new) ?? '')}`] : []),
    ...(change.old ? [`old ${mdCode(placeLabel(change.old) ?? '')}`] : []),
  ];
  const breaks = change.surfaces.length > 0 ? change.surfaces.join(', ') : 'nothing';
  const lines = [
    `- ${mdCode(change.rule)} in ${operationText(change)}: ${mdMessage(change.message)}`,
    `  breaks: ${breaks}; ${[...places, `id ${mdCode(change.id)}`].join(', ')}`,
  ];
  const operations = operationsList(change);
  if (operations) lines.push(`  in ${change.operations?.length} operations: ${mdText(operations)}`);
  const types = change.proof?.types ?? [];
  for (const proof of types.slice(0, MAX_PROOFS)) {
    lines.push(`  - ${proof.code} at line ${proof.line} of the old usage ${mdCode(proof.text.trim())}: ${mdMessage(proof.message)}`);
  }
  if (types.length > MAX_PROOFS) lines.push(`  - and ${types.length - MAX_PROOFS} more compiler errors of the old usage`);
  for (const proof of change.proof?.validators ?? []) {
    const who = proof.direction === 'response' ? 'the new API may send' : 'old callers send';
    lines.push(`  - ${who} ${mdCode(JSON.stringify(proof.value) ?? 'undefined')}; ${mdCode(proof.validator)} rejects it: ${mdMessage(proof.issue)}`);
  }
  return lines;
}

function operationText(change: Change): string {
  const [op, ...rest] = change.operations ?? [];
  if (!op) return 'the document';
  const first = `${mdCode(op.operationId)} (${mdCode(`${op.method.toUpperCase()} ${op.path}`)})`;
  return rest.length === 0 ? first : `${first} and ${rest.length} more ${rest.length === 1 ? 'operation' : 'operations'}`;
}

/**
 * A document's text as markdown text: one line, every markdown and HTML character escaped, so a
 * description cannot open a tag, a link or a table cell in the comment.
 */
export function mdText(text: string): string {
  return oneLine(text).replace(/[\\`*_[\]<>|~&]/g, (c) => (c === '&' ? '&amp;' : `\\${c}`));
}

/**
 * A report's message: its code spans (`` `client.deleteImage` ``) kept as code, which shows them
 * literally whatever they hold, and the text between escaped as {@link mdText}.
 */
export function mdMessage(text: string): string {
  const flat = oneLine(text);
  let out = '';
  let last = 0;
  for (const span of flat.matchAll(/`[^`]+`/g)) {
    out += mdText(flat.slice(last, span.index)) + span[0];
    last = span.index + span[0].length;
  }
  return out + mdText(flat.slice(last));
}

/** A code span that holds any text: its fence is longer than any run of backticks inside. */
export function mdCode(text: string): string {
  const flat = oneLine(text);
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
