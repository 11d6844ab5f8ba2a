/** generator/model/paging.ts: the query parameters that page an operation's answer, by role. */
import { describe, expect, it } from 'vitest';
import { pagingOf } from '../../generator/model/paging.js';
import type { InputFieldModel } from '../../generator/model/types.js';

const field = (name: string, type: string, where: InputFieldModel['in'] = 'query'): InputFieldModel => ({
  name,
  in: where,
  wireName: name,
  required: false,
  schema: { type } as InputFieldModel['schema'],
  pointer: '',
});

describe('pagingOf', () => {
  const table: { given: InputFieldModel[]; want: ReturnType<typeof pagingOf> }[] = [
    { given: [field('page', 'integer'), field('per_page', 'integer'), field('state', 'string')], want: { page: 'page', perPage: 'per_page' } },
    { given: [field('offset', 'integer'), field('limit', 'integer')], want: { offset: 'offset', limit: 'limit' } },
    { given: [field('after', 'string'), field('first', 'integer')], want: { cursor: 'after', limit: 'first' } },
    { given: [field('pageToken', 'string'), field('pageSize', 'integer')], want: { cursor: 'pageToken', perPage: 'pageSize' } },
    // A page number without its size says nothing of where the rest starts.
    { given: [field('page', 'integer')], want: undefined },
    // Not a query parameter, or not of the role's type.
    { given: [field('page', 'integer', 'path'), field('per_page', 'integer', 'body-field')], want: undefined },
    { given: [field('limit', 'string')], want: undefined },
    { given: [], want: undefined },
  ];
  it.each(table)('$want', ({ given, want }) => {
    expect(pagingOf(given)).toStrictEqual(want);
  });
});
