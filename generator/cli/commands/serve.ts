import type { McpCommandOptions } from '../../servers/mcp.js';
import type { MockCommandOptions } from '../../servers/mock.js';
import { reportFailure, type CommandContext } from '../context.js';

/**
 * `podcast-gen mcp` and `podcast-gen mock`: the servers live in `generator/servers/`, loaded only
 * when their command runs (they bring the MCP SDK and the generated code with them). Neither prints
 * to stdout from here: over stdio, stdout is the MCP protocol's channel.
 */
export async function runServeCommand(context: CommandContext, name: 'mcp' | 'mock'): Promise<number> {
  const { io, reporter, args } = context;
  const common = {
    env: io.env,
    stdout: io.stdout,
    stderr: io.stderr,
    ...(typeof args.port === 'number' ? { port: args.port } : {}),
    ...(typeof args.host === 'string' ? { host: args.host } : {}),
    ...(args.quiet ? { quiet: true } : {}),
    ...(io.stopSignal ? { signal: io.stopSignal } : {}),
  };
  try {
    if (context.entries.length > 1 && typeof args.out !== 'string' && typeof args.module !== 'string') {
      reporter.error(
        `podcast-gen ${name}: the config has ${context.entries.length} entries; pass --out${name === 'mock' ? ' (or --module)' : ''} to say whose ${name === 'mock' ? 'mock' : 'MCP server'} to serve`,
      );
      return reporter.finish(2);
    }
    if (name === 'mcp') {
      const options: McpCommandOptions = {
        ...common,
        cwd: io.cwd,
        ...(context.options.out ? { out: context.options.out } : {}),
        ...(typeof args.baseUrl === 'string' ? { baseUrl: args.baseUrl } : {}),
        ...(Array.isArray(args.credential) ? { credentials: args.credential as string[] } : {}),
        ...(typeof args.scopes === 'string' ? { scopes: args.scopes } : {}),
        ...(typeof args.tools === 'string' ? { tools: args.tools } : {}),
        ...(typeof args.toolsets === 'string' ? { toolsets: args.toolsets } : {}),
        ...(args.readOnly ? { readOnly: true } : {}),
        ...(typeof args.dynamic === 'boolean' ? { dynamic: args.dynamic } : {}),
        ...(typeof args.resultBudget === 'number' ? { resultBudget: args.resultBudget } : {}),
        ...(args.http ? { http: true } : {}),
        ...(typeof args.issuer === 'string' ? { issuer: args.issuer } : {}),
        ...(typeof args.resource === 'string' ? { resource: args.resource } : {}),
        ...(args.allowedOrigins !== undefined ? { allowedOrigins: args.allowedOrigins as string | string[] } : {}),
        ...(args.allowedHosts !== undefined ? { allowedHosts: args.allowedHosts as string | string[] } : {}),
      };
      return await (await import('../../servers/mcp.js')).runMcp(options);
    }
    const options: MockCommandOptions = {
      ...common,
      cwd: io.cwd,
      ...(typeof args.latency === 'number' ? { latencyMs: args.latency } : {}),
      ...(args.corsOrigins !== undefined ? { corsOrigins: args.corsOrigins as string | string[] } : {}),
      ...(typeof args.module === 'string' ? { module: args.module } : {}),
      ...(context.options.out ? { out: context.options.out } : {}),
    };
    return await (await import('../../servers/mock.js')).runMock(options);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && /@modelcontextprotocol\/server/.test(String((error as Error).message))) {
      // A dependency of podcast-gen, so missing only from an install that left it out or broke it.
      reporter.error(
        `podcast-gen ${name}: this command needs the MCP server SDK, which is missing from this install; run \`npm install @modelcontextprotocol/server\` and try again`,
      );
      return reporter.finish(1);
    }
    if (error instanceof Error && !('problems' in error)) {
      reporter.error(`podcast-gen ${name}: ${error.message}`);
      return reporter.finish(1);
    }
    return reportFailure(error, reporter, name);
  }
}
