/**
 * verify against a reference server of test/fixtures/verify/reference.yaml with one defect planted
 * per check (reference-server.ts), and against its correct twin, with `--unsafe --negative
 * --stateful --cases 20`: each defect is found under its check and nothing else is, nothing is
 * found on the twin, and the same draw finds the same.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedTarget } from './helpers.js';
import type { VerifyReport } from '../../generator/verify/report.js';
import { verifyServer } from '../../generator/verify/verify-server.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { DEFECTS, type Defect, REFERENCE_KEY, startReferenceServer } from './reference-server.js';

type Target = Pick<Parameters<typeof verifyServer>[0], 'model' | 'generated' | 'problems'>;
let target: Target;
beforeAll(async () => {
  target = await generatedTarget({ spec: join(FIXTURE_DOCS, 'verify', 'reference.yaml') });
}, 60_000);

const table: string[] = [];
afterAll(() => console.log(['check | defect planted | found | false findings on the twin', ...table].join('\n')));

/** verify with every check, against the server with `defect` planted (none: the twin). */
async function run(defect?: Defect, draw = 7): Promise<VerifyReport> {
  const server = await startReferenceServer(defect);
  try {
    return await verifyServer({ ...target, baseUrl: server.url, auth: { key: REFERENCE_KEY }, unsafe: true, negative: true, stateful: true, cases: 20, draw });
  } finally {
    await server.close();
  }
}

const findings = (report: VerifyReport) => report.operations.flatMap((o) => o.findings.map((f) => ({ operationId: o.operationId, ...f })));

describe('verify against a reference server with planted defects', () => {
  let twin: VerifyReport;
  beforeAll(async () => {
    twin = await run();
  }, 60_000);

  it('finds nothing on the correct twin, and covered every check there', () => {
    expect(findings(twin).map((f) => `${f.operationId} ${f.check}: ${f.message}`)).toStrictEqual([]);
    expect(twin.leftOver).toBeUndefined();
    const ran = new Set(twin.operations.flatMap((o) => o.coverage?.checks ?? []));
    for (const check of Object.values(DEFECTS)) expect(ran.has(check), check).toBe(true);
  });

  it.each(Object.keys(DEFECTS) as Defect[])('%s: found under its check, and nothing else', async (defect) => {
    const report = await run(defect);
    const found = findings(report);
    const check = DEFECTS[defect];
    table.push(`${check} | ${defect} | ${found.filter((f) => f.check === check).length > 0 ? 'yes' : 'NO'} | ${findings(twin).length}`);
    expect(found.length, `${defect} is found`).toBeGreaterThan(0);
    expect(found.filter((f) => f.check !== check).map((f) => `${f.operationId} ${f.check}: ${f.message}`)).toStrictEqual([]);
    // Each carries the request that showed it, and how to make it again.
    for (const finding of found) expect(finding.request && finding.replay, finding.message).toBeTruthy();
  });

  it('the same draw sends the same requests and finds the same; another draw other values', async () => {
    const shown = (report: VerifyReport) =>
      JSON.stringify(findings(report).map(({ request, ...f }) => ({ ...f, url: request?.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '') })));
    const [first, again, other] = [await run('refuses-valid'), await run('refuses-valid'), await run('refuses-valid', 8)];
    expect(shown(again)).toBe(shown(first));
    const inputs = (report: VerifyReport) => findings(report).map((f) => JSON.stringify(f.replay?.request.input));
    expect(inputs(other)).not.toStrictEqual(inputs(first));
  });
});
