/**
 * A server of test/fixtures/verify/reference.yaml written by hand, as a team would write it: it
 * keeps items, checks the key, the input and the method as the document says, and answers as the
 * document declares. Each defect of DEFECTS can be planted in it, one at a time; with none it is
 * the correct twin.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** The key the server takes. */
export const REFERENCE_KEY = 'ref-key-2f81c9';

/** One planted defect per check of verify, and the check that must find it. */
export const DEFECTS = {
  /** A valid request refused: a name of 20 characters (its maxLength) is answered 422. */
  'refuses-valid': 'accepted',
  /** An invalid request accepted: a price past its maximum is taken. */
  'accepts-invalid': 'negative-data',
  /** A method the path does not declare answered 200. */
  'undeclared-method': 'method',
  /** A missing required header accepted: createItem without X-Request-Id. */
  'missing-header': 'missing-required',
  /** A deleted item still answered 200. */
  'deleted-still-there': 'use-after-free',
  /** A created item answered 404: the id given is not the one kept. */
  'created-not-found': 'resource-available',
  /** A 500 on a boundary value: limit at its maximum 50. */
  'boundary-500': 'server-error',
  /** A wrong key accepted. */
  'wrong-credential': 'ignored-auth',
} as const;
export type Defect = keyof typeof DEFECTS;

interface Item {
  id: number;
  name: string;
  price: number;
  kind?: string;
}

const KINDS = ['book', 'film'];

/** Starts the server on 127.0.0.1 with `defect` planted (none: the correct twin). */
export async function startReferenceServer(defect?: Defect) {
  const items = new Map<number, Item>();
  let nextId = 1;
  const sockets = new Set<Socket>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, body === undefined ? headers : { 'content-type': 'application/json', ...headers });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const refuse = (status: number, message: string, headers: Record<string, string> = {}) => send(status, { message }, headers);
    const route = url.pathname === '/items' ? 'items' : /^\/items\/[^/]+$/.test(url.pathname) ? 'item' : undefined;
    if (!route) return refuse(404, `no such path: ${url.pathname}`);
    const allowed = route === 'items' ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD', 'DELETE'];
    if (!allowed.includes(method)) {
      if (defect === 'undeclared-method') return send(200, []);
      return refuse(405, `${method} is not allowed here`, { allow: allowed.join(', ') });
    }
    const key = req.headers['x-key'];
    if (!key || (key !== REFERENCE_KEY && defect !== 'wrong-credential')) return refuse(401, key ? 'the key is not valid' : 'send the key in X-Key');
    if (route === 'items' && (method === 'GET' || method === 'HEAD')) {
      const limit = url.searchParams.get('limit');
      const kind = url.searchParams.get('kind');
      if (limit !== null && !(isInteger(limit) && Number(limit) >= 1 && Number(limit) <= 50)) return refuse(400, 'limit: an integer from 1 to 50');
      if (kind !== null && !KINDS.includes(kind)) return refuse(400, 'kind: book or film');
      if (defect === 'boundary-500' && limit === '50') return refuse(500, 'internal error');
      return send(200, [...items.values()].filter((i) => kind === null || i.kind === kind).slice(0, Number(limit ?? 50)));
    }
    if (route === 'items') {
      const requestId = req.headers['x-request-id'];
      if (defect !== 'missing-header' && requestId === undefined) return refuse(400, 'X-Request-Id is required');
      if (typeof requestId === 'string' && (requestId.length < 8 || requestId.length > 64)) return refuse(400, 'X-Request-Id: 8 to 64 characters');
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return refuse(415, 'send application/json', { accept: 'application/json' });
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return refuse(400, 'the body is not JSON');
      }
      const problem = newItemProblem(body, defect);
      if (problem) return refuse(422, problem);
      const item = { id: nextId++, ...(body as Omit<Item, 'id'>) };
      items.set(item.id, item);
      const shown = defect === 'created-not-found' ? { ...item, id: item.id + 1000 } : item;
      return send(201, shown, { location: `/items/${shown.id}` });
    }
    const id = url.pathname.split('/')[2] ?? '';
    if (!isInteger(id) || Number(id) < 1) return refuse(400, 'itemId: an integer of at least 1');
    const item = items.get(Number(id));
    if (!item) return refuse(404, `no item ${id}`);
    if (method === 'DELETE') {
      if (defect !== 'deleted-still-there') items.delete(item.id);
      return send(204);
    }
    return send(200, item);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What is wrong with a new item, as the document says, or undefined. */
function newItemProblem(body: unknown, defect: Defect | undefined): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body is an object';
  const { name, price, kind, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `unknown properties: ${Object.keys(rest).join(', ')}`;
  const longest = defect === 'refuses-valid' ? 19 : 20;
  if (typeof name !== 'string' || name.length < 1 || name.length > longest) return `name: a text of 1 to ${longest} characters`;
  const most = defect === 'accepts-invalid' ? Number.POSITIVE_INFINITY : 1000;
  if (typeof price !== 'number' || !Number.isInteger(price) || price < 0 || price > most) return 'price: an integer from 0 to 1000';
  if (kind !== undefined && !KINDS.includes(kind as string)) return 'kind: book or film';
  return undefined;
}

function isInteger(text: string): boolean {
  return /^-?\d+$/.test(text);
}
