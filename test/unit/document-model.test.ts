import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { typesPlugin } from '../../generator/emit/types/emit-types.js';
import { loadTemplates } from '../../generator/emit/templates.js';
import { buildDocumentModel, buildModel, type ModelOptions } from '../../generator/model/build-model.js';
import type { ApiModel } from '../../generator/model/types.js';
import { ROOT } from '../helpers/paths.js';

// The side thread makes an output that reads only the document (`Plugin.reads`) from
// buildDocumentModel, without the rest of the model: it must be the model's document and source,
// and such an output must read nothing else.

const source = { path: 'test.yaml', label: 'test.yaml', hash: 'h' };
const read = (path: string) => parseYaml(readFileSync(path, 'utf8')) as Record<string, unknown>;
const versions = join(ROOT, 'test', 'fixtures', 'versions');
const documents: [string, Record<string, unknown>, Partial<ModelOptions>][] = [
  ['the podcast document', read(join(ROOT, 'spec', 'podcast.openapi.yaml')), {}],
  [
    'the podcast document, two operations chosen',
    read(join(ROOT, 'spec', 'podcast.openapi.yaml')),
    { operations: { include: ['op:quotaSummary', 'op:saveDesignedVoice'] } },
  ],
  [
    'operations without an operationId (named by the model)',
    {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/pets/{id}': {
          get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'ok' } } },
        },
      },
    },
    {},
  ],
  ...readdirSync(versions)
    .filter((name) => name.endsWith('.yaml'))
    .map((name): [string, Record<string, unknown>, Partial<ModelOptions>] => [name, read(join(versions, name)), {}]),
];

describe('buildDocumentModel', () => {
  it.each(documents)("%s: the model's document and source", (_name, document, more) => {
    const options = { source, ...more };
    const { model } = buildModel(structuredClone(document), options);
    expect(buildDocumentModel(structuredClone(document), options)).toStrictEqual({ document: model.document, source: model.source });
  });

  it("is all the types output reads of the model (it declares reads: 'document')", async () => {
    expect(typesPlugin.reads).toBe('document');
    const [, document] = documents[0] as (typeof documents)[number];
    const only = buildDocumentModel(document, { source });
    const watched = new Proxy(only, {
      get(target, key) {
        if (typeof key === 'string' && !(key in target)) throw new Error(`the types output read the model's ${key}`);
        return Reflect.get(target, key);
      },
    }) as ApiModel;
    const context = { options: {}, templates: loadTemplates(undefined), outputs: ['types'], report: () => undefined };
    const [file] = await typesPlugin.emit(watched, context);
    expect(file?.content).toBe((await typesPlugin.emit(buildModel(document, { source }).model, context))[0]?.content);
  });
});
