/**
 * `verify --negative`'s undeclared-method probe reads a path's methods from the whole document: a
 * method of an operation the config's `operations` leaves out is declared all the same, so it is
 * not sent as an undeclared one (a GET answered 200 read as a failure, or a write sent for real).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedTarget } from './helpers.js';
import { pathMethodsOf } from '../../generator/model/path-methods.js';
import type { OpenApiDocument } from '../../generator/load/read-spec.js';
import { verifyServer } from '../../generator/verify/verify-server.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { REFERENCE_KEY, startReferenceServer } from './reference-server.js';

const SPEC = join(FIXTURE_DOCS, 'verify', 'reference.yaml');

describe('the undeclared-method probe under a selection', () => {
  it('tries a method the whole document does not declare, not one of an operation left out (the correct server passes)', async () => {
    const { model, generated, problems } = await generatedTarget({ spec: SPEC, operations: { exclude: ['op:listItems'] } });
    expect(model.operations.map((op) => op.operationId)).not.toContain('listItems');
    const server = await startReferenceServer();
    try {
      const report = await verifyServer({
        model,
        generated,
        problems,
        baseUrl: server.url,
        auth: { key: REFERENCE_KEY },
        unsafe: true,
        negative: true,
        cases: 1,
        select: (op) => op.operationId === 'createItem',
      });
      const create = report.operations.find((op) => op.operationId === 'createItem');
      expect(create?.findings.map((f) => `${f.check}: ${f.message}`)).toStrictEqual([]);
      expect(create?.coverage?.checks).toContain('method');
      expect(create?.coverage?.statuses).toContain(405);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('pathMethodsOf', () => {
  it.each<{ given: string; paths: Record<string, unknown>; want: Record<string, string[]> }>([
    { given: 'fixed fields', paths: { '/a': { get: {}, delete: {}, parameters: [] } }, want: { '/a': ['GET', 'DELETE'] } },
    { given: "3.2's additionalOperations", paths: { '/a': { query: {}, additionalOperations: { COPY: {} } } }, want: { '/a': ['QUERY', 'COPY'] } },
    { given: 'a path item of no operation', paths: { '/a': { summary: 'x' } }, want: { '/a': [] } },
  ])('$given', ({ paths, want }) => {
    expect(pathMethodsOf({ openapi: '3.2.0', paths } as unknown as OpenApiDocument)).toStrictEqual(want);
  });
});
