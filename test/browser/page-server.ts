import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const APP = fileURLToPath(new URL('./page/app.ts', import.meta.url));

const HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>podcast-gen client in a browser</title></head>
<body>
<h1>The generated client, called from this page</h1>
<ul id="results"></ul>
<script type="module" src="/app.js"></script>
</body>
</html>
`;

/** The page's script: the generated client and page/app.ts, bundled as a front-end build would. */
export async function bundleApp(): Promise<string> {
  const result = await build({ entryPoints: [APP], bundle: true, platform: 'browser', format: 'esm', target: 'es2022', write: false, logLevel: 'silent' });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no output for the page');
  return file.text;
}

/** A file the page server serves besides the page: its media type and its text. */
export interface ServedFile {
  type: string;
  body: string;
}

/** Serves the page (`/`) and its script (`/app.js`) on 127.0.0.1: the app's own origin; and `files` by path. */
export async function startPageServer(script: string, files: Readonly<Record<string, ServedFile>> = {}): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page.invalid').pathname;
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HTML);
    if (path === '/app.js') return void res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    const file = Object.hasOwn(files, path) ? files[path] : undefined;
    if (file) return void res.writeHead(200, { 'content-type': file.type }).end(file.body);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
