/**
 * A loopback server that plants one fault per chosen operation and passes every other request on to
 * the generated podcast mock, so the operations left intact are answered as the document says.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fixtures } from '../../generated/fixtures/index.js';
import { startMockServer } from '../../generated/mock/index.js';
import { TEST_KEY } from './helpers.js';

/** A planted answer: status, headers and body (an object is sent as JSON). */
interface Planted {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** What the fault server answers a request for `path`, with the test's credential or without it; undefined passes it on to the mock (which takes that credential only). */
export type Fault = (request: { method: string; path: string; credentialed: boolean; body: string }) => Planted | undefined;

/** Whether a request's body is the one of the operation's fixture. */
function isFixtureBody(text: string, id: keyof typeof fixtures): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(fixtures[id].params);
  } catch {
    return false;
  }
}

const json = { 'content-type': 'application/json' };
const body = <K extends keyof typeof fixtures>(id: K) =>
  structuredClone(fixtures[id].response.body) as Record<string, unknown> & { data: Record<string, unknown> };

/** The faults of the issue, one per operation; `searchCatalog` lets a request in without its credential. */
export const PLANTED: Record<string, { path: string; method: string; check: string; fault: Fault }> = {
  getVoiceCloneAllowance: {
    method: 'GET',
    path: '/open/podcast/v1/voices/clone/allowance',
    check: 'body',
    // A wrong type in one field: free_count is an integer.
    fault: ({ credentialed }) =>
      credentialed ? { status: 200, headers: json, body: { ...body('getVoiceCloneAllowance'), data: { free_count: '2' } } } : undefined,
  },
  getSubscription: {
    method: 'GET',
    path: '/open/podcast/v1/subscription',
    check: 'content-type',
    fault: ({ credentialed }) => (credentialed ? { status: 200, headers: { 'content-type': 'text/plain' }, body: body('getSubscription') } : undefined),
  },
  listImageBackgrounds: {
    method: 'GET',
    path: '/open/podcast/v1/image_backgrounds',
    check: 'server-error',
    fault: ({ credentialed }) =>
      credentialed ? { status: 500, headers: json, body: { code: 500, msg: 'boom', cause: '', data: null, details: {}, rid: 'r' } } : undefined,
  },
  createMultiCameraAvatar: {
    method: 'POST',
    path: '/open/podcast/v1/avatars/multi_camera',
    check: 'body',
    // A missing required property: the 429 body's retry_after (to the fixture's request: the others are refused by the mock).
    fault: ({ credentialed, body: text }) =>
      credentialed && isFixtureBody(text, 'createMultiCameraAvatar')
        ? { status: 429, headers: { ...json, 'retry-after': '1' }, body: { code: 429, msg: 'rate limit exceeded' } }
        : undefined,
  },
  addImage: {
    method: 'POST',
    path: '/open/podcast/v1/images',
    check: 'status',
    // An undeclared status: 201 where the document declares 200 (and default for failures), to invalid input too.
    fault: ({ credentialed }) => (credentialed ? { status: 201, headers: json, body: body('addImage') } : undefined),
  },
  quotaSummary: {
    method: 'GET',
    path: '/open/podcast/v1/quota/summary',
    check: 'headers',
    // A missing Retry-After: the body still says when (the client waits by it).
    fault: ({ credentialed }) => (credentialed ? { status: 429, headers: json, body: { code: 429, msg: 'rate limit exceeded', retry_after: 1 } } : undefined),
  },
  searchCatalog: {
    method: 'GET',
    path: '/open/podcast/v1/catalogs/voices',
    check: 'ignored-auth',
    fault: ({ credentialed }) => (credentialed ? undefined : { status: 200, headers: json, body: body('searchCatalog') }),
  },
};

/** A request as the fault server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  credentialed: boolean;
  headers: IncomingMessage['headers'];
}

/** Starts the fault server (and the mock behind it) on 127.0.0.1. */
export async function startFaultServer(planted: Record<string, { path: string; method: string; fault: Fault }> = PLANTED) {
  const mock = await startMockServer({ credentials: { ApiKeyAuth: TEST_KEY } });
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request = { method: req.method ?? '', path: url.pathname, credentialed: req.headers['x-api-key'] === TEST_KEY };
    seen.push({ ...request, headers: req.headers });
    const sent = { ...request, body: Buffer.concat(chunks).toString('utf8') };
    const entry = Object.values(planted).find((p) => p.method === request.method && p.path === request.path);
    const answer = entry?.fault(sent);
    if (answer) {
      res.writeHead(answer.status, answer.headers);
      res.end(JSON.stringify(answer.body));
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
    const passed = await fetch(`${mock.url}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(passed.status, Object.fromEntries(passed.headers));
    res.end(Buffer.from(await passed.arrayBuffer()));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mock.close();
    },
  };
}
