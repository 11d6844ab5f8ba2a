/**
 * `npx tsx bench/verify-cases.ts`: requests sent and wall time of `podcast-gen verify --unsafe
 * --stateful --negative` against the generated mock of four documents, for `--cases 1`, `20` and
 * `100`; writes its section of bench/RESULTS.md. The mock is started with the run's credential
 * (so the wrong one is refused) in this process, as `verifyServer` runs.
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadVerifyTarget } from '../generator/cli/verify-target.js';
import { generate, generateFiles } from '../generator/index.js';
import { verifyServer } from '../generator/verify/verify-server.js';
import { writeSection } from './sections.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCUMENTS = [
  { name: 'podcast', spec: join(ROOT, 'spec', 'podcast.openapi.yaml'), scheme: 'ApiKeyAuth' },
  { name: 'petstore-mini', spec: join(ROOT, 'test', 'fixtures', 'petstore-mini.yaml'), scheme: 'BearerAuth' },
  { name: 'tracker', spec: join(ROOT, 'test', 'fixtures', 'mcp', 'tracker.yaml'), scheme: 'apiKey' },
  { name: 'refusals', spec: join(ROOT, 'test', 'fixtures', 'corpus', 'refusals.yaml'), scheme: 'key' },
];
const CASES = [1, 20, 100];
const KEY = 'bench-key-5c21';

const rows: string[] = [];
for (const { name, spec, scheme } of DOCUMENTS) {
  const out = join(ROOT, 'test', '.tmp', `bench-verify-${name}`);
  rmSync(out, { recursive: true, force: true });
  await generate({ spec, out, outputs: ['mock'] });
  const { startMockServer } = (await import(pathToFileURL(join(out, 'mock', 'index.ts')).href)) as {
    startMockServer(options: object): Promise<{ url: string; close(): Promise<void> }>;
  };
  const mock = await startMockServer({ credentials: { [scheme]: KEY } });
  try {
    const { model, files, problems } = await generateFiles({ spec });
    const { generated } = await loadVerifyTarget({ model, files, cwd: ROOT });
    const cells: string[] = [];
    for (const cases of CASES) {
      const started = performance.now();
      const report = await verifyServer({
        model,
        generated,
        problems,
        baseUrl: mock.url,
        auth: { [scheme]: KEY },
        unsafe: true,
        stateful: true,
        negative: true,
        cases,
      });
      const seconds = (performance.now() - started) / 1000;
      cells.push(`${report.summary.requests} / ${seconds.toFixed(1)} s${report.summary.failed > 0 ? ` (${report.summary.failed} failed)` : ''}`);
    }
    rows.push(`| ${name} | ${model.operations.length} | ${cells.join(' | ')} |`);
  } finally {
    await mock.close();
    rmSync(out, { recursive: true, force: true });
  }
}
const section = [
  '<!-- verify-cases: written by `npx tsx bench/verify-cases.ts` -->',
  '## `podcast-gen verify --cases N` against the generated mock (issue 43)',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx bench/verify-cases.ts\`: \`verifyServer\` with \`--unsafe --stateful --negative\` (every check) against each document's generated mock, started in the same process with the credential the run sends. Each cell is the requests sent and the wall time; the concurrency is the default (4 operations at once). Requests grow with the cases only where an operation's input has places to vary (an operation without input sends its fixture alone). The machine (2 CPUs, shared with other work) had a load average (1 minute) of ${loadavg()[0]?.toFixed(1) ?? '?'}.`,
  '',
  '| document | operations | `--cases 1` | `--cases 20` | `--cases 100` |',
  '|---|---:|---:|---:|---:|',
  ...rows,
  '<!-- verify-cases: end -->',
].join('\n');
writeSection(join(ROOT, 'bench', 'RESULTS.md'), 'verify-cases', section);
console.log(section);
