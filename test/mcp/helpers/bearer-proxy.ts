/**
 * A loopback proxy that adds `Authorization: Bearer <token>` to every request and passes everything
 * else through as it came (method, target, the Host and Origin headers, the body, the streamed
 * answer). It lets a client that cannot send a token (the MCP conformance suite) reach
 * `mcp --http`, whose every request needs one, without a way into the server that users would have.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts the proxy in front of `target` (an http:// origin); `url` is the proxy's own origin. */
export async function startBearerProxy(target: URL, token: string): Promise<{ url: URL; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, authorization: `Bearer ${token}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        res.once('close', () => answer.destroy());
      },
    );
    upstream.once('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
