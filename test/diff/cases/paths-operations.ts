import type { DiffCase, Verdict } from '../helpers.js';
import { op } from '../helpers.js';

/** A verdict repeated for each operation that reaches a shared schema. */
/** One change reaching `n` operations (a change in a component they share). */
export const reaching = (n: number, [rule, level, surfaces]: Verdict): Verdict[] => [[rule, level, surfaces, n]];

export const pathsAndOperations: DiffCase[] = [
  {
    name: 'an operation is removed',
    change: (d) => void delete d.paths['/things/{id}'].delete,
    want: [['operation-removed', 'breaking', 'wire types mcp']],
  },
  {
    name: 'a whole path is removed',
    change: (d) => void delete d.paths['/pets'],
    want: [['operation-removed', 'breaking', 'wire types mcp']],
  },
  {
    name: 'an operation is added',
    change: (d) => {
      d.paths['/things/{id}'].patch = { operationId: 'patchThing', responses: { '204': { description: 'ok' } } };
    },
    want: [['operation-added', 'info', '']],
  },
  {
    name: 'a path moves, same operationId',
    change: (d) => {
      d.paths['/items/{id}'] = d.paths['/things/{id}'];
      delete d.paths['/things/{id}'];
    },
    want: [
      ['operation-path-changed', 'breaking', 'wire'],
      ['operation-path-changed', 'breaking', 'wire'],
    ],
  },
  {
    name: 'a path parameter is renamed in the template: the same URL',
    change: (d) => {
      const item = d.paths['/things/{id}'];
      item.parameters[0].name = 'thingId';
      d.paths['/things/{thingId}'] = item;
      delete d.paths['/things/{id}'];
    },
    want: [['path-parameter-renamed', 'breaking', 'types mcp', 2]],
  },
  {
    name: 'an operation changes its method',
    change: (d) => {
      d.paths['/things/{id}'].post = d.paths['/things/{id}'].delete;
      delete d.paths['/things/{id}'].delete;
    },
    // deleteThing still deletes: its tool's hints come from its words too (model/tool-hints.ts).
    want: [['operation-method-changed', 'breaking', 'wire']],
  },
  {
    name: "a tool's hints are overridden (x-tool-hints)",
    change: (d) => {
      op(d, '/things/{id}', 'delete')['x-tool-hints'] = { destructiveHint: false, idempotentHint: false };
    },
    want: [
      ['tool-no-longer-destructive', 'info', ''],
      ['tool-idempotent-removed', 'breaking', 'mcp'],
    ],
  },
  {
    name: 'an operation is deprecated',
    change: (d) => {
      op(d, '/things', 'get').deprecated = true;
    },
    want: [['operation-deprecated', 'warning', '']],
  },
  {
    name: 'an operation is no longer deprecated',
    before: (d) => {
      op(d, '/things', 'get').deprecated = true;
    },
    change: (d) => void delete op(d, '/things', 'get').deprecated,
    want: [['operation-undeprecated', 'info', '']],
  },
  {
    name: 'a summary changes (tool title too)',
    change: (d) => {
      op(d, '/things', 'get').summary = 'List all things';
    },
    want: [
      ['tool-title-changed', 'info', ''],
      ['operation-summary-changed', 'info', ''],
    ],
  },
  {
    name: 'a description changes by one word',
    before: (d) => {
      op(d, '/things', 'get').description = 'Lists the things.';
    },
    change: (d) => {
      op(d, '/things', 'get').description = 'Lists all things.';
    },
    want: [['operation-description-changed', 'info', '']],
  },
  {
    name: 'an operation gains a tag',
    change: (d) => {
      op(d, '/things/{id}', 'get').tags = ['things'];
    },
    want: [['operation-tag-added', 'info', '']],
  },
  {
    name: 'an operation loses a tag',
    change: (d) => void delete op(d, '/pets', 'post').tags,
    want: [['operation-tag-removed', 'info', '']],
  },
  {
    name: 'an operation without operationId gets one that matches the derived name',
    before: (d) => void delete op(d, '/pets', 'post').operationId,
    change: (d) => {
      op(d, '/pets', 'post').operationId = 'postPets';
    },
    want: [],
  },
  {
    name: 'the same document, keys reordered',
    change: (d) => {
      const { get, post } = d.paths['/things'];
      d.paths['/things'] = { post, get };
    },
    want: [],
  },
  {
    name: 'an operation added before another whose names it takes: the other one is renamed',
    before: (d) => {
      op(d, '/things/{id}', 'get').operationId = 'get-thing';
    },
    change: (d) => {
      const paths = d.paths;
      d.paths = { '/thing-by-name': { get: { operationId: 'getThing', responses: { '204': { description: 'ok' } } } }, ...paths };
    },
    want: [
      ['operation-added', 'info', ''],
      ['method-name-changed', 'breaking', 'types'],
      ['operation-type-name-changed', 'breaking', 'types'],
    ],
  },
  {
    name: 'a PUT turns into a GET: the tool becomes read-only',
    before: (d) => {
      const item = d.paths['/things/{id}'];
      item.put = item.get;
      delete item.get;
    },
    change: (d) => {
      const item = d.paths['/things/{id}'];
      item.get = item.put;
      delete item.put;
    },
    want: [
      ['operation-method-changed', 'breaking', 'wire'],
      ['tool-read-only-added', 'info', ''],
      ['tool-no-longer-destructive', 'info', ''],
    ],
  },
  {
    name: 'a POST turns into a PUT: the tool becomes idempotent',
    change: (d) => {
      const item = d.paths['/pets'];
      item.put = item.post;
      delete item.post;
    },
    want: [
      ['operation-method-changed', 'breaking', 'wire'],
      ['tool-became-destructive', 'breaking', 'mcp'],
      ['tool-idempotent-added', 'info', ''],
    ],
  },
];
