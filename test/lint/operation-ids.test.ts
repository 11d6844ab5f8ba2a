import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles, PodcastGenError, type Problem } from '../../generator/index.js';
import { ROOT } from '../helpers/paths.js';

const DOCUMENTS = join(ROOT, 'test', 'lint', 'documents');

async function errorsOf(options: Parameters<typeof generateFiles>[0]): Promise<Problem[]> {
  const error = await generateFiles(options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PodcastGenError);
  return (error as PodcastGenError).problems.filter((p) => p.severity === 'error').map((p) => ({ ...p }));
}

/** operationIds key the types' `operations`, the client's operation types and the fixtures: two operations may never share one. */
describe('operationIds that collide', () => {
  it('a made-up operationId never takes one the document gives (the output compiles: operation-ids.compat.test.ts)', async () => {
    const { model, problems } = await generateFiles({ spec: join(DOCUMENTS, 'derived-operation-id.yaml') });
    expect(model.operations.map((op) => [op.method, op.operationId, op.methodName])).toStrictEqual([
      ['get', 'getPets2', 'getPets2'],
      ['post', 'getPets', 'getPets'],
    ]);
    expect(problems.map((p) => p.message)).toStrictEqual(['operation has no operationId; using `getPets2`']);
  });

  it('two the same once trimmed: the generic preset refuses them, naming both', async () => {
    const errors = await errorsOf({ spec: join(DOCUMENTS, 'trimmed-operation-id.yaml'), cwd: DOCUMENTS });
    expect(errors).toStrictEqual([
      {
        code: 'podcast-gen/operation-id-unique',
        severity: 'error',
        message: 'GET /pets and GET /pets/search have the same operationId `listPets`',
        hint: "give each operation its own operationId (it names the operation's method, types and files)",
        file: 'trimmed-operation-id.yaml',
        pointer: '#/paths/~1pets~1search/get/operationId',
        line: 13,
        col: 7,
      },
    ]);
  });

  it('two the same once trimmed, under a lint config without a rule on them: the model refuses them, naming both', async () => {
    const errors = await errorsOf({
      spec: join(DOCUMENTS, 'trimmed-operation-id.yaml'),
      lintConfig: join(DOCUMENTS, 'no-unique-rule.redocly.yaml'),
      cwd: DOCUMENTS,
    });
    expect(errors).toStrictEqual([
      {
        code: 'model/duplicate-operation-id',
        severity: 'error',
        message: 'GET /pets and GET /pets/search have the same operationId `listPets`',
        hint: "give each operation its own operationId (it names the operation's method, types and files)",
        file: 'trimmed-operation-id.yaml',
        pointer: '#/paths/~1pets~1search/get/operationId',
        line: 13,
        col: 7,
      },
    ]);
  });

  it('a QUERY operation (3.2) among them: lint and the model read it as any fixed method', async () => {
    const spec = join(DOCUMENTS, 'query-operation-id.yaml');
    const shared = {
      severity: 'error',
      message: 'GET /pets and QUERY /pets/search have the same operationId `findPets`',
      hint: "give each operation its own operationId (it names the operation's method, types and files)",
      file: 'query-operation-id.yaml',
      pointer: '#/paths/~1pets~1search/query/operationId',
      line: 11,
      col: 7,
    };
    expect(await errorsOf({ spec, cwd: DOCUMENTS })).toStrictEqual([{ code: 'podcast-gen/operation-id-unique', ...shared }]);
    expect(await errorsOf({ spec, lintConfig: join(DOCUMENTS, 'no-unique-rule.redocly.yaml'), cwd: DOCUMENTS })).toStrictEqual([
      { code: 'model/duplicate-operation-id', ...shared },
    ]);
  });
});
