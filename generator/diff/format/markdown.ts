/**
 * The report as a pull-request comment (or a job summary): the verdict and a table of counts per
 * level and surface first, then each level's changes folded in a `<details>` block.
 */
import type { Change, ChangeLevel } from '../change.js';
import { SURFACES } from '../change.js';
import { countLine, failingChanges, LEVELS, levelCounts, placeLabel, type ReportView } from '../outcome.js';
import { oneLine } from './text.js';

export function formatMarkdown(view: ReportView): string {
  const { report } = view;
  const out = [
    `### podcast-gen diff: semver advice ${report.semver}`,
    '',
    `${mdCode(report.old.file)} (${mdText(report.old.version)}) → ${mdCode(report.new.file)} (${mdText(report.new.version)}): ${countLine(report.changes)}. ${verdict(view)}`,
    '',
    `| level | changes | ${SURFACES.join(' | ')} |`,
    `|:--|--:|${SURFACES.map(() => '--:').join('|')}|`,
    ...levelCounts(report.changes).map((count) => `| ${count.level} | ${count.changes} | ${SURFACES.map((s) => count.surfaces[s]).join(' | ')} |`),
  ];
  if (report.notes.length > 0) out.push('', ...report.notes.map((note) => `> ${mdText(note)}`));
  for (const level of LEVELS) {
    const changes = report.changes.filter((change) => change.level === level);
    if (changes.length > 0) out.push('', ...folded(summaryOf(level, changes.length), changes.flatMap(changeItem)));
  }
  if (view.ignored.length > 0) {
    const items = view.ignored.map((i) => `- ${mdCode(i.change.rule)} in ${operationText(i.change)}, by ${mdCode(i.entry)}: ${mdText(i.reason)}`);
    out.push('', ...folded(`${view.ignored.length} ignored`, items));
  }
  if (report.unjudged.length > 0) {
    out.push('', '**Not judged:**', ...report.unjudged.map((u) => `- ${u.surface}: ${mdText(u.reason)}`));
  }
  return `${out.join('\n')}\n`;
}

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
  const lines = [`- ${mdCode(change.rule)} in ${operationText(change)}: ${mdText(change.message)}`, `  breaks: ${breaks}; ${places.join(', ')}`];
  for (const proof of change.proof?.types ?? []) {
    lines.push(`  - ${proof.code} at line ${proof.line} of the old usage ${mdCode(proof.text.trim())}: ${mdText(proof.message)}`);
  }
  for (const proof of change.proof?.validators ?? []) {
    const who = proof.direction === 'response' ? 'the new API may send' : 'old callers send';
    lines.push(`  - ${who} ${mdCode(JSON.stringify(proof.value) ?? 'undefined')}; ${mdCode(proof.validator)} rejects it: ${mdText(proof.issue)}`);
  }
  return lines;
}

function operationText(change: Change): string {
  const op = change.operation;
  return op ? `${mdCode(op.operationId)} (${mdCode(`${op.method.toUpperCase()} ${op.path}`)})` : 'the document';
}

/**
 * A document's text as markdown text: one line, every markdown and HTML character escaped, so a
 * description cannot open a tag, a link or a table cell in the comment.
 */
export function mdText(text: string): string {
  return oneLine(text).replace(/[\\`*_[\]<>|~&]/g, (c) => (c === '&' ? '&amp;' : `\\${c}`));
}

/** A code span that holds any text: its fence is longer than any run of backticks inside. */
export function mdCode(text: string): string {
  const flat = oneLine(text);
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
