/** The report as people and CI read it: plain text, JSON, JUnit XML or Markdown; and what `--replay` found. */
import { curlLine } from './curl.js';
import type { ReplayResult } from './replay.js';
import type { ReportFormat } from './format-names.js';
import type { Coverage, OperationResult, VerifyReport } from './report.js';

/** The report in `format`, ending with a newline. */
export function formatReport(report: VerifyReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'junit') return junit(report);
  if (format === 'markdown') return markdown(report);
  return text(report);
}

function summaryLine(report: VerifyReport): string {
  const { total, passed, failed, incomplete, skipped, durationMs, requests } = report.summary;
  const sent = requests === undefined ? '' : `; ${requests} request${requests === 1 ? '' : 's'}`;
  const cut = incomplete > 0 ? `${incomplete} incomplete, ` : '';
  return `${total} operation${total === 1 ? '' : 's'}: ${passed} passed, ${failed} failed, ${cut}${skipped} skipped${sent} (${(durationMs / 1000).toFixed(1)} s)`;
}

/** How the run looked, for the line under the title: `5 cases per operation (draw 1), writes, refusals, resources followed`. */
function settingsLine(report: VerifyReport): string | undefined {
  const s = report.settings;
  if (!s) return undefined;
  const more = [s.unsafe ? 'writes' : 'reads only', ...(s.negative ? ['requests that must be refused'] : []), ...(s.stateful ? ['resources followed'] : [])];
  return `  ${s.cases} case${s.cases === 1 ? '' : 's'} per operation (draw ${s.draw}); ${more.join(', ')}${s.maxRequests === undefined ? '' : `; at most ${s.maxRequests} requests`}`;
}

/** What was answered, for the text and Markdown lines: the status, then the time taken when it was measured. */
function answered(op: OperationResult): string {
  return op.httpStatus === undefined ? '' : `${op.httpStatus}${op.durationMs === undefined ? '' : `, ${op.durationMs} ms`}`;
}

/** An operation's coverage in a line: `20 cases, 6 refused, 2 linked; statuses 200, 401; branches data: Cat`. */
export function coverageLine(coverage: Coverage): string {
  const counts = [`${coverage.cases} case${coverage.cases === 1 ? '' : 's'}`];
  if (coverage.refusals > 0) counts.push(`${coverage.refusals} to refuse`);
  if (coverage.linked > 0) counts.push(`${coverage.linked} linked`);
  const parts = [counts.join(', ')];
  if (coverage.statuses.length > 0) parts.push(`statuses ${coverage.statuses.join(', ')}`);
  if (coverage.branches && coverage.branches.length > 0) parts.push(`branches ${coverage.branches.join(', ')}`);
  return parts.join('; ');
}

function text(report: VerifyReport): string {
  const lines = [`podcast-gen verify: ${report.baseUrl} against ${report.api.title} ${report.api.version}`];
  const settings = settingsLine(report);
  if (settings) lines.push(settings);
  const idWidth = Math.min(40, Math.max(0, ...report.operations.map((o) => o.operationId.length)));
  const verdictWidth = Math.max(7, ...report.operations.map((o) => o.status.length));
  for (const op of report.operations) {
    const verdict = op.status === 'fail' ? 'FAIL' : op.status;
    const tail = op.status === 'skipped' ? (op.reason ?? '') : answered(op);
    lines.push(`  ${verdict.padEnd(verdictWidth)} ${op.operationId.padEnd(idWidth)}  ${op.method} ${op.path}${tail ? `  (${tail})` : ''}`);
    for (const finding of op.findings) {
      lines.push(`          ${finding.check}: ${finding.message}`);
      if (finding.request) lines.push(`            ${curlLine(finding.request)}`);
    }
    for (const note of op.notes ?? []) lines.push(`          note: ${note}`);
    if (op.coverage) lines.push(`          covered: ${coverageLine(op.coverage)}`);
    for (const reason of op.coverage?.uncovered ?? []) lines.push(`          not covered: ${reason}`);
  }
  for (const left of report.leftOver ?? []) lines.push(`  left over: ${left}`);
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
    const details = [
      ...op.findings.map((f) => `${f.check}: ${f.message}`),
      ...(op.reason ? [op.reason] : []),
      ...(op.notes ?? []).map((n) => `note: ${n}`),
      ...(op.coverage ? [`covered: ${coverageLine(op.coverage)}`, ...(op.coverage.uncovered ?? []).map((u) => `not covered: ${u}`)] : []),
    ];
    lines.push(`| \`${cell(op.operationId)}\` | \`${op.method} ${cell(op.path)}\` | ${verdict} | ${answered(op)} | ${details.map(cell).join('<br>')} |`);
  }
  for (const left of report.leftOver ?? []) lines.push('', `- left over: ${cell(left)}`);
  return `${lines.join('\n')}\n`;
}

function junit(report: VerifyReport): string {
  // JUnit knows no incomplete test: one is skipped, saying what was not sent.
  const { total, failed, durationMs } = report.summary;
  const skipped = report.summary.skipped + report.summary.incomplete;
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
    if (op.status === 'incomplete') lines.push(`      <skipped message="${xml(`incomplete: ${op.reason ?? 'not every request was sent'}`)}"/>`);
    for (const f of op.findings) {
      const replay = f.request ? `\n${curlLine(f.request)}` : '';
      lines.push(`      <failure type="${xml(f.check)}" message="${xml(f.message)}">${xml(`expected: ${f.expected}\nactual: ${f.actual}${replay}`)}</failure>`);
    }
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>');
  return `${lines.join('\n')}\n`;
}

/** What `--replay` found, as text or JSON. */
export function formatReplay(baseUrl: string, results: readonly ReplayResult[], format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify({ baseUrl, replays: results }, null, 2)}\n`;
  const lines = [`podcast-gen verify --replay: ${results.length} failed request${results.length === 1 ? '' : 's'} sent again to ${baseUrl}`];
  for (const result of results) {
    lines.push(`  ${result.operationId} ${result.label === 'the fixture' ? '(its fixture)' : result.label} (failed ${result.check})`);
    if (result.request) lines.push(`    ${curlLine(result.request)}`);
    if (result.verdict === 'skipped') lines.push(`    not sent: ${result.reason ?? ''}`);
    else lines.push(`    ${result.verdict === 'fail' ? 'still fails' : 'passes now'}${result.status === undefined ? '' : `: answered ${result.status}`}`);
    for (const finding of result.findings) lines.push(`      ${finding.check}: ${finding.message}`);
  }
  const still = results.filter((r) => r.verdict === 'fail').length;
  const now = results.filter((r) => r.verdict === 'pass').length;
  lines.push(
    `${results.length} request${results.length === 1 ? '' : 's'}: ${still} still fail${still === 1 ? 's' : ''}, ${now} pass${now === 1 ? 'es' : ''} now`,
  );
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
