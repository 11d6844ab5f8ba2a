import { cpSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, SPEC } from '../helpers/paths.js';
import { removeProject, runCli, tempProject, waitFor } from './helpers/run-cli.js';

/** A project with two copies of the podcast document, api-a/ and api-b/, and a config of one entry each. */
function twoApis(prefix: string, config: string): string {
  const dir = tempProject(prefix);
  for (const api of ['api-a', 'api-b']) {
    mkdirSync(join(dir, api));
    cpSync(SPEC, join(dir, api, 'podcast.yaml'));
    cpSync(join(ROOT, 'spec', 'redocly.yaml'), join(dir, api, 'redocly.yaml'));
  }
  writeFileSync(join(dir, 'podcast-gen.config.mjs'), config);
  return dir;
}

const TWO_ENTRIES = `export default [
  { spec: 'api-a/podcast.yaml', out: 'out-a', outputs: ['zod'] },
  { spec: 'api-b/podcast.yaml', out: 'out-b', name: 'other', outputs: ['client'] },
];
`;

describe('a config of several APIs', () => {
  const projects: string[] = [];
  afterAll(() => projects.forEach(removeProject));

  it('generates each entry into its own folder with its own outputs, and checks each', async () => {
    const dir = twoApis('entries', TWO_ENTRIES);
    projects.push(dir);
    const run = await runCli([], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('-> out-a/');
    expect(run.stdout).toContain('podcast-gen: client needs types, zod: added');
    expect(readFileSync(join(dir, 'out-b', 'client.ts'), 'utf8')).toContain('createOtherClient');
    expect(statSync(join(dir, 'out-a', 'client.ts'), { throwIfNoEntry: false })).toBeUndefined();

    expect((await runCli(['check'], { cwd: dir })).code).toBe(0);
    writeFileSync(join(dir, 'out-b', 'client.ts'), '// edited\n');
    const stale = await runCli(['check', '--json'], { cwd: dir });
    expect(stale.code).toBe(1);
    const report = JSON.parse(stale.stdout) as { entries: { out: string; current: boolean }[] };
    expect(report.entries.map((e) => [e.out, e.current])).toStrictEqual([
      ['out-a/', true],
      ['out-b/', false],
    ]);
  });

  it('applies --outputs to every entry, and refuses a flag that names one API', async () => {
    const dir = twoApis('entries-flags', TWO_ENTRIES);
    projects.push(dir);
    const run = await runCli(['--outputs', 'types'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    for (const out of ['out-a', 'out-b']) expect(statSync(join(dir, out, 'types.ts')).isFile()).toBe(true);
    expect(statSync(join(dir, 'out-a', 'schemas.ts'), { throwIfNoEntry: false })).toBeUndefined();
    const refused = await runCli(['--out', 'elsewhere'], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--out names one API, and the config has 2 entries');
    const mock = await runCli(['mock', '--port', '0'], { cwd: dir });
    expect(mock.code).toBe(2);
    expect(mock.stderr).toContain('the config has 2 entries; pass --out (or --module) to say whose mock to serve');
  });

  it('refuses entries that share a folder or name none, an unknown output and unknown output options', async () => {
    const cases: [string, RegExp][] = [
      ["export default [{ spec: 'api-a/podcast.yaml', out: 'same' }, { spec: 'api-b/podcast.yaml', out: 'same' }];", /entries 1 and 2 both write to same/],
      ["export default [{ spec: 'api-a/podcast.yaml', out: 'a' }, { spec: 'api-b/podcast.yaml' }];", /entry 2 of 2 sets no "out"/],
      ["export default { outputs: ['clint'] };", /unknown output "clint" \(valid outputs: types, zod, client, mcp, fixtures, mock, tanstack-query, msw\)/],
      ['export default { mcp: { port: 1 } };', /unknown option "port" of output "mcp"/],
      ["export default { spc: 'x.yaml' };", /unknown config key "spc"/],
    ];
    for (const [config, message] of cases) {
      const dir = twoApis('entries-bad', config);
      projects.push(dir);
      const run = await runCli(['--spec', 'api-a/podcast.yaml'].slice(config.startsWith('export default [') ? 2 : 0), { cwd: dir });
      expect([config, run.code]).toStrictEqual([config, 2]);
      expect(run.stderr).toMatch(message);
    }
  });

  it('takes a plugin of the config’s own, with its options', async () => {
    const plugin = `const reference = {
  name: 'operation-list',
  options: { file: 'OPERATIONS.txt' },
  emit: (model, { options }) => [{ path: options.file, content: model.operations.map((op) => op.operationId).join('\\n') + '\\n' }],
};
export default { spec: 'api-a/podcast.yaml', out: 'out', plugins: [reference], outputs: ['operation-list'], 'operation-list': { file: 'ops.txt' } };
`;
    const dir = twoApis('entries-plugin', plugin);
    projects.push(dir);
    const run = await runCli([], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(dir, 'out', 'ops.txt'), 'utf8').split('\n')).toHaveLength(13);
  });

  it('--watch regenerates only the entries whose document changed', async () => {
    const dir = twoApis('entries-watch', TWO_ENTRIES);
    projects.push(dir);
    let output = '';
    const stop = new AbortController();
    const running = runCli(['--watch'], { cwd: dir, stopSignal: stop.signal, onOutput: (text) => (output += text) });
    try {
      await waitFor('the first generation and the watch', () => output.includes('podcast-gen: watching'));
      const before = statSync(join(dir, 'out-b', 'client.ts')).mtimeMs;
      const specA = join(dir, 'api-a', 'podcast.yaml');
      writeFileSync(specA, readFileSync(specA, 'utf8').replace('operationId: quotaSummary', 'operationId: quotaOverview'));
      await waitFor('entry a to be generated again', () => readFileSync(join(dir, 'out-a', 'schemas.ts'), 'utf8').includes('quotaOverview'));
      expect(output).toContain('api-a/podcast.yaml changed; generating again');
      expect(output.match(/-> out-b\//g)).toHaveLength(1);
      expect(statSync(join(dir, 'out-b', 'client.ts')).mtimeMs).toBe(before);
    } finally {
      stop.abort();
    }
    expect((await running).code).toBe(0);
  });
});
