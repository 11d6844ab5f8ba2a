import type { Change, DiffReport } from '../../generator/diff/change.js';
import type { ReportView } from '../../generator/diff/outcome.js';

/** The operationId rename of the podcast document, as a comparison reports it (made by hand). */
export const RENAME: Change = {
  id: '5b1d0c3e9a27',
  rule: 'operation-id-changed',
  level: 'breaking',
  surfaces: ['types'],
  operations: [{ operationId: 'removeImage', method: 'delete', path: '/open/podcast/v1/images/{id}' }],
  message: 'The operationId changed from deleteImage to removeImage: client.deleteImage is gone; the MCP tool keeps its name (x-tool-name).',
  old: { file: 'git:HEAD:spec/podcast.openapi.yaml', pointer: '#/paths/~1open~1podcast~1v1~1images~1{id}/delete/operationId', line: 376, col: 7 },
  new: { file: 'spec/podcast.openapi.yaml', pointer: '#/paths/~1open~1podcast~1v1~1images~1{id}/delete/operationId', line: 376, col: 7 },
  proof: {
    types: [
      {
        code: 'TS2339',
        line: 12,
        text: "  await client.deleteImage({ id: 'id' });",
        message: "Property 'deleteImage' does not exist on type 'PodcastClient'.",
      },
    ],
  },
};

/** An added response enum value: the old validators reject what the new API sends. */
export const ENUM_ADDED: Change = {
  id: 'c80e41f6d253',
  rule: 'response-enum-value-added',
  level: 'warning',
  surfaces: ['validators'],
  operations: [{ operationId: 'listImages', method: 'get', path: '/open/podcast/v1/images' }],
  message: 'The response enum of status gained "archived" | <b>',
  new: { file: 'spec/podcast.openapi.yaml', pointer: '#/components/schemas/ImageStatus/enum/3', line: 900, col: 11 },
  proof: {
    validators: [
      { direction: 'response', validator: 'listImagesResponse200', value: { status: 'archived' }, issue: 'Invalid option: expected one of "ready"|"failed"' },
    ],
  },
};

/** A change of no operation that breaks nothing. */
export const SERVER_ADDED: Change = {
  id: '0a7f92b4e1c6',
  rule: 'server-added',
  level: 'info',
  surfaces: [],
  message: 'A server was added: https://eu.example.com',
  new: { file: 'spec/podcast.openapi.yaml', pointer: '#/servers/1' },
};

/** A property added to a component three operations answer with: one change, three by operation. */
export const SHARED_ADDED: Change = {
  id: '7d4e2a90c3b1',
  rule: 'response-property-added',
  level: 'info',
  surfaces: [],
  operations: [
    { operationId: 'listImages', method: 'get', path: '/open/podcast/v1/images' },
    { operationId: 'addImage', method: 'post', path: '/open/podcast/v1/images' },
    { operationId: 'quotaSummary', method: 'get', path: '/open/podcast/v1/quota/summary' },
  ],
  message: 'Envelope.trace: added',
  new: { file: 'spec/podcast.openapi.yaml', pointer: '#/components/schemas/Envelope/properties/trace', line: 770, col: 9 },
};

/** A deprecated operation removed after its sunset: info, and it still breaks. */
export const ANNOUNCED_REMOVAL: Change = {
  id: '2f81c6d05a9e',
  rule: 'operation-removed-after-deprecation',
  level: 'info',
  surfaces: ['wire', 'types', 'mcp'],
  operations: [{ operationId: 'getSubscription', method: 'get', path: '/open/podcast/v1/subscription' }],
  message:
    'GET /open/podcast/v1/subscription is gone: `client.getSubscription` and the tool `podcast_get_subscription` with it; it was deprecated, and its sunset 2026-06-30 (x-sunset) has come: announced',
  old: { file: 'git:HEAD:spec/podcast.openapi.yaml', pointer: '#/paths/~1open~1podcast~1v1~1subscription/get', line: 518, col: 5 },
};

export function report(changes: Change[] = [RENAME, ENUM_ADDED, SERVER_ADDED]): DiffReport {
  return {
    semver: changes.some((c) => c.level === 'breaking') ? 'major' : changes.length > 0 ? 'minor' : 'none',
    old: { file: 'git:HEAD:spec/podcast.openapi.yaml', version: '1.4.0', openapi: '3.0.3' },
    new: { file: 'spec/podcast.openapi.yaml', version: '1.4.0', openapi: '3.0.3' },
    changes,
    unjudged: [],
    notes: [],
  };
}

export function view(changes?: Change[], more: Partial<ReportView> = {}): ReportView {
  return { report: report(changes), ignored: [], failOn: 'breaking', ...more };
}
