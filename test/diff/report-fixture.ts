import type { Change, DiffReport } from '../../generator/diff/change.js';
import type { ReportView } from '../../generator/diff/outcome.js';

/** The operationId rename of the podcast document, as a comparison reports it (made by hand). */
export const RENAME: Change = {
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
  rule: 'server-added',
  level: 'info',
  surfaces: [],
  message: 'A server was added: https://eu.example.com',
  new: { file: 'spec/podcast.openapi.yaml', pointer: '#/servers/1' },
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
