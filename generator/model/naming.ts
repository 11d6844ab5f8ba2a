/**
 * Every re-casing of a name lives here: spec-facing names keep the spec's spelling, code identifiers
 * are made valid, unique and stable. Pure functions, no state.
 */

/** Words of a name: splits on non-alphanumerics and on lower-to-upper case changes. */
export function words(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** `create_multi-camera avatar` -> `CreateMultiCameraAvatar`; a valid identifier, never empty. */
export function pascalCase(name: string): string {
  const result = words(name)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return safeIdentifier(result, 'T');
}

/** `create_multi-camera avatar` -> `createMultiCameraAvatar`; a valid identifier, never reserved. */
export function camelCase(name: string): string {
  const [first = '', ...rest] = words(name);
  const head = first === first.toUpperCase() ? first.toLowerCase() : first.charAt(0).toLowerCase() + first.slice(1);
  const result = head + rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return safeIdentifier(result, 'op');
}

/** `createMultiCameraAvatar` -> `create_multi_camera_avatar`. */
export function snakeCase(name: string): string {
  return words(name)
    .map((w) => w.toLowerCase())
    .join('_');
}

/** Words that cannot name a binding or that shadow globals the generated code relies on. */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await arguments eval undefined NaN ' +
    'Infinity Object Array String Number Boolean Symbol Error Promise Date RegExp Map Set Blob File FormData Headers ' +
    'Request Response URL URLSearchParams JSON Math Record Partial Required Readonly Pick Omit Exclude Extract ' +
    'NonNullable ReturnType Parameters Awaited any unknown never object string number boolean bigint symbol z ' +
    'fetch globalThis crypto AbortController AbortSignal ' +
    // Members every object has: a client method `constructor` is the class's constructor, `then`
    // makes the client a thenable (`await` would call it), the others shadow what tools rely on.
    'constructor prototype __proto__ then toString valueOf toJSON hasOwnProperty isPrototypeOf propertyIsEnumerable toLocaleString'
  ).split(' '),
);

/** True when `name` can be written bare as a binding name. */
export function isIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !RESERVED.has(name);
}

/** Makes a valid, non-reserved identifier: a leading digit gets `prefix`, a reserved word gets `_`. */
export function safeIdentifier(name: string, prefix: string): string {
  let result = name.replace(/[^A-Za-z0-9_$]/g, '');
  if (result === '') result = prefix;
  if (/^[0-9]/.test(result)) result = `${prefix}${result}`;
  if (RESERVED.has(result)) result = `${result}_`;
  return result;
}

/**
 * Assigns each key a unique name made by `make`, in order: a later key whose name is taken gets
 * `2`, `3`, ... appended (within `maxLength`). Stable: the same keys in the same order always get the same names.
 */
export function uniqueNames<K>(keys: readonly K[], make: (key: K) => string, taken: Iterable<string> = [], maxLength = Infinity): Map<K, string> {
  const used = new Set(taken);
  const result = new Map<K, string>();
  for (const key of keys) {
    const base = make(key);
    let name = base;
    // With a length limit (tool names: 64), the suffix replaces the base's last characters.
    for (let n = 2; used.has(name); n++) name = `${base.slice(0, maxLength - String(n).length)}${n}`;
    used.add(name);
    result.set(key, name);
  }
  return result;
}

/**
 * File stems that must not be used for a generated file: `package.json` would turn its folder into a
 * CommonJS package, the others are config files tools pick up or names Windows reserves for devices.
 */
const RESERVED_FILE_STEMS = /^(package|tsconfig|jsconfig|index|con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * The longest operationId or schema name a document may use (check-names.ts refuses longer): a
 * guard against names that run away, far above real ones (test/robustness/size-limit.test.ts).
 * Identifiers have no limit of their own; file names do (below).
 */
export const MAX_NAME_LENGTH = 1_000;

/**
 * The longest file base name made from an operation: a file name has at most 255 bytes on common
 * file systems, and room is left for a `-2`, a `_` and the extension. A longer name keeps its start
 * and ends with a hash of the whole, so it stays unique and stable.
 */
export const MAX_FILE_STEM = 200;

/**
 * A file base name for an operation: the operationId when it is a plain file name (letters, digits,
 * `_`, `-` and inner dots, not reserved), else `fallback` (an identifier). Never leaves its folder.
 */
export function fileNameFrom(operationId: string, fallback: string): string {
  const plain = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(operationId) && !operationId.endsWith('.');
  const whole = plain ? operationId : fallback;
  const stem = whole.length <= MAX_FILE_STEM ? whole : `${whole.slice(0, MAX_FILE_STEM - 9)}-${fnv1a(whole)}`;
  return RESERVED_FILE_STEMS.test(stem.split('.')[0] ?? stem) ? `${stem}_` : stem;
}

/** FNV-1a of a text, as 8 hex digits: a short, stable fingerprint (not a secure hash). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Like {@link uniqueNames}, but unique ignoring case (macOS and Windows file names ignore it). */
export function uniqueFileNames<K>(keys: readonly K[], make: (key: K) => string): Map<K, string> {
  const used = new Set<string>();
  const result = new Map<K, string>();
  for (const key of keys) {
    const base = make(key);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base}-${n}`;
    used.add(name.toLowerCase());
    result.set(key, name);
  }
  return result;
}

/** A tool name from an operationId: snake case, starting with a letter, at most 64 characters. */
export function toolNameFrom(operationId: string, prefix = ''): string {
  let name = `${prefix}${snakeCase(operationId)}`.replace(/[^a-z0-9_]/g, '');
  if (!/^[a-z]/.test(name)) name = `op_${name}`;
  return name.slice(0, 64);
}

/** An operationId for an operation that has none: `get /pets/{petId}` -> `getPetsByPetId`. */
export function operationIdFrom(method: string, path: string): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? `by ${param[1]}` : segment;
    });
  return camelCase(`${method} ${parts.join(' ') || 'root'}`);
}

/** Words of an identifier for humans: `quotaSummary` -> `Quota summary`. */
export function humanize(name: string): string {
  const text = words(name).join(' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The generated module that owns a name `index.ts` re-exports (besides `schemas.ts`). */
export type ExportOwner = 'runtime' | 'client' | 'operations' | 'fixtures';

/** Who exports a name, and whether only as a type (re-exported with `export type`). */
export interface GeneratedExport {
  owner: ExportOwner;
  typeOnly: boolean;
}

/** A name a module exports, and whether only as a type. */
export interface ExportedName {
  name: string;
  typeOnly: boolean;
}

/**
 * Names the generated code exports besides the document's schemas (runtime.ts, operations.ts,
 * client.ts, fixtures), with the module each comes from. `schemas.ts` still exports a validator
 * under the document's own name; only `index.ts`, which re-exports all of these modules, must
 * resolve a clash (it keeps the owner's export and aliases the validator).
 * `runtime`: what the run's runtime.ts exports, which the user may replace; the caller reads it
 * (emit/runtime-exports.ts). The rest keep in step with client.ts.hbs, operations.ts.hbs and
 * fixtures-index.ts.hbs.
 */
export function generatedExports(api: string, runtime: readonly ExportedName[]): Map<string, GeneratedExport> {
  const entries = (owner: ExportOwner, typeOnly: boolean, names: string): [string, GeneratedExport][] =>
    names.split(' ').map((name) => [name, { owner, typeOnly }]);
  return new Map([
    ...runtime.map(({ name, typeOnly }): [string, GeneratedExport] => [name, { owner: 'runtime', typeOnly }]),
    ...entries('operations', true, 'OperationId'),
    ...entries('fixtures', true, 'Fixture FixtureResponse'),
    ...entries('client', true, `${api}Client ${api}ClientOptions ${api}ClientAuth ${api}OperationTypes ${api}Params ${api}Data`),
  ]);
}

/**
 * Names `schemas.ts` declares itself: a component cannot take them there (it gets a number, as a
 * clash with an operation's `Params`/`Body`/`Data`/`Errors` does).
 */
export const SCHEMAS_FILE_NAMES: readonly string[] = ['OperationSchemas', '_ErrorBodies'];

/** The `info` extension that names the API in generated identifiers: `x-podcast-gen-name: github`. */
export const API_NAME_EXTENSION = 'x-podcast-gen-name';

/** Where the API's name came from: `--name` (or the config), the extension, the title, the file name. */
export type ApiNameSource = 'option' | typeof API_NAME_EXTENSION | 'title' | 'file name' | 'default';

/**
 * Words a title uses for every API, which say nothing of this one: kinds of interface, formats,
 * articles, and what generators write (`OData Service for namespace microsoft.graph`).
 */
const FILLER_WORDS = new Set(
  'a an and the of for to api apis rest restful http https json yaml openapi swagger spec specification interface interfaces service services web endpoint endpoints reference odata namespace official'.split(
    ' ',
  ),
);

/**
 * A short, stable API name from a title or file name: its words (split on anything not a letter or
 * digit, each lower-cased whole, so `GitHub` stays one word), less filler words and versions
 * (`v3`, `2010`, `1.0`), the first two kept, camel-cased: `GitHub v3 REST API` -> `github`,
 * `Microsoft Graph` -> `microsoftGraph`. Undefined when no word is left. A name starts with a letter.
 */
export function shortApiName(text: string): string | undefined {
  const kept = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // An apostrophe joins its word: `GitHub's` is `github`, `O'Reilly` is `oreilly`.
    .replace(/['\u2019]s\b/gi, '')
    .replace(/['\u2019]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w !== '' && !FILLER_WORDS.has(w) && !/^v?\d+$/.test(w))
    .slice(0, 2);
  if (kept.length === 0) return undefined;
  const name = kept.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  return /^[0-9]/.test(name) ? `api${name}` : name;
}

/**
 * The API's name when the run gives none: the document's `info.x-podcast-gen-name` as written
 * (made an identifier), else a short name from its title, else from its file name, else `api`.
 */
export function apiNameOf(document: { info?: unknown }, file: string): { name: string; from: ApiNameSource } {
  const info = (document.info && typeof document.info === 'object' ? document.info : {}) as Record<string, unknown>;
  const given = info[API_NAME_EXTENSION];
  if (typeof given === 'string' && /[A-Za-z]/.test(given)) return { name: camelCase(given), from: API_NAME_EXTENSION };
  const title = typeof info.title === 'string' ? shortApiName(info.title) : undefined;
  if (title) return { name: title, from: 'title' };
  const stem =
    file
      .split(/[?#]/)[0]
      ?.split(/[\\/]/)
      .pop()
      ?.replace(/\.[^.]*$/, '') ?? '';
  const fromFile = shortApiName(stem);
  return fromFile ? { name: fromFile, from: 'file name' } : { name: 'api', from: 'default' };
}
