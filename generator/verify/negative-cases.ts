/**
 * The requests `--negative` sends to an operation: one per kind of constraint its input declares
 * (a required header or parameter left out, a required body left out or not an object, a value of
 * the wrong type, outside its enum, past a bound or a length, off its pattern or format, an array
 * of too many items, a property a closed object does not declare, an idempotency key too long,
 * empty or missing), each made from its valid input by one change. A change the operation's own
 * validator still takes is no break, and is not sent.
 */
import type { SchemaResolver } from '../model/schema-merge.js';
import type { OperationModel, SchemaObject } from '../model/types.js';
import { atPlace, synthContext, synthesize } from '../synthesis/synthesize.js';
import { brokenValues, CONSTRAINT_KINDS, type ConstraintKind } from './broken-values.js';
import { inputSites, jsonBody, resolvedSchema, setAt, siteLabel, without } from './input-sites.js';
import type { GeneratedValidator } from './generated-api.js';
import type { RequestCase } from './request-case.js';

/** A request that must be refused, and which check judges its answer. */
export interface NegativeCase {
  kind: ConstraintKind;
  check: 'negative-data' | 'missing-required';
  request: RequestCase;
}

/** The negative cases of `op`, one per kind of constraint, from its valid `params`. */
export function negativeCases(options: {
  op: OperationModel;
  params: Record<string, unknown>;
  resolve: SchemaResolver;
  validator?: GeneratedValidator;
}): NegativeCase[] {
  const { op, params } = options;
  const candidates: NegativeCase[] = [];
  const add = (kind: ConstraintKind, label: string, change: Omit<RequestCase, 'operationId' | 'label' | 'input'> & { input?: Record<string, unknown> }) => {
    const { input = params, ...rest } = change;
    candidates.push({
      kind,
      check: kind === 'missing-header' || kind === 'missing-parameter' ? 'missing-required' : 'negative-data',
      request: { operationId: op.operationId, label: `with invalid input (${label})`, input, ...rest },
    });
  };
  for (const field of op.input) {
    if (!field.required || params[field.name] === undefined || field.in === 'path') continue;
    const kind: ConstraintKind | undefined =
      field.in === 'header'
        ? 'missing-header'
        : field.in === 'query' || field.in === 'cookie'
          ? 'missing-parameter'
          : field.in === 'body-field'
            ? 'required'
            : undefined;
    if (kind) add(kind, `${siteLabel(field, [])} is required and left out`, { input: without(params, field.name) });
  }
  const json = jsonBody(op);
  if (op.body?.required) add('body-required', 'its required body is left out', { body: 'absent' });
  if (op.body && json) {
    const schema = resolvedSchema(op.body.schema, options.resolve);
    if (schema.type === 'object' || schema.properties) add('body-type', 'its body is [], not an object', { body: { value: [] } });
    else if (schema.type === 'array') add('body-type', 'its body is {}, not an array', { body: { value: {} } });
  }
  for (const site of inputSites(op, params, options.resolve)) {
    const item = () => itemOf(site.schema, options.resolve, op);
    // A composition's branches each take other values: which break is one is not the schema's to say.
    if (site.schema.oneOf || site.schema.anyOf) continue;
    for (const broken of brokenValues(site.schema, site.place, site.value, item))
      add(broken.kind, `${siteLabel(site.field, site.path)} ${broken.says}`, { input: setAt(params, site.field.name, site.path, broken.value) });
    if (site.path.length > 0 && site.required && site.value !== undefined)
      add('required', `${siteLabel(site.field, site.path)} is required and left out`, { input: setAt(params, site.field.name, site.path, undefined) });
  }
  const key = op.idempotency;
  if (key) {
    if (key.maxLength !== undefined && key.maxLength < 10_000)
      add('idempotency-key-too-long', `its ${key.header} is ${key.maxLength + 1} characters long, past its maxLength ${key.maxLength}`, {
        headers: { [key.header]: 'k'.repeat(key.maxLength + 1) },
      });
    if ((key.minLength ?? 0) >= 1)
      add('idempotency-key-empty', `its ${key.header} is empty, under its minLength ${key.minLength}`, { headers: { [key.header]: '' } });
    if (key.required) add('idempotency-key-missing', `its ${key.header} is required and left out`, { idempotencyKey: 'none' });
  }
  const chosen: NegativeCase[] = [];
  for (const kind of CONSTRAINT_KINDS) {
    const found = candidates.find((c) => c.kind === kind && breaks(c, options.validator));
    if (found) chosen.push(found);
  }
  return chosen;
}

/** Whether the case's input is refused by the operation's validator (a change of the body or a header is not the input's). */
function breaks(candidate: NegativeCase, validator: GeneratedValidator | undefined): boolean {
  const { request } = candidate;
  if (request.body !== undefined || request.headers !== undefined || request.idempotencyKey !== undefined) return true;
  return validator ? !validator.safeParse(request.input).success : true;
}

/** A valid item of an array schema, to repeat. */
function itemOf(schema: SchemaObject, resolve: SchemaResolver, op: OperationModel): unknown {
  if (!schema.items) return 'x';
  return synthesize(schema.items, atPlace(synthContext({ seed: `${op.operationId}/negative`, resolve, direction: 'request' }), ['item'], 1));
}
