/**
 * The `podcast-gen` command: argv in, exit code out (0 ok, 1 failed run or stale output, 2 bad
 * usage). It parses, merges options (flags > config > defaults) and hands over to one command
 * module; heavy modules (redocly, openapi-typescript, the MCP SDK) load only inside commands.
 */
import { parseArguments, type CommandName, type ParsedArguments } from './cli/args.js';
import { loadConfig, mergeOptions } from './cli/config.js';
import { reportFailure, type CommandContext } from './cli/context.js';
import { processIo, type CliIo } from './cli/io.js';
import { Reporter } from './cli/reporter.js';
import type { GenerateOptions } from './options.js';
import { EXIT_USAGE, fail } from './problems.js';

const commands: Record<CommandName, (context: CommandContext) => Promise<number>> = {
  generate: async (context) => (await import('./cli/commands/generate.js')).runGenerate(context),
  check: async (context) => (await import('./cli/commands/check.js')).runCheck(context),
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
    return 0;
  }
  const { command, args } = parsed;
  const reporter = new Reporter({ io, command, quiet: Boolean(args.quiet), json: Boolean(args.json), warningFrames: command === 'lint' });
  try {
    // mcp serves the package's podcast code and reads no config; mock reads `out` (flag > config).
    const entries = command === 'mcp' ? [{}] : await entriesFor(io.cwd, args, command);
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
  const perApi = PER_API_FLAGS.filter((key) => flags[key] !== undefined && command !== 'mock');
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
  return config.entries.map((entry) => mergeOptions(entry, flags));
}
