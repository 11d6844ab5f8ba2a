/**
 * Which generated validators can show a change, and from what schema values for them are made:
 * the component schema's own validator when the change lies in one; the operation's response data
 * validator (`<method>Schemas.data`) for a change in its response, its input validator
 * (`<method>Schemas.params`) for one in its parameters or body. `source` is the side values are
 * valid on (the new one for responses, the old one for requests), `judge` the side whose
 * validator must reject them.
 */
import { decodeToken } from '../../json-pointer.js';
import { operationExports } from '../../emit/shared/operation-exports.js';
import type { ApiModel, OperationModel, SchemaObject } from '../../model/types.js';
import type { SchemaResolver } from '../../model/schema-merge.js';
import { buildSuccessFixture, modelResolver } from '../../synthesis/build-fixture.js';
import type { Change } from '../change.js';
import { changeIsOnOperation, routeKey } from './change-places.js';
import type { GeneratedOutput } from './types-proof.js';

/** The values of an operation's stock fixture the proof starts from. */
interface StockFixture {
  params?: unknown;
  data?: unknown;
}

/** One side as the validators proof reads it. */
export interface ValidatorSide {
  model: ApiModel;
  /** The side's generated validators that the targets name (load-validators.ts). */
  exports: Record<string, unknown>;
  resolve: SchemaResolver;
  schemasExport: Map<string, string>;
  /** An operation's stock fixture values (the input and the success payload), made when first asked. */
  fixture(op: OperationModel): StockFixture | undefined;
}

/** A validator to try values on, and where in its values the change lies. */
export interface ValidatorTarget {
  /** The judge side's validator, as `schemas.ts` exports it (`Pet`, `getPetSchemas.data`). */
  judge: string;
  /** The source side's validator of the same thing (values must pass it). */
  source: string;
  /** The source side's schema of the whole value. */
  root: SchemaObject;
  /** The schema the tokens start from: `root`, or an input field's. */
  partRoot: SchemaObject;
  /** The judge side's schema of the same part: values at a bound only it has (a maxLength added) are tried too. */
  judgePartRoot: SchemaObject | undefined;
  /** The value path to `partRoot` (an input field's name). */
  prefix: (string | number)[];
  /** Schema tokens from `partRoot` to the change's place (empty: all of it). */
  tokens: string[];
  /** Whole values to start from: the stock fixture's, where there is one. */
  bases: unknown[];
}

/** A side's model read for the proof; its validators (`exports`) are loaded once the targets are known. */
export function validatorSide(output: GeneratedOutput): ValidatorSide {
  const schemasExport = new Map([...operationExports(output.model)].map(([id, names]) => [id, names.schemas]));
  const made = new Map<string, StockFixture | undefined>();
  const fixture = (op: OperationModel) => {
    if (!made.has(op.operationId)) made.set(op.operationId, stockFixture(op, output.model));
    return made.get(op.operationId);
  };
  return { model: output.model, exports: {}, resolve: modelResolver(output.model), schemasExport, fixture };
}

/** An operation's values as its `fixtures/<operationId>.json` holds them (operation-fixture.ts): none where no success value fits. */
function stockFixture(op: OperationModel, model: ApiModel): StockFixture | undefined {
  const { params, response, notes } = buildSuccessFixture(op, model);
  if (notes.response.length > 0) return undefined;
  const body = response.body as Record<string, unknown> | undefined;
  const dataProperty = model.envelope?.dataProperty;
  const data = op.data.fromEnvelope && dataProperty !== undefined ? body?.[dataProperty] : body;
  return { ...(notes.params.length > 0 ? {} : { params }), data };
}

/** The targets of a change at `pointer`, most specific first. */
export function validatorTargets(
  change: Change,
  pointer: string | undefined,
  source: ValidatorSide,
  judge: ValidatorSide,
  direction: 'request' | 'response',
): ValidatorTarget[] {
  const targets: ValidatorTarget[] = [];
  const component = pointer === undefined ? undefined : /^#\/(?:components\/schemas|definitions)\/([^/]+)((?:\/[^/]+)*)$/.exec(pointer);
  if (component?.[1] !== undefined) {
    const name = decodeToken(component[1]);
    const own = source.model.schemas.find((s) => s.name === name);
    const theirs = judge.model.schemas.find((s) => s.name === name);
    if (own && theirs)
      targets.push({
        judge: theirs.typeName,
        source: own.typeName,
        root: own.schema,
        partRoot: own.schema,
        judgePartRoot: theirs.schema,
        prefix: [],
        tokens: tokensOf(component[2] ?? ''),
        bases: [],
      });
  }
  const ownOp = operationOf(change, pointer, source.model);
  const theirOp = ownOp && findOperation(judge.model, ownOp);
  if (!ownOp || !theirOp) return targets;
  const ownSchemas = source.schemasExport.get(ownOp.operationId);
  const theirSchemas = judge.schemasExport.get(theirOp.operationId);
  if (!ownSchemas || !theirSchemas) return targets;
  const fixture = source.fixture(ownOp);
  if (direction === 'response' && ownOp.data.kind === 'json') {
    const at = pointer !== undefined && ownOp.data.pointer !== undefined ? below(pointer, ownOp.data.pointer) : undefined;
    const bases = fixture?.data === undefined ? [] : [fixture.data];
    targets.push({
      judge: `${theirSchemas}.data`,
      source: `${ownSchemas}.data`,
      root: ownOp.data.schema,
      partRoot: ownOp.data.schema,
      judgePartRoot: theirOp.data.kind === 'json' ? theirOp.data.schema : undefined,
      prefix: [],
      tokens: at ?? [],
      bases,
    });
  }
  if (direction === 'request' && ownOp.hasInput) {
    const bases = fixture?.params === undefined ? [] : [fixture.params];
    const field = pointer === undefined ? undefined : ownOp.input.find((f) => below(pointer, f.pointer) !== undefined);
    const tokens = field && pointer !== undefined ? (below(pointer, field.pointer) ?? []) : [];
    targets.push({
      judge: `${theirSchemas}.params`,
      source: `${ownSchemas}.params`,
      root: ownOp.inputSchema,
      partRoot: field ? field.schema : ownOp.inputSchema,
      judgePartRoot: field ? theirOp.input.find((f) => f.name === field.name)?.schema : theirOp.inputSchema,
      prefix: field ? [field.name] : [],
      tokens,
      bases,
    });
  }
  return targets;
}

/** The source operation a change is on: its own, else the one whose place holds the pointer. */
function operationOf(change: Change, pointer: string | undefined, model: ApiModel): OperationModel | undefined {
  const own = model.operations.find((op) => changeIsOnOperation(change, op));
  if (own || pointer === undefined) return own;
  return model.operations.find((op) => pointer === op.pointer || pointer.startsWith(`${op.pointer}/`));
}

function findOperation(model: ApiModel, op: OperationModel): OperationModel | undefined {
  return (
    model.operations.find((o) => o.operationId === op.operationId) ?? model.operations.find((o) => routeKey(o.method, o.path) === routeKey(op.method, op.path))
  );
}

/** The tokens of `pointer` below `base`, or undefined when it is not at or below it. */
function below(pointer: string, base: string): string[] | undefined {
  if (pointer === base) return [];
  return pointer.startsWith(`${base}/`) ? tokensOf(pointer.slice(base.length)) : undefined;
}

/** The tokens of a pointer's rest, as written (escaped). */
function tokensOf(rest: string): string[] {
  return rest.split('/').filter((token) => token !== '');
}
