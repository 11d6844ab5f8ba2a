import { describe, expect, it } from 'vitest';
import { createCoreName, operationExports } from '../../generator/emit/shared/operation-exports.js';
import type { ApiModel } from '../../generator/model/types.js';

/** The parts of a model the export names are made from. */
function model(methodNames: string[]): ApiModel {
  return {
    names: { api: 'Podcast', createClient: 'createPodcastClient' },
    operations: methodNames.map((methodName) => ({ operationId: `${methodName}Id`, methodName })),
  } as unknown as ApiModel;
}

const CASES: [string, { given: string[]; want: [string, { spec: string; schemas: string }][] }][] = [
  [
    'the method name with Spec and Schemas',
    { given: ['quotaSummary'], want: [['quotaSummaryId', { spec: 'quotaSummarySpec', schemas: 'quotaSummarySchemas' }]] },
  ],
  [
    'a name another operation already has as its method gets _ appended',
    {
      given: ['foo', 'fooSpec'],
      want: [
        ['fooId', { spec: 'fooSpec_', schemas: 'fooSchemas' }],
        ['fooSpecId', { spec: 'fooSpecSpec', schemas: 'fooSpecSchemas' }],
      ],
    },
  ],
  [
    'so does a name an earlier operation took, and the whole-API exports',
    {
      given: ['operation', 'createPodcast'],
      want: [
        ['operationId', { spec: 'operationSpec', schemas: 'operationSchemas_' }],
        ['createPodcastId', { spec: 'createPodcastSpec', schemas: 'createPodcastSchemas' }],
      ],
    },
  ],
];

describe('operationExports', () => {
  it.each(CASES)('%s', (_, { given, want }) => {
    expect([...operationExports(model(given))]).toStrictEqual(want);
  });

  it('names the core factory after the API', () => {
    expect(createCoreName(model([]))).toBe('createPodcastCore');
  });
});
