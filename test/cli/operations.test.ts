import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { removeProject, runCli, tempProject } from './helpers/run-cli.js';

const PETS = join(FIXTURE_DOCS, 'select', 'pets.yaml');

/** The component schemas and the operations of the printed types. */
function typesOf(files: readonly { path: string; content: string }[]): { schemas: string[]; operations: string[] } {
  const types = files.find((f) => f.path === 'types.ts')?.content ?? '';
  const keys = (name: string, indent: number) => {
    const start = types.indexOf(`export interface ${name} {`);
    const body = types.slice(start, types.indexOf('\n}\n', start));
    return [...body.matchAll(new RegExp(`^ {${indent}}"?([A-Za-z/]+)"?: `, 'gm'))].map((m) => m[1] as string);
  };
  return { schemas: keys('components', 4), operations: keys('operations', 2) };
}

describe('choosing operations (--include, --exclude, operations in the config)', () => {
  it('generates only the chosen operations and the schemas they reach, in every output', async () => {
    const { model, files, problems } = await generateFiles({ spec: PETS, operations: { include: ['tag:owners', 'tag:pets'], exclude: ['deprecated'] } });
    expect(model.operations.map((op) => op.operationId)).toStrictEqual(['listPets', 'getOwner']);
    expect(model.schemas.map((s) => s.name)).toStrictEqual(['Pet', 'Owner', 'Address']);
    expect(typesOf(files)).toStrictEqual({ schemas: ['Pet', 'Owner', 'Address'], operations: ['listPets', 'getOwner'] });
    expect(files.map((f) => f.path).filter((p) => p.startsWith('fixtures/'))).not.toContain('fixtures/createPet.json');
    expect(files.find((f) => f.path === 'client.ts')?.content).not.toMatch(/\bcreatePet\b/);
    expect(problems).toStrictEqual([]);
  });

  it('warns, naming it, for a selector that matches nothing', async () => {
    const { model, problems } = await generateFiles({ spec: PETS, operations: { include: ['op:getOwner', 'tag:cats'] } });
    expect(model.operations.map((op) => op.operationId)).toStrictEqual(['getOwner']);
    expect(model.schemas.map((s) => s.name)).toStrictEqual(['Owner', 'Address']);
    expect(problems.map((p) => [p.severity, p.code, p.message])).toStrictEqual([['warn', 'select/no-match', 'selector "tag:cats" matches no operation']]);
  });

  const projects: string[] = [];
  afterAll(() => projects.forEach(removeProject));
  const project = () => {
    const dir = tempProject('operations');
    projects.push(dir);
    mkdirSync(join(dir, 'api'));
    cpSync(PETS, join(dir, 'api', 'pets.yaml'));
    return dir;
  };

  it('an --include that leaves nothing exits 2 naming the selectors, and writes nothing', async () => {
    const dir = project();
    const run = await runCli(['--spec', 'api/pets.yaml', '--out', 'out', '--include', 'tag:cats', '--include', 'tag:dogs'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('api/pets.yaml  warn  select/no-match  selectors "tag:cats", "tag:dogs" match no operation');
    expect(run.stderr).toContain('api/pets.yaml  error  select/nothing-left  the selection leaves no operation: --include "tag:cats" --include "tag:dogs"');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it.each([
    [['--include', 'pets'], 'not a selector: "pets"'],
    [['--exclude', 'path:pets'], 'not a selector: "path:pets"'],
  ])('a malformed selector %j exits 2 before the document is read', async (argv, message) => {
    const run = await runCli(['--spec', 'api/missing.yaml', '--out', 'out', ...argv], { cwd: project() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('check honours the selection of the config, and the flags override it', async () => {
    const dir = project();
    const config = { spec: 'api/pets.yaml', out: 'out', operations: { include: ['tag:pets'], exclude: ['POST /pets'] } };
    writeFileSync(join(dir, 'podcast-gen.config.json'), JSON.stringify(config));
    const generated = await runCli([], { cwd: dir });
    expect(generated.code).toBe(0);
    expect(generated.stdout).toMatch(/^podcast-gen: 1 operation from api\/pets\.yaml -> out\//m);
    expect(readFileSync(join(dir, 'out', 'client.ts'), 'utf8')).toContain('listPets');
    expect(await runCli(['check'], { cwd: dir })).toMatchObject({ code: 0 });
    const widened = await runCli(['check', '--exclude', 'deprecated', '--include', 'path:/**'], { cwd: dir });
    expect(widened.code).toBe(1);
    expect(widened.stderr).toContain('is stale');
  });

  it.each([
    [{ operations: ['tag:pets'] }, 'config key "operations" must be an object'],
    [{ operations: { only: ['tag:pets'] } }, 'unknown key "operations.only"'],
    [{ operations: { include: 'tag:pets' } }, '"operations.include" must be a list of selectors'],
    [{ operations: { include: ['pets'] } }, 'not a selector: "pets"'],
  ])('a config with %j exits 2', async (value, message) => {
    const dir = project();
    writeFileSync(join(dir, 'podcast-gen.config.json'), JSON.stringify({ spec: 'api/pets.yaml', out: 'out', ...value }));
    const run = await runCli([], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
