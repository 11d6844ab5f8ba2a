/**
 * The usage file: code a user wrote against the OLD generated output, to be compiled against the
 * new one. It imports every name the old output exports, makes the client from the old options,
 * calls each method with only its required parameters and with all of them (values of the old
 * types), reads every response field and switches exhaustively over every enum.
 * Each line that can fail is one subject (usage-subject.ts), so an error names what it proves.
 */
import { tsAccess, tsPropertyKey, tsString } from '../../emit/print.js';
import { modelResolver } from '../../synthesis/build-fixture.js';
import type { ApiModel } from '../../model/types.js';
import { responseReads } from './response-reads.js';
import { type UsageFile, UsageWriter, type UsageSubject } from './usage-subject.js';

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
export function writeUsageFile(input: { model: ApiModel; exports: readonly string[]; scope?: UsageScope; target?: string }): UsageFile {
  const { model, exports, scope = {}, target = NEW_DIR } = input;
  const out = new UsageWriter();
  const api = model.names.api;
  const resolve = modelResolver(model);
  const imported = scope.exports ? exports.filter((name) => scope.exports?.has(name)) : exports;
  if (imported.length > 0) {
    out.line('import {');
    for (const name of imported) out.line(`  ${tsString(name)} as ${name},`, { exportName: name });
    out.line(`} from '../${target}/index.js';`);
  }
  out.line(`import type * as $old from '../${OLD_DIR}/index.js';`);
  out.line(`import * as $new from '../${target}/index.js';`);
  out.line(`declare const $options: $old.${model.names.clientOptions};`);
  out.line(`const $client = $new.${model.names.createClient}($options);`);
  out.line('void $client;');
  model.operations.forEach((op, index) => {
    if (scope.operations && !scope.operations.has(op.operationId)) return;
    const subject: UsageSubject = { operationId: op.operationId };
    const method = `$client${tsAccess(op.methodName)}`;
    out.line(`// ${op.operationId.replace(/[\r\n\u2028\u2029]/g, ' ')}`);
    const inParam = op.hasInput ? `$in: $old.${api}Params<${tsString(op.operationId)}>` : '';
    out.line(`export async function $op${index}(${inParam}): Promise<void> {`);
    const required = op.input.filter((field) => field.required);
    const fields = (list: typeof op.input) => `{ ${list.map((f) => `${tsPropertyKey(f.name)}: $in${tsAccess(f.name)}`).join(', ')} }`;
    const requiredArgs = op.hasInput && (op.inputRequired || required.length > 0) ? fields(required) : '';
    out.line(`  const $data = await ${method}(${requiredArgs});`, subject);
    if (op.hasInput && op.input.length > required.length) out.line(`  await ${method}(${fields(op.input)});`, subject);
    out.line(`  const $typed: $old.${api}Data<${tsString(op.operationId)}> = $data;`, subject);
    out.line('  void $typed;');
    if (op.data.kind === 'json') writeReads(out, responseReads(op.data.schema, '$data', resolve), subject);
    out.line('}');
  });
  for (const schema of model.schemas) {
    if (scope.schemas && !scope.schemas.has(schema.name)) continue;
    if (!Array.isArray(schema.schema.enum)) continue;
    const subject: UsageSubject = { schema: schema.name };
    out.line(`declare const $enum_${schema.typeName}: $new.components["schemas"][${tsString(schema.name)}];`, subject);
    writeSwitch(out, `$enum_${schema.typeName}`, schema.schema.enum, subject);
  }
  return out.done(`${USAGE_DIR}-${target}/usage.ts`);
}

function writeReads(out: UsageWriter, reads: ReturnType<typeof responseReads>, subject: UsageSubject): void {
  for (const read of reads) {
    if (read.enumValues) writeSwitch(out, read.expression, read.enumValues, subject, '  ');
    else out.line(`  void ${read.expression};`, subject);
  }
}

/** An exhaustive switch over an enum's old values, with the `never` check, on one line. */
function writeSwitch(out: UsageWriter, expression: string, values: readonly unknown[], subject: UsageSubject, indent = ''): void {
  const cases = values
    .filter((value) => value !== null && ['string', 'number', 'boolean'].includes(typeof value))
    .map((value) => `case ${typeof value === 'string' ? tsString(value) : String(value)}:`)
    .join(' ');
  if (cases === '') return;
  out.line(
    `${indent}{ const $e = ${expression}; if ($e !== undefined && $e !== null) switch ($e) { ${cases} break; default: { const $never: never = $e; void $never; } } }`,
    subject,
  );
}
