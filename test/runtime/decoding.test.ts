import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPromise,
  Core,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  type OperationSpec,
  type Validator,
} from '../../templates/runtime.js';
import { startLoopback, type Answer } from '../helpers/loopback.js';
import { operationSpec, oneScheme } from './operation-spec.js';

let answer: Answer = {};
let server: Awaited<ReturnType<typeof startLoopback>>;
beforeAll(async () => {
  server = await startLoopback(() => answer);
});
afterAll(() => server.close());

const core = () => new Core({ apiKey: 'key-0a1b2c3d', baseUrl: server.url }, oneScheme({ kind: 'none' }));
const enveloped = operationSpec({ envelopeData: 'data' });

/** A validator as the runtime sees one: anything with zod's `safeParse` shape (no zod here). */
function validator(check: (value: unknown) => { ok: true; data: unknown } | { ok: false; path: PropertyKey[]; message: string }): Validator {
  return {
    safeParse(value) {
      const result = check(value);
      return result.ok ? { success: true, data: result.data } : { success: false, error: { issues: [{ path: result.path, message: result.message }] } };
    },
  };
}

describe('the payload', () => {
  const payloads: [string, OperationSpec, Answer, unknown][] = [
    ["the envelope's data property", enveloped, { body: { code: 0, data: { id: 1 }, rid: 'r' } }, { id: 1 }],
    ['the whole body where it is no envelope', enveloped, { body: [1, 2] }, [1, 2]],
    ['the whole body where responses have no envelope', operationSpec(), { body: { id: 1 } }, { id: 1 }],
    ['nothing for an empty JSON body', operationSpec(), { status: 200, body: '' }, undefined],
    ['text as text', operationSpec({ dataKind: 'text' }), { body: '{"not":"parsed"}' }, '{"not":"parsed"}'],
    ['nothing when the operation answers none', operationSpec({ dataKind: 'none' }), { status: 204 }, undefined],
  ];
  it.each(payloads)('%s', async (_name, spec, given, data) => {
    answer = given;
    expect(await core().request(spec, {}, {})).toStrictEqual(data);
  });

  // Open Banking's HEAD operations and Gitea's 205 declare a body; fetch gives none for them.
  it.each([
    ['an answer to HEAD', operationSpec({ method: 'HEAD' }), { status: 200 }],
    ['a 205', operationSpec({ method: 'PUT' }), { status: 205 }],
  ] as [string, OperationSpec, Answer][])('nothing, and nothing checked, for %s', async (_name, spec, given) => {
    answer = given;
    const data = validator(() => ({ ok: false, path: [], message: 'a body is required' }));
    expect(await core().request(spec, {}, { data })).toBeUndefined();
  });

  it('a Blob for binary data', async () => {
    answer = { headers: { 'content-type': 'image/png' }, body: 'PNG' };
    const blob = await core().request<Blob>(operationSpec({ dataKind: 'binary' }), {}, {});
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('PNG');
  });

  it("is the validator's output (defaults filled in), and a bad payload's issues are placed inside the envelope", async () => {
    const data = validator((value) =>
      typeof value === 'object' && value !== null && 'id' in value
        ? { ok: true, data: { tag: 'none', ...value } }
        : { ok: false, path: ['id'], message: 'required' },
    );
    answer = { body: { data: { id: 1 }, rid: 'r-9' } };
    const result = await core().request(enveloped, {}, { data }).withResponse();
    expect(result).toStrictEqual({
      data: { tag: 'none', id: 1 },
      status: 200,
      headers: expect.any(Object),
      body: { data: { id: 1 }, rid: 'r-9' },
      rid: 'r-9',
      attempts: 1,
    });
    answer = { status: 201, body: { data: {} } };
    const error = (await core()
      .request(enveloped, {}, { data })
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect([error.status, error.issues]).toStrictEqual([201, [{ path: ['data', 'id'], message: 'required' }]]);
  });

  it('issues give their paths as strings and numbers, symbols included', async () => {
    const params = validator(() => ({ ok: false, path: ['items', 0, Symbol('extra')], message: 'bad' }));
    const error = (await core()
      .request(operationSpec(), { items: [] }, { params })
      .catch((e: unknown) => e)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues).toStrictEqual([{ path: ['items', 0, 'Symbol(extra)'], message: 'bad' }]);
  });
});

describe('ApiPromise', () => {
  it('is one call, whether awaited, asked for the whole response, or both', async () => {
    answer = { body: { n: 1 } };
    const before = server.requests.length;
    const call = core().request(operationSpec(), {}, {});
    expect(call).toBeInstanceOf(ApiPromise);
    const [data, whole] = await Promise.all([call, call.withResponse()]);
    expect(data).toStrictEqual({ n: 1 });
    expect(whole.data).toBe(data);
    expect(server.requests.length - before).toBe(1);
  });

  it('chains into plain promises, and catch and finally see the failure', async () => {
    answer = { status: 404, body: { msg: 'gone' } };
    const call = core().request(operationSpec(), {}, {});
    const chained = call.then(() => 'never');
    expect(chained).not.toBeInstanceOf(ApiPromise);
    expect(chained).toBeInstanceOf(Promise);
    let finished = false;
    const caught = await call.finally(() => (finished = true)).catch((e: { status: number }) => e.status);
    expect([caught, finished]).toStrictEqual([404, true]);
    await expect(chained).rejects.toMatchObject({ msg: 'gone' });
  });
});

describe('the time limit', () => {
  let stalling: Server | undefined;
  afterEach(async () => {
    stalling?.closeAllConnections();
    await new Promise((closed) => (stalling ? stalling.close(closed) : closed(undefined)));
  });

  it('covers the body too: a server that stalls mid-body times out', async () => {
    const slow = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    });
    stalling = slow;
    await new Promise<void>((listening) => slow.listen(0, '127.0.0.1', listening));
    const { port } = slow.address() as AddressInfo;
    const client = new Core({ apiKey: 'key-0a1b2c3d', baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 300, maxRetries: 0 }, oneScheme({ kind: 'none' }));
    const started = performance.now();
    expect(await client.request(operationSpec(), {}, {}).catch((e: unknown) => e)).toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
