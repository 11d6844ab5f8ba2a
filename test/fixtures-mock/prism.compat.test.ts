import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { ensureBuilt } from '../cli/helpers/build.js';
import { FIXTURE_DOCS, ROOT, SPEC } from '../helpers/paths.js';
import type { ApiModel } from '../../generator/model/types.js';
import { EXCHANGE_HEADER, madeByPrism, startPrism, startRecorder, type Exchange, type PrismProxy } from './helpers/prism.js';
import { modelOf } from './model.js';

// An outside judge on real traffic: Prism's validating proxy (@stoplight/prism-cli) in front of the
// generated mock, driven by the generated client (every operation, valid calls) and by
// `podcast-gen verify --unsafe --negative`. Prism flags a request that breaks the document and an
// answer that does (its `sl-violations` header; with `--errors`, its own problem answer instead).

const DOCUMENTS = [
  { name: 'podcast', spec: SPEC, credential: 'PODCAST_API_KEY' },
  // Bearer, no envelope, query bounds and arrays, a discriminated body, 201 with Location, 204, 404, 422, default.
  { name: 'petstore-mini', spec: join(FIXTURE_DOCS, 'petstore-mini.yaml'), credential: 'PETSTORE_MINI_TOKEN' },
  // OpenAPI 3.1, path parameters, bodies with and without required properties, PATCH, an enum query.
  { name: 'tracker', spec: join(FIXTURE_DOCS, 'mcp', 'tracker.yaml'), credential: 'TRACKER_API_KEY' },
  // problem+json under default, 400 and 422 of their own schema, an idempotency key, query and path bounds.
  { name: 'refusals', spec: join(FIXTURE_DOCS, 'corpus', 'refusals.yaml'), credential: 'REFUSALS_AS_API_KEY' },
];

interface Mock {
  url: string;
  requests: { operationId?: string; status?: number; problem?: string; headers: Record<string, unknown> }[];
  close(): Promise<void>;
}
type Client = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** The request the mock recorded for an exchange through Prism (matched by the header the recorder adds). */
function recordedOf(exchange: Exchange, mock: Mock): Mock['requests'][number] | undefined {
  return mock.requests.find((r) => r.headers[EXCHANGE_HEADER] === String(exchange.id));
}

/** The credential every caller here sends, and the only one the mock takes. */
const KEY = 'test-key';

/** An exchange in a line, for a failure's message. */
const line = (e: Exchange) => `${e.method} ${e.path} -> ${e.status} ${JSON.stringify(e.violations)}`;

beforeAll(ensureBuilt, 180_000);

describe.each(DOCUMENTS)("Prism's validating proxy in front of the mock of $name", ({ name, spec, credential }) => {
  const out = join(ROOT, 'test', '.tmp', `prism-${name}`);
  const load = async <T>(path: string) => (await import(pathToFileURL(join(out, path)).href)) as T;
  let mock: Mock;
  let model: ApiModel;
  let strict: PrismProxy;
  let lenient: PrismProxy;
  const recorders: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    rmSync(out, { recursive: true, force: true });
    await generate({ spec, out, name: 'podcast' });
    model = await modelOf(spec);
    // The mock takes only the key verify and the client send, so verify's ignored-auth check has a refusal to find.
    const { startMockServer, credentialVariables } = await load<{
      startMockServer(options: { credentials: Record<string, string> }): Promise<Mock>;
      credentialVariables: Record<string, string>;
    }>('mock/index.ts');
    mock = await startMockServer({ credentials: Object.fromEntries(Object.keys(credentialVariables).map((scheme) => [scheme, KEY])) });
    [strict, lenient] = await Promise.all([startPrism(spec, mock.url, { errors: true }), startPrism(spec, mock.url, { errors: false })]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([strict?.stop(), lenient?.stop(), ...recorders.map((r) => r.close())]);
    await mock?.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('the generated client, every operation with valid input: no violation either way (prism proxy --errors)', async () => {
    const recorder = await startRecorder(strict.url);
    recorders.push(recorder);
    const { createPodcastClient } = await load<{ createPodcastClient(options: object): Client }>('client.ts');
    const { fixtures } = await load<{ fixtures: Record<string, { params: unknown }> }>('fixtures/index.ts');
    const { operations } = await load<{ operations: { operationId: string; methodName: string; fields: unknown[] }[] }>('operations.ts');
    const client = createPodcastClient({ apiKey: KEY, baseUrl: recorder.url, maxRetries: 0 });
    const failures: string[] = [];
    for (const op of operations) {
      const args = op.fields.length > 0 ? [fixtures[op.operationId]?.params] : [];
      await (client[op.methodName] as Client[string]).call(client, ...args).catch((error: unknown) => failures.push(`${op.operationId}: ${String(error)}`));
    }
    expect(failures).toStrictEqual([]);
    expect(recorder.exchanges.filter((e) => e.violations.length > 0 || madeByPrism(e)).map(line)).toStrictEqual([]);
    expect(mediaTypesPrismMisses(recorder.exchanges, mock, model)).toStrictEqual([]);
    expect(recorder.exchanges).toHaveLength(operations.length);
    expect(mock.requests.slice(-operations.length).map((r) => r.operationId)).toStrictEqual(operations.map((o) => o.operationId));
  }, 60_000);

  it('podcast-gen verify --unsafe --negative: no answer of the mock is flagged, and the mock refuses exactly what Prism flags', async () => {
    const recorder = await startRecorder(lenient.url);
    recorders.push(recorder);
    const report = await runVerify(spec, recorder.url, credential);
    // verify's own verdict on the mock behind Prism: every operation passes (a check that could not look is skipped, not failed).
    expect(report, name).toMatch(/^exit 0, \{"total":\d+,"passed":\d+,"failed":0,/);
    expect(report, name).not.toContain('; findings:');
    expect(recorder.exchanges.length).toBeGreaterThan(0);
    // Without --errors Prism forwards every request, and the mock saw each.
    const unseen = recorder.exchanges.filter((e) => !mock.requests.some((r) => r.headers[EXCHANGE_HEADER] === String(e.id)));
    expect(unseen.map(line)).toStrictEqual([]);
    // A refusal where the operation declares no response that fits it (tracker declares no failure
    // at all): Prism warns that the status is undeclared, which is the document's silence, not a
    // wrong answer. Any other finding on an answer fails.
    const flagged = recorder.exchanges.filter((e) => e.violations.some((v) => v.location[0] === 'response' && !undeclaredRefusal(e, v, mock)));
    expect(flagged.map(line)).toStrictEqual([]);
    expect(mediaTypesPrismMisses(recorder.exchanges, mock, model)).toStrictEqual([]);
    const undeclared = recorder.exchanges.filter((e) => e.violations.some((v) => undeclaredRefusal(e, v, mock)));
    const disagreements = recorder.exchanges.filter(
      (e) =>
        e.violations.some((v) => v.location[0] === 'request') !== (e.status >= 400 && e.status < 500) &&
        !emptyKeyPrismMisses(e, mock, model) &&
        !wrongKeyPrismMisses(e, mock),
    );
    expect(disagreements.map(line)).toStrictEqual([]);
    console.info(
      `${name}: verify sent ${recorder.exchanges.length} requests through Prism (${undeclared.length} refusals the document declares no status for); verify's own verdict: ${report}`,
    );
  }, 90_000);
});

/**
 * Prism 5.16 reads a media type's structured suffix as its subtype (prism-http's
 * wildcardMediaTypeMatch: `hasExtension = match.length === 4` always holds), so it takes
 * `application/json` for a declared `application/problem+json` and never flags it. Only there, the
 * answer's media type is held to the declared one here: the operation the mock recorded for the
 * exchange, its response of that status (else its class, else `default`).
 */
function mediaTypesPrismMisses(exchanges: readonly Exchange[], mock: Mock, model: ApiModel): string[] {
  const essence = (type: string | undefined) => (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return exchanges.flatMap((exchange) => {
    const recorded = recordedOf(exchange, mock);
    const op = model.operations.find((o) => o.operationId === recorded?.operationId);
    if (!op || madeByPrism(exchange)) return [];
    const responses = [op.success, ...(op.redirect ? [op.redirect] : []), ...op.errors];
    const declared =
      responses.find((r) => r.status === exchange.status) ??
      responses.find((r) => r.statusClass === Math.floor(exchange.status / 100)) ??
      responses.find((r) => r.status === 'default');
    const type = essence(declared?.contentType);
    if (!type.includes('+') || essence(exchange.contentType) === type) return [];
    return [`${line(exchange)}: answered ${exchange.contentType}, declared ${declared?.contentType}`];
  });
}

/**
 * Prism checks that a credential is present, not which one it is: verify's ignored-auth probe sends
 * a wrong one, which the mock (taking only {@link KEY}) refuses 401 without Prism's word.
 */
function wrongKeyPrismMisses(exchange: Exchange, mock: Mock): boolean {
  const recorded = recordedOf(exchange, mock);
  return exchange.status === 401 && recorded?.problem === 'the credential sent is not one this mock takes';
}

/**
 * Prism 5.16 takes an empty header for an absent one: `Idempotency-Key:` (empty) passes a schema of
 * `minLength: 1` without a violation (`prism mock test/fixtures/corpus/refusals.yaml`, then
 * `curl -X POST .../notes -H 'X-Key: x' -H 'Idempotency-Key;' -d '{"name":"a"}'` is answered 201,
 * where a key of 65 characters is answered 422 with a maxLength violation). Only there, the mock's
 * refusal stands without Prism's word: the operation's idempotency header, sent empty, where the
 * document bounds it by `minLength` 1 or more.
 */
function emptyKeyPrismMisses(exchange: Exchange, mock: Mock, model: ApiModel): boolean {
  const recorded = recordedOf(exchange, mock);
  const key = model.operations.find((o) => o.operationId === recorded?.operationId)?.idempotency;
  return (
    key !== undefined &&
    (key.minLength ?? 0) >= 1 &&
    exchange.requestHeaders[key.header.toLowerCase()] === '' &&
    exchange.status >= 400 &&
    exchange.status < 500 &&
    !exchange.violations.some((v) => v.location[0] === 'request')
  );
}

/**
 * Prism's warning that an answer's status is not among those the operation declares, for a refusal
 * (4xx) of a request Prism itself calls invalid (or of a wrong key, which Prism does not check), where none of the declared ones (Prism lists them)
 * is that status, its class or `default`: the mock had no declared answer to give.
 */
function undeclaredRefusal(exchange: Exchange, violation: Exchange['violations'][number], mock: Mock): boolean {
  const declared = /^Unable to match the returned status code with those defined in the document: (.*)$/.exec(violation.message)?.[1]?.split(',') ?? [];
  const fits = [String(exchange.status), `${Math.floor(exchange.status / 100)}XX`, 'DEFAULT'];
  return (
    violation.location.join('.') === 'response' &&
    violation.severity === 'Warning' &&
    declared.length > 0 &&
    !declared.some((status) => fits.includes(status.trim().toUpperCase())) &&
    exchange.status >= 400 &&
    exchange.status < 500 &&
    (exchange.violations.some((v) => v.location[0] === 'request') || wrongKeyPrismMisses(exchange, mock))
  );
}

/** Runs `podcast-gen verify --unsafe --negative` against `baseUrl`; its summary and failures, as text. */
async function runVerify(spec: string, baseUrl: string, credential: string): Promise<string> {
  const args = [
    join(ROOT, 'bin', 'podcast-gen.js'),
    'verify',
    '--spec',
    spec,
    '--base-url',
    baseUrl,
    '--unsafe',
    '--negative',
    '--format',
    'json',
    '--timeout',
    '10000',
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, [credential]: KEY }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const report = JSON.parse(stdout) as {
      summary: { total: number; passed: number; failed: number; skipped: number };
      operations: { operationId: string; status: string; findings?: { check: string; message: string }[] }[];
    };
    const failed = report.operations.flatMap((o) => (o.findings ?? []).map((f) => `${o.operationId} ${f.check}: ${f.message}`));
    return `exit ${code}, ${JSON.stringify(report.summary)}${failed.length > 0 ? `; findings: ${failed.join(' | ')}` : ''}`;
  } catch {
    return `exit ${code}, no report: ${stderr.slice(0, 500)}`;
  }
}
