/**
 * The valid requests of an operation (`--cases N`): its fixture first, then its input at the edges
 * of what the document allows, one change each and taken in turn from each place of the input (a
 * bound and just inside it, each length bound, each enum member, each `oneOf`/`anyOf` branch, an
 * optional field given and left out, another value of a format), then inputs drawn whole. The same
 * draw gives the same requests. Every input is judged by the operation's own validator: one it
 * refuses is not sent.
 */
import type { SchemaResolver } from '../model/schema-merge.js';
import type { OperationModel } from '../model/types.js';
import { atPlace, synthContext, synthesize } from '../synthesis/synthesize.js';
import { edgeValues } from './edge-values.js';
import type { GeneratedValidator } from './generated-api.js';
import { type InputSite, inputSites, setAt, siteLabel } from './input-sites.js';
import type { RequestCase } from './request-case.js';

/** Options of {@link validCases}. */
export interface CaseOptions {
  op: OperationModel;
  /** The fixture's input. */
  params: Record<string, unknown>;
  resolve: SchemaResolver;
  validator?: GeneratedValidator;
  /** How many cases at most, the fixture included. */
  count: number;
  /** Which draw of values: the same draw gives the same cases. */
  draw: number;
}

/** Inputs drawn whole, tried for each one wanted beyond the edges (a drawn input may repeat another or be refused). */
const DRAW_ATTEMPTS = 3;

/** The valid cases of an operation, the fixture first; fewer than `count` where no more distinct valid inputs are made. */
export function validCases(options: CaseOptions): RequestCase[] {
  const { op, params, count } = options;
  const cases: RequestCase[] = [];
  const seen = new Set<string>();
  const take = (input: Record<string, unknown>, label: string): boolean => {
    if (cases.length >= count) return false;
    const key = JSON.stringify(input);
    if (seen.has(key) || !fits(op, input, options.validator)) return false;
    seen.add(key);
    cases.push({ operationId: op.operationId, label: cases.length === 0 ? label : `with ${label}`, input });
    return true;
  };
  take(params, 'the fixture');
  if (!op.hasInput) return cases;
  // One change each, taken in turn from every place, so that a few cases reach many places.
  const lanes = inputSites(op, params, options.resolve).map((site) => siteChanges(site, params, options));
  for (let round = 0; cases.length < count && lanes.some((lane) => lane.length > round); round++)
    for (const lane of lanes) {
      const change = lane[round];
      if (change) take(change.input, change.label);
    }
  const wanted = count - cases.length;
  for (let i = 0, made = 0; cases.length < count && i < wanted * DRAW_ATTEMPTS + DRAW_ATTEMPTS; i++)
    if (take(drawn(options, i), `drawn input ${made + 1}`)) made++;
  return cases;
}

/** The changes of one place: its edge values, and for an optional one, given or left out. */
function siteChanges(site: InputSite, params: Record<string, unknown>, options: CaseOptions): { input: Record<string, unknown>; label: string }[] {
  const label = siteLabel(site.field, site.path);
  // A nested place exists only inside its object's value.
  if (site.path.length > 0 && site.value === undefined && site.required) return [];
  const seed = `${options.op.operationId}/cases/${options.draw}/${site.field.name}/${site.path.join('/')}`;
  const where = { seed, path: [site.field.name, ...site.path], resolve: options.resolve, place: site.place };
  const changes = edgeValues(site.schema, site.value, where).map((edge) => ({
    input: setAt(params, site.field.name, site.path, edge.value),
    label: `${label} ${edge.says}`,
  }));
  if (!site.required && site.value !== undefined) changes.unshift({ input: setAt(params, site.field.name, site.path, undefined), label: `${label} left out` });
  if (!site.required && site.value === undefined && (site.path.length === 0 || parentGiven(site, params))) {
    const value = synthesize(
      site.schema,
      atPlace(synthContext({ seed: `${seed}/given`, resolve: options.resolve, direction: 'request' }), where.path, where.path.length),
    );
    changes.unshift({ input: setAt(params, site.field.name, site.path, value), label: `${label} given` });
  }
  return changes;
}

/** Whether the object a nested place sits in is there. */
function parentGiven(site: InputSite, params: Record<string, unknown>): boolean {
  let node: unknown = params[site.field.name];
  for (const step of site.path.slice(0, -1)) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[step] : undefined;
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** An input drawn whole: each field made again (its example and default set aside), each optional one given or not. */
function drawn(options: CaseOptions, index: number): Record<string, unknown> {
  const { op, params } = options;
  const seed = `${op.operationId}/cases/${options.draw}/drawn/${index}`;
  const ctx = synthContext({ seed, resolve: options.resolve, direction: 'request' });
  const input: Record<string, unknown> = {};
  for (const [i, field] of op.input.entries()) {
    const coin = (Math.imul(index + 1, 2654435761) ^ Math.imul(i + 1, 40503)) >>> 0;
    if (!field.required && coin % 2 === 0) continue;
    // A field given by `content` is JSON text the fixture made: kept as it is.
    if (field.contentType !== undefined) {
      if (params[field.name] !== undefined) input[field.name] = params[field.name];
      continue;
    }
    input[field.name] = synthesize({ ...field.schema, example: undefined, default: undefined }, atPlace(ctx, [field.name], 1));
  }
  return input;
}

/**
 * Whether an input is one to send: its validator takes it, a path parameter is no empty or dot
 * segment (another path), and a header's or cookie's value is text a header can carry.
 */
function fits(op: OperationModel, input: Record<string, unknown>, validator: GeneratedValidator | undefined): boolean {
  for (const field of op.input) {
    const value = input[field.name];
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (field.in === 'path' && (text === '' || text === '.' || text === '..')) return false;
    if ((field.in === 'header' || field.in === 'cookie') && !/^[\t\x20-\x7e]*$/.test(text ?? '')) return false;
  }
  return validator ? validator.safeParse(input).success : true;
}
