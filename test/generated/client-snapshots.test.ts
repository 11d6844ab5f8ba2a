import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPodcastClient } from '../../generated/index.js';
import { generateFiles } from '../../generator/index.js';
import { GENERATED, ROOT } from '../helpers/paths.js';

const { model } = await generateFiles({ cwd: ROOT });
const client = readFileSync(join(GENERATED, 'client.ts'), 'utf8');
const snapshotDir = join(ROOT, 'test/generated/__snapshots__/client');

/** The standalone function of an operation, with its JSDoc, as emitted. */
function functionOf(methodName: string): string {
  const start = client.search(new RegExp(`/\\*\\*(?:(?!\\*/)[\\s\\S])*\\*/\\nexport function ${methodName}\\(`));
  const end = client.indexOf('\n}\n', start);
  return client.slice(start, end + 3);
}

describe('the emitted client, operation by operation', () => {
  it.each(model.operations.map((op) => [op.operationId, op] as const))('%s', async (_, op) => {
    const source = functionOf(op.methodName);
    expect(source).toContain(`export function ${op.methodName}(`);
    await expect(source).toMatchFileSnapshot(join(snapshotDir, `${op.operationId}.ts.snap`));
  });

  it('no operation lacks a method, a type or a snapshot', () => {
    const methods = Object.keys(createPodcastClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' }));
    const missing = model.operations.flatMap((op) => [
      ...(methods.includes(op.methodName) ? [] : [`${op.operationId}: no client method`]),
      ...(client.includes(`  ${op.operationId}: {\n    params: `) ? [] : [`${op.operationId}: no entry in the operation types`]),
      ...(existsSync(join(snapshotDir, `${op.operationId}.ts.snap`)) ? [] : [`${op.operationId}: no snapshot`]),
    ]);
    expect(missing).toStrictEqual([]);
    expect(model.operations).toHaveLength(12);
  });
});
