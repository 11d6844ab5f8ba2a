/**
 * The command line's grammar (yargs): commands, their flags, help text and examples. Parsing only:
 * it returns which command to run with which flags, or the help/version text to print.
 */
import { readFileSync } from 'node:fs';
import yargs, { type Argv } from 'yargs';
import { DEFAULTS } from '../options.js';
import { EXIT_USAGE, fail } from '../problems.js';
import { REPORT_FORMATS } from '../diff/format/names.js';
import { SAFE_METHODS } from '../model/method-semantics.js';
import { REPORT_FORMATS as VERIFY_FORMATS } from '../verify/format-names.js';
import { DEFAULT_STABILITY_LEVEL, STABILITY_LEVELS } from '../diff/lifecycle.js';
import { FAIL_ON_CHOICES } from '../diff/outcome.js';
import { outputList } from './config.js';

/** The commands; `generate` runs when none is named. */
export type CommandName = 'generate' | 'lint' | 'check' | 'diff' | 'mcp' | 'mock' | 'verify';

/** What the command line asks for: a command with its flags, or text to print (help, version). */
export type ParsedArguments = { command: CommandName; args: Record<string, unknown> } | { output: string };

/** Help is wrapped at a fixed width so it reads the same in every terminal, in CI and in the README. */
export const HELP_WIDTH = 100;

/** podcast-gen's version, from its package.json (read only when asked). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

const DOCUMENT = 'Document and output:';
const RUN = 'Run:';
const API = 'API:';
const TOOLS = 'Tools:';
const REPORT = 'Report:';
const LIFE = "The API's life:";
const FILTERS = 'Operations compared:';

function documentOptions<T>(y: Argv<T>, { generation }: { generation: boolean }) {
  let built = y.option('spec', {
    type: 'string',
    requiresArg: true,
    group: DOCUMENT,
    describe: 'OpenAPI 3.0, 3.1 or 3.2, or Swagger 2.0 document: a path or an http(s) URL. Default: the podcast document shipped with podcast-gen',
  });
  if (generation) {
    built = built
      .option('out', { type: 'string', requiresArg: true, group: DOCUMENT, describe: 'Output folder', defaultDescription: DEFAULTS.out })
      .option('templates', {
        type: 'string',
        requiresArg: true,
        group: DOCUMENT,
        describe: 'Your templates (.hbs files, and runtime.ts), replacing the built-in ones of the same file name',
      })
      .option('name', {
        type: 'string',
        requiresArg: true,
        group: DOCUMENT,
        describe: 'API name in identifiers and environment variables: createPodcastClient, PODCAST_API_KEY',
        defaultDescription: "the document's: info.x-podcast-gen-name, else a short name from its title, else from its file name",
      })
      .option('outputs', {
        type: 'string',
        requiresArg: true,
        group: DOCUMENT,
        coerce: outputList,
        describe:
          "Outputs to make, comma-separated: types, zod, client, mcp, fixtures, mock, tanstack-query, msw, or your plugins' names (a needed output is added)",
        defaultDescription: 'all but tanstack-query and msw',
      })
      .option('include', {
        type: 'string',
        array: true,
        requiresArg: true,
        group: DOCUMENT,
        describe: 'Operations to generate (repeatable): tag:NAME, path:GLOB (/repos/**), "GET /repos/{owner}", op:OPERATION_ID or deprecated',
        defaultDescription: 'all',
      })
      .option('exclude', {
        type: 'string',
        array: true,
        requiresArg: true,
        group: DOCUMENT,
        describe: 'Operations to leave out (repeatable), after --include; the same selectors',
      });
  }
  return built
    .option('config', {
      type: 'string',
      requiresArg: true,
      group: DOCUMENT,
      describe: 'Config file (.json, .mjs, .js, .ts). Default: podcast-gen.config.* in the working folder, else the "podcast-gen" key of package.json',
    })
    .option('lint-config', {
      type: 'string',
      requiresArg: true,
      group: DOCUMENT,
      describe: 'Redocly lint config. Default: redocly.yaml beside the document, else built-in rules',
    })
    .option('quiet', { type: 'boolean', group: RUN, describe: 'Print nothing but errors' })
    .option('json', { type: 'boolean', group: RUN, describe: 'Print one JSON object (problems and summary) on stdout' });
}

function serverOptions<T>(y: Argv<T>, { http }: { http: boolean }) {
  const built = y
    .option('port', {
      type: 'number',
      requiresArg: true,
      group: RUN,
      coerce: port,
      describe: http ? 'Port for --http (0: any free port)' : 'Port to listen on (0: any free port)',
      defaultDescription: http ? '3000' : '4010',
    })
    .option('host', { type: 'string', requiresArg: true, group: RUN, describe: 'Interface to listen on', defaultDescription: '127.0.0.1' });
  return http
    ? built.option('http', {
        type: 'boolean',
        group: RUN,
        describe: 'Serve Streamable HTTP instead of stdio (callers present an access token of --issuer, or a static one of <PREFIX>_MCP_TOKENS)',
      })
    : built;
}

function verifyOptions<T>(y: Argv<T>) {
  return y
    .option('base-url', {
      type: 'string',
      requiresArg: true,
      group: RUN,
      describe: "The server to check: an http(s) URL (required, with --replay too: never the report's)",
    })
    .option('out', {
      type: 'string',
      requiresArg: true,
      group: DOCUMENT,
      describe: 'Output folder whose generated code to use. Default: "out" of the config; where none is generated, the code is generated in memory',
    })
    .option('include', {
      type: 'string',
      array: true,
      requiresArg: true,
      group: RUN,
      describe: 'Operations to check (repeatable): tag:NAME, path:GLOB (/repos/**), "GET /repos/{owner}", op:OPERATION_ID or deprecated',
      defaultDescription: 'all',
    })
    .option('exclude', {
      type: 'string',
      array: true,
      requiresArg: true,
      group: RUN,
      describe: 'Operations to leave out (repeatable), after --include; the same selectors',
    })
    .option('unsafe', {
      type: 'boolean',
      group: RUN,
      describe: `Send writes too (every method but ${[...SAFE_METHODS].map((m) => m.toUpperCase()).join(', ')}), each POST with a fresh idempotency key`,
    })
    .option('negative', {
      type: 'boolean',
      group: RUN,
      describe:
        'Also send requests that must be refused: without the credential, with a wrong one, breaking each kind of declared constraint, a method the path does not declare',
    })
    .option('cases', {
      type: 'number',
      requiresArg: true,
      group: RUN,
      coerce: positive('--cases'),
      describe: "Valid requests per operation: its fixture's, then inputs at the edges of what the document allows",
      defaultDescription: '5',
    })
    .option('draw', {
      type: 'number',
      requiresArg: true,
      group: RUN,
      coerce: positive('--draw'),
      describe: 'Which draw of values: the same draw sends the same requests, another draw other values',
      defaultDescription: '1',
    })
    .option('stateful', {
      type: 'boolean',
      group: RUN,
      describe: 'Make a resource with each POST and follow its links: read it back, change it, delete it, ask for it again (needs --unsafe)',
    })
    .option('max-requests', {
      type: 'number',
      requiresArg: true,
      group: RUN,
      coerce: positive('--max-requests'),
      describe: "Send at most this many requests (each with the client's retries); the report says what was not sent",
    })
    .option('replay', {
      type: 'string',
      requiresArg: true,
      group: RUN,
      describe: 'Send again the failed requests of a JSON report (--format json), each judged again',
    })
    .option('format', {
      type: 'string',
      requiresArg: true,
      group: RUN,
      choices: VERIFY_FORMATS,
      describe: 'Report format',
      default: 'text',
    })
    .option('concurrency', {
      type: 'number',
      requiresArg: true,
      group: RUN,
      coerce: positive('--concurrency'),
      describe: 'Operations checked at once',
      defaultDescription: '4',
    })
    .option('timeout', {
      type: 'number',
      requiresArg: true,
      group: RUN,
      coerce: positive('--timeout'),
      describe: 'Time limit of each request, in milliseconds',
      defaultDescription: '30000',
    })
    .option('max-time', {
      type: 'number',
      requiresArg: true,
      group: RUN,
      coerce: positive('--max-time'),
      describe: 'Fail an answer slower than this, in milliseconds',
    })
    .example('$0 verify --base-url https://staging.test', "Check the podcast API's read operations")
    .example('$0 verify --base-url URL --unsafe', 'Writes too (POST, PUT, DELETE, ...)')
    .example('$0 verify --base-url URL --format junit', 'The report as JUnit XML, for CI')
    .example('$0 verify --base-url URL --unsafe --stateful --cases 20', 'Twenty requests per operation, and the resources made followed')
    .example('$0 verify --base-url URL --replay report.json', 'Send the failed requests of a report again');
}

function positive(flag: string): (value: number) => number {
  return (value) => {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} must be a whole number of at least 1`);
    return value;
  };
}

function port(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error('--port must be a whole number from 0 to 65535');
  return value;
}

/** Parses argv. Throws a PodcastGenError with exit code 2 on bad usage (unknown flag, command, value). */
export async function parseArguments(argv: readonly string[]): Promise<ParsedArguments> {
  let chosen: { command: CommandName; args: Record<string, unknown> } | undefined;
  const choose = (command: CommandName) => (args: Record<string, unknown>) => {
    chosen = { command, args };
  };
  const parser = yargs()
    .scriptName('podcast-gen')
    .locale('en')
    .wrap(HELP_WIDTH)
    .strict()
    .exitProcess(false)
    .version(packageVersion())
    .help()
    .alias('h', 'help')
    .fail((message, error) => {
      fail({ code: 'cli/usage', message: error?.message ?? message, hint: 'see podcast-gen --help' }, EXIT_USAGE);
    })
    .usage(
      'podcast-gen [command] [options]\n\nGenerates a typed fetch client, zod validators, MCP tools, fixtures and a mock server from an OpenAPI (3.0, 3.1, 3.2) or Swagger 2.0 document.',
    )
    .command(
      ['generate', '$0'],
      'Generate every output into --out',
      (y) =>
        documentOptions(y, { generation: true })
          .option('watch', { type: 'boolean', group: RUN, describe: 'Generate again whenever the document or a template changes' })
          .example('$0', `Generate the podcast client into ${DEFAULTS.out}/`)
          .example('$0 --spec api.yaml --out src/api', 'Generate from your own document')
          .example('$0 --outputs client,zod', 'Only the client and its validators (and the types they need)')
          .example('$0 --include tag:issues --exclude deprecated', 'Only the operations tagged issues, less the deprecated ones')
          .example('$0 --templates my-templates --watch', 'Override templates; regenerate on every save'),
      choose('generate'),
    )
    .command(
      'lint',
      'Lint the document (exit 1 on errors)',
      (y) =>
        documentOptions(y, { generation: false })
          .example('$0 lint', 'Lint the podcast document')
          .example('$0 lint --spec api.yaml --json', 'Lint your document; problems as JSON'),
      choose('lint'),
    )
    .command(
      'check',
      'Exit 1 when --out is not what the document generates (for CI)',
      (y) =>
        documentOptions(y, { generation: true })
          .example('$0 check', `Is ${DEFAULTS.out}/ current?`)
          .example('$0 check --spec api.yaml --out src/api', 'Check your own output folder'),
      choose('check'),
    )
    .command(
      'diff <old> [new]',
      'Report what changed between two versions of the document and whom it breaks (exit 1 on breaking changes, for CI)',
      (y) =>
        y
          .positional('old', {
            type: 'string',
            describe: 'The old document: a file, git:<ref> (the document at a git revision: git:origin/main) or git:<ref>:<path>',
          })
          .positional('new', { type: 'string', describe: 'The new document (a file or git:<ref>). Default: the configured document' })
          .option('spec', {
            type: 'string',
            requiresArg: true,
            group: DOCUMENT,
            describe: 'The configured document, which <new> defaults to and git:<ref> names. Default: the podcast document shipped with podcast-gen',
          })
          .option('config', {
            type: 'string',
            requiresArg: true,
            group: DOCUMENT,
            describe: 'Config file (.json, .mjs, .js, .ts): its spec, name and diff (levels, ignore). Default: as for generate',
          })
          .option('name', { type: 'string', requiresArg: true, group: DOCUMENT, describe: 'API name in identifiers', defaultDescription: DEFAULTS.name })
          .option('format', {
            choices: REPORT_FORMATS,
            default: 'text',
            group: REPORT,
            describe: 'How to print the report (changelog: what changed for API consumers, per operation, in markdown)',
          })
          .option('fail-on', { choices: FAIL_ON_CHOICES, default: 'breaking', group: REPORT, describe: 'Exit 1 when a change is at or above this level' })
          .option('check-version', { type: 'boolean', group: REPORT, describe: "Exit 1 when the new info.version rose less than the report's semver advice" })
          .option('types', {
            type: 'boolean',
            default: true,
            group: REPORT,
            describe: 'Prove types verdicts by compiling code written against the old output with the new one (--no-types: skip the compile)',
          })
          .option('ignore', {
            type: 'string',
            requiresArg: true,
            group: REPORT,
            describe: 'Ignore file: accepted changes (by id) with a reason and an expiry date',
            defaultDescription: '.podcast-gen-ignore.yaml',
          })
          .option('deprecation-days', {
            type: 'number',
            requiresArg: true,
            group: LIFE,
            describe:
              'Days that must pass between deprecating something (x-deprecation-date, the Deprecation header, or git for a git: old side) and removing it',
          })
          .option('stability-level', {
            choices: STABILITY_LEVELS,
            default: DEFAULT_STABILITY_LEVEL,
            group: LIFE,
            describe: 'Judge operations of this x-stability-level and up; changes of less stable ones are info',
          })
          .option('match-path', { type: 'string', requiresArg: true, group: FILTERS, describe: 'Only operations whose path this regular expression matches' })
          .option('exclude-path', {
            type: 'string',
            requiresArg: true,
            group: FILTERS,
            describe: 'Leave out operations whose path this regular expression matches',
          })
          .option('exclude-extension', {
            type: 'string',
            array: true,
            requiresArg: true,
            group: FILTERS,
            describe: 'Leave out operations (or path items) marked by this extension, e.g. x-internal (repeatable)',
          })
          .option('include', {
            type: 'string',
            array: true,
            requiresArg: true,
            group: FILTERS,
            describe: 'Operations to compare (repeatable), as for generate: tag:NAME, path:GLOB, "GET /path", op:OPERATION_ID or deprecated',
            defaultDescription: "the config's operations",
          })
          .option('exclude', {
            type: 'string',
            array: true,
            requiresArg: true,
            group: FILTERS,
            describe: 'Operations to leave out (repeatable), after --include',
          })
          .example('$0 diff git:origin/main', 'What this branch changes in the configured document')
          .example('$0 diff old.yaml api.yaml --format markdown', 'A report for a pull-request comment')
          .example('$0 diff git:v1.4.0 --fail-on never --format json', 'Every change as JSON; never fail')
          .example('$0 diff git:v1.4.0 --format changelog', 'What changed for API consumers, per operation')
          .example("$0 diff git:origin/main --match-path '^/repos/' --deprecation-days 90", 'The changes under /repos/, removals 90 days after deprecation'),
      choose('diff'),
    )
    .command(
      'mcp',
      'Run an MCP server: the one generated into --out (or the config\'s "out"), else the podcast server shipped with podcast-gen (stdio)',
      (y) =>
        serverOptions(
          y
            .option('out', {
              type: 'string',
              requiresArg: true,
              group: DOCUMENT,
              describe:
                'Output folder whose mcp/ to serve (.js or .ts). Default: "out" of the config if it sets one, else the podcast server shipped with podcast-gen',
            })
            .option('config', {
              type: 'string',
              requiresArg: true,
              group: DOCUMENT,
              describe:
                'Config file (.json, .mjs, .js, .ts) to read "out" from. Default: podcast-gen.config.* in the working folder, else the "podcast-gen" key of package.json',
            }),
          { http: true },
        )
          .option('base-url', { type: 'string', requiresArg: true, group: API, describe: "The API's base address (else <PREFIX>_BASE_URL)" })
          .option('credential', {
            type: 'string',
            array: true,
            requiresArg: true,
            group: API,
            describe: 'NAME=VALUE: a credential variable given here instead of the environment (repeatable; the environment keeps it out of process lists)',
          })
          .option('scopes', { type: 'string', requiresArg: true, group: TOOLS, describe: 'Granted OAuth scopes, comma separated (else <PREFIX>_SCOPES)' })
          .option('tools', { type: 'string', requiresArg: true, group: TOOLS, describe: 'Only these tools, comma separated' })
          .option('toolsets', { type: 'string', requiresArg: true, group: TOOLS, describe: 'Only the tools of these tags, comma separated (added to --tools)' })
          .option('read-only', { type: 'boolean', group: TOOLS, describe: 'Only the tools that only read (readOnlyHint)' })
          .option('dynamic', {
            type: 'boolean',
            group: TOOLS,
            describe: 'List three tools (search_tools, describe_tool, call_tool) instead of every tool; --no-dynamic lists every tool',
            defaultDescription: 'above 50 tools',
          })
          .option('issuer', {
            type: 'string',
            requiresArg: true,
            group: RUN,
            describe:
              'With --http: the OAuth 2.1 authorization server whose access tokens callers present (its issuer URL; also <PREFIX>_MCP_ISSUER). Needs --resource',
          })
          .option('resource', {
            type: 'string',
            requiresArg: true,
            group: RUN,
            describe:
              "With --http: this server's canonical URL, the audience its access tokens must name (https://mcp.example.com/mcp; also <PREFIX>_MCP_RESOURCE)",
          })
          .option('result-budget', {
            type: 'number',
            requiresArg: true,
            group: TOOLS,
            describe: 'Characters of JSON a tool result may take; a larger one is cut at an item boundary and says so',
            defaultDescription: '40000',
          })
          .option('allowed-origins', {
            type: 'string',
            requiresArg: true,
            group: RUN,
            describe:
              'With --http: browser origins let in besides loopback ones, comma separated: https://app.example:8443 or a host name (also <PREFIX>_MCP_ALLOWED_ORIGINS)',
          })
          .option('allowed-hosts', {
            type: 'string',
            requiresArg: true,
            group: RUN,
            describe: 'With --http: Host names answered besides the listening address and loopback, comma separated (also <PREFIX>_MCP_ALLOWED_HOSTS)',
          })
          .option('quiet', { type: 'boolean', group: RUN, describe: 'Print nothing but errors on stderr' })
          .epilogue('Credentials, the base address and the scopes come from environment variables named after the API (<PREFIX>_…), listed below.')
          .example('$0 mcp', 'Serve the podcast tools over stdio (as an MCP client spawns it)')
          .example('$0 mcp --out src/api', 'Serve the MCP server generated into src/api/')
          .example('$0 mcp --toolsets issues --read-only', 'Only the tools tagged issues that only read')
          .example('$0 mcp --http --port 3000', 'Serve over Streamable HTTP (static tokens of <PREFIX>_MCP_TOKENS)')
          .example('$0 mcp --http --issuer https://id.example --resource https://mcp.example/mcp', 'Callers sign in at your identity provider'),
      choose('mcp'),
    )
    .command(
      'mock',
      'Run the offline mock server on the generated fixtures',
      (y) =>
        serverOptions(
          y
            .option('out', {
              type: 'string',
              requiresArg: true,
              group: DOCUMENT,
              describe:
                'Output folder whose mock/ to serve (.js or .ts). Default: "out" of the config if it sets one, else the podcast mock shipped with podcast-gen',
            })
            .option('module', {
              type: 'string',
              requiresArg: true,
              group: DOCUMENT,
              describe: 'A generated mock module to serve (<out>/mock/index.ts or .js); wins over --out',
            })
            .option('config', {
              type: 'string',
              requiresArg: true,
              group: DOCUMENT,
              describe:
                'Config file (.json, .mjs, .js, .ts) to read "out" from. Default: podcast-gen.config.* in the working folder, else the "podcast-gen" key of package.json',
            }),
          { http: false },
        )
          .option('latency', { type: 'number', requiresArg: true, group: RUN, describe: 'Delay before every answer, in milliseconds' })
          .option('cors-origins', {
            type: 'string',
            requiresArg: true,
            group: RUN,
            describe: 'Origins browser pages may call the mock from, comma separated (http://localhost:5173)',
            defaultDescription: '* (any)',
          })
          .option('quiet', { type: 'boolean', group: RUN, describe: 'Print only the address (no request log)' })
          .example('$0 mock --port 0', 'Serve every operation on a free port; prints the address')
          .example('$0 mock --out src/api', 'Serve the mock generated into src/api/ from your document'),
      choose('mock'),
    )
    .command(
      'verify',
      'Check a live server against the document with the generated fixtures, client and validators (env PODCAST_API_KEY)',
      (y) => verifyOptions(documentOptions(y, { generation: false })),
      choose('verify'),
    );
  let output = '';
  await parser.parseAsync(argv as string[], {}, (_error, _args, text) => {
    output = text ?? '';
  });
  if (chosen) return chosen;
  return { output };
}
