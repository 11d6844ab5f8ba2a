import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { fail } from '../problems.js';
import { commentText, jsDoc, jsonLiteral, tsAccess, tsIdentifier, tsPropertyKey, tsString, tsUnion } from './print.js';

/** The built-in templates shipped with podcast-gen (`templates/` at the package root). */
export const BUILTIN_TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

/** A compiled template set: render a template by file name with a data object. */
export interface Templates {
  render(name: string, data: unknown): string;
  /** Names of all templates in the set, sorted. */
  names(): string[];
}

/**
 * Loads the built-in templates and, when `overrideDir` is given, the user's templates of the same
 * file name in their place. Handlebars runs with `noEscape` (its escaping is for HTML, not code):
 * templates insert spec strings only through the registered helpers, each escaping for its context.
 */
export function loadTemplates(overrideDir?: string): Templates {
  const handlebars = Handlebars.create();
  registerHelpers(handlebars);
  const sources = new Map<string, string>();
  for (const dir of [BUILTIN_TEMPLATES_DIR, overrideDir]) {
    if (!dir) continue;
    if (!existsSync(dir)) fail({ code: 'templates/missing', file: dir, message: 'no such templates folder', hint: 'check --templates' });
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.hbs')).sort()) {
      sources.set(name, readFileSync(join(dir, name), 'utf8'));
    }
  }
  for (const [name, source] of sources) {
    if (name.startsWith('_')) handlebars.registerPartial(name.replace(/^_|\.hbs$/g, ''), source);
  }
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  return {
    names: () => [...sources.keys()].sort(),
    render(name, data) {
      let template = compiled.get(name);
      if (!template) {
        const source = sources.get(name);
        if (source === undefined) fail({ code: 'templates/unknown', message: `no template named ${name}` });
        template = handlebars.compile(source, { noEscape: true, strict: true });
        compiled.set(name, template);
      }
      try {
        return template(data);
      } catch (error) {
        fail({ code: 'templates/render', file: name, message: `template failed: ${(error as Error).message}`, hint: 'check the template against the data it receives (see README, Templates)' });
      }
    },
  };
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
  // `{{{doc lines... indent="  "}}}`: a JSDoc block from several optional strings.
  handlebars.registerHelper('doc', function doc(this: unknown, ...args: unknown[]) {
    const options = args.pop() as { hash?: { indent?: string } };
    const lines = args.flatMap((a) => (Array.isArray(a) ? a : [a])).map((a) => (a === undefined || a === null ? undefined : String(a)));
    return jsDoc(lines, options.hash?.indent ?? '');
  });
}
