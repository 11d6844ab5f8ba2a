/**
 * The client's own cost per call: the generated client (compiled to dist/generated/ by the build)
 * and openapi-fetch, both calling the same operation with a stub `fetch` that answers at once, so
 * what is measured is building the request, decoding the answer and (for podcast-gen) validating.
 * Runs in a child process from the peers' folder so openapi-fetch resolves there.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Microseconds per call of each client configuration. */
export type CallOverhead = Record<string, number>;

export function measureCallOverhead(options: { root: string; peers: string }): CallOverhead {
  const script = join(options.peers, 'call-overhead.mjs');
  const generated = pathToFileURL(join(options.root, 'dist', 'generated', 'index.js')).href;
  writeFileSync(
    script,
    `import createClient from 'openapi-fetch';
import { createPodcastClient } from ${JSON.stringify(generated)};
const body = JSON.stringify({ code: 0, msg: 'success', cause: '', rid: 'r1', details: {}, data: { credits_included: 1000, credits_remaining: 742.5, credits_unlimited: false, plan_id: 3, plan_name: 'Pro' } });
const stub = async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
async function perCall(call, n = 20000) {
  for (let i = 0; i < 2000; i++) await call();
  const started = performance.now();
  for (let i = 0; i < n; i++) await call();
  return ((performance.now() - started) * 1000) / n;
}
const result = {};
result['stub fetch alone'] = await perCall(() => stub().then((r) => r.json()));
for (const validate of ['off', 'both']) {
  const client = createPodcastClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', fetch: stub, validate, maxRetries: 0 });
  result['podcast-gen validate: ' + validate] = await perCall(() => client.quotaSummary());
}
const fetchClient = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: (request) => stub(request) });
result['openapi-fetch'] = await perCall(() => fetchClient.GET('/open/podcast/v1/quota/summary', { headers: { 'X-Api-Key': 'k' } }));
console.log(JSON.stringify(result));
`,
  );
  const run = spawnSync(process.execPath, [script], { cwd: options.peers, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`call overhead failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as CallOverhead;
}
