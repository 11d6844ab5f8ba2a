import { describe, expect, it } from 'vitest';
import { generatedMock } from './helpers/generated-mock.js';

type Api = Record<'getInvoice' | 'batchInvoices' | 'searchInvoices' | 'launchImport', (params: object) => Promise<unknown>>;
type Fixtures = Record<string, { params: Record<string, unknown> }>;

// Sinao's document: the client refused 20 of its mock's answers and requests.
describe('fixtures of recursive oneOf documents, large query parameters and untyped parameters', () => {
  const generated = generatedMock('fixtures-mock-sales-documents', 'sales-documents.yaml');
  const client = async () => {
    const { createPodcastClient } = await generated.load<{ createPodcastClient(options: object): Api }>('client.ts');
    return createPodcastClient({ baseUrl: generated.mock.url });
  };

  it('leave out a document met again below itself rather than give {}, which fits both branches', async () => {
    const api = await client();
    const invoice = (await api.getInvoice({ id: 1 })) as { content?: { document?: unknown }[] };
    const documents = JSON.stringify(invoice).match(/"document":\{\}/g);
    expect(documents).toBeNull();
  });

  it('make a required query parameter again with what it requires alone when the query would not fit', async () => {
    const { fixtures } = await generated.load<{ fixtures: Fixtures }>('fixtures/index.ts');
    const params = fixtures.batchInvoices?.params ?? {};
    expect(Array.isArray(params.data) && params.data.length).toBeGreaterThan(0);
    expect(encodeURIComponent(JSON.stringify(params.data)).length).toBeLessThan(4096);
    await expect((await client()).batchInvoices(params)).resolves.toBeUndefined();
  });

  it('keep something of a required object made again, since an empty one is no pair on the wire', async () => {
    const { fixtures } = await generated.load<{ fixtures: Fixtures }>('fixtures/index.ts');
    const params = fixtures.searchInvoices?.params ?? {};
    expect(Object.keys(params.json ?? {}).length).toBeGreaterThan(0);
    expect(encodeURIComponent(JSON.stringify(params.json)).length).toBeLessThan(4096);
    await expect((await client()).searchInvoices(params)).resolves.toBeUndefined();
  });

  it('give a parameter whose schema names no type a string, which a request carries', async () => {
    const { fixtures } = await generated.load<{ fixtures: Fixtures }>('fixtures/index.ts');
    const params = fixtures.launchImport?.params ?? {};
    expect(typeof params.public_key).toBe('string');
    await expect((await client()).launchImport(params)).resolves.toBeUndefined();
  });
});
