/**
 * What keeping data away from the type checker saves, by document size (`npx tsx bench/large-documents.ts`,
 * not part of `npm run bench`): podcast's document and synthetic ones of growing size, each generated
 * twice with every output, as a large document (the fixtures and the MCP tools in data modules,
 * `schemas.ts` under `// @ts-nocheck`) and as a small one (typed literals, every file checked), and
 * each output type-checked alone by TypeScript 7 in the project `tsc --init` makes. The figures chose
 * `LARGE_DOCUMENT_OPERATIONS` (generator/model/document-size.ts). Writes its section of bench/RESULTS.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '../generator/index.js';
import { LARGE_DOCUMENT_OPERATIONS } from '../generator/model/document-size.js';
import { writeSection } from './sections.js';
import { syntheticDocument } from './synthetic.js';
import { INIT_OPTIONS } from './typecheck-weight.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SIZES = [50, 100, 150, 200, 300, 500, 1000];

/** One output's check: wall time, and what the compiler reports of its own work. */
interface Check {
  seconds: number;
  types: number;
  memoryMb: number;
  errors: number;
}

function check(work: string, name: string): Check {
  const config = `tsconfig.${name}.json`;
  writeFileSync(join(work, config), `${JSON.stringify({ compilerOptions: INIT_OPTIONS, include: [`${name}/**/*.ts`] }, null, 2)}\n`);
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc'), '-p', config, '--pretty', 'false', '--extendedDiagnostics'],
    { cwd: work, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const seconds = (performance.now() - started) / 1000;
  const figure = (label: string) => Number((new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(run.stdout) ?? [])[1] ?? NaN);
  return {
    seconds,
    types: figure('Types'),
    memoryMb: figure('Memory used') / 1024,
    errors: run.stdout.split('\n').filter((line) => line.includes('error TS')).length,
  };
}

async function measure(): Promise<string> {
  const work = join(ROOT, '.tmp', 'large-documents');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'package.json'), '{ "type": "module", "private": true }\n');
  const documents = [{ name: 'podcast', spec: undefined as string | undefined, operations: 12 }];
  for (const size of SIZES) {
    const spec = join(work, `synthetic-${size}.json`);
    writeFileSync(spec, JSON.stringify(syntheticDocument(size)));
    documents.push({ name: `synthetic-${size}`, spec, operations: size });
  }
  const rows: string[] = [];
  /** The smallest document whose output checked as a small one makes more than twice the types. */
  let twice: number | undefined;
  for (const document of documents) {
    const cells: string[] = [];
    const types: number[] = [];
    for (const large of ['off', 'on'] as const) {
      const out = `${document.name}-${large}`;
      process.env.PODCAST_GEN_LARGE = large;
      await generate({ cwd: work, out, ...(document.spec ? { spec: document.spec } : {}) });
      const result = check(work, out);
      types.push(result.types);
      console.log(`  ${out.padEnd(22)} ${result.seconds.toFixed(1)} s, ${result.types} types, ${result.memoryMb.toFixed(0)} MB, ${result.errors} errors`);
      cells.push(
        `${result.seconds.toFixed(1)} s, ${(result.types / 1000).toFixed(0)}K types, ${result.memoryMb.toFixed(0)} MB${result.errors > 0 ? `, ${result.errors} errors` : ''}`,
      );
    }
    rows.push(`| ${document.name} | ${document.operations} | ${cells.join(' | ')} |`);
    if (twice === undefined && (types[0] ?? 0) > 2 * (types[1] ?? Infinity)) twice = document.operations;
  }
  delete process.env.PODCAST_GEN_LARGE;
  rmSync(work, { recursive: true, force: true });
  return [
    '<!-- large-documents: written by `npx tsx bench/large-documents.ts` -->',
    '## Large documents: data modules and `// @ts-nocheck`',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx bench/large-documents.ts\`: each document's full output (the defaults), generated as a small document (the fixtures and the MCP tools as typed literals, \`schemas.ts\` checked) and as a large one (both in JavaScript data modules typed by a one-line declaration, \`schemas.ts\` under \`// @ts-nocheck\`), then type-checked alone by TypeScript 7's \`tsc\` in the project \`tsc --init\` makes (as in "Type-checking the output"): wall time, and the compiler's own count of types and memory (\`--extendedDiagnostics\`), which do not depend on the machine's load. One run each; the machine (2 CPUs, shared) had a load average (1 minute) of ${loadavg()[0]?.toFixed(1) ?? '?'} when the section was written. The synthetic documents are those of \`npm run bench\` (bench/synthetic.ts).`,
    '',
    '| document | operations | checked as a small document | checked as a large document |',
    '|---|---:|---:|---:|',
    ...rows,
    '',
    `The smallest document whose output, checked as a small document, makes more than twice the types it makes as a large one: ${twice ?? 'none'} operations. A document is large from ${LARGE_DOCUMENT_OPERATIONS} operations (\`LARGE_DOCUMENT_OPERATIONS\`, generator/model/document-size.ts), the smallest size measured at which the data modules and the directive more than halve the types the check makes. The wall times vary with the machine's load; the counts of types do not.`,
    '<!-- large-documents: end -->',
  ].join('\n');
}

const section = await measure();
writeSection(join(ROOT, 'bench', 'RESULTS.md'), 'large-documents', section);
console.log(section);
