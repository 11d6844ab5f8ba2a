import type { EnvelopeModel, OperationModel, SchemaObject } from '../../model/types.js';
import { statusKey } from '../../model/responses.js';
import { pointerJoin, SCHEMA_REF_PREFIX } from '../../model/refs.js';
import { jsDoc, tsPropertyKey } from '../print.js';
import { bodyName, dataName, errorsName, paramsName } from './validator-names.js';

/** One validator const of an operation, as the template prints it. */
export interface OperationConst {
  name: string;
  docBlock: string;
  expression: string;
  /** The exported type's expression; `z.infer<typeof name>` when absent. */
  type?: string;
}

/**
 * Converts a schema in a direction (bound by the emitter to its context). `relocate` maps the
 * pointers of warnings to their places in the document, where `pointer` is not one (the input
 * object is assembled from parameters and body fields written elsewhere).
 */
export type Convert = (schema: SchemaObject, mode: 'request' | 'response', pointer: string, relocate?: (pointer: string) => string) => string;

/**
 * The input object's warnings name the parameter's or body field's own schema: `<op>/properties/id/format`
 * becomes `<op>/parameters/0/schema/format` (or `#/components/parameters/Id/schema/format`).
 */
function inputPlaces(op: OperationModel): (pointer: string) => string {
  const places = op.input.map((field) => [pointerJoin(op.pointer, 'properties', field.name), field.pointer] as const);
  return (pointer) => {
    for (const [synthetic, real] of places) {
      if (pointer === synthetic || pointer.startsWith(`${synthetic}/`)) return real + pointer.slice(synthetic.length);
    }
    return pointer;
  };
}

/**
 * The consts of one operation (`Params` when it takes input, `Body` when it has one, `Data` and
 * `Errors` always) and the members of its validators object (`params: QuotaSummaryParams`, ...).
 * `Errors` maps each declared error status with a body to its validator (a plain object of
 * validators, so `Errors["429"]` is one); its type maps each status to the body's inferred type.
 */
export function operationValidators(op: OperationModel, convert: Convert, envelope?: EnvelopeModel): { consts: OperationConst[]; members: string[] } {
  const consts: OperationConst[] = [];
  const members: string[] = [];
  const summary = op.summary ?? op.operationId;
  if (op.hasInput) {
    consts.push({
      name: paramsName(op),
      docBlock: jsDoc([`Input of \`${op.methodName}\` (${summary}): its parameters and body fields.`]),
      expression: convert(op.inputSchema, 'request', op.pointer, inputPlaces(op)),
    });
    members.push(`params: ${paramsName(op)}`);
  }
  if (op.body) {
    consts.push({
      name: bodyName(op),
      docBlock: jsDoc([`Request body of \`${op.methodName}\` (${op.body.contentType}).`]),
      expression: convert(op.body.schema, 'request', op.body.pointer),
    });
    members.push(`body: ${bodyName(op)}`);
  }
  // A stream's validator is one item's: the client checks each as it arrives.
  const data =
    op.data.kind === 'json' || op.data.kind === 'text' || op.data.kind === 'stream'
      ? convert(op.data.schema, 'response', op.data.pointer ?? pointerJoin(op.pointer, 'responses', statusKey(op.success)))
      : 'z.unknown()';
  consts.push({
    name: dataName(op),
    docBlock: jsDoc([
      `Success payload of \`${op.methodName}\`${op.data.fromEnvelope ? " (the envelope's data)" : op.data.kind === 'stream' ? ' (one item of the stream)' : ''}.`,
    ]),
    expression: data,
  });
  members.push(`data: ${dataName(op)}`);
  if (op.data.fromEnvelope && envelope) {
    const ref = `${SCHEMA_REF_PREFIX}${envelope.schemaName}`;
    members.push(`envelope: ${convert({ $ref: ref }, 'response', ref)}`);
  }
  const errors = op.errors
    .filter((r) => r.schema !== undefined)
    .map(
      (r) =>
        `${tsPropertyKey(statusKey(r))}: ${convert(r.schema as SchemaObject, 'response', r.pointer ?? pointerJoin(op.pointer, 'responses', statusKey(r)))}`,
    );
  const errorsConst = errorsName(op);
  consts.push({
    name: errorsConst,
    docBlock: jsDoc([`Error bodies of \`${op.methodName}\`, by HTTP status.`]),
    expression: `{ ${errors.join(', ')} }`,
    type: `_ErrorBodies<typeof ${errorsConst}>`,
  });
  members.push(`errors: ${errorsConst}`);
  return { consts, members };
}
