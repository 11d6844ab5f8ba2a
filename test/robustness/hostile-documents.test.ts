import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem, generate, PodcastGenError, type GenerateResult } from '../../generator/index.js';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import {
  aliasBomb,
  aliasLoop,
  doublingPartRefs,
  longOperationId,
  longSchemaName,
  nestedJson,
  nestedSchema,
  nestedYaml,
  parameterRefCycle,
  propertyChain,
  refChain,
  withAnchors,
} from './hostile-documents.js';

/** A document made to exhaust the reader, and the one problem it must end with. */
interface HostileCase {
  name: string;
  file: string;
  text: () => string;
  code: string;
  /** What the problem's line must hold after `file:line:col  error  code  `. */
  message: RegExp;
  /** The test's own bound, for documents that ran for minutes or ran out of memory before. */
  timeout?: number;
}

const CASES: HostileCase[] = [
  {
    name: 'a YAML alias bomb (12 levels of 9 aliases)',
    file: 'bomb.yaml',
    text: () => aliasBomb(),
    code: 'load/alias-expansion',
    message: /YAML aliases expand #\/x-bomb\/l\d+ to more than 10,000,000 values/,
    timeout: 60_000,
  },
  {
    name: 'a YAML alias inside the node it names',
    file: 'loop.yaml',
    text: aliasLoop,
    code: 'load/alias-loop',
    message: /#\/x-loop\/self .*alias of #\/x-loop, which holds it/,
  },
  {
    name: 'a chain of 10,000 $refs',
    file: 'chain.yaml',
    text: () => refChain(10_000),
    code: 'load/ref-chain',
    message: /#\/components\/schemas\/S0 starts a chain of 9,999 \$refs.*at most 100/,
    timeout: 60_000,
  },
  {
    name: 'a cycle of 10,000 $refs',
    file: 'cycle.yaml',
    text: () => refChain(10_000, { cycle: true }),
    code: 'load/circular-ref',
    message: /^S0 -> S1 -> .* -> S9999 -> S0 \(10,000 \$refs\): the \$ref chain refers to itself/,
    timeout: 60_000,
  },
  {
    name: 'a cycle of parameter $refs',
    file: 'params.yaml',
    text: parameterRefCycle,
    code: 'load/circular-ref',
    message: /^P -> Q -> P: the \$ref chain refers to itself/,
  },
  {
    name: 'a schema nested 5,000 levels deep (JSON)',
    file: 'deep.json',
    text: () => nestedSchema(5000),
    code: 'load/too-deep',
    message: /nests deeper than 100 levels at #\/components\/schemas\/Deep(\/properties\/a)+/,
  },
  {
    name: 'a value nested 101 levels deep (JSON)',
    file: 'deep101.json',
    text: () => nestedJson(101),
    code: 'load/too-deep',
    message: /nests deeper than 100 levels at #\/x-deep(\/0)+/,
  },
  {
    name: 'a value nested 5,000 levels deep (YAML)',
    file: 'deep.yaml',
    text: () => nestedYaml(5000),
    code: 'load/too-deep',
    message: /nests deeper than 100 levels/,
  },
  {
    name: 'an operationId of 10,000 characters',
    file: 'long.yaml',
    text: () => longOperationId(10_000),
    code: 'model/name-too-long',
    message: /the operationId of GET \/a is 10,000 characters long, over podcast-gen's limit of 1,000/,
  },
  {
    name: 'a schema name of 10,000 characters',
    file: 'long-schema.yaml',
    text: () => longSchemaName(10_000),
    code: 'model/name-too-long',
    message: /the schema name S{20}\S*… is 10,000 characters long, over podcast-gen's limit of 1,000/,
  },
];

/** A stack trace's frame line, as V8 prints it. */
const STACK_FRAME = /^\s+at /m;

describe('hostile documents end at once with one problem naming the file, the place and the rule', () => {
  const projects: string[] = [];
  afterAll(() => projects.forEach(removeProject));
  const project = (file: string, text: string) => {
    const dir = tempProject('hostile');
    projects.push(dir);
    writeFileSync(join(dir, file), text);
    return dir;
  };

  for (const hostile of CASES) {
    it(
      `${hostile.name}: generate() and the CLI fail with ${hostile.code}`,
      async () => {
        const dir = project(hostile.file, hostile.text());

        const error = await generate({ spec: hostile.file, out: 'out', cwd: dir, check: true }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, 'generate() fails with a PodcastGenError').toBeInstanceOf(PodcastGenError);
        const problems = (error as PodcastGenError).problems;
        expect(problems.map(formatProblem), 'exactly one problem').toHaveLength(1);
        const [problem] = problems;
        expect(problem!.code).toBe(hostile.code);
        expect(problem!.severity).toBe('error');
        const line = formatProblem(problem!);
        expect(line).not.toContain('\n');
        expect(line.length, 'one readable line').toBeLessThan(400);
        expect(line).toMatch(new RegExp(`^${hostile.file.replace('.', '\\.')}:\\d+:\\d+  error  ${hostile.code}  `));
        expect(problem!.message).toMatch(hostile.message);
        expect(problem!.hint, 'names the fix').toBeTruthy();
        expect((error as PodcastGenError).exitCode).toBe(1);

        const run = await runCli(['generate', '--spec', hostile.file, '--out', 'out'], { cwd: dir });
        expect(run.code).toBe(1);
        expect(run.stderr.split('\n')[0]).toBe(line);
        expect(run.stderr).not.toContain('unexpected error');
        expect(run.stderr).not.toMatch(STACK_FRAME);
      },
      hostile.timeout,
    );
  }
});

describe('the limits leave real documents alone', () => {
  const projects: string[] = [];
  afterAll(() => projects.forEach(removeProject));
  const generateFrom = async (file: string, text: string): Promise<GenerateResult> => {
    const dir = tempProject('hostile-ok');
    projects.push(dir);
    writeFileSync(join(dir, file), text);
    return generate({ spec: file, out: 'out', cwd: dir, check: true });
  };

  it('a document sharing a response and a schema through YAML anchors', async () => {
    const result = await generateFrom('anchors.yaml', withAnchors());
    expect(result.model.operations.map((o) => o.operationId)).toStrictEqual(['getA', 'getB', 'postB']);
  });

  it('nesting of exactly 100 levels, in JSON and in YAML', async () => {
    await expect(generateFrom('deep100.json', nestedJson(100))).resolves.toBeDefined();
    await expect(generateFrom('deep100.yaml', nestedYaml(100))).resolves.toBeDefined();
  });

  it('a schema nested 45 levels deep (the document: 95)', async () => {
    const result = await generateFrom('deep45.json', nestedSchema(45));
    expect(result.model.schemas.map((s) => s.name)).toContain('Deep');
  });

  it("a chain of 100 $refs (the operation's, then 99 schemas'), and an operationId and a schema name of 200 characters", async () => {
    await expect(generateFrom('chain100.yaml', refChain(100))).resolves.toBeDefined();
    const id = await generateFrom('id200.yaml', longOperationId(200));
    expect(id.files.map((f) => f.path)).toContain(`fixtures/${'a'.repeat(200)}.json`);
    await expect(generateFrom('name200.yaml', longSchemaName(200))).resolves.toBeDefined();
  });
});

describe('references into parts of schemas that copy each other exponentially', () => {
  const projects: string[] = [];
  afterAll(() => projects.forEach(removeProject));
  const generateDoubling = async (levels: number): Promise<GenerateResult> => {
    const dir = tempProject('hostile-doubling');
    projects.push(dir);
    writeFileSync(join(dir, 'doubling.json'), doublingPartRefs(levels));
    return generate({ spec: 'doubling.json', out: 'out', cwd: dir, check: true });
  };

  it('are copied up to a bound, then left unchecked with a warning (Azure’s application gateway: 65 s and a 153 MB schemas.ts before)', async () => {
    const result = await generateDoubling(30);
    const schemas = result.files.find((f) => f.path === 'schemas.ts')?.content ?? '';
    expect(schemas.length).toBeLessThan(500_000);
    const unfollowed = result.problems.filter((p) => p.code === 'zod/inexact' && p.message.includes('into part of a component schema, is not followed here'));
    expect(unfollowed.length).toBeGreaterThan(0);
  }, 60_000);

  it('a few levels of them are copied in full, every reference checked', async () => {
    const result = await generateDoubling(6);
    expect(result.problems.filter((p) => p.code === 'zod/inexact')).toStrictEqual([]);
  });
});

describe('schemas that nest through their $refs deeper than a stage can follow', () => {
  const projects: string[] = [];
  afterAll(() => projects.forEach(removeProject));

  it('end with document/too-deep naming the stage, from generate(), the CLI and lint: no stack trace', async () => {
    const dir = tempProject('hostile-chain');
    projects.push(dir);
    writeFileSync(join(dir, 'chain.json'), propertyChain(3000));
    const error = await generate({ spec: 'chain.json', out: 'out', cwd: dir, check: true }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PodcastGenError);
    const [problem] = (error as PodcastGenError).problems;
    expect(formatProblem(problem!)).toMatch(
      /^chain\.json {2}error {2}document\/too-deep {2}the document's schemas nest too deeply through their \$refs for \S+/,
    );
    for (const argv of [
      ['generate', '--spec', 'chain.json', '--out', 'out'],
      ['lint', '--spec', 'chain.json'],
    ]) {
      const command = argv[0];
      const run = await runCli(argv, { cwd: dir });
      expect([command, run.code]).toStrictEqual([command, 1]);
      expect(run.stderr).toContain('document/too-deep');
      expect(run.stderr).not.toContain('unexpected error');
      expect(run.stderr).not.toMatch(STACK_FRAME);
    }
  }, 60_000);

  it('a chain of 150 such schemas still generates', async () => {
    const dir = tempProject('hostile-chain-ok');
    projects.push(dir);
    writeFileSync(join(dir, 'chain.json'), propertyChain(150));
    const result = await generate({ spec: 'chain.json', out: 'out', cwd: dir, check: true });
    expect(result.model.schemas).toHaveLength(150);
  }, 60_000);
});
