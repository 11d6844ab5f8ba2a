// Runs `podcast-gen mcp [--http]` in this process the way the CLI does (spawned by the tests under tsx).
import { runMcp } from '../../../generator/commands/mcp.js';

const stop = new AbortController();
process.once('SIGTERM', () => stop.abort());
const http = process.argv.includes('--http');
process.exitCode = await runMcp({ env: process.env, signal: stop.signal, ...(http ? { http: true, port: 0 } : {}) });
