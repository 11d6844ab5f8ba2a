/**
 * The `podcast-gen` command: argv in, exit code out (0 ok, 1 failed run or stale output, 2 bad
 * usage). It parses, merges options (flags > config > defaults) and hands over to one command
 * module; heavy modules (redocly, openapi-typescript, the MCP SDK) load only inside commands.
 */
import { parseArguments, type CommandName, type ParsedArguments } from './cli/args.js';
import { loadConfig, mergeOptions } from './cli/config.js';
import { mergeSelection } from './cli/operation-selection.js';
import { reportFailure, type CommandContext } from './cli/context.js';
import { processIo, type CliIo } from './cli/io.js';
import { Reporter } from './cli/reporter.js';
import type { GenerateOptions } from './options.js';
import { EXIT_USAGE, fail } from './problems.js';

const commands: Record<CommandName, (context: CommandContext) => Promise<number>> = {
  generate: async (context) => (await import('./cli/commands/generate.js')).runGenerate(context),
  check: async (context) => (await import('./cli/commands/check.js')).runCheck(context),
  diff: async (context) => (await import('./cli/commands/diff.js')).runDiffCommand(context),
  lint: async (context) => (await import('./cli/commands/lint.js')).runLint(context),
  mcp: async (context) => (await import('./cli/commands/serve.js')).runServeCommand(context, 'mcp'),
  mock: async (context) => (await import('./cli/commands/serve.js')).runServeCommand(context, 'mock'),
  verify: async (context) => (await import('./cli/commands/verify.js')).runVerify(context),
};

/** Runs the command line `argv` (without `node` and the script) and resolves to the exit code. */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const json = argv.includes('--json');
  let parsed: ParsedArguments;
  try {
    parsed = await parseArguments(argv);
  } catch (error) {
    return reportFailure(error, new Reporter({ io, command: 'usage', json }), 'the command line');
  }
  if ('output' in parsed) {
    io.stdout(`${parsed.output}\n`);
    if (argv[0] === 'mcp' && (argv.includes('--help') || argv.includes('-h'))) io.stdout(`\n${await mcpEnvironment(argv, io.cwd)}\n`);
    return 0;
  }
  const { command, args } = parsed;
  const reporter = new Reporter({ io, command, quiet: Boolean(args.quiet), json: Boolean(args.json), warningFrames: command === 'lint' });
  try {
    // mcp and mock read `out` (flag > config).
    const entries = await entriesFor(io.cwd, args, command);
    return await commands[command]({ io, reporter, options: entries[0] ?? {}, entries, args });
  } catch (error) {
    try {
      return reportFailure(error, reporter, command);
    } catch {
      io.stderr(`podcast-gen: unexpected error (a bug in podcast-gen; please report it):\n${(error as Error)?.stack ?? String(error)}\n`);
      return 1;
    }
  }
}

/**
 * The environment variables of the MCP server `podcast-gen mcp` would serve with these arguments
 * (`--out`, else the config's `out`, else the podcast server), for its `--help`; what keeps them from
 * being read, if anything.
 */
async function mcpEnvironment(argv: readonly string[], cwd: string): Promise<string> {
  const flag = (name: string): string | undefined => {
    const at = argv.indexOf(name);
    if (at >= 0) return argv[at + 1];
    return argv.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
  };
  try {
    const out = flag('--out') ?? (await loadConfig(cwd, flag('--config'))).entries[0]?.out;
    const { loadGeneratedMcp } = await import('./servers/mcp-generated.js');
    const { environmentHelp } = await import('./servers/mcp-config.js');
    return environmentHelp(await loadGeneratedMcp({ ...(out !== undefined ? { out } : {}), cwd }));
  } catch (error) {
    return `Environment: not listed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Flags that name one API's document or folder: with a config of several entries, which would they be for? */
const PER_API_FLAGS = ['spec', 'out', 'name'] as const;

/**
 * Flags over the config file over the defaults (the defaults are applied by the generator): one set
 * of options per config entry, each with the flags applied.
 */
async function entriesFor(cwd: string, args: Record<string, unknown>, command: CommandName): Promise<GenerateOptions[]> {
  const config = await loadConfig(cwd, args.config as string | undefined);
  const flags: GenerateOptions = {};
  for (const key of ['spec', 'out', 'templates', 'lintConfig', 'name'] as const) {
    const value = args[key];
    if (typeof value === 'string') flags[key] = value;
  }
  if (Array.isArray(args.outputs)) flags.outputs = args.outputs as string[];
  const perApi = PER_API_FLAGS.filter((key) => flags[key] !== undefined && command !== 'mock' && command !== 'mcp');
  if (config.entries.length > 1 && perApi.length > 0) {
    fail(
      {
        code: 'cli/usage',
        file: config.file,
        message: `--${perApi[0]} names one API, and the config has ${config.entries.length} entries`,
        hint: 'set it in each entry of the config instead, or pass --config with a config of one entry',
      },
      EXIT_USAGE,
    );
  }
  return config.entries.map((entry) => {
    const merged = mergeOptions(entry, flags);
    const operations = mergeSelection(entry.operations, args);
    return operations ? { ...merged, operations } : merged;
  });
}
