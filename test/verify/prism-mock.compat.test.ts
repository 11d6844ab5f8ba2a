/**
 * verify against Prism's mock (`prism mock <document>`, @stoplight/prism-cli) of the podcast
 * document and three more test documents, with `--unsafe --stateful --cases 20`: no false finding.
 * Where Prism's mock itself answers against the document, the finding stands, scoped narrowly and
 * shown with its evidence (PRISM_FAULTS).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadVerifyTarget } from '../../generator/cli/verify-target.js';
import { generateFiles } from '../../generator/index.js';
import type { Finding } from '../../generator/verify/report.js';
import { verifyServer } from '../../generator/verify/verify-server.js';
import { FIXTURE_DOCS, ROOT, SPEC } from '../helpers/paths.js';

const PRISM = join(ROOT, 'node_modules', '.bin', 'prism');
const DOCUMENTS = [
  { name: 'podcast', spec: SPEC, scheme: 'ApiKeyAuth' },
  { name: 'petstore-mini', spec: join(FIXTURE_DOCS, 'petstore-mini.yaml'), scheme: 'BearerAuth' },
  { name: 'tracker', spec: join(FIXTURE_DOCS, 'mcp', 'tracker.yaml'), scheme: 'apiKey' },
  { name: 'refusals', spec: join(FIXTURE_DOCS, 'corpus', 'refusals.yaml'), scheme: 'key' },
];

/**
 * Prism 5.16's static mock makes a value of a schema without reading all of it: `"string"` for a
 * string of a `pattern` (petstore-mini's `chip_code`, `^CHIP-[0-9]{6}$`) and its enum's first
 * member twice for an array of `uniqueItems` (`colors`: `["black","black"]`). `curl
 * http://127.0.0.1:4010/pets/5 -H 'authorization: Bearer t'` against `prism mock
 * test/fixtures/petstore-mini.yaml` answers `"chip_code":"string"` and `"colors":["black","black"]`.
 * Only those answers are Prism's, not verify's.
 */
const PRISM_FAULTS: ((f: Finding) => boolean)[] = [
  (f) => f.check === 'body' && /chip_code: Invalid string: must match pattern/.test(f.message) && f.actual === '"string"',
  (f) => f.check === 'body' && /colors: Invalid input: expected unique items/.test(f.message) && f.actual === '["black","black"]',
];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `prism mock` on a free port; stops it by its pid. */
async function startPrismMock(spec: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(PRISM, ['mock', '--host', '127.0.0.1', '--port', String(port), spec], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid;
  if (pid === undefined) throw new Error('prism did not start');
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not listen within 90 s:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) process.kill(pid, 'SIGTERM');
      await exited;
    },
  };
}

describe.each(DOCUMENTS)("verify against Prism's mock of $name", ({ name, spec, scheme }) => {
  it('--unsafe --stateful --cases 20: no false finding', { timeout: 240_000 }, async () => {
    const prism = await startPrismMock(spec);
    try {
      const { model, files, problems } = await generateFiles({ spec });
      const { generated } = await loadVerifyTarget({ model, files, cwd: process.cwd() });
      const started = performance.now();
      const report = await verifyServer({
        model,
        generated,
        problems,
        baseUrl: prism.url,
        auth: { [scheme]: 'prism-takes-any-token' },
        unsafe: true,
        stateful: true,
        cases: 20,
      });
      const findings = report.operations.flatMap((o) => o.findings.map((f) => ({ operationId: o.operationId, ...f })));
      const prisms = findings.filter((f) => PRISM_FAULTS.some((fault) => fault(f)));
      console.log(
        `${name}: ${report.summary.requests} requests in ${((performance.now() - started) / 1000).toFixed(1)} s; ${findings.length} findings, ${prisms.length} of Prism's own (${[...new Set(prisms.map((f) => f.message.replace(/ \(and .*$/, '')))].join('; ') || 'none'})`,
      );
      expect(findings.filter((f) => !prisms.includes(f)).map((f) => `${f.operationId} ${f.check}: ${f.message} (actual ${f.actual})`)).toStrictEqual([]);
    } finally {
      await prism.stop();
    }
  });
});
