/**
 * verify with every check (`--unsafe --stateful --negative --cases 20`) against the generated mock
 * of three more test documents, each started with the credential the run sends: no false finding.
 * The mock keeps nothing, so a deleted resource is not asked for again (it answers any id alike:
 * the stateful phase says so) and what a POST made is listed as left over, neither a finding.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadVerifyTarget } from '../../generator/cli/verify-target.js';
import { generate, generateFiles } from '../../generator/index.js';
import { verifyServer } from '../../generator/verify/verify-server.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';

const DOCUMENTS = [
  { name: 'petstore-mini', spec: join(FIXTURE_DOCS, 'petstore-mini.yaml'), scheme: 'BearerAuth' },
  { name: 'tracker', spec: join(FIXTURE_DOCS, 'mcp', 'tracker.yaml'), scheme: 'apiKey' },
  { name: 'refusals', spec: join(FIXTURE_DOCS, 'corpus', 'refusals.yaml'), scheme: 'key' },
];
const KEY = 'mock-key-91d3';
const outs: string[] = [];
afterAll(() => {
  for (const out of outs) rmSync(out, { recursive: true, force: true });
});

describe.each(DOCUMENTS)('verify against the generated mock of $name', ({ name, spec, scheme }) => {
  it('--unsafe --stateful --negative --cases 20: no finding', { timeout: 120_000 }, async () => {
    const out = join(ROOT, 'test', '.tmp', `verify-mock-${name}`);
    outs.push(out);
    rmSync(out, { recursive: true, force: true });
    await generate({ spec, out, outputs: ['mock'] });
    const { startMockServer } = (await import(pathToFileURL(join(out, 'mock', 'index.ts')).href)) as {
      startMockServer(options: object): Promise<{ url: string; close(): Promise<void> }>;
    };
    const mock = await startMockServer({ credentials: { [scheme]: KEY } });
    try {
      const { model, files, problems } = await generateFiles({ spec });
      const { generated } = await loadVerifyTarget({ model, files, cwd: process.cwd() });
      const report = await verifyServer({
        model,
        generated,
        problems,
        baseUrl: mock.url,
        auth: { [scheme]: KEY },
        unsafe: true,
        stateful: true,
        negative: true,
        cases: 20,
      });
      expect(report.operations.flatMap((o) => o.findings.map((f) => `${o.operationId} ${f.check}: ${f.message}`))).toStrictEqual([]);
      expect(report.summary).toMatchObject({ failed: 0, skipped: 0 });
      // The resources made were followed where a link leads to them.
      expect(report.operations.reduce((n, o) => n + (o.coverage?.linked ?? 0), 0)).toBeGreaterThan(0);
    } finally {
      await mock.close();
    }
  });
});
