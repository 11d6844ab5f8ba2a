import { describe, expect, it } from 'vitest';
import { documentJudge, readDocument } from '../helpers/ajv.js';
import { SPEC } from '../helpers/paths.js';

const document = readDocument(SPEC);

interface Media {
  schema?: { $ref?: string } & Record<string, unknown>;
  example?: unknown;
}

/** Every media-type example of the document, with the schema it must satisfy. */
function examples(): [string, Media][] {
  const found: [string, Media][] = [];
  const paths = document.paths as Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, Media> }; responses?: Record<string, { $ref?: string; content?: Record<string, Media> }> }>
  >;
  const responses = (document.components as { responses: Record<string, { content?: Record<string, Media> }> }).responses;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) found.push([`${method} ${path} request ${type}`, media]);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const resolved = response.$ref ? responses[response.$ref.split('/').pop() as string] : response;
        for (const [type, media] of Object.entries(resolved?.content ?? {}))
          if (media.example !== undefined) found.push([`${method} ${path} ${status} ${type}`, media]);
      }
    }
  }
  return found;
}

/** Keys under which a schema holds schemas (one, a list, or a map of them). */
const ONE_SCHEMA = new Set(['schema', 'items', 'additionalProperties', 'not']);
const SCHEMA_LISTS = new Set(['allOf', 'oneOf', 'anyOf']);

/**
 * Every `example` anywhere in the document with the schema it must satisfy: a parameter's, a
 * header's or a media type's (its `schema`), and a schema object's own (the schema itself).
 */
function everyExample(): [string, unknown, unknown][] {
  const found: [string, unknown, unknown][] = [];
  const walk = (node: unknown, pointer: string, isSchema: boolean): void => {
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, `${pointer}/${i}`, false);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if ('example' in record && isSchema) found.push([pointer, record, record.example]);
    else if ('example' in record && record.schema) found.push([pointer, record.schema, record.example]);
    for (const [key, value] of Object.entries(record)) {
      if (key === 'example' || key === 'examples') continue;
      const at = `${pointer}/${key}`;
      if (ONE_SCHEMA.has(key)) walk(value, at, true);
      else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
        for (const [i, item] of value.entries()) walk(item, `${at}/${i}`, true);
      } else if ((key === 'properties' || (key === 'schemas' && pointer === '#/components')) && value && typeof value === 'object') {
        for (const [name, schema] of Object.entries(value)) walk(schema, `${at}/${name}`, true);
      } else walk(value, at, false);
    }
  };
  walk(document, '#', false);
  return found;
}

describe('every example in the document is valid', () => {
  const anywhere = everyExample();
  it('examples of parameters, headers and schemas are found too', () => {
    expect(anywhere.some(([pointer]) => pointer.includes('/headers/'))).toBe(true);
    expect(anywhere.length).toBeGreaterThan(17);
  });
  it.each(anywhere)('%s', (_, schema, example) => {
    const wrapped = { components: { schemas: { ...(document.components as { schemas: object }).schemas, __Example: schema } } };
    const result = documentJudge(wrapped).validate('#/components/schemas/__Example', example);
    expect(result.errors).toStrictEqual([]);
  });
});

describe('every media-type example in the document is valid', () => {
  const all = examples();
  it('there is one per request body and per success response', () => {
    expect(all.filter(([name]) => name.includes(' request ')).length).toBe(5);
    expect(all.filter(([name]) => / 200 /.test(name)).length).toBe(12);
  });
  it.each(all)('%s', (_, media) => {
    const wrapped = { components: { schemas: { ...(document.components as { schemas: object }).schemas, __Example: media.schema } } };
    const result = documentJudge(wrapped).validate('#/components/schemas/__Example', media.example);
    expect(result.errors).toStrictEqual([]);
  });
});
