import { describe, expect, it } from 'vitest';
import { documentJudge, readDocument } from '../helpers/ajv.js';
import { SPEC } from '../helpers/paths.js';

const document = readDocument(SPEC);
const judge = documentJudge(document);

interface Media {
  schema?: { $ref?: string } & Record<string, unknown>;
  example?: unknown;
}

/** Every media-type example of the document, with the schema it must satisfy. */
function examples(): [string, Media][] {
  const found: [string, Media][] = [];
  const paths = document.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, Media> }; responses?: Record<string, { $ref?: string; content?: Record<string, Media> }> }>>;
  const responses = (document.components as { responses: Record<string, { content?: Record<string, Media> }> }).responses;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) found.push([`${method} ${path} request ${type}`, media]);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const resolved = response.$ref ? responses[response.$ref.split('/').pop() as string] : response;
        for (const [type, media] of Object.entries(resolved?.content ?? {})) if (media.example !== undefined) found.push([`${method} ${path} ${status} ${type}`, media]);
      }
    }
  }
  return found;
}

describe('every example in the document is valid', () => {
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
