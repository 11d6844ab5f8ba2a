/**
 * How a change names its place: once, on the side that has the thing (a removed property by the old
 * schema's name), and one change for a component however many operations reach it.
 */
import { describe, expect, it } from 'vitest';
import { changesOf, type Doc, op, schemas } from './helpers.js';

/** Problem's `issues` are wrappers of Issue (as Adyen Management v1 wrote InvalidField); every operation's error answers reach them. */
function wrapped(d: Doc): void {
  schemas(d).Issue = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
  schemas(d).IssueWrapper = { type: 'object', properties: { Issue: { $ref: '#/components/schemas/Issue' } } };
  schemas(d).Problem.properties.issues = { type: 'array', items: { $ref: '#/components/schemas/IssueWrapper' } };
  for (const [path, method] of [
    ['/things/{id}', 'get'],
    ['/things/{id}', 'delete'],
    ['/pets', 'post'],
  ] as const)
    op(d, path, method).responses['400'] = { description: 'bad', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } };
}

describe('change labels', () => {
  it('a wrapper component replaced by what it wrapped: each change says its place once, and is one change for every operation', () => {
    const changes = changesOf({
      before: wrapped,
      change: (d) => {
        schemas(d).Problem.properties.issues.items = { $ref: '#/components/schemas/Issue' };
        delete schemas(d).IssueWrapper;
      },
    });
    expect(changes.map((c) => [c.rule, c.message, c.operations.length])).toStrictEqual([
      ['schema-removed', 'component schema `IssueWrapper` is gone: the exported `IssueWrapper` with it', 0],
      ['response-property-removed', 'IssueWrapper.Issue: removed', 5],
      ['response-property-added-required', 'Issue (was IssueWrapper).name: added, required', 5],
    ]);
  });
});
