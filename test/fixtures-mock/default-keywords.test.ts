import { describe, expect, it } from 'vitest';
import { generatedMock } from './helpers/generated-mock.js';

type Api = { getDefinitions(): Promise<unknown> };
type Validators = Record<string, { safeParse(value: unknown): { success: boolean } }>;

// Wordnik's `items: { uniqueItems: false }`: the validators read it as an array, the fixture made
// any value, and the client refused the mock's answer (7 of Wordnik's 9 operations).
describe('a keyword at the value JSON Schema gives it when absent', () => {
  const generated = generatedMock('fixtures-mock-default-keywords', 'default-keywords.yaml');

  it('implies no type: such a schema takes any value', async () => {
    const { Definition, Citation } = await generated.load<Validators>('schemas.ts');
    const values = [{ cite: 'x' }, 'text', 1, [1], null];
    expect(values.map((note) => Definition?.safeParse({ notes: [note], word: note, any: note }).success)).toStrictEqual([true, true, true, true, true]);
    // `properties` still make an object of Citation.
    expect(Citation?.safeParse({ cite: 'x' }).success).toBe(true);
    expect(Citation?.safeParse({ cite: 1 }).success).toBe(false);
  });

  it("lets the client take the mock's answer", async () => {
    const { createPodcastClient } = await generated.load<{ createPodcastClient(options: object): Api }>('client.ts');
    const api = createPodcastClient({ baseUrl: generated.mock.url });
    await expect(api.getDefinitions()).resolves.toBeInstanceOf(Array);
  });
});
