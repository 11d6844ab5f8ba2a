import type { ApiModel, OperationModel } from '../../model/types.js';
import { banner } from '../banner.js';
import { tsString } from '../print.js';
import { EXIT_USAGE, fail } from '../../problems.js';
import { definePlugin } from '../plugin.js';
import { commonRequirement, type SecurityRequirement } from '../shared/security-requirement.js';
import { authSpec, operationSpec, runtimeFunctions, specLiteral } from './operation-specs.js';
import { credentialFields, type CredentialField } from './credential-fields.js';
import { createCoreName, operationExports, type OperationExports } from '../shared/operation-exports.js';
import { dataType, paramsType, typeUsage } from '../shared/type-expressions.js';
import { runtimeFiles } from '../runtime-exports.js';

/** What the client templates receive for one operation. */
export interface ClientOperationView {
  operationId: string;
  methodName: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  method: string;
  path: string;
  hasInput: boolean;
  inputRequired: boolean;
  paramsType: string;
  dataType: string;
  /** The JSDoc lines of the method: summary, description, HTTP line, scopes, assumptions. */
  docLines: string[];
  /** The standalone function's doc: the same without the description, which the client method's carries. */
  functionDocLines: string[];
  /** Its wire descriptor as code: JSON, with the runtime's functions it carries (a style's writer, a body's encoder, the stream reader) by name. */
  specCode: string;
  /** The runtime's functions its spec carries. */
  specFunctions: string[];
  /** Its wire descriptor's export in `operations.ts` (`quotaSummarySpec`). */
  specName: string;
  /** Its validators' export in `schemas.ts` (`quotaSummarySchemas`). */
  schemasName: string;
  /** For a paged operation: the type of the path to a page's items (`readonly ["data"]`), the runtime's `PagedPromise`'s second argument. */
  itemsPath?: string;
}

/** What the client templates receive. */
export interface ClientView {
  banner: string;
  /** The model's names, and `createCore` (`createPodcastCore`). */
  names: ApiModel['names'] & { createCore: string };
  title: string;
  /** The runtime's `AuthSpec` of the document, as code. */
  authCode: string;
  /** The runtime's functions it carries (the token request), which client.ts imports. */
  authFunctions: string[];
  /** Whether the document has a scheme the `apiKey` option fills: without one, the client's options take no `apiKey`. */
  takesKey: boolean;
  /** The `auth` option's fields, one per scheme; none: the options take no `auth`. */
  credentials: CredentialField[];
  /** The `auth` option's type (`PodcastClientAuth`). */
  authType: string;
  /** The runtime's types those fields use, which client.ts imports. */
  credentialTypes: string[];
  operations: ClientOperationView[];
  /** The runtime's functions the operations' specs carry, which operations.ts imports. */
  specFunctions: string[];
  /** Whether client.ts needs the `operations` types import and the `Simplify` helper. */
  usesOperations: boolean;
  usesSimplify: boolean;
  /** Whether some operation is paged (client.ts imports the runtime's `pagedRequest`), and some is not (it imports `ApiPromise`). */
  usesPaging: boolean;
  usesApiPromise: boolean;
}

/** The view of the model that `operations.ts.hbs` and `client.ts.hbs` render (`runtime.ts` is copied as it is). */
function clientView(model: ApiModel): ClientView {
  const exportsOf = operationExports(model);
  const common = commonRequirement(model.operations);
  const operations = model.operations.map((op) => operationView(model, op, exportsOf.get(op.operationId) as OperationExports, common));
  const auth = authSpec(model);
  const credentials = credentialFields(model);
  return {
    banner: banner(model),
    names: { ...model.names, createCore: createCoreName(model) },
    title: model.title,
    authCode: specLiteral(auth),
    authFunctions: runtimeFunctions(auth),
    takesKey: model.auth !== undefined,
    credentials,
    credentialTypes: [...new Set(credentials.flatMap((field) => field.type.match(/[A-Z]\w+/g) ?? []))].sort(),
    authType: `${model.names.api}ClientAuth`,
    operations,
    specFunctions: [...new Set(operations.flatMap((op) => op.specFunctions))].sort(),
    usesPaging: operations.some((op) => op.itemsPath !== undefined),
    usesApiPromise: operations.some((op) => op.itemsPath === undefined),
    ...typeUsage(operations.flatMap((op) => (op.hasInput ? [op.paramsType, op.dataType] : [op.dataType]))),
  };
}

function operationView(model: ApiModel, op: OperationModel, exported: OperationExports, common: SecurityRequirement): ClientOperationView {
  const spec = operationSpec(model, op, common);
  const view: ClientOperationView = {
    operationId: op.operationId,
    methodName: op.methodName,
    deprecated: op.deprecated,
    method: op.httpMethod,
    path: op.path,
    hasInput: op.hasInput,
    inputRequired: op.inputRequired,
    paramsType: paramsType(op),
    dataType: dataType(model, op),
    docLines: docLines(op),
    functionDocLines: docLines(op, `${model.names.clientType}.${op.methodName}`),
    specCode: specLiteral(spec),
    specFunctions: runtimeFunctions(spec),
    specName: exported.spec,
    schemasName: exported.schemas,
  };
  if (op.summary) view.summary = op.summary;
  if (op.description) view.description = op.description;
  if (op.pagination) view.itemsPath = `readonly [${op.pagination.items.map((step) => (typeof step === 'number' ? String(step) : tsString(step))).join(', ')}]`;
  return view;
}

/** A description up to this long is printed on the standalone function too: a link would say no less. */
const SHORT_DESCRIPTION = 120;

/**
 * An operation's doc comment. `descriptionAt`: where a longer description is read instead (the
 * client method's doc), for the standalone function: printed twice, long descriptions swell client.ts.
 */
function docLines(op: OperationModel, descriptionAt?: string): string[] {
  const lines: string[] = [];
  if (op.summary) lines.push(op.summary, '');
  if (op.description) {
    const short = op.description.length <= SHORT_DESCRIPTION && !op.description.includes('\n');
    lines.push(descriptionAt && !short ? `Described at {@link ${descriptionAt}}.` : op.description, '');
  }
  lines.push(
    `\`${op.httpMethod} ${op.path}\` (operationId \`${op.operationId}\`, tool \`${op.toolName}\`${op.scopes.length > 0 ? `, scope ${op.scopes.map((s) => `\`${s}\``).join(', ')}` : ''}).`,
  );
  if (op.chargesCredits) lines.push('Charges shared Web credits.');
  if (op.pagination) lines.push(`Paged (${pagingWords(op)}): \`.pages()\` and \`.items()\` walk every page from this one.`);
  for (const assumption of op.assumptions) lines.push(`Assumed (the source leaves this open): ${assumption.reason}`);
  if (op.deprecated) lines.push('@deprecated');
  return lines;
}

/** How an operation's next page is asked for, in a few words: `a cursor, starting_after`. */
function pagingWords(op: OperationModel): string {
  const pagination = op.pagination as NonNullable<OperationModel['pagination']>;
  const param = pagination.param === undefined ? '' : `, \`${op.input.find((f) => f.name === pagination.param)?.wireName ?? pagination.param}\``;
  const words = { link: 'the Link header', cursor: 'a cursor', page: 'a page number', offset: 'an offset', url: "the payload's next-page address" };
  return `${words[pagination.style]}${pagination.style === 'link' || pagination.style === 'url' ? '' : param}`;
}

/** Which sides of a call the client validates unless a call says otherwise (the runtime's `ValidateMode`). */
const VALIDATE_MODES = ['both', 'request', 'response', 'off'];

/** `runtime.ts` (with its rooms, `runtime/`), `operations.ts` and `client.ts`: the typed fetch client. */
export const clientPlugin = definePlugin({
  name: 'client',
  // client.ts imports the document's types and the validators of schemas.ts.
  needs: ['types', 'zod'],
  options: {
    /** What the client validates by default: `both`, `request`, `response` or `off` (a client's own `validate` option still wins). */
    validate: 'both',
    /**
     * Whether client.ts validates with schemas.ts at all. `false`: it does not import schemas.ts,
     * so a bundle of the client carries no zod, and nothing is validated whatever `validate` says.
     */
    validators: true,
  },
  emit(model, { templates, options }) {
    if (!VALIDATE_MODES.includes(options.validate)) {
      fail(
        {
          code: 'config/bad-value',
          message: `option "validate" of output "client" must be one of ${VALIDATE_MODES.join(', ')}`,
          hint: `got ${JSON.stringify(options.validate)}`,
        },
        EXIT_USAGE,
      );
    }
    // `both` is the runtime's own default: the client then says nothing about it.
    const view = { ...clientView(model), validators: options.validators, ...(options.validate === 'both' ? {} : { defaultValidate: options.validate }) };
    const read = (path: string) => templates.copied(path);
    return [
      // runtime.ts and the rooms of runtime/ it imports (all of them, unless a runtime.ts of the user's imports fewer).
      ...runtimeFiles(read).map((path) => ({ path, content: `${view.banner}\n${read(path)}` })),
      { path: 'operations.ts', content: templates.render('operations.ts.hbs', view) },
      { path: 'client.ts', content: templates.render('client.ts.hbs', view) },
    ];
  },
});
