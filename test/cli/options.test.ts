import { existsSync, readFileSync, writeFileSync, mkdirSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectWithSpec, removeProject, runCli } from './helpers/run-cli.js';

/** Flags > config > defaults, for `out`, `name` and `spec`, from every config source. */
describe('option precedence', () => {
  const projects: string[] = [];
  const project = () => {
    const made = projectWithSpec('options');
    projects.push(made.dir);
    return made;
  };
  afterAll(() => projects.forEach(removeProject));

  const summaryOf = (stdout: string) => JSON.parse(stdout) as { ok: boolean; summary: { out: string; source: string } };
  const clientName = (dir: string, out: string) => /export function (create\w+Client)\(/.exec(readFileSync(join(dir, out, 'client.ts'), 'utf8'))?.[1];

  it('uses the defaults when neither flag nor config sets an option', async () => {
    const { dir, spec } = project();
    const run = await runCli(['--spec', spec, '--json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(summaryOf(run.stdout).summary.out).toBe('generated/');
    expect(clientName(dir, 'generated')).toBe('createPodcastClient');
  });

  it('takes podcast-gen.config.json over the defaults, and flags over the config', async () => {
    const { dir, spec } = project();
    writeFileSync(join(dir, 'podcast-gen.config.json'), JSON.stringify({ spec, out: 'from-config', name: 'acme' }));
    const fromConfig = await runCli(['--json'], { cwd: dir });
    expect(fromConfig.code).toBe(0);
    expect(summaryOf(fromConfig.stdout).summary).toMatchObject({ out: 'from-config/', source: 'api/podcast.yaml' });
    expect(clientName(dir, 'from-config')).toBe('createAcmeClient');

    const fromFlags = await runCli(['--out', 'from-flag', '--json'], { cwd: dir });
    expect(summaryOf(fromFlags.stdout).summary.out).toBe('from-flag/');
    expect(clientName(dir, 'from-flag')).toBe('createAcmeClient');
  });

  it('reads the "podcast-gen" key of package.json', async () => {
    const { dir, spec } = project();
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'downstream', private: true, 'podcast-gen': { spec, out: 'src/api' } }));
    const run = await runCli(['--json'], { cwd: dir });
    expect(summaryOf(run.stdout).summary.out).toBe('src/api/');
    expect(existsSync(join(dir, 'src', 'api', 'client.ts'))).toBe(true);
  });

  it('loads .mjs and .ts configs', async () => {
    const { dir, spec } = project();
    writeFileSync(join(dir, 'podcast-gen.config.mjs'), `export default { spec: ${JSON.stringify(spec)}, out: 'mjs-out' };\n`);
    const mjs = await runCli(['lint', '--json'], { cwd: dir });
    expect(mjs.code).toBe(0);
    const tsDir = project().dir;
    mkdirSync(join(tsDir, 'docs'));
    cpSync(join(dir, 'api', 'podcast.yaml'), join(tsDir, 'docs', 'x.yaml'));
    writeFileSync(join(tsDir, 'podcast-gen.config.ts'), `const spec: string = 'docs/x.yaml';\nexport default { spec, out: 'ts-out' };\n`);
    const ts = await runCli(['lint', '--json'], { cwd: tsDir });
    expect(ts.code).toBe(0);
    expect(JSON.parse(ts.stdout).source).toBe('docs/x.yaml');
  });

  it("resolves a config file's paths against its own folder", async () => {
    const { dir } = project();
    writeFileSync(join(dir, 'api', 'gen.json'), JSON.stringify({ spec: 'podcast.yaml', out: '../out' }));
    const run = await runCli(['--config', 'api/gen.json', '--json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(summaryOf(run.stdout).summary).toMatchObject({ out: 'out/', source: 'api/podcast.yaml' });
  });

  it.each([
    [
      { outt: 'x' },
      'config/unknown-key  unknown config key "outt"',
      "known keys: spec, out, templates, lintConfig, name, outputs, operations, plugins, diff, and an output's name for its options",
    ],
    [
      { diff: { level: {} } },
      'config/bad-value  unknown key "diff.level" (known: levels, ignore)',
      "diff: { levels: { 'operation-id-changed': 'warning' }, ignore: 'accepted-changes.yaml' }",
    ],
    [{ 'lint-config': 'x' }, 'config/unknown-key  unknown config key "lint-config"', 'did you mean "lintConfig"?'],
    [{ out: 3 }, 'config/bad-value  config key "out" must be a non-empty string', 'got 3'],
  ])('rejects the config %j with exit 2, naming the key', async (config, message, hint) => {
    const { dir } = project();
    writeFileSync(join(dir, 'podcast-gen.config.json'), JSON.stringify(config));
    const run = await runCli([], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`podcast-gen.config.json  error  ${message} (${hint})\npodcast-gen: generate failed with 1 error.\n`);
    expect(existsSync(join(dir, 'generated'))).toBe(false);
  });

  it('rejects an unknown flag with exit 2, naming it', async () => {
    const { dir } = project();
    const run = await runCli(['--outdir', 'x'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('podcast-gen: Unknown argument: outdir (see podcast-gen --help)\n');
  });
});
