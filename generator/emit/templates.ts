import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type Handlebars from 'handlebars';
import { PACKAGE_ROOT } from '../package-root.js';
import { fail } from '../problems.js';
import { commentText, jsDoc, jsonLiteral, tsAccess, tsIdentifier, tsPropertyKey, tsString, tsUnion } from './print.js';

/** The built-in templates shipped with podcast-gen (`templates/` at the package root). */
export const BUILTIN_TEMPLATES_DIR = join(PACKAGE_ROOT, 'templates');

/**
 * The rooms of the client's runtime (templates/runtime/): `runtime.ts` re-exports what the output
 * imports from them. The output holds those `runtime.ts` reaches through its imports, each as a
 * copied file (emit/runtime-exports.ts).
 */
export const RUNTIME_ROOMS: readonly string[] = [
  'runtime/auth/credentials.ts',
  'runtime/auth/redaction.ts',
  'runtime/auth/tokens.ts',
  'runtime/core/core.ts',
  'runtime/core/decode.ts',
  'runtime/core/exchange.ts',
  'runtime/core/options.ts',
  'runtime/core/redirects.ts',
  'runtime/core/result.ts',
  'runtime/core/retries.ts',
  'runtime/errors.ts',
  'runtime/paging/link-header.ts',
  'runtime/paging/next-page.ts',
  'runtime/paging/paged-promise.ts',
  'runtime/spec.ts',
  'runtime/streams/chunks.ts',
  'runtime/streams/frames.ts',
  'runtime/streams/read-items.ts',
  'runtime/streams/server-sent-events.ts',
  'runtime/values.ts',
  'runtime/waits.ts',
  'runtime/wire/bodies.ts',
  'runtime/wire/params.ts',
  'runtime/wire/request.ts',
  'runtime/wire/response.ts',
];

/**
 * Files of templates/ copied into the output as they are (after the banner), each at the same path
 * in the output: code that runs in the user's program, kept as real TypeScript so that it is
 * type-checked and unit-tested here (test/runtime/, test/mcp/tool-server.test.ts). The user's file
 * of the same path in `--templates` takes the built-in's place.
 */
export const COPIED_FILES: readonly string[] = [
  'runtime.ts',
  ...RUNTIME_ROOMS,
  // Copied into each folder whose data module it reads (fixtures/, mcp/): not at its own path.
  'shared-values.ts',
  'mcp/tool-server.ts',
  'mcp/tool-catalog.ts',
  'mcp/tool-gate.ts',
  'mcp/tool-call.ts',
  'mcp/result-budget.ts',
  'mcp/result-fields.ts',
  'mcp/http-handler.ts',
  'mcp/http-guard.ts',
  'mcp/http-legacy.ts',
  'mcp/oauth-resource.ts',
  'mcp/tool-selection.ts',
  'mcp/tool-search.ts',
  'mcp/dynamic-tools.ts',
  'mcp/credentials.ts',
  'fixtures/answers.ts',
  'fixtures/pages.ts',
  'mock/wire.ts',
  'mock/connections.ts',
  'mock/match.ts',
  'mock/faults.ts',
  'mock/credentials.ts',
  'mock/input-problems.ts',
  'mock/refusals.ts',
  'mock/server.ts',
  'msw/handlers.ts',
  'tanstack-query/query-keys.ts',
  'tanstack-query/infinite-pages.ts',
];

/** Whether a file of a templates folder replaces a built-in one: a template or a copied file. */
export function isTemplateFile(name: string): boolean {
  return name.endsWith('.hbs') || COPIED_FILES.includes(name);
}

/** A compiled template set: render a template by file name with a data object. */
export interface Templates {
  render(name: string, data: unknown): string;
  /** The text of a copied file (COPIED_FILES): the user's of the same name in its place. */
  copied(name: string): string;
  /** Names of all templates and copied files in the set, sorted. */
  names(): string[];
}

/** How every template is compiled, at run time or ahead of it (precompileTemplates). */
const COMPILE_OPTIONS = { noEscape: true, strict: true } as const;

/** The file bin/build.js writes: every built-in template, precompiled. */
export const PRECOMPILED_FILE = join(PACKAGE_ROOT, 'dist', 'precompiled-templates.cjs');

/** A built-in template as bin/build.js precompiled it, with the source it was made from. */
interface PrecompiledTemplate {
  source: string;
  spec: Parameters<typeof Handlebars.template>[0];
}

const require = createRequire(import.meta.url);

/**
 * Loads the built-in templates and, when `overrideDir` is given, the user's templates (and copied
 * files) of the same file name in their place. Handlebars runs with `noEscape` (its escaping is for
 * HTML, not code): templates insert spec strings only through the registered helpers, each
 * escaping for its context.
 *
 * A template whose text is the one bin/build.js precompiled runs from that precompiled form; when
 * all of them do, only Handlebars' runtime is loaded, not its compiler, which a small document's
 * run would notice. Any other template (the user's own, or a built-in edited since the build) is
 * compiled here, as before.
 */
export function loadTemplates(overrideDir?: string): Templates {
  const sources = readTemplateSources(overrideDir);
  const precompiled = loadPrecompiled();
  const ready = (name: string, source: string) => precompiled?.[name]?.source === source && !name.startsWith('_');
  const compilerNeeded = [...sources].some(([name, source]) => !ready(name, source));
  const handlebars = (compilerNeeded ? (require('handlebars') as typeof Handlebars) : (require('handlebars/runtime') as typeof Handlebars)).create();
  registerHelpers(handlebars);
  for (const [name, source] of sources) {
    if (name.startsWith('_')) handlebars.registerPartial(name.replace(/^_|\.hbs$/g, ''), source);
  }
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  const copies = new Map<string, string>();
  return {
    names: () => [...sources.keys(), ...COPIED_FILES].sort(),
    copied(name) {
      if (!COPIED_FILES.includes(name)) fail({ code: 'templates/unknown', message: `no copied file named ${name}` });
      let text = copies.get(name);
      if (text === undefined) {
        text = readFileSync(copiedFilePath(overrideDir, name), 'utf8');
        copies.set(name, text);
      }
      return text;
    },
    render(name, data) {
      let template = compiled.get(name);
      if (!template) {
        const source = sources.get(name);
        if (source === undefined) fail({ code: 'templates/unknown', message: `no template named ${name}` });
        const ahead = ready(name, source) ? precompiled?.[name] : undefined;
        template = ahead ? handlebars.template(ahead.spec) : handlebars.compile(source, COMPILE_OPTIONS);
        compiled.set(name, template);
      }
      try {
        return template(data);
      } catch (error) {
        fail({
          code: 'templates/render',
          file: name,
          message: `template failed: ${(error as Error).message}`,
          hint: 'check the template against the data it receives (docs/plugins-and-templates.md, Templates)',
        });
      }
    },
  };
}

/** Where a copied file is read from: the user's of the same name in `overrideDir` if there is one, else the built-in. */
export function copiedFilePath(overrideDir: string | undefined, name: string): string {
  const own = overrideDir ? join(overrideDir, name) : undefined;
  return own !== undefined && existsSync(own) ? own : join(BUILTIN_TEMPLATES_DIR, name);
}

/** Template sources by file name: the built-in ones, then the user's of the same name in their place. */
function readTemplateSources(overrideDir: string | undefined): Map<string, string> {
  const sources = new Map<string, string>();
  for (const dir of [BUILTIN_TEMPLATES_DIR, overrideDir]) {
    if (!dir) continue;
    if (!existsSync(dir)) fail({ code: 'templates/missing', file: dir, message: 'no such templates folder', hint: 'check --templates' });
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.hbs'))
      .sort()) {
      sources.set(name, readFileSync(join(dir, name), 'utf8'));
    }
  }
  return sources;
}

/** The precompiled built-in templates, or undefined where there are none (sources never built). */
function loadPrecompiled(): Record<string, PrecompiledTemplate> | undefined {
  try {
    return require(PRECOMPILED_FILE) as Record<string, PrecompiledTemplate>;
  } catch (error) {
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

/**
 * The text of the precompiled-templates file for the built-in templates (bin/build.js writes it to
 * PRECOMPILED_FILE): each template's source and Handlebars' precompiled form of it.
 */
export function precompileTemplates(): string {
  const handlebars = require('handlebars') as typeof Handlebars;
  const entries = [...readTemplateSources(undefined)].map(
    ([name, source]) =>
      `  ${JSON.stringify(name)}: {\n    source: ${JSON.stringify(source)},\n    spec: ${handlebars.precompile(source, COMPILE_OPTIONS)},\n  },`,
  );
  return `// Made by bin/build.js from templates/*.hbs (generator/emit/templates.ts, precompileTemplates).\n'use strict';\nmodule.exports = {\n${entries.join('\n')}\n};\n`;
}

type HandlebarsTemplateDelegate = ReturnType<typeof Handlebars.compile>;

/** Helpers: all escaping, none of it HTML. Each takes its value and returns code text. */
function registerHelpers(handlebars: typeof Handlebars): void {
  const helpers: Record<string, (...args: never[]) => string> = {
    str: (value: string) => tsString(String(value)),
    json: (value: unknown) => jsonLiteral(value),
    key: (name: string) => tsPropertyKey(String(name)),
    access: (name: string) => tsAccess(String(name)),
    ident: (name: string) => tsIdentifier(String(name)),
    comment: (text: string) => commentText(String(text ?? '')),
    union: (members: string[]) => tsUnion(members),
  };
  for (const [name, fn] of Object.entries(helpers)) handlebars.registerHelper(name, fn as Handlebars.HelperDelegate);
  // `{{{jsonPretty value indent="  "}}}`: indented JSON whose lines after the first carry `indent`,
  // so a value nested under a key lines up with it.
  handlebars.registerHelper('jsonPretty', (value: unknown, options: { hash?: { indent?: string } }) => {
    const indent = options.hash?.indent ?? '';
    return jsonLiteral(value, 2).replace(/\n/g, `\n${indent}`);
  });
  // `{{{jsonRows items}}}`: an array with one item a line, each item's JSON on its line: a table
  // of many small records reads (and diffs) a record a line, at half the bytes of indented JSON.
  handlebars.registerHelper('jsonRows', (items: readonly unknown[]) =>
    items.length === 0 ? '[]' : `[\n${items.map((item) => `  ${jsonLiteral(item)}`).join(',\n')},\n]`,
  );
  // `{{{doc lines... indent="  "}}}`: a JSDoc block from several optional strings.
  handlebars.registerHelper('doc', function doc(this: unknown, ...args: unknown[]) {
    const options = args.pop() as { hash?: { indent?: string } };
    const lines = args.flatMap((a) => (Array.isArray(a) ? a : [a])).map((a) => (a === undefined || a === null ? undefined : String(a)));
    return jsDoc(lines, options.hash?.indent ?? '');
  });
}
