import { RUNTIME_ROOMS } from '../../../generator/emit/templates.js';

/** Each choice of outputs, and the paths a run with it makes (of the fixtures, all but the per-operation .json files). */
export const SUBSETS: [string[], string[]][] = [
  [['types'], ['.podcast-gen.json', 'index.ts', 'types.ts']],
  [['zod'], ['.podcast-gen.json', 'index.ts', 'schemas.ts']],
  [['client'], ['.podcast-gen.json', 'client.ts', 'index.ts', 'operations.ts', 'runtime.ts', ...RUNTIME_ROOMS, 'schemas.ts', 'types.ts']],
  [
    ['mcp'],
    [
      '.podcast-gen.json',
      'client.ts',
      'index.ts',
      'mcp/credentials.ts',
      'mcp/dynamic-tools.ts',
      'mcp/server.ts',
      'mcp/tool-search.ts',
      'mcp/tool-selection.ts',
      'mcp/tool-server.ts',
      'mcp/tools.json',
      'operations.ts',
      'runtime.ts',
      ...RUNTIME_ROOMS,
      'schemas.ts',
      'types.ts',
    ],
  ],
  [['fixtures'], ['.podcast-gen.json', 'fixtures/index.ts', 'index.ts', 'types.ts']],
  [
    ['mock'],
    [
      '.podcast-gen.json',
      'fixtures/index.ts',
      'index.ts',
      'mock/credentials.ts',
      'mock/faults.ts',
      'mock/index.ts',
      'mock/input-problems.ts',
      'mock/match.ts',
      'mock/paging.ts',
      'mock/refusals.ts',
      'mock/routes.ts',
      'mock/server.ts',
      'mock/wire.ts',
      'schemas.ts',
      'types.ts',
    ],
  ],
];
