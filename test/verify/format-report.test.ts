import { describe, expect, it } from 'vitest';
import { formatReport } from '../../generator/verify/format-report.js';
import type { VerifyReport } from '../../generator/verify/report.js';

const report: VerifyReport = {
  baseUrl: 'http://127.0.0.1:4010',
  api: { title: 'A <b>&</b> API', version: '1' },
  operations: [
    { operationId: 'ok', method: 'GET', path: '/a', status: 'pass', findings: [], httpStatus: 200, durationMs: 12 },
    {
      operationId: 'bad',
      method: 'GET',
      path: '/b|c',
      status: 'fail',
      findings: [{ check: 'body', message: 'x: expected "number" <here>', expected: 'number', actual: '"1"' }],
      httpStatus: 200,
      durationMs: 5,
    },
    { operationId: 'write', method: 'POST', path: '/w', status: 'skipped', findings: [], reason: 'a write (POST): sent only with --unsafe' },
    {
      operationId: 'cut',
      method: 'GET',
      path: '/c',
      status: 'incomplete',
      findings: [],
      reason: 'requests not sent from the fixture on: --max-requests 1 reached',
      httpStatus: 200,
      durationMs: 3,
    },
  ],
  summary: { total: 4, passed: 1, failed: 1, incomplete: 1, skipped: 1, durationMs: 1234 },
};

describe('the report formats', () => {
  it('text', () => {
    expect(formatReport(report, 'text')).toBe(
      [
        'podcast-gen verify: http://127.0.0.1:4010 against A <b>&</b> API 1',
        '  pass       ok     GET /a  (200, 12 ms)',
        '  FAIL       bad    GET /b|c  (200, 5 ms)',
        '          body: x: expected "number" <here>',
        '  skipped    write  POST /w  (a write (POST): sent only with --unsafe)',
        '  incomplete cut    GET /c  (200, 3 ms)',
        '4 operations: 1 passed, 1 failed, 1 incomplete, 1 skipped (1.2 s)',
        '',
      ].join('\n'),
    );
  });

  it('junit escapes XML and names each failure by its check', () => {
    const xml = formatReport(report, 'junit');
    expect(xml).toContain('<testsuite name="podcast-gen verify: A &lt;b&gt;&amp;&lt;/b&gt; API 1" tests="4" failures="1" skipped="2" time="1.234">');
    expect(xml).toContain('<failure type="body" message="x: expected &quot;number&quot; &lt;here&gt;">expected: number\nactual: &quot;1&quot;</failure>');
    expect(xml).toContain('<skipped message="a write (POST): sent only with --unsafe"/>');
    expect(xml).toContain('<skipped message="incomplete: requests not sent from the fixture on: --max-requests 1 reached"/>');
  });

  it('markdown escapes table cells', () => {
    expect(formatReport(report, 'markdown')).toContain('| `bad` | `GET /b\\|c` | **fail** | 200, 5 ms | body: x: expected "number" <here> |');
    expect(formatReport(report, 'markdown')).toContain(
      '| `cut` | `GET /c` | incomplete | 200, 3 ms | requests not sent from the fixture on: --max-requests 1 reached |',
    );
  });

  it('json is the report', () => {
    expect(JSON.parse(formatReport(report, 'json'))).toStrictEqual(report);
  });
});
