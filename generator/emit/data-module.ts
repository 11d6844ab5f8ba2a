/**
 * Data that a generated TypeScript file needs at run time but the type checker must not read: a
 * JavaScript module holding JSON text (`<name>.js`) and, beside it, a declaration of one line
 * (`<name>.d.ts`). The TypeScript file imports `./<name>.js`; the checker resolves that to the
 * declaration and sees one `string`, however many megabytes the text is, while Node, bundlers and
 * browsers load the JavaScript as it is (with `allowJs`, the declaration still wins). Pure.
 */
import type { GeneratedFile } from './plugin.js';
import { commentText, tsString } from './print.js';

/**
 * The two files of a data module at `path` (without extension): the `.js` exports as default the
 * JSON text `pieces.join('')`, written one piece a line as an array of string literals joined at
 * load time (a change to one piece changes one line; Node loads it about half again as fast as the
 * same text as one `String.raw` template). Each piece is escaped for a JS string literal.
 */
export function jsonTextModule(path: string, banner: string, description: string, pieces: readonly string[]): GeneratedFile[] {
  const doc = commentText(description)
    .split('\n')
    .map((line) => `// ${line}`.trimEnd())
    .join('\n');
  const literals = pieces.length === 0 ? '' : `${pieces.map((piece) => `  ${tsString(piece)},`).join('\n')}\n`;
  return [
    { path: `${path}.js`, content: `${banner}\n${doc}\nexport default [\n${literals}].join('');\n` },
    { path: `${path}.d.ts`, content: `${banner}\n${doc}\ndeclare const json: string; export default json;\n` },
  ];
}
