/**
 * The report for a terminal or a CI log: a headline, the counts and the semver advice, then one
 * block per change (level, rule, operation, message, surfaces, places, id, proof).
 */
import type { Change } from '../change.js';
import { majorBelowBreaking } from '../semver.js';
import { countLine, failingChanges, operationLabel, operationsList, placeLabel, type ReportView } from '../outcome.js';

/** `verdict: false` leaves out the last line (pass or fail), for a summary inside another command's output. */
export function formatText(view: ReportView, { verdict: withVerdict = true }: { verdict?: boolean } = {}): string {
  const { report } = view;
  const lines = [
    `podcast-gen diff: ${report.old.file} (${report.old.version}) -> ${report.new.file} (${report.new.version})`,
    `${countLine(report.changes)}; semver advice: ${report.semver}`,
  ];
  if (view.ignored.length > 0) lines.push(`${view.ignored.length} ignored (${view.ignored.map((i) => `${i.change.rule} by ${i.entry}`).join(', ')})`);
  const below = majorBelowBreaking(report.changes).length;
  if (below > 0)
    lines.push(
      `note: semver advice ${report.semver}: ${below === 1 ? '1 change breaks' : `${below} changes break`} the generated code below level breaking (a level the config sets, an operation below --stability-level, a removal announced): the level decides what fails the run, not what semver means`,
    );
  for (const note of report.notes) lines.push(`note: ${oneLine(note)}`);
  for (const change of report.changes) lines.push('', ...changeBlock(change));
  if (report.unjudged.length > 0) {
    lines.push('');
    for (const unjudged of report.unjudged) lines.push(`not judged: ${unjudged.surface}: ${oneLine(unjudged.reason)}`);
  }
  if (view.versionProblem) lines.push('', `version: ${oneLine(view.versionProblem)}`);
  if (withVerdict) lines.push('', verdict(view));
  return `${lines.join('\n')}\n`;
}

function changeBlock(change: Change): string[] {
  const lines = [`${change.level.padEnd(8)}  ${change.rule}  ${oneLine(operationLabel(change))}`, `  ${oneLine(change.message)}`];
  const operations = operationsList(change);
  if (operations) lines.push(`  in ${change.operations?.length} operations: ${oneLine(operations)}`);
  lines.push(`  breaks: ${change.surfaces.length > 0 ? change.surfaces.join(', ') : 'nothing'}`);
  const old = placeLabel(change.old);
  const now = placeLabel(change.new);
  if (old) lines.push(`  old: ${oneLine(old)}`);
  if (now) lines.push(`  new: ${oneLine(now)}`);
  lines.push(`  id: ${change.id}`);
  for (const proof of change.proof?.types ?? []) {
    lines.push(`  types: ${proof.code} at line ${proof.line} of the old usage: ${oneLine(proof.text.trim())}`, `    ${oneLine(proof.message)}`);
  }
  for (const proof of change.proof?.validators ?? []) {
    const who = proof.direction === 'response' ? 'the new API may send' : 'old callers send';
    lines.push(`  validators: ${who} ${oneLine(JSON.stringify(proof.value) ?? 'undefined')}; ${proof.validator} rejects it: ${oneLine(proof.issue)}`);
  }
  return lines;
}

function verdict(view: ReportView): string {
  const reasons: string[] = [];
  const failing = failingChanges(view).length;
  if (failing > 0) reasons.push(`${failing} at or above --fail-on ${view.failOn}`);
  if (view.versionProblem) reasons.push('--check-version');
  return reasons.length > 0 ? `result: failed (${reasons.join('; ')})` : `result: passed (--fail-on ${view.failOn})`;
}

/** A document's text on one line, without control characters: a message never breaks the layout nor drives the terminal. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  return text.replace(/\s*[\r\n]+\s*|\t/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}
