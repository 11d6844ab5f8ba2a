import type { ApiModel, SchemaObject } from '../../model/types.js';
import { pointerJoin, realPointer, schemaRefName, schemaRefsOf } from '../../model/refs.js';
import { banner } from '../banner.js';
import { definePlugin } from '../plugin.js';
import type { Templates } from '../templates.js';
import { EXIT_USAGE, fail, type Problem } from '../../problems.js';
import { jsDoc, tsPropertyKey, tsString } from '../print.js';
import { operationExports } from '../shared/operation-exports.js';
import { annotationTags } from './annotation-tags.js';
import { directionSensitive, orderUnits, type ComponentUnit } from './component-units.js';
import { operationValidators } from './operation-schemas.js';
import { helperSource, type HelperName } from './runtime-helpers.js';
import { schemaToZod } from './schema-to-zod.js';
import { oversizedComponents } from './type-size.js';
import { componentConstName } from './validator-names.js';
import type { OneOfCheck, ZodContext, ZodMode } from './zod-context.js';

const ONE_OF_CHECKS: readonly OneOfCheck[] = ['exactly-one', 'union'];

/**
 * `schemas.ts`: a zod 4 validator (zod/mini) for every component schema, every operation's input
 * object, request body and success payload, each operation's validators alone (`<method>Schemas`,
 * which the client validates with) and all of them in `operationSchemas`.
 */
export const zodPlugin = definePlugin({
  name: 'zod',
  options: {
    /**
     * Whether `schemas.ts` of a large document (`ApiModel.large`) opens with `// @ts-nocheck`. The
     * type checker then infers a validator's type only where a program uses it, rather than all of
     * them on every check (bench/RESULTS.md, "Large documents: data modules and `// @ts-nocheck`").
     * A smaller document's `schemas.ts` is checked as any other file, as is every document's with `false`.
     */
    tsNocheck: true,
    /**
     * How a `oneOf` without a discriminator is checked. `exactly-one`, as JSON Schema means it: a
     * value that fits two branches is refused. `union`: any branch will do, as most generators read
     * it; for a document whose branches overlap (a `zod/oneof-overlap` warning names them), where
     * exactly one would refuse every real value.
     */
    oneOf: 'exactly-one' as OneOfCheck,
  },
  emit(model, { templates, report, options }) {
    if (!ONE_OF_CHECKS.includes(options.oneOf)) {
      fail(
        {
          code: 'config/bad-value',
          message: `option "oneOf" of output "zod" must be one of ${ONE_OF_CHECKS.join(', ')}`,
          hint: `got ${JSON.stringify(options.oneOf)}`,
        },
        EXIT_USAGE,
      );
    }
    return [{ path: 'schemas.ts', content: renderSchemas({ model, templates, report, tsNocheck: options.tsNocheck && model.large, oneOf: options.oneOf }) }];
  },
});

/** Builds the data of `templates/schemas.ts.hbs` from the model and renders it. */
export function renderSchemas({
  model,
  templates,
  report,
  tsNocheck,
  oneOf = 'exactly-one',
}: {
  model: ApiModel;
  templates: Templates;
  report(problem: Problem): void;
  tsNocheck: boolean;
  oneOf?: OneOfCheck;
}): string {
  const byName = new Map(model.schemas.map((c) => [c.name, c]));
  const sensitive = { request: directionSensitive(model.schemas, 'request'), response: directionSensitive(model.schemas, 'response') };
  const units = new Map<string, ComponentUnit>();
  const unitFor = (name: string, mode: ZodMode): ComponentUnit | undefined => {
    const component = byName.get(name);
    if (!component) return undefined;
    const effective: ZodMode = mode !== 'schema' && sensitive[mode].has(name) ? mode : 'schema';
    const key = `${effective}:${name}`;
    let unit = units.get(key);
    if (!unit) units.set(key, (unit = { component, mode: effective, name: componentConstName(component.typeName, effective) }));
    return unit;
  };
  const all = [
    ...model.schemas.map((c) => unitFor(c.name, 'schema')),
    ...model.schemas.filter((c) => sensitive.request.has(c.name)).map((c) => unitFor(c.name, 'request')),
    ...model.schemas.filter((c) => sensitive.response.has(c.name)).map((c) => unitFor(c.name, 'response')),
  ].filter((u): u is ComponentUnit => u !== undefined);
  // Annotated with their openapi-typescript type: the recursive, and those too large to infer.
  const recursive = new Set(model.schemas.filter((c) => c.recursive).map((c) => c.name));
  const annotated = new Set([...recursive, ...oversizedComponents(model.schemas, recursive)]);
  const refsOf = (unit: ComponentUnit) => [...schemaRefsOf(unit.component.schema)].map((n) => unitFor(n, unit.mode)).filter((u): u is ComponentUnit => !!u);
  const emitted = new Set<ComponentUnit>();
  const helpers = new Set<HelperName>();
  // A component converted in several directions (and a body field, in Params and in Body) reports
  // the same warning more than once; each place is reported once.
  const reported = new Set<string>();
  const inexact = (pointer: string, message: string, code = 'zod/inexact') => {
    const place = realPointer(model.document, pointer);
    const key = `${place}\n${message}`;
    if (reported.has(key)) return;
    reported.add(key);
    report({ code, severity: 'warn', message, pointer: place, file: model.source.path });
  };
  const contextFor = (mode: ZodMode, relocate: (pointer: string) => string = (p) => p): ZodContext => ({
    mode,
    refer(name) {
      const unit = unitFor(name, mode) as ComponentUnit;
      return emitted.has(unit) ? unit.name : `z.lazy(${lazyParameters(unit)} => ${unit.name})`;
    },
    resolve: (schema) => {
      const name = schemaRefName(schema);
      return name === undefined ? undefined : byName.get(name)?.schema;
    },
    inexact: (pointer, message, code) => inexact(relocate(pointer), message, code),
    oneOf,
    use: (helper) => helpers.add(helper),
  });
  const components = orderUnits(all, refsOf).map((unit) => {
    const pointer = pointerJoin('#/components/schemas', unit.component.name);
    const expression = schemaToZod(unit.component.schema, contextFor(unit.mode), pointer);
    emitted.add(unit);
    return { name: unit.name, docBlock: componentDoc(unit), ...annotationOf(unit, annotated), expression: topLevel(expression, helpers) };
  });
  const convert = (schema: SchemaObject, mode: 'request' | 'response', pointer: string, relocate?: (pointer: string) => string) =>
    schemaToZod(schema, contextFor(mode, relocate), pointer);
  const exportsOf = operationExports(model);
  const operations = model.operations.map((op) => {
    const { consts, members } = operationValidators(op, convert, model.envelope);
    const name = exportsOf.get(op.operationId)?.schemas as string;
    return {
      consts: consts.map((c) => ({ ...c, expression: topLevel(c.expression, helpers) })),
      schemas: { name, methodName: op.methodName, expression: topLevel(`{ ${members.join(', ')} }`, helpers) },
      entry: { property: tsPropertyKey(op.operationId), value: name },
    };
  });
  const importsTypes = components.some((c) => c.typeDeclaration !== '');
  return templates.render('schemas.ts.hbs', {
    banner: banner(model),
    tsNocheck,
    importsTypes,
    // The discriminator tags openapi-typescript's types narrow, which the annotations widen back.
    tags: importsTypes ? annotationTags(model) : undefined,
    // `_schema` installs zod's English messages; the other helpers need nothing but `z`.
    importsLocale: helpers.has('_schema'),
    helpers: helperSource(helpers),
    components,
    operationConsts: operations.flatMap((o) => o.consts),
    operationSchemas: operations.map((o) => o.schemas),
    operationEntries: operations.map((o) => o.entry),
  });
}

/**
 * A top-level validator's initializer that a bundler may drop when nothing uses it: an expression
 * that calls nothing (a name, an object of names) as it is, else made inside `_schema`, a call
 * marked `@__PURE__`. Marking the expression itself would not do: a bundler drops a pure call but
 * keeps the calls in its arguments and its callee.
 */
function topLevel(expression: string, helpers: Set<HelperName>): string {
  if (!expression.includes('(')) return expression;
  helpers.add('_schema');
  return `/* @__PURE__ */ _schema(() => ${expression.startsWith('{') ? `(${expression})` : expression})`;
}

function componentDoc(unit: ComponentUnit): string {
  const direction =
    unit.mode === 'request'
      ? 'As sent in requests (readOnly properties left out).'
      : unit.mode === 'response'
        ? 'As received in responses (writeOnly properties left out).'
        : undefined;
  return jsDoc([unit.component.schema.description ?? unit.component.schema.title, direction, unit.component.schema.deprecated ? '@deprecated' : undefined]);
}

/**
 * A recursive validator cannot infer its own type, and one too large cannot have it written out
 * (type-size.ts): each is annotated with openapi-typescript's type of the component as zod infers
 * it (`_Inferred`: an optional property also admits `undefined`, which matters under
 * exactOptionalPropertyTypes). The annotation is an interface of its own, so that a declaration
 * file names it wherever another validator's type holds this one: `_Inferred<...>` resolves to an
 * anonymous type, which would be spelled out again in each place (TS7056, or the checker out of
 * memory, on a large document).
 */
function annotationOf(unit: ComponentUnit, annotated: ReadonlySet<string>): { annotation: string; typeDeclaration: string } {
  if (!annotated.has(unit.component.name) || unit.mode !== 'schema') return { annotation: '', typeDeclaration: '' };
  const type = `_Validator_${unit.name}`;
  return {
    annotation: `: ${type}`,
    typeDeclaration: `interface ${type} extends z.ZodMiniType<_Inferred<components["schemas"][${tsString(unit.component.name)}]>> {}\n`,
  };
}

/**
 * A direction variant has no openapi-typescript type to be annotated with; instead its references
 * back into its cycle (the only references to a validator not yet emitted) are typed `unknown`, so
 * the variant's own type is inferred and only the recursion itself is `unknown`.
 */
function lazyParameters(unit: ComponentUnit): string {
  return unit.mode === 'schema' ? '()' : '(): z.ZodMiniType<unknown>';
}
