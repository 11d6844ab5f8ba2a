/**
 * Data that a generated TypeScript file needs at run time but the type checker must not read: a
 * JavaScript module holding JSON text (`<name>.js`) and, beside it, a declaration of one line
 * (`<name>.d.ts`). The TypeScript file imports `./<name>.js`; the checker resolves that to the
 * declaration and sees one `string`, however many megabytes the text is, while Node, bundlers and
 * browsers load the JavaScript as it is (with `allowJs`, the declaration still wins). Pure.
 */
import type { GeneratedFile } from './plugin.js';
import { commentText, jsonTextString } from './print.js';
import { sharedJsonPieces } from './shared-values.js';

/**
 * The two files of a data module at `path` (without extension): the `.js` exports as default the
 * JSON text `pieces.join('')`, written one piece a line as an array of string literals joined at
 * load time: Node loads that faster than the same text as one `String.raw` template
 * (bench/RESULTS.md, "Choices in the generator's code"). Each piece is a single-quoted JS string
 * literal (print.ts `jsonTextString`).
 */
export function jsonTextModule(path: string, banner: string, description: string, pieces: readonly string[]): GeneratedFile[] {
  const doc = commentText(description)
    .split('\n')
    .map((line) => `// ${line}`.trimEnd())
    .join('\n');
  const literals = pieces.length === 0 ? '' : `${pieces.map((piece) => `  ${jsonTextString(piece)},`).join('\n')}\n`;
  return [
    { path: `${path}.js`, content: `${banner}\n${doc}\nexport default [\n${literals}].join('');\n` },
    { path: `${path}.d.ts`, content: `${banner}\n${doc}\ndeclare const json: string; export default json;\n` },
  ];
}

/**
 * A data module of `value` with each value that recurs written once (shared-values.ts), which the
 * output reads back with `readSharedJson` (templates/shared-values.ts).
 */
export function sharedJsonModule(path: string, banner: string, description: string, value: unknown): GeneratedFile[] {
  return jsonTextModule(path, banner, description, sharedJsonPieces(value));
}
