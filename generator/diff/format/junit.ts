/**
 * The report as JUnit XML, for CI systems that show test results: one test case per change, failed
 * when its level is at or above `--fail-on`; a report without changes is one passing case.
 */
import type { Change } from '../change.js';
import { atOrAbove, countLine, failingChanges, operationLabel, operationsList, placeLabel, type ReportView } from '../outcome.js';

export function formatJunit(view: ReportView): string {
  const { report } = view;
  const cases = report.changes.map((change) => testCase(change, atOrAbove(change.level, view.failOn)));
  if (view.versionProblem) cases.push(failedCase('version', 'check-version', view.versionProblem, view.versionProblem));
  if (cases.length === 0) cases.push(`    <testcase classname="podcast-gen.diff" name="no changes"/>`);
  const failures = failingChanges(view).length + (view.versionProblem ? 1 : 0);
  const tests = Math.max(1, report.changes.length + (view.versionProblem ? 1 : 0));
  const name = attr(`podcast-gen diff ${report.old.file} -> ${report.new.file}`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${name}" tests="${tests}" failures="${failures}" errors="0">`,
    `  <testsuite name="${name}" tests="${tests}" failures="${failures}" errors="0" skipped="0">`,
    `    <properties><property name="semver" value="${attr(report.semver)}"/><property name="fail-on" value="${attr(view.failOn)}"/><property name="changes" value="${attr(countLine(report.changes))}"/></properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function testCase(change: Change, fails: boolean): string {
  const name = `${change.rule} (${change.level})`;
  const details = [
    `${operationLabel(change)}: ${change.message}`,
    ...(operationsList(change) ? [`operations: ${operationsList(change)}`] : []),
    `breaks: ${change.surfaces.length > 0 ? change.surfaces.join(', ') : 'nothing'}`,
    ...[change.old && `old: ${placeLabel(change.old)}`, change.new && `new: ${placeLabel(change.new)}`].filter((line): line is string => Boolean(line)),
    `id: ${change.id}`,
    ...(change.proof?.types ?? []).map((p) => `types: ${p.code} at line ${p.line}: ${p.text.trim()}: ${p.message}`),
    ...(change.proof?.validators ?? []).map((p) => `validators: ${p.validator} rejects ${JSON.stringify(p.value)}: ${p.issue}`),
  ].join('\n');
  const classname = change.operations?.[0]?.operationId ?? 'document';
  if (fails) return failedCase(classname, name, change.message, details);
  return `    <testcase classname="${attr(classname)}" name="${attr(name)}"><system-out>${text(details)}</system-out></testcase>`;
}

function failedCase(classname: string, name: string, message: string, details: string): string {
  return `    <testcase classname="${attr(classname)}" name="${attr(name)}"><failure message="${attr(message)}" type="${attr(name)}">${text(details)}</failure></testcase>`;
}

/** XML text: markup characters escaped, and characters XML 1.0 cannot hold replaced. */
function text(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
  );
}

/** An attribute value: as {@link text}, quotes and line breaks too. */
function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
