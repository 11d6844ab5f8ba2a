import { describe, expect, it } from 'vitest';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';
import { generatedMock } from './helpers/generated-mock.js';

// Gitea's document: the mock took routes in document order, so `/commits/abc.diff` was answered by
// `/commits/{sha}` (an object where the client expected the diff's string).
describe('the mock matches concrete paths before templated ones, as OpenAPI says', () => {
  const generated = generatedMock('fixtures-mock-concrete-paths', 'concrete-paths.yaml');

  it('answers each operation of the client with its own fixture', async () => {
    expect(await clientOnOwnMock(generated.out)).toStrictEqual({
      called: [
        'getCommit',
        'downloadCommitDiff',
        'getUser',
        'getMe',
        'getCopyrights',
        'getProfile',
        'checkAccess',
        'getStatus',
        'getSpec',
        'analyzeImage',
        'analyzeImageInStream',
      ],
      failed: [],
    });
  });

  it('routes a path to the operation whose segments are most literal', async () => {
    for (const path of ['/commits/abc', '/commits/abc.diff', '/users/u1', '/users/me']) expect((await fetch(`${generated.mock.url}${path}`)).status).toBe(200);
    expect(generated.mock.requests.slice(-4).map((r) => r.operationId)).toStrictEqual(['getCommit', 'downloadCommitDiff', 'getUser', 'getMe']);
  });

  // TomTom's `{maxLat}.{format}`: `52.52.json` was read as 52 and `52.json`.
  it('splits a segment of two parameters at the last separator', async () => {
    expect((await fetch(`${generated.mock.url}/copyrights/52.52.json`)).status).toBe(200);
    expect(generated.mock.requests.at(-1)?.operationId).toBe('getCopyrights');
  });

  // Buffer's `{id}{mediaTypeExtension}`: nothing between the two, `.json` the second's one value.
  it('ends a parameter where the value of the enum beside it begins', async () => {
    expect((await fetch(`${generated.mock.url}/profiles/p.1.json`)).status).toBe(200);
    expect(generated.mock.requests.at(-1)?.operationId).toBe('getProfile');
    expect((await fetch(`${generated.mock.url}/profiles/p1.yaml`)).status).toBe(404);
  });

  // Clever Cloud's `//openapi`: the mock read the request target `//openapi` as the host `openapi`.
  it('reads a target that starts with // as a path', async () => {
    expect((await fetch(`${generated.mock.url}//spec`)).status).toBe(200);
    expect(generated.mock.requests.at(-1)?.operationId).toBe('getSpec');
  });

  // Azure's Computer Vision: `/analyze` takes JSON, `/analyze#overload=stream` the image's bytes, and
  // no parameter carries `overload`.
  it("takes, of alike paths, the one whose body is of the request's kind", async () => {
    const post = (type: string, body: string) => fetch(`${generated.mock.url}/analyze`, { method: 'POST', headers: { 'content-type': type }, body });
    expect((await post('application/octet-stream', 'bytes')).status).toBe(200);
    expect((await post('application/json', '{"url":"https://example.com/a.png"}')).status).toBe(200);
    expect(generated.mock.requests.slice(-2).map((r) => r.operationId)).toStrictEqual(['analyzeImageInStream', 'analyzeImage']);
  });

  // Azure Data Lake's `/webhdfs/v1/{path}` beside `/webhdfs/v1/{path}#op=GETFILESTATUS`.
  it('takes, of alike paths, the one whose fragment the request carries', async () => {
    expect((await fetch(`${generated.mock.url}/files/a?op=STATUS`)).status).toBe(200);
    expect((await fetch(`${generated.mock.url}/files/a?op=CHECKACCESS`)).status).toBe(200);
    expect(generated.mock.requests.slice(-2).map((r) => r.operationId)).toStrictEqual(['getStatus', 'checkAccess']);
  });
});
