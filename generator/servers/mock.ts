/**
 * `podcast-gen mock`: a generated offline mock server (`<out>/mock/`, or the podcast one shipped in
 * the package) on a port, until SIGINT/SIGTERM (or the CLI's stop signal). Prints which document's
 * mock it serves and the address it listens on, so `--port 0` works. A credential set in its
 * variable (`PODCAST_API_KEY`, as the MCP server and verify read it) is the one the mock takes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MANIFEST, parseManifest } from '../write/manifest.js';
import { importOutput } from '../code-import/import-output.js';
import { readSchemeCredentials } from '../verify/credential.js';
import { splitList } from './split-list.js';

/** Options of {@link runMock} (the CLI passes its parsed flags). */
export interface MockCommandOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1. */
  host?: string;
  /** Delay before every answer, in milliseconds. */
  latencyMs?: number;
  /**
   * Origins browser pages may call the mock from (CORS), comma separated or a list: `*` (the
   * default) lets in any; else whole origins such as `http://localhost:5173`.
   */
  corsOrigins?: string | readonly string[];
  /** The generated mock module (`<out>/mock/index.ts` or `.js`); wins over `out`. */
  module?: string;
  /** An output folder whose `mock/` to serve; without it and `module`, the podcast mock shipped with podcast-gen. */
  out?: string;
  /** Stops the server. Without one, SIGINT and SIGTERM do. */
  signal?: AbortSignal;
  /** Print only the address (no request log). */
  quiet?: boolean;
  stdout?(text: string): void;
  stderr?(text: string): void;
  /** Working directory `module` is resolved against. */
  cwd?: string;
  /**
   * Where credentials are read from (the CLI passes the process's environment): a scheme whose
   * variable is set takes that credential only, another is refused 401. Without it, or where none
   * is set, any non-empty credential passes.
   */
  env?: Readonly<Record<string, string | undefined>>;
}

/** What the log line says of a request: the mock's recorded request has these fields. */
interface LoggedRequest {
  method: string;
  path: string;
  operationId?: string;
  status?: number;
  fault?: string;
  /** Why it was refused, naming the field and the rule (`invalid request: query.limit: must be <= 100`). */
  problem?: string;
}

/** What the generated `mock/index` module exports and this command uses. */
interface GeneratedMock {
  startMockServer(options: {
    port?: number;
    host?: string;
    latencyMs?: number;
    corsOrigins?: readonly string[];
    credentials?: Readonly<Record<string, string>>;
    onRequest?(request: LoggedRequest): void;
  }): Promise<{ url: string; close(): Promise<void> }>;
  /** The variable each scheme's credential is read from, by scheme; absent from mocks generated before it existed. */
  credentialVariables?: Readonly<Record<string, string>>;
}

/** The default port of `podcast-gen mock` (Prism's, so existing setups keep working). */
export const DEFAULT_MOCK_PORT = 4010;

/** Runs the mock server until stopped; resolves to the exit code (0 after a clean stop). */
export async function runMock(options: MockCommandOptions = {}): Promise<number> {
  const stdout = options.stdout ?? ((text: string) => void process.stdout.write(text));
  const stderr = options.stderr ?? ((text: string) => void process.stderr.write(text));
  const cors = readOrigins(options.corsOrigins);
  if ('problem' in cors) {
    stderr(`podcast-gen mock: --cors-origins: ${cors.problem}\n`);
    return 1;
  }
  const { mock, serving } = await loadMock(options);
  const taken = takenCredentials(mock.credentialVariables, options.env);
  const log = options.quiet
    ? undefined
    : (r: LoggedRequest) =>
        stdout(
          `${r.method} ${r.path} -> ${r.fault && r.status === undefined ? r.fault : (r.status ?? '-')}${r.operationId ? ` (${r.operationId}${r.fault ? `, fault ${r.fault}` : ''})` : ''}${r.problem ? `: ${r.problem.replace(/[\r\n]+/g, ' ')}` : ''}\n`,
        );
  let server: Awaited<ReturnType<GeneratedMock['startMockServer']>>;
  try {
    server = await mock.startMockServer({
      port: options.port ?? DEFAULT_MOCK_PORT,
      host: options.host ?? '127.0.0.1',
      ...(options.latencyMs ? { latencyMs: options.latencyMs } : {}),
      ...(cors.origins ? { corsOrigins: cors.origins } : {}),
      ...(taken.credentials ? { credentials: taken.credentials } : {}),
      ...(log ? { onRequest: log } : {}),
    });
  } catch (error) {
    stderr(`podcast-gen mock: cannot listen: ${(error as Error).message}\n  hint: choose another port with --port (0 picks a free one)\n`);
    return 1;
  }
  // Which document's mock answers: the package's podcast mock and your own look alike at a glance.
  const takes = taken.variables.length > 0 ? `podcast-gen mock: takes only the credential set in ${taken.variables.join(', ')}; another is refused 401\n` : '';
  stdout(options.quiet ? `${server.url}\n` : `podcast-gen mock: serving ${serving}\n${takes}podcast-gen mock: listening on ${server.url} (stop with Ctrl+C)\n`);
  await stopRequested(options.signal);
  await server.close();
  if (!options.quiet) stdout('podcast-gen mock: stopped\n');
  return 0;
}

/**
 * The credentials the mock takes, by scheme: each read from its variable where it is set, with the
 * reader the MCP server and verify read them with (verify/credential.ts, the generated server's
 * own); `variables` names those read. A scheme whose variable is not set takes any credential.
 */
function takenCredentials(
  byScheme: Readonly<Record<string, string>> | undefined,
  env: Readonly<Record<string, string | undefined>> | undefined,
): { credentials?: Record<string, string>; variables: string[] } {
  if (!byScheme || !env) return { variables: [] };
  // None is required: a variable not set leaves its scheme open, as the mock is without any.
  const variables = Object.entries(byScheme).map(([scheme, name]) => ({ name, scheme }));
  const read = readSchemeCredentials(variables, env);
  const taken =
    'problems' in read ? {} : Object.fromEntries(Object.entries(read.auth).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const names = variables.filter((v) => Object.hasOwn(taken, v.scheme)).map((v) => v.name);
  return names.length > 0 ? { credentials: taken, variables: names } : { variables: [] };
}

/** The origins of `--cors-origins` (none given: the mock's default, any), or what is wrong with one. */
function readOrigins(value: string | readonly string[] | undefined): { origins?: string[] } | { problem: string } {
  if (value === undefined) return {};
  const entries = splitList(value);
  const origins: string[] = [];
  for (const entry of entries) {
    if (entry === '*') {
      origins.push(entry);
      continue;
    }
    let origin = 'null';
    try {
      origin = new URL(entry).origin;
    } catch {
      // Not a URL: refused just below.
    }
    if (origin === 'null' || !/^https?:\/\//i.test(entry))
      return { problem: `not an origin: ${JSON.stringify(entry)} (write http://localhost:5173, or * for any)` };
    origins.push(origin);
  }
  return { origins };
}

/** Resolves when `signal` aborts, or (without one) on the first SIGINT or SIGTERM. */
function stopRequested(signal: AbortSignal | undefined): Promise<void> {
  if (signal) {
    return new Promise((done) => (signal.aborted ? done() : signal.addEventListener('abort', () => done(), { once: true })));
  }
  return new Promise((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** A generated mock, with words for people saying which document it is the mock of. */
interface LoadedMock {
  mock: GeneratedMock;
  serving: string;
}

/**
 * The generated mock to serve: `--module`, else `<out>/mock/index.js` (compiled) or `.ts` when
 * `--out` or the config names an output folder, else the podcast mock compiled into the package
 * (beside the built CLI; the repository's `generated/` when running from source under tsx).
 */
async function loadMock(options: MockCommandOptions): Promise<LoadedMock> {
  const cwd = options.cwd ?? process.cwd();
  if (options.module) {
    const file = resolve(cwd, options.module);
    if (!existsSync(file)) throw new Error(`no generated mock at ${options.module}; run \`npx podcast-gen\` first`);
    // `<out>/mock/index.ts`: the output folder is two levels up.
    const [module = {}] = await importOutput({ entries: [file], root: dirname(dirname(file)), cwd });
    return { mock: checked(module), serving: `${options.module}, ${mockOf(file, cwd)}` };
  }
  if (options.out) {
    const folder = resolve(cwd, options.out, 'mock');
    const file = ['index.js', 'index.ts'].map((name) => join(folder, name)).find((path) => existsSync(path));
    const shown = `${relative(cwd, folder) || '.'}/`;
    if (!file) throw new Error(`no generated mock in ${shown}; run \`npx podcast-gen\` (with the same --out or config) first`);
    const [module = {}] = await importOutput({ entries: [file], root: dirname(folder), cwd });
    return { mock: checked(module), serving: `${shown}, ${mockOf(file, cwd)}` };
  }
  const folder = ['../generated/', '../../generated/']
    .map((p) => new URL(p, import.meta.url))
    .find((url) => ['mock/index.js', 'mock/index.ts'].some((f) => existsSync(fileURLToPath(new URL(f, url)))));
  if (!folder) throw new Error('the generated mock server is missing; run `npx podcast-gen` to generate it');
  const entry = new URL('mock/index.js', folder);
  const module = (await import(entry.href)) as Record<string, unknown>;
  const shipped = mockOf(fileURLToPath(existsSync(fileURLToPath(entry)) ? entry : new URL('mock/index.ts', folder)), cwd);
  return { mock: checked(module), serving: `${shipped}; --out or --module serves your own` };
}

function checked(module: Record<string, unknown>): GeneratedMock {
  if (typeof module.startMockServer !== 'function') throw new Error('the generated mock module does not export startMockServer; regenerate it');
  return module as unknown as GeneratedMock;
}

/**
 * `the mock of <document> (<title> <version>)`, from the banner every generated file begins with
 * and the output folder's manifest (`<out>/mock/index.*` two levels up; an older banner carried
 * the title itself). The banner names a document file relative to the output folder; shown here
 * relative to the folder the command runs in.
 */
function mockOf(file: string, cwd: string): string {
  const source = /^\/\/ Source: (.+?)(?: \((.*)\))?$/m.exec(readFileSync(file, 'utf8').slice(0, 2000));
  if (!source?.[1]) return 'a mock generated by podcast-gen';
  const out = dirname(dirname(file));
  const label = source[1];
  const isFile = !/^https?:\/\//i.test(label) && !label.startsWith('podcast-gen/');
  const shown = isFile ? relative(cwd, resolve(out, label)).replace(/\\/g, '/') : label;
  const titled = titleOf(out) ?? source[2];
  return `the mock of ${shown}${titled ? ` (${titled})` : ''}`;
}

/** `<title> <version>` from an output folder's manifest, when it has one that says. */
function titleOf(out: string): string | undefined {
  const path = join(out, MANIFEST);
  const manifest = existsSync(path) ? parseManifest(readFileSync(path, 'utf8')) : undefined;
  if (typeof manifest?.title !== 'string' || typeof manifest.version !== 'string') return undefined;
  return `${manifest.title} ${manifest.version}`.replace(/\s+/g, ' ');
}
