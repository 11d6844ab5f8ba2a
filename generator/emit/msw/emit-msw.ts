import { camelCase } from '../../model/naming.js';
import type { ApiModel, OperationModel } from '../../model/types.js';
import type { SchemaResolver } from '../../model/schema-merge.js';
import { fixtureErrorStatuses, modelResolver } from '../../synthesis/build-fixture.js';
import { banner } from '../banner.js';
import { definePlugin } from '../plugin.js';
import { jsonLiteral } from '../print.js';
import { fixturePaging } from '../shared/fixture-paging.js';
import { dataType, typeUsage } from '../shared/type-expressions.js';
import { COPIED_FILES } from '../templates.js';
import { concreteFirst, defaultBaseUrl, mswPath } from './msw-path.js';

/** The code every document's handlers share: copied files of templates/, each at the same path in the output. */
const MSW_CODE = COPIED_FILES.filter((path) => path.startsWith('msw/'));

/** What `msw-index.ts.hbs` receives for one operation. */
export interface MswOperationView {
  operationId: string;
  /** Its handler's factory (`quotaSummaryHandler`). */
  handlerName: string;
  /** The payload an override by value gives: the client's payload type (`never` for a streamed one). */
  dataType: string;
  /** The statuses of its error fixtures, as a union of literals (`never` for none). */
  statusType: string;
  /** Its `MswRoute`, as code. */
  route: string;
  docLines: string[];
}

/** What `msw-index.ts.hbs` receives. */
export interface MswView {
  banner: string;
  title: string;
  /** The API's name in type names (`Podcast`). */
  api: string;
  /** `createPodcastHandlers`: every operation's handler. */
  createHandlers: string;
  /** `podcastMswBaseUrl`: the exported default base address. */
  baseUrlName: string;
  baseUrl: string;
  operations: MswOperationView[];
  /** The operations in the order their handlers go: the more concrete path first. */
  handlerOrder: MswOperationView[];
  usesOperations: boolean;
}

/** The view of the model the MSW handlers' index renders. `baseUrl`: the option; empty for the document's first server. */
function mswView(model: ApiModel, baseUrl: string): MswView {
  const resolve = modelResolver(model);
  const operations = model.operations.map((op) => operationView(model, op, resolve));
  const byId = new Map(operations.map((view) => [view.operationId, view]));
  return {
    banner: banner(model),
    title: model.title,
    api: model.names.api,
    createHandlers: `create${model.names.api}Handlers`,
    baseUrlName: `${camelCase(model.names.api)}MswBaseUrl`,
    baseUrl: baseUrl === '' ? defaultBaseUrl(model.servers) : baseUrl,
    operations,
    handlerOrder: concreteFirst(model.operations, (op) => op.path).map((op) => byId.get(op.operationId) as MswOperationView),
    usesOperations: typeUsage(operations.map((op) => op.dataType)).usesOperations,
  };
}

function operationView(model: ApiModel, op: OperationModel, resolve: SchemaResolver): MswOperationView {
  const statuses = [...new Set(fixtureErrorStatuses(op))];
  const route = {
    operationId: op.operationId,
    method: op.httpMethod.toUpperCase(),
    path: mswPath(op.path),
    ...(op.data.fromEnvelope && model.envelope ? { dataProperty: model.envelope.dataProperty } : {}),
    ...(op.retryAfterField ? { retryAfterField: op.retryAfterField } : {}),
  };
  const paging = fixturePaging(model, op, resolve);
  return {
    operationId: op.operationId,
    handlerName: `${op.methodName}Handler`,
    dataType: op.data.kind === 'stream' ? 'never' : dataType(model, op),
    statusType: statuses.length === 0 ? 'never' : statuses.join(' | '),
    route: jsonLiteral(paging ? { ...route, paging } : route),
    docLines: [
      ...(op.summary ? [op.summary, ''] : []),
      `Answers \`${op.httpMethod} ${op.path}\` (operationId \`${op.operationId}\`) with its fixture, or as \`override\` says.`,
      ...(op.deprecated ? ['@deprecated'] : []),
    ],
  };
}

/**
 * `msw/`: Mock Service Worker handlers for every operation, answered from the fixtures (imported
 * through `fixtures/index.ts`, so the fixtures stay usable without msw), each overridable by value,
 * by resolver or by a declared status. `msw/index.ts` is rendered; `msw/handlers.ts` is copied.
 * Off unless chosen: its code imports `msw`, which a project may not have.
 */
export const mswPlugin = definePlugin({
  name: 'msw',
  // The handlers answer with the fixtures, typed by the document's types.
  needs: ['fixtures'],
  optIn: true,
  options: {
    /** The base address the handlers answer on unless a call says otherwise; empty: the document's first server. */
    baseUrl: '',
  },
  emit(model, { templates, options }) {
    const view = mswView(model, options.baseUrl);
    return [
      ...MSW_CODE.map((path) => ({ path, content: `${view.banner}\n${templates.copied(path)}` })),
      { path: 'msw/index.ts', content: templates.render('msw-index.ts.hbs', view) },
    ];
  },
});
