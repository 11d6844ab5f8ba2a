/** The report as people and CI read it: plain text, JSON, JUnit XML or Markdown. */
import type { OperationResult, VerifyReport } from './report.js';

/** The formats of `--format`. */
export const REPORT_FORMATS = ['text', 'json', 'junit', 'markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The report in `format`, ending with a newline. */
export function formatReport(report: VerifyReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'junit') return junit(report);
  if (format === 'markdown') return markdown(report);
  return text(report);
}

function summaryLine(report: VerifyReport): string {
  const { total, passed, failed, skipped, durationMs } = report.summary;
  return `${total} operation${total === 1 ? '' : 's'}: ${passed} passed, ${failed} failed, ${skipped} skipped (${(durationMs / 1000).toFixed(1)} s)`;
}

/** What was answered, for the text and Markdown lines: the status, then the time taken when it was measured. */
function answered(op: OperationResult): string {
  return op.httpStatus === undefined ? '' : `${op.httpStatus}${op.durationMs === undefined ? '' : `, ${op.durationMs} ms`}`;
}

function text(report: VerifyReport): string {
  const lines = [`podcast-gen verify: ${report.baseUrl} against ${report.api.title} ${report.api.version}`];
  const idWidth = Math.min(40, Math.max(0, ...report.operations.map((o) => o.operationId.length)));
  for (const op of report.operations) {
    const verdict = op.status === 'fail' ? 'FAIL' : op.status;
    const tail = op.status === 'skipped' ? (op.reason ?? '') : answered(op);
    lines.push(`  ${verdict.padEnd(7)} ${op.operationId.padEnd(idWidth)}  ${op.method} ${op.path}${tail ? `  (${tail})` : ''}`);
    for (const finding of op.findings) lines.push(`          ${finding.check}: ${finding.message}`);
    for (const note of op.notes ?? []) lines.push(`          note: ${note}`);
  }
  lines.push(summaryLine(report));
  return `${lines.join('\n')}\n`;
}

function markdown(report: VerifyReport): string {
  const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const lines = [
    `## podcast-gen verify: ${cell(report.api.title)} ${cell(report.api.version)}`,
    '',
    `${summaryLine(report)}, against \`${report.baseUrl}\``,
    '',
    '| operation | request | verdict | answer | findings |',
    '|---|---|---|---|---|',
  ];
  for (const op of report.operations) {
    const verdict = op.status === 'fail' ? '**fail**' : op.status;
    const details = [...op.findings.map((f) => `${f.check}: ${f.message}`), ...(op.reason ? [op.reason] : []), ...(op.notes ?? []).map((n) => `note: ${n}`)];
    lines.push(`| \`${cell(op.operationId)}\` | \`${op.method} ${cell(op.path)}\` | ${verdict} | ${answered(op)} | ${details.map(cell).join('<br>')} |`);
  }
  return `${lines.join('\n')}\n`;
}

function junit(report: VerifyReport): string {
  const { total, failed, skipped, durationMs } = report.summary;
  const suite = `podcast-gen verify: ${report.api.title} ${report.api.version}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="podcast-gen verify" tests="${total}" failures="${failed}" skipped="${skipped}" time="${seconds(durationMs)}">`,
    `  <testsuite name="${xml(suite)}" tests="${total}" failures="${failed}" skipped="${skipped}" time="${seconds(durationMs)}">`,
  ];
  for (const op of report.operations) {
    const open = `    <testcase classname="${xml(report.baseUrl)}" name="${xml(`${op.operationId} (${op.method} ${op.path})`)}" time="${seconds(op.durationMs ?? 0)}"`;
    if (op.status === 'pass') {
      lines.push(`${open}/>`);
      continue;
    }
    lines.push(`${open}>`);
    if (op.status === 'skipped') lines.push(`      <skipped message="${xml(op.reason ?? '')}"/>`);
    for (const f of op.findings)
      lines.push(`      <failure type="${xml(f.check)}" message="${xml(f.message)}">${xml(`expected: ${f.expected}\nactual: ${f.actual}`)}</failure>`);
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>');
  return `${lines.join('\n')}\n`;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** Text for an XML attribute or element: the five specials escaped, and characters XML 1.0 forbids dropped. */
function xml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
