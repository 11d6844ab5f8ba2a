import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';
import { generatedProject } from './helpers/generated-project.js';

const SPEC = join(FIXTURE_DOCS, 'corpus', 'ignored-headers.yaml');

// OpenAPI: a header parameter named Accept or Content-Type "SHALL be ignored". Spoonacular's Accept
// enum was sent beside the client's own Accept, and the mock refused the merged value.
describe('header parameters named Accept and Content-Type', () => {
  const project = generatedProject('ignored-headers', SPEC, [
    "import type { PodcastParams } from './client.js';",
    "export const params: PodcastParams<'getWidget'> = { id: 1 };",
    '// @ts-expect-error the client sets Accept itself',
    "export const withAccept: PodcastParams<'getWidget'> = { id: 1, Accept: 'text/html' };",
  ]);

  it('are ignored, each with a warning at its place', async () => {
    const { problems } = await generateFiles({ spec: SPEC });
    expect(problems.filter((p) => p.code === 'model/header-ignored').map((p) => p.pointer)).toStrictEqual([
      '#/paths/~1widgets~1{id}/get/parameters/1',
      '#/paths/~1analyze/post/parameters/0',
    ]);
  });

  it('compile, and the client calls the mock with the media types the operation declares', async () => {
    expect(project.diagnostics()).toStrictEqual([]);
    expect(await clientOnOwnMock(project.out)).toStrictEqual({ called: ['getWidget', 'analyze'], failed: [] });
  }, 120_000);
});
