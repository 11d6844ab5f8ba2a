/**
 * The table of broken inputs: each case writes a small project (a document, maybe an output path
 * that cannot be a folder) and says which problem it must give, where, and with which exit code.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** One broken input. Files are written into a fresh project folder before the run. */
export interface BadInput {
  name: string;
  /** Files of the project, relative to it (a Buffer for binary content). */
  files?: Record<string, string | Buffer>;
  /** Folders of the project to create (empty). */
  folders?: string[];
  /** A folder to create holding `out/keep.txt`, then make read-only. */
  readOnly?: string;
  /** `--spec`: a path relative to the project, or a URL. Default `api.yaml`. */
  spec?: string | (() => Promise<string>);
  /** `--out`. Default `out` (a folder holding a user file, which must survive). */
  out?: string;
  /** Extra flags for the CLI (and the same as options for `generate()`). */
  templates?: string;
  /** Extra argv for the CLI only (usage errors). */
  argv?: string[];
  /** The problem's code. */
  code: RegExp;
  /** What the one problem line must contain: its place (file:line:col) and words of the fix. */
  line: RegExp;
  exit: 1 | 2;
  /** The problem's text spans lines (handlebars' parse error draws a frame; generator/emit/templates.ts passes it on). */
  multiline?: boolean;
  /** The place is printed as an absolute path (generator/emit/templates.ts gets the resolved folder). */
  absolutePlace?: boolean;
  /** Only where permissions hold (not as root). */
  needsPermissions?: boolean;
}

const info = 'info: { title: T, version: "1" }\n';
const doc = (body: string) => `openapi: 3.0.3\n${info}${body}`;
const okPaths = 'paths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n        "200": { description: ok }\n';

/** A port nothing listens on: bound, read, then closed again. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const BAD_INPUTS: BadInput[] = [
  { name: 'missing file', code: /load\/missing/, line: /^nope\.yaml .*no such file.*check the path/, spec: 'nope.yaml', exit: 1 },
  { name: 'a folder', folders: ['api'], spec: 'api', code: /load\/directory/, line: /^api .*folder.*name the YAML or JSON file/, exit: 1 },
  { name: 'empty file', files: { 'api.yaml': '' }, code: /load\/empty/, line: /^api\.yaml .*empty/, exit: 1 },
  {
    name: 'only whitespace and comments',
    files: { 'api.yaml': '# nothing\n\n   \n' },
    code: /load\/not-an-object/,
    line: /^api\.yaml:1:1 .*empty.*openapi: 3\.0/,
    exit: 1,
  },
  {
    name: 'binary file (PNG)',
    files: { 'api.yaml': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe, 0]) },
    code: /load\/binary/,
    line: /^api\.yaml .*binary.*YAML or JSON/,
    exit: 1,
  },
  {
    name: 'binary file (NUL bytes in text)',
    files: { 'api.yaml': `openapi: 3.0.3\n\u0000\u0000info: {}\n` },
    code: /load\/binary/,
    line: /^api\.yaml .*binary/,
    exit: 1,
  },
  {
    name: 'invalid YAML',
    files: { 'api.yaml': `openapi: 3.0.3\ninfo:\n  title: [unclosed\n  version: "1"\n${okPaths}` },
    code: /load\/parse/,
    line: /^api\.yaml:\d+:\d+ .*not valid YAML or JSON.*fix the syntax/,
    exit: 1,
  },
  {
    name: 'invalid YAML indentation',
    files: { 'api.yaml': 'openapi: 3.0.3\ninfo:\n  title: T\n version: "1"\n' },
    code: /load\/parse/,
    line: /^api\.yaml:4:\d+ .*not valid YAML/,
    exit: 1,
  },
  {
    name: 'invalid JSON (trailing comma)',
    files: { 'api.json': '{\n  "openapi": "3.0.3",\n  "info": { "title": "T", "version": "1" },\n  "paths": {},\n}\n' },
    spec: 'api.json',
    code: /load\/parse/,
    line: /^api\.json:5:1 .*not valid/,
    exit: 1,
  },
  {
    name: 'invalid JSON (unclosed)',
    files: { 'api.json': '{\n  "openapi": "3.0.3",\n  "info": { "title": "T", "version": "1" \n' },
    spec: 'api.json',
    code: /load\/parse/,
    line: /^api\.json:\d+:\d+ .*not valid/,
    exit: 1,
  },
  { name: 'root is a list', files: { 'api.yaml': '- openapi: 3.0.3\n' }, code: /load\/not-an-object/, line: /^api\.yaml:1:1 .*a list, not an object/, exit: 1 },
  {
    name: 'root is a string',
    files: { 'api.yaml': 'just some text\n' },
    code: /load\/not-an-object/,
    line: /^api\.yaml:1:1 .*a string, not an object/,
    exit: 1,
  },
  {
    name: 'missing openapi field',
    files: { 'api.yaml': `${info}${okPaths}` },
    code: /load\/no-version/,
    line: /^api\.yaml:1:1 .*no `openapi` field.*add `openapi: 3\.0\.3`/,
    exit: 1,
  },
  {
    name: 'openapi is a number',
    files: { 'api.yaml': `openapi: 3.0\n${info}${okPaths}` },
    code: /load\/unsupported-version/,
    line: /^api\.yaml:1:\d+ .*OpenAPI 3 is not supported.*openapi: 3\.0\.3/,
    exit: 1,
  },
  {
    name: 'openapi 4.0',
    files: { 'api.yaml': `openapi: 4.0.0\n${info}${okPaths}` },
    code: /load\/unsupported-version/,
    line: /^api\.yaml:1:\d+ .*OpenAPI 4\.0\.0 is not supported/,
    exit: 1,
  },
  {
    name: 'Swagger 1.2',
    files: { 'api.yaml': `swagger: "1.2"\n${info}paths: {}\n` },
    code: /load\/unsupported-version/,
    line: /^api\.yaml:1:\d+ .*Swagger 1\.2 is not supported; podcast-gen reads Swagger 2\.0 and OpenAPI/,
    exit: 1,
  },
  {
    name: 'OpenAPI 3.3',
    files: { 'api.yaml': `openapi: 3.3.0\n${info}${okPaths}` },
    code: /load\/unsupported-version/,
    line: /^api\.yaml:1:\d+ .*OpenAPI 3\.3\.0 is not supported.*3\.0\.x, 3\.1\.x and 3\.2\.x/,
    exit: 1,
  },
  {
    name: 'unresolved internal $ref',
    files: {
      'api.yaml': doc(
        'paths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: "#/components/schemas/Nope" }\n',
      ),
    },
    code: /^(bundler|no-unresolved-refs)$/,
    line: /^api\.yaml:12:\d+ .*resolve \$ref "#\/components\/schemas\/Nope".*check the \$ref/,
    exit: 1,
  },
  {
    name: 'unresolved external $ref',
    files: {
      'api.yaml': doc(
        'paths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: "./missing.yaml#/Pet" }\n',
      ),
    },
    code: /^(bundler|no-unresolved-refs)$/,
    line: /^api\.yaml:12:\d+ .*"\.\/missing\.yaml#\/Pet".*no such file.*check the \$ref/,
    exit: 1,
  },
  {
    name: 'circular $ref with nothing in between',
    files: { 'api.yaml': doc(`${okPaths}components:\n  schemas:\n    A: { $ref: "#/components/schemas/B" }\n    B: { $ref: "#/components/schemas/A" }\n`) },
    code: /load\/circular-ref/,
    line: /^api\.yaml:11:\d+ .*A -> B -> A.*refers to itself.*make one of them a schema/,
    exit: 1,
  },
  {
    name: 'duplicate operationIds',
    files: {
      'api.yaml': doc(
        'paths:\n  /a:\n    get:\n      operationId: same\n      responses: { "200": { description: ok } }\n  /b:\n    get:\n      operationId: same\n      responses: { "200": { description: ok } }\n',
      ),
    },
    code: /podcast-gen\/operation-id-unique/,
    line: /^api\.yaml:10:\d+ .*GET \/a and GET \/b have the same operationId `same`.*its own operationId/,
    exit: 1,
  },
  {
    name: 'path parameter missing from the path',
    files: {
      'api.yaml': doc(
        'paths:\n  /a:\n    get:\n      operationId: getA\n      parameters:\n        - { name: id, in: path, required: true, schema: { type: string } }\n      responses: { "200": { description: ok } }\n',
      ),
    },
    code: /path-parameters-defined/,
    line: /^api\.yaml:8:\d+ .*`id` is not used in the path.*name the same parameters/,
    exit: 1,
  },
  {
    name: 'path template parameter not declared',
    files: { 'api.yaml': doc('paths:\n  /a/{id}:\n    get:\n      operationId: getA\n      responses: { "200": { description: ok } }\n') },
    code: /path-parameters-defined/,
    line: /^api\.yaml:5:\d+ .*path parameter `\{id\}`.*name the same parameters/,
    exit: 1,
  },
  {
    name: 'paths is a list',
    files: { 'api.yaml': doc('paths:\n  - /a\n') },
    code: /document\/not-an-object/,
    line: /^api\.yaml:4:\d+ .*#\/paths is a list, where the map of path items .*write the map of path items/,
    exit: 1,
  },
  {
    name: 'unreachable --spec URL',
    spec: async () => `http://127.0.0.1:${await closedPort()}/x.yaml`,
    code: /load\/read/,
    line: /^http:\/\/127\.0\.0\.1:\d+\/x\.yaml .*cannot read.*ECONNREFUSED.*check the URL/,
    exit: 1,
  },
  {
    name: 'output folder is a file',
    files: { 'api.yaml': doc(okPaths), 'out.txt': 'mine\n' },
    out: 'out.txt',
    code: /write\/not-a-folder/,
    line: /^out\.txt .*is a file.*another --out/,
    exit: 1,
  },
  {
    name: 'output folder under a file',
    files: { 'api.yaml': doc(okPaths), 'plain.txt': 'mine\n' },
    out: 'plain.txt/out',
    code: /write\//,
    line: /^plain\.txt\/out .*plain\.txt.*is a file/,
    exit: 1,
  },
  {
    name: 'output folder in a read-only folder',
    files: { 'api.yaml': doc(okPaths) },
    readOnly: 'locked',
    out: 'locked/out',
    code: /write\/failed/,
    line: /^locked\/out .*EACCES.*writable/,
    exit: 1,
    needsPermissions: true,
  },
  {
    name: 'templates folder missing',
    files: { 'api.yaml': doc(okPaths) },
    templates: 'no-templates',
    code: /templates\/missing/,
    line: /no-templates .*no such templates folder.*--templates/,
    exit: 1,
    absolutePlace: true,
  },
  {
    name: 'template with broken syntax',
    files: { 'api.yaml': doc(okPaths), 'tpl/client.ts.hbs': '{{#each operations}}\n{{oops\n' },
    templates: 'tpl',
    code: /templates\/render/,
    line: /^client\.ts\.hbs .*Parse error on line 2/,
    exit: 1,
    multiline: true,
  },
  { name: 'unknown flag', files: { 'api.yaml': doc(okPaths) }, argv: ['--colour'], code: /cli\/usage/, line: /colour/, exit: 2 },
  { name: '--spec without a value', files: { 'api.yaml': doc(okPaths) }, argv: ['--spec'], code: /cli\/usage/, line: /spec/, exit: 2 },
];
