/**
 * `podcast-gen verify --negative` judges each operation by the model's security: a public operation
 * (no requirement anywhere) is not sent without a credential it never needed; an operation whose
 * requirement differs from most operations' is sent without its credential (and refused by the
 * server); one no client can call (mutual TLS alone) is skipped, saying why; and a run whose
 * operations need no credential does not ask for one. Against the generated mock of the document
 * (test/fixtures/security/gate.yaml), which checks each operation's requirement.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';

const GATE = join(FIXTURE_DOCS, 'security', 'gate.yaml');
const OUT = join(ROOT, 'test', '.tmp', 'verify-security-mock');
const ENV = { GATE_API_KEY: 'gk-8c2e', GATE_BEARER_TOKEN: 'bt-8c2e' };

interface Mock {
  url: string;
  requests: { operationId?: string; apiKey: boolean; status?: number }[];
  close(): Promise<void>;
}
interface Report {
  operations: { operationId: string; status: string; findings: { check: string; message: string }[]; reason?: string }[];
  summary: { passed: number; failed: number; skipped: number };
}

let mock: Mock;
let dir: string;
beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  await generate({ spec: GATE, out: OUT, name: 'gate', outputs: ['mock'] });
  // The mock takes the test's credentials only, so that a wrong one is refused as a real server refuses it.
  mock = await ((await import(pathToFileURL(join(OUT, 'mock', 'index.ts')).href)) as { startMockServer: (options: object) => Promise<Mock> }).startMockServer({
    credentials: { ApiKey: ENV.GATE_API_KEY, Bearer: ENV.GATE_BEARER_TOKEN },
  });
  dir = tempProject('verify-security');
}, 60_000);
afterAll(async () => {
  await mock?.close();
  rmSync(OUT, { recursive: true, force: true });
  removeProject(dir);
});

const verify = async (spec: string, env: Record<string, string>, ...more: string[]) => {
  const run = await runCli(['verify', '--spec', spec, '--base-url', mock.url, '--negative', '--format', 'json', ...more], { cwd: dir, env });
  return { ...run, report: run.stdout ? (JSON.parse(run.stdout) as Report) : undefined };
};

describe('verify --negative reads the security of each operation from the model', () => {
  it('passes a public operation, sends the anonymous request of the others and skips the one no client can call', async () => {
    const before = mock.requests.length;
    const { code, report, stderr } = await verify(GATE, ENV);
    expect(stderr).toBe('');
    expect(report?.operations.map((o) => [o.operationId, o.status, o.findings.map((f) => f.check)])).toStrictEqual([
      ['publicInfo', 'pass', []],
      ['listItems', 'pass', []],
      ['byBearer', 'pass', []],
      ['byCertificate', 'skipped', []],
    ]);
    expect(report?.operations[3]?.reason).toBe('no client can call it: every security requirement needs what the client cannot send: mutual TLS (ClientCert)');
    expect(code).toBe(0);
    // Each operation that needs a credential was sent with it, and without it and with a wrong one (refused).
    const seen = mock.requests.slice(before).map((r) => [r.operationId, r.apiKey, r.status]);
    expect(seen).toContainEqual(['listItems', false, 401]);
    expect(seen).toContainEqual(['byBearer', false, 401]);
    expect(seen.filter(([id]) => id === 'publicInfo')).toStrictEqual([['publicInfo', true, 200]]);
    expect(seen.filter(([id]) => id === 'byCertificate')).toStrictEqual([]);
  });

  it('asks for no credential where no operation needs one (the document declares a scheme nobody uses)', async () => {
    const { code, report, stderr } = await verify(join(FIXTURE_DOCS, 'security', 'keyless.yaml'), {});
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(report?.summary).toMatchObject({ passed: 1, failed: 0, skipped: 0 });
  });

  it('asks for no credential where no operation chosen needs one', async () => {
    const { code, report } = await verify(GATE, {}, '--include', 'op:publicInfo');
    expect(code).toBe(0);
    expect(report?.operations.map((o) => [o.operationId, o.status])).toStrictEqual([['publicInfo', 'pass']]);
  });

  it('still asks for the credentials an operation chosen needs', async () => {
    const { code, stderr } = await verify(GATE, {}, '--include', 'op:listItems');
    expect(code).toBe(1);
    expect(stderr).toContain('GATE_API_KEY is not set');
  });
});
