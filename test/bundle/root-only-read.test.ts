/**
 * generator/load/read-spec.ts `rootOnly`: the side thread's second read of a document (it reads the
 * file while the main thread does) reads the root file alone: a document of several files fails
 * there, and the main thread sends the worker its own copy instead.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLintConfig } from '../../generator/lint/lint-config.js';
import { isOneFile, readSpec } from '../../generator/load/read-spec.js';

describe('a read of the root file alone', () => {
  let dir: string;
  const operation = (schema: unknown) => ({
    get: { operationId: 'get', responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } } },
  });
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'podcast-gen-root-only-'));
    const document = (schema: unknown) => JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { '/a': operation(schema) } });
    writeFileSync(
      join(dir, 'one.json'),
      document({ $ref: '#/components/schemas/A' }).replace('"paths"', '"components":{"schemas":{"A":{"type":"string"}}},"paths"'),
    );
    writeFileSync(join(dir, 'two.json'), document({ $ref: 'other.json#/A' }));
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ A: { type: 'string' } }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a document of one file as the whole read does', async () => {
    const config = await loadLintConfig();
    const whole = await readSpec({ spec: 'one.json', cwd: dir, config });
    const alone = await readSpec({ spec: 'one.json', cwd: dir, config, rootOnly: true });
    expect(alone.document).toStrictEqual(whole.document);
    expect(alone.hash).toBe(whole.hash);
  });

  it('fails on a $ref to another file, which the whole read follows', async () => {
    const config = await loadLintConfig();
    const whole = await readSpec({ spec: 'two.json', cwd: dir, config });
    expect(JSON.stringify(whole.document)).toContain('"type":"string"');
    await expect(readSpec({ spec: 'two.json', cwd: dir, config, rootOnly: true })).rejects.toThrow(/other\.json/);
  });

  it('tells a document of one file from one of several, whose bundle redocly makes in the root itself', async () => {
    const config = await loadLintConfig();
    expect(isOneFile(await readSpec({ spec: 'one.json', cwd: dir, config }))).toBe(true);
    expect(isOneFile(await readSpec({ spec: 'two.json', cwd: dir, config }))).toBe(false);
  });
});
