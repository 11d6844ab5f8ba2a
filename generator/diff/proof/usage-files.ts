/**
 * The usage file: code a user wrote against the OLD generated output, to be compiled against the
 * new one. It imports every name the old output exports, makes the client from the old options,
 * calls each method with only its required parameters and with all of them (each written by name,
 * values of the old types), assigns the payload to the old payload type, reads the response's fields
 * (narrowing through unions as a user does: value-reads.ts) and switches exhaustively over every
 * enum. Each line that can fail is one subject (usage-subject.ts), so an error names what it proves
 * and a change knows whether a line looked at it.
 */
import { tsAccess, tsPropertyKey, tsString } from '../../emit/print.js';
import type { ApiModel } from '../../model/types.js';
import type { SchemaPlaces } from './schema-places.js';
import { type UsageFile, type UsageSubject, UsageWriter } from './usage-subject.js';
import { type ReadFocus, type ValueRead, valueReads } from './value-reads.js';

/** Where the two outputs sit; the usage files compiled against one sit in `usage-<its folder>/`. */
export const OLD_DIR = 'old';
export const NEW_DIR = 'new';
export const USAGE_DIR = 'usage';

/** What the calls file covers: every operation and schema, or only those named. */
export interface UsageScope {
  operations?: ReadonlySet<string>;
  schemas?: ReadonlySet<string>;
  exports?: ReadonlySet<string>;
}

/**
 * The usage file: every name the old output's index exports imported from `target` one a line,
 * then the old client in use (its own names start with `$`, which no generated export does).
 * A name is imported as `"name" as name`: for a missing one the compiler then reports TS2305
 * without searching thousands of exports for a similar name (bench/RESULTS.md, "Change report").
 */
export function writeUsageFile(input: {
  model: ApiModel;
  exports: readonly string[];
  places: SchemaPlaces;
  focus?: ReadFocus;
  scope?: UsageScope;
  target?: string;
}): UsageFile {
  const { model, exports, places, focus, scope = {}, target = NEW_DIR } = input;
  const out = new UsageWriter();
  const api = model.names.api;
  const imported = scope.exports ? exports.filter((name) => scope.exports?.has(name)) : exports;
  if (imported.length > 0) {
    out.line('import {');
    for (const name of imported) out.line(`  ${tsString(name)} as ${name},`, { exportName: name, kind: 'import' });
    out.line(`} from '../${target}/index.js';`);
  }
  out.line(`import type * as $old from '../${OLD_DIR}/index.js';`);
  out.line(`import * as $new from '../${target}/index.js';`);
  out.line(`declare const $options: $old.${model.names.clientOptions};`);
  out.line(`const $client = $new.${model.names.createClient}($options);`, { kind: 'client' });
  out.line('void $client;');
  // Each credential written by name in an object literal, as users write it: the compiler checks
  // excess properties of a literal only, so `$options` alone would compile with a scheme gone.
  for (const { name } of model.securitySchemes) {
    const key = tsPropertyKey(name);
    out.line(`void $new.${model.names.createClient}({ ...$options, auth: { ${key}: $options.auth!${tsAccess(name)}! } });`, { kind: 'client', scheme: name });
  }
  model.operations.forEach((op, index) => {
    if (scope.operations && !scope.operations.has(op.operationId)) return;
    const operationId = op.operationId;
    const method = `$client${tsAccess(op.methodName)}`;
    out.line(`// ${operationId.replace(/[\r\n\u2028\u2029]/g, ' ')}`);
    const inParam = op.hasInput ? `$in: $old.${api}Params<${tsString(operationId)}>` : '';
    out.line(`export async function $op${index}(${inParam}): Promise<void> {`);
    const required = op.input.filter((field) => field.required);
    const fields = (list: typeof op.input) => `{ ${list.map((f) => `${tsPropertyKey(f.name)}: $in${tsAccess(f.name)}`).join(', ')} }`;
    const requiredArgs = op.hasInput && (op.inputRequired || required.length > 0) ? fields(required) : '';
    out.line(`  const $data = await ${method}(${requiredArgs});`, { operationId, kind: 'call-required' });
    if (op.hasInput && op.input.length > required.length) out.line(`  await ${method}(${fields(op.input)});`, { operationId, kind: 'call-all' });
    out.line(`  const $typed: $old.${api}Data<${tsString(operationId)}> = $data;`, { operationId, kind: 'payload' });
    out.line('  void $typed;');
    if (op.data.kind === 'json') {
      const root = { schema: op.data.schema, pointer: op.data.pointer ?? `${op.pointer}/responses` };
      writeReads(out, valueReads({ root, expression: '$data', places, ...(focus ? { focus } : {}) }), operationId);
    }
    out.line('}');
  });
  for (const schema of model.schemas) {
    if (scope.schemas && !scope.schemas.has(schema.name)) continue;
    if (!Array.isArray(schema.schema.enum)) continue;
    const subject: UsageSubject = {
      schema: schema.name,
      kind: 'switch',
      places: places.resolve({ schema: { $ref: `#/components/schemas/${schema.name}` }, pointer: '' }).places.filter((p) => p !== ''),
      path: [],
    };
    out.line(`declare const $enum_${schema.typeName}: $new.components["schemas"][${tsString(schema.name)}];`, subject);
    const cases = switchCases(schema.schema.enum);
    if (cases) out.line(`{ const $e = $enum_${schema.typeName}; ${exhaustive(cases)} }`, subject);
  }
  return out.done(`${USAGE_DIR}-${target}/usage.ts`);
}

function writeReads(out: UsageWriter, reads: readonly ValueRead[], operationId: string): void {
  for (const read of reads) {
    const subject: UsageSubject = { operationId, kind: read.enumValues ? 'switch' : 'read', places: read.places, path: read.path };
    const cases = read.enumValues ? switchCases(read.enumValues) : undefined;
    if (read.enumValues && !cases) continue;
    const body = cases ? `const $e = ${read.expression}; ${exhaustive(cases)}` : `void ${read.expression};`;
    out.line(`  { ${read.open}${body}${read.close} }`, subject);
  }
}

/** `case "a": case "b":`, for the values a switch can name; empty where none can. */
function switchCases(values: readonly unknown[]): string {
  return values
    .filter((value) => value !== null && ['string', 'number', 'boolean'].includes(typeof value))
    .map((value) => `case ${typeof value === 'string' ? tsString(value) : String(value)}:`)
    .join(' ');
}

/** An exhaustive switch over `$e` with the `never` check, on one line. */
function exhaustive(cases: string): string {
  return `if ($e !== undefined && $e !== null) switch ($e) { ${cases} break; default: { const $never: never = $e; void $never; } }`;
}
