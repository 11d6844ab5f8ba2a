/** templates/mcp/result-fields.ts: the `fields` argument taken out of a call and checked, and a result projected to it. */
import { describe, expect, it } from 'vitest';
import { project, projectableFields, takeFields } from '../../templates/mcp/result-fields.js';

describe('projectableFields', () => {
  it("reads the names from the input schema's fields argument", () => {
    expect(projectableFields({ properties: { fields: { type: 'array', items: { type: 'string', enum: ['id', 'title'] } } } })).toStrictEqual(['id', 'title']);
    expect(projectableFields({ properties: {} })).toBeUndefined();
  });
});

describe('takeFields', () => {
  const valid = ['id', 'title', 'state'];
  const table: { given: Record<string, unknown>; want: unknown }[] = [
    { given: { owner: 'o' }, want: { args: { owner: 'o' } } },
    { given: { owner: 'o', fields: ['title', 'id', 'title'] }, want: { args: { owner: 'o' }, fields: ['title', 'id'] } },
    { given: { fields: ['title', 'colour'] }, want: { problem: 'fields names colour, which the result does not have; the fields are: id, title, state' } },
    { given: { fields: 'title' }, want: { problem: 'fields must be a non-empty list of field names, some of: id, title, state' } },
    { given: { fields: [] }, want: { problem: 'fields must be a non-empty list of field names, some of: id, title, state' } },
  ];
  it.each(table)('given $given', ({ given, want }) => {
    expect(takeFields(given, valid)).toStrictEqual(want);
  });
});

describe('project', () => {
  it('keeps the named fields of the object, or of each item of data', () => {
    expect(project({ id: 1, title: 't', body: 'b' }, ['id', 'title'], 'object')).toStrictEqual({ id: 1, title: 't' });
    expect(project({ data: [{ id: 1, body: 'b' }, 'not an object'] }, ['id'], 'items')).toStrictEqual({ data: [{ id: 1 }, 'not an object'] });
  });
});
