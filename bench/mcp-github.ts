/**
 * GitHub's REST document as MCP tools (`npx tsx bench/mcp-github.ts`, not part of `npm run bench`):
 * what `tools/list` sends in each mode (every tool, the dynamic mode, a toolset, a toolset read-only),
 * and what `search_tools` answers to three requests. Counts and bytes, which do not depend on the
 * machine. Writes its section of bench/RESULTS.md.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { generateFiles } from '../generator/index.js';
import { readGeneratedMcp, type ServeOptions } from '../generator/servers/mcp-generated.js';
import { writeOutput } from '../test/mcp/helpers/generated-server.js';
import { writeSection } from './sections.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const VERSION = (createRequire(import.meta.url)('@octokit/openapi/package.json') as { version: string }).version;
const QUERIES = ['create a comment on an issue', 'list the pull requests of a repository', 'trigger a workflow run'];
const MODES: [string, ServeOptions][] = [
  ['every tool (`--no-dynamic`)', { dynamic: false }],
  ['dynamic (the default above 50 tools)', {}],
  ['`--toolsets issues` (dynamic: 58 tools)', { toolsets: ['issues'] }],
  ['`--toolsets issues --no-dynamic`', { toolsets: ['issues'], dynamic: false }],
  ['`--toolsets issues --read-only`', { toolsets: ['issues'], readOnly: true }],
];

const { files } = await generateFiles({ spec: GITHUB, outputs: ['mcp'] });
const output = writeOutput('mcp-github', files);
try {
  const load = async (path: string) => (await import(pathToFileURL(join(output.dir, path)).href)) as Record<string, unknown>;
  const generated = readGeneratedMcp(await load('mcp/server.ts'), await load('client.ts'), 'github');
  const client = generated.createClient({ baseUrl: 'http://127.0.0.1:9' });
  const connect = async (options: ServeOptions) => {
    const [near, far] = InMemoryTransport.createLinkedPair();
    const mcp = new Client({ name: 'bench', version: '1.0.0' });
    await generated.createServer(client, options).connect(far);
    await mcp.connect(near);
    return mcp;
  };
  const rows: string[] = [];
  let pretty = 0;
  for (const [label, options] of MODES) {
    const mcp = await connect(options);
    const listed = await mcp.listTools();
    const bytes = Buffer.byteLength(JSON.stringify(listed));
    if (pretty === 0) pretty = Buffer.byteLength(`${JSON.stringify(listed, null, 2)}\n`);
    rows.push(`| ${label} | ${listed.tools.length} | ${bytes.toLocaleString('en-US')} | ${Math.round(bytes / 4).toLocaleString('en-US')} |`);
    await mcp.close();
  }
  const mcp = await connect({});
  const searches: string[] = [];
  for (const query of QUERIES) {
    const found = (await mcp.callTool({ name: 'search_tools', arguments: { query, limit: 5 } })) as { structuredContent?: { tools: { name: string }[] } };
    const bytes = Buffer.byteLength(JSON.stringify(found.structuredContent));
    searches.push(
      `| "${query}" | ${(found.structuredContent?.tools ?? []).map((t, i) => `${i + 1}. \`${t.name}\``).join(' ')} | ${bytes.toLocaleString('en-US')} |`,
    );
  }
  await mcp.close();
  const section = [
    '<!-- mcp-github: written by `npx tsx bench/mcp-github.ts` -->',
    '## MCP on a large API (issue 33)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx bench/mcp-github.ts\`: GitHub's REST document (\`@octokit/openapi\` ${VERSION}) generated with \`--outputs mcp\`, its server created with each selection and listed through the MCP SDK's client (in memory). Bytes are the JSON text of the \`tools/list\` result; tokens are estimated as bytes / 4. Counts and bytes do not depend on the machine.`,
    '',
    '| mode | tools listed | bytes | about tokens |',
    '|---|---:|---:|---:|',
    ...rows,
    '',
    `The first row's list pretty-printed (what a small document's \`mcp/tools.json\` holds) is ${pretty.toLocaleString('en-US')} bytes; GitHub's is a large document, whose output has no \`tools.json\` (the server assembles the list from its data, each definition written once). The dynamic mode's three tools name the number of tools and the tags in \`search_tools\`' description; the rest is their schemas.`,
    '',
    '`search_tools` with `limit: 5` (bytes: its `structuredContent`):',
    '',
    '| query | results, best first | bytes |',
    '|---|---|---:|',
    ...searches,
    '<!-- mcp-github: end -->',
  ].join('\n');
  writeSection(join(ROOT, 'bench', 'RESULTS.md'), 'mcp-github', section);
  console.log(section);
} finally {
  output.remove();
}
