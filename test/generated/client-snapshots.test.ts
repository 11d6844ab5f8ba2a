import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Node, Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { createPodcastClient } from '../../generated/index.js';
import { generateFiles } from '../../generator/index.js';
import { GENERATED, ROOT } from '../helpers/paths.js';

const { model } = await generateFiles({ cwd: ROOT });
const snapshotDir = join(ROOT, 'test/generated/__snapshots__/client');
// The emitted client read as TypeScript (ts-morph's syntax tree), not searched as text.
const client = new Project({ skipAddingFilesFromTsConfig: true }).addSourceFileAtPath(join(GENERATED, 'client.ts'));

/** The standalone function of an operation, with its JSDoc, as emitted. */
function functionOf(methodName: string): string | undefined {
  const fn = client.getFunction(methodName);
  if (!fn?.isExported()) return undefined;
  return `${client.getFullText().slice(fn.getStart(true), fn.getEnd())}\n`;
}

/** The `params` and `data` members of an operation's entry in the operation types interface. */
function operationTypeMembers(operationId: string): string[] {
  const entry = client.getInterface(`${model.names.api}OperationTypes`)?.getProperty(operationId)?.getTypeNode();
  return entry && Node.isTypeLiteral(entry) ? entry.getProperties().map((p) => p.getName()) : [];
}

describe('the emitted client, operation by operation', () => {
  it.each(model.operations.map((op) => [op.operationId, op] as const))('%s', async (_, op) => {
    const source = functionOf(op.methodName);
    expect(source, `no exported function ${op.methodName}`).toBeDefined();
    await expect(source).toMatchFileSnapshot(join(snapshotDir, `${op.operationId}.ts.snap`));
  });

  it('no operation lacks a method, a type or a snapshot', () => {
    const methods = Object.keys(createPodcastClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' }));
    const missing = model.operations.flatMap((op) => [
      ...(methods.includes(op.methodName) ? [] : [`${op.operationId}: no client method`]),
      ...(operationTypeMembers(op.operationId).join() === 'params,data' ? [] : [`${op.operationId}: no params and data in the operation types`]),
      ...(existsSync(join(snapshotDir, `${op.operationId}.ts.snap`)) ? [] : [`${op.operationId}: no snapshot`]),
    ]);
    expect(missing).toStrictEqual([]);
    expect(model.operations).toHaveLength(12);
  });
});

describe("each operation's description, printed once", () => {
  it.each(model.operations.filter((op) => op.description).map((op) => [op.operationId, op] as const))(
    '%s: the client method has it whole; the function has it or links there',
    (_, op) => {
      const description = op.description as string;
      const method = client.getInterface(model.names.clientType)?.getMethod(op.methodName);
      const methodDoc =
        method
          ?.getJsDocs()
          .map((d) => d.getInnerText())
          .join('\n') ?? '';
      expect(methodDoc.replace(/\s+/g, ' ')).toContain(description.replace(/\s+/g, ' '));
      const functionDoc =
        client
          .getFunction(op.methodName)
          ?.getJsDocs()
          .map((d) => d.getInnerText())
          .join('\n') ?? '';
      const link = `{@link ${model.names.clientType}.${op.methodName}}`;
      // Long descriptions are linked (the link resolves to the method above), short ones repeated.
      expect(functionDoc.includes(link) !== functionDoc.replace(/\s+/g, ' ').includes(description.replace(/\s+/g, ' '))).toBe(true);
      if (description.length > 120) expect(functionDoc).toContain(link);
    },
  );
});
