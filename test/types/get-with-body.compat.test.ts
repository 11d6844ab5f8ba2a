import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';
import { generatedProject } from './helpers/generated-project.js';

const SPEC = join(FIXTURE_DOCS, 'corpus', 'get-with-body.yaml');

// fetch refuses a body with GET or HEAD: Okta's getUser failed as a lost connection.
describe('a GET with a request body', () => {
  const project = generatedProject('get-with-body', SPEC, [
    "import type { PodcastParams } from './client.js';",
    "export const params: PodcastParams<'getUser'> = { userId: 'u1' };",
    '// @ts-expect-error the client sends no body with GET',
    "export const withBody: PodcastParams<'getUser'> = { userId: 'u1', body: { fields: [] } };",
  ]);

  it('is generated without the body, with a warning that says so', async () => {
    const { problems } = await generateFiles({ spec: SPEC });
    expect(problems.filter((p) => p.code === 'model/body-not-sent').map((p) => p.message)).toStrictEqual([
      'GET /users/{userId}: a request body, which fetch cannot send with GET; the client, the mock and the MCP tool leave it out',
    ]);
  });

  it('compiles, and its client calls the mock', async () => {
    expect(project.diagnostics()).toStrictEqual([]);
    expect(await clientOnOwnMock(project.out)).toStrictEqual({ called: ['getUser'], failed: [] });
  }, 120_000);
});
