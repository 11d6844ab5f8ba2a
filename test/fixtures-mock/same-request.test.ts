import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { generatedMock } from './helpers/generated-mock.js';

type Api = Record<'getSharedFile' | 'getSharedFolder' | 'hideSharedItem', (params: object) => Promise<unknown>>;

// Box's `/shared_items#folders` beside `/shared_items`: the client sends the same request for both,
// the mock answered the first's fixture, and the client refused it as the second's (Box, Azure).
describe('operations one request cannot tell apart', () => {
  const generated = generatedMock('fixtures-mock-same-request', 'same-request.yaml');

  it('are warned of when generated, naming both and the one the mock answers as', async () => {
    const { problems } = await generateFiles({ spec: join(FIXTURE_DOCS, 'corpus', 'same-request.yaml') });
    expect(problems.filter((p) => p.code === 'model/same-request').map((p) => [p.pointer, p.message])).toStrictEqual([
      [
        '#/paths/~1shared_items#folders/get',
        "GET /shared_items#folders (`getSharedFolder`) is the same request as GET /shared_items (`getSharedFile`): nothing the client sends tells them apart (a path's `#...` is not sent), so a server answers both alike, and the mock answers as `getSharedFile`",
      ],
      [
        '#/paths/~1{definitionId}#disambiguation_dummy/get',
        "GET /{definitionId}#disambiguation_dummy (`getDefinition`) is the same request as GET /{applicationId} (`getApplication`): nothing the client sends tells them apart (a path's `#...` is not sent), so a server answers both alike, and the mock answers as `getApplication`",
      ],
    ]);
  });

  it('are answered by the mock as the first, as the warning says; a fragment naming a parameter tells its operation apart', async () => {
    const { createPodcastClient } = await generated.load<{ createPodcastClient(options: object): Api }>('client.ts');
    const api = createPodcastClient({ baseUrl: generated.mock.url });
    await expect(api.getSharedFile({ BoxApi: 'shared_link=x' })).resolves.toStrictEqual({ type: 'file' });
    await expect(api.getSharedFolder({ boxapi: 'shared_link=x' })).rejects.toThrow(/does not match the document/);
    expect(generated.mock.requests.at(-1)?.operationId).toBe('getSharedFile');
    await expect(api.hideSharedItem({ BoxApi: 'shared_link=x', Action: 'Hide' })).resolves.toBeUndefined();
    expect(generated.mock.requests.at(-1)?.operationId).toBe('hideSharedItem');
  });
});
