import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { generatedMock } from './helpers/generated-mock.js';

type Api = { createEnvironment(params: object): Promise<unknown> };

// AWS's `Tier.Version` beside the `Version` parameter: the fixture sent a made-up Tier.Version, the
// mock read the one `Version` key as both, and refused the request (Elastic Beanstalk, CloudFormation).
describe("an exploded object's property named as another parameter", () => {
  const generated = generatedMock('fixtures-mock-shared-key', 'shared-key.yaml');

  it('is warned of when generated, naming the parameter and the keys', async () => {
    const { problems } = await generateFiles({ spec: join(FIXTURE_DOCS, 'corpus', 'shared-key.yaml') });
    expect(problems.filter((p) => p.code === 'model/shared-key').map((p) => p.message)).toStrictEqual([
      "GET /environments: the query parameter `Tier` is written as one key per property (form, exploded), and its `Version` is also the name of another query parameter: a request holds one such key, read as that parameter's (the fixtures leave the property out where it is optional)",
      "GET /environments: the query parameter `Targets` is written as one key per property (form, exploded), and its `Accounts` is also the name of another query parameter: a request holds one such key, read as that parameter's (the fixtures leave the property out where it is optional)",
    ]);
  });

  it('is left out of the fixture where optional, and the fixture passes the mock', async () => {
    const { fixtures } = await generated.load<{ fixtures: Record<string, { params: { Tier?: object; Targets?: object; Version: string } }> }>(
      'fixtures/index.ts',
    );
    const { params } = fixtures.createEnvironment as { params: { Tier?: object; Targets?: object; Version: string } };
    expect(params.Version).toBe('2010-12-01');
    expect(params.Tier).not.toHaveProperty('Version');
    expect(params.Targets).toHaveProperty('Accounts');
    const { createPodcastClient } = await generated.load<{ createPodcastClient(options: object): Api }>('client.ts');
    const api = createPodcastClient({ baseUrl: generated.mock.url });
    await expect(api.createEnvironment(params)).resolves.toBeUndefined();
  });

  it("is read by the mock as the parameter it names, not as the object's property", async () => {
    const url = `${generated.mock.url}/environments?Name=Worker&Version=2010-12-01&Accounts=123456789012`;
    expect((await fetch(url)).status).toBe(200);
    // The object's own keys are still its own.
    expect((await fetch(`${generated.mock.url}/environments?Name=Nobody&Version=2010-12-01`)).status).toBe(400);
  });
});
