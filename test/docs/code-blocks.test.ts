import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { ROOT } from '../helpers/paths.js';

/** A fenced block of TypeScript or JavaScript in the README or docs/. */
interface Block {
  /** The markdown file, relative to the repository. */
  doc: string;
  /** The line of the opening fence (1-based). */
  line: number;
  js: boolean;
  /** The info string's words after the language, e.g. `fragment`. */
  marks: string[];
  code: string;
}

const LANGUAGES: Record<string, boolean> = { ts: false, typescript: false, js: true, javascript: true };
const FENCE = /^( *)```(\S*)(.*)$/;

function blocksOf(doc: string, text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', language = '', info = ''] = open;
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim() !== '```') end++;
    const js = LANGUAGES[language];
    if (js !== undefined) {
      // A block inside a list item is indented as a whole: its code starts past the fence's indent.
      const code = lines
        .slice(i + 1, end)
        .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
        .join('\n');
      blocks.push({ doc, line: i + 1, js, marks: info.trim().split(/\s+/).filter(Boolean), code });
    }
    i = end;
  }
  return blocks;
}

function documentedBlocks(): Block[] {
  const docs = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `docs/${f}`),
  ];
  return docs.flatMap((doc) => blocksOf(doc, readFileSync(join(ROOT, doc), 'utf8')));
}

/** Where `podcast-gen` resolves: the declarations of generator/index.ts, as the package ships them. */
const PACKAGE = join(ROOT, 'generator', 'package-surface.d.ts');

/**
 * The snippets are the code of a project whose root is the repository's: `./generated/` is the
 * committed output, with the outputs made only when chosen (`tanstack-query`, `msw`) beside it in
 * memory, `podcast-gen` the package's declarations, `./tools/api-reference-plugin.js` the
 * plugin of docs/examples/ (the docs say a project copies it there), and the mock of `./src/api/`
 * ("your own API") is the podcast one, whose options every document's mock shares.
 */
async function projectFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const optIn = await generateFiles({ cwd: ROOT, outputs: ['tanstack-query', 'msw'], 'tanstack-query': { frameworks: ['react', 'vue'] } });
  for (const file of optIn.files.filter((f) => f.path.startsWith('tanstack-query/') || f.path.startsWith('msw/')))
    files.set(join(ROOT, 'generated', file.path), file.content);
  // Declarations rather than the source: the checker then skips the pipeline's own imports.
  const index = ts.transpileDeclaration(readFileSync(join(ROOT, 'generator', 'index.ts'), 'utf8'), { fileName: 'index.ts', compilerOptions: OPTIONS });
  expect(index.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toStrictEqual([]);
  files.set(PACKAGE, index.outputText);
  files.set(join(ROOT, 'tools', 'api-reference-plugin.ts'), `export * from '../docs/examples/api-reference-plugin.js';\n`);
  files.set(join(ROOT, 'src', 'api', 'mock', 'index.ts'), `export * from '../../../generated/mock/index.js';\n`);
  return files;
}

/**
 * Strict, as docs/install.md promises the generated code compiles (`strict`, `exactOptionalPropertyTypes`),
 * and every snippet a module of its own. JavaScript (the `.mjs` config examples) is checked too:
 * `defineConfig` types a config's keys.
 */
const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  moduleDetection: ts.ModuleDetectionKind.Force,
  // Node's types declare fetch and what the client runs on; the DOM's would only slow the check.
  lib: ['lib.es2023.d.ts'],
  types: ['node'],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  allowJs: true,
  checkJs: true,
  skipLibCheck: true,
  noEmit: true,
  paths: { 'podcast-gen': [PACKAGE] },
};

/** Type-checks the blocks in one program; each failure names the markdown file and line. */
function check(blocks: Block[], project: Map<string, string>): string[] {
  const snippets = new Map<string, Block>();
  for (const block of blocks) snippets.set(join(ROOT, `doc-snippet--${block.doc.replace('/', '--')}--${block.line}.${block.js ? 'mjs' : 'ts'}`), block);
  const virtual = new Map(project);
  for (const [path, block] of snippets) virtual.set(path, block.code);
  const folders = new Set([...virtual.keys()].flatMap((path) => ancestors(dirname(path))));

  const host = ts.createCompilerHost(OPTIONS, true);
  const { fileExists, readFile, directoryExists, getSourceFile } = host;
  host.fileExists = (path) => virtual.has(path) || fileExists.call(host, path);
  host.readFile = (path) => virtual.get(path) ?? readFile.call(host, path);
  host.directoryExists = (path) => folders.has(path) || (directoryExists?.call(host, path) ?? false);
  host.getSourceFile = (path, language, onError, create) => {
    const text = virtual.get(path);
    return text === undefined ? getSourceFile.call(host, path, language, onError, create) : ts.createSourceFile(path, text, language, true);
  };

  const program = ts.createProgram({ rootNames: [...snippets.keys()], options: OPTIONS, host });
  const failures = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  for (const [path, block] of snippets) {
    const source = program.getSourceFile(path)!;
    for (const d of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const line = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line;
      failures.push(`${block.doc}:${block.line + 1 + line}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    }
  }
  return failures;
}

function ancestors(folder: string): string[] {
  const all: string[] = [];
  for (let f = folder; f.length >= ROOT.length - 1; f = dirname(f)) all.push(f);
  return all;
}

describe('the code blocks of the README and docs/', () => {
  const blocks = documentedBlocks();

  it('are found: TypeScript in every page with code, and the JavaScript config examples', () => {
    expect(blocks.filter((b) => !b.js).length).toBeGreaterThan(20);
    expect(blocks.filter((b) => b.js).map((b) => b.doc)).toStrictEqual(['docs/configuration.md']);
  });

  it('are marked as fragments only where a block is deliberately not checked here', () => {
    // The streamed responses need a document with an itemSchema or events, which the podcast one
    // lacks; test/versions/oas32.compat.test.ts and test/types/server-sent-events.compat.test.ts
    // compile the same loops against such outputs.
    const fragments = blocks.filter((b) => b.marks.includes('fragment'));
    // So does pagination: test/types/pagination.compat.test.ts compiles its loops.
    expect(fragments.map((b) => b.doc)).toStrictEqual(['docs/client.md', 'docs/client.md', 'docs/client.md']);
    expect(fragments[0]?.code).toContain('client.streamItems(');
    expect(fragments[1]?.code).toContain('ticker.watchTicks(');
    expect(fragments[2]?.code).toContain('pager.listCharges(');
  });

  it('compile as written, each a module with its imports, and a failure names its page and line', async () => {
    // Control blocks of known faults: the check fails, in TypeScript and in a JavaScript config, at the right line.
    const controls: Block[] = [
      {
        doc: 'control.md',
        line: 10,
        js: false,
        marks: [],
        code: `import { createPodcastClient } from './generated/index.js';\nimport { fixtures } from './generated/index.js';\n`,
      },
      {
        doc: 'control.md',
        line: 20,
        js: true,
        marks: [],
        code: `import { defineConfig } from 'podcast-gen';\nexport default defineConfig({ outputs: ['client'], out: 42 });\n`,
      },
    ];
    const failures = check([...blocks.filter((b) => !b.marks.includes('fragment')), ...controls], await projectFiles());
    expect(failures.filter((f) => f.startsWith('control.md:'))).toStrictEqual([
      `control.md:12: TS2305 Module '"./generated/index.js"' has no exported member 'fixtures'.`,
      `control.md:22: TS2322 Type 'number' is not assignable to type 'string'.`,
    ]);
    expect(failures.filter((f) => !f.startsWith('control.md:'))).toStrictEqual([]);
  });
});
