import { describe, expect, it } from 'vitest';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';
import { generatedMock } from './helpers/generated-mock.js';

type Fixtures = Record<string, { response: { body: Record<string, unknown[]> } }>;

// Spotify's document: each artist carried the tag `ArtistObject` (openapi-typescript's, by component
// name), which its own enum (`artist`) refuses: the client refused 21 of its answers.
describe('a discriminated branch whose own enum refuses its tag', () => {
  const generated = generatedMock('fixtures-mock-discriminator-own-enum', 'discriminator-own-enum.yaml');

  it('keeps its own enum outside the discriminated union, and no value is made inside it', async () => {
    expect(await clientOnOwnMock(generated.out)).toStrictEqual({ called: ['getAlbum', 'getTop'], failed: [] });
    const { fixtures } = await generated.load<{ fixtures: Fixtures }>('fixtures/index.ts');
    expect(fixtures.getAlbum?.response.body.artists?.[0]).toMatchObject({ type: 'artist' });
    // The discriminator selects ArtistObject by `ArtistObject`, which ArtistObject refuses.
    expect(fixtures.getTop?.response.body.items).toStrictEqual([]);
  });
});
