import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';
import { generatedMock } from './helpers/generated-mock.js';

// MailboxValidator's answers: the mock sent a JSON string as text, and the client read the object
// written in it (`expected string, received object`).
describe('an answer that is a JSON string', () => {
  const generated = generatedMock('fixtures-mock-json-string', 'json-string.yaml');

  it('carries its media type in its fixture, and is sent quoted', async () => {
    const fixture = JSON.parse(readFileSync(join(generated.out, 'fixtures', 'checkFree.json'), 'utf8')) as {
      response: { headers: Record<string, string>; body: string };
    };
    expect(fixture.response).toStrictEqual({
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"email_address":"","is_free":""}',
    });
    const answer = await fetch(`${generated.mock.url}/email/free`);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await answer.json()).toBe('{"email_address":"","is_free":""}');
  });

  it('is read by the client as the string it is', async () => {
    expect(await clientOnOwnMock(generated.out)).toStrictEqual({ called: ['checkFree', 'getVersion'], failed: [] });
  });
});
