import { beforeAll, describe, expect, it } from 'vitest';
import { generatedMock } from './helpers/generated-mock.js';

// Pandascore's document: the mock read a query parameter of several types (`page`: an integer or an
// object; a videogame ID or slug) as text, and answered 400 to 48 of its operations.
describe('the mock reads a query parameter of several types as the text says', () => {
  const generated = generatedMock('fixtures-mock-query-one-of', 'query-one-of.yaml');
  let api: { getAdditions(params: object): Promise<unknown> };
  beforeAll(async () => {
    const { createPodcastClient } = await generated.load<{ createPodcastClient(options: object): typeof api }>('client.ts');
    api = createPodcastClient({ baseUrl: generated.mock.url });
  });

  it("takes the client's numbers and booleans as such, and text where that is what the text is", async () => {
    await expect(api.getAdditions({ page: 2, videogame: [1, 'league-of-legends'], flag: true })).resolves.toBeDefined();
    await expect(api.getAdditions({ videogame: ['lol'], flag: 'auto' })).resolves.toBeDefined();
  });

  it("reads a deepObject's array properties from their comma-joined items, an object property from its JSON", async () => {
    const range = { id: [1, 9], begin_at: ['2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z'], meta: { tag: 'x' } };
    await expect(api.getAdditions({ videogame: [1], flag: true, range })).resolves.toBeDefined();
    const request = generated.mock.requests.at(-1);
    expect(request?.query).toMatchObject({ 'range[id]': '1,9', 'range[meta]': '{"tag":"x"}' });
    expect((await fetch(`${generated.mock.url}/additions?videogame=1&flag=true&range[id]=1,2,3`)).status).toBe(400);
  });

  it("reads a map of objects from its entries' JSON, leaving a deepObject's keys to it (SNS's message attributes)", async () => {
    const attributes = { key_1: { DataType: 'String', StringValue: 'x' }, key_2: { DataType: 'Number' } };
    const range = { id: [1, 9] };
    await expect(api.getAdditions({ videogame: [1], flag: true, range, attributes })).resolves.toBeDefined();
    expect(generated.mock.requests.at(-1)?.query).toMatchObject({ key_1: '{"DataType":"String","StringValue":"x"}', 'range[id]': '1,9' });
    expect((await fetch(`${generated.mock.url}/additions?videogame=1&flag=true&key_1=${encodeURIComponent('{"StringValue":"x"}')}`)).status).toBe(400);
  });

  it("reads a property that is an object or text (Stripe's `dob`) from the object's JSON, else as the text", async () => {
    await expect(api.getAdditions({ videogame: [1], flag: true, range: { dob: { day: 3 } } })).resolves.toBeDefined();
    expect(generated.mock.requests.at(-1)?.query).toMatchObject({ 'range[dob]': '{"day":3}' });
    await expect(api.getAdditions({ videogame: [1], flag: true, range: { dob: '' } })).resolves.toBeDefined();
    expect((await fetch(`${generated.mock.url}/additions?videogame=1&flag=true&range[dob]=${encodeURIComponent('{"day":"x"}')}`)).status).toBe(400);
  });

  it('still refuses what no branch takes', async () => {
    expect((await fetch(`${generated.mock.url}/additions?page=0&videogame=1&flag=true`)).status).toBe(400);
    expect((await fetch(`${generated.mock.url}/additions?videogame=Dota%202&flag=true`)).status).toBe(400);
  });
});
