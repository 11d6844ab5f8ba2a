import { emitClient } from './client/emit-client.js';
import type { Emitter } from './emitter.js';
import { emitFixtures } from './fixtures/emit-fixtures.js';
import { emitIndex } from './index-file.js';
import { emitMock } from './mock/emit-mock.js';
import { emitMcp } from './mcp/emit-mcp.js';
import { emitTypes } from './types/emit-types.js';
import { emitZod } from './zod/emit-zod.js';

/**
 * Every output, in the order they are emitted. The types are printed beside the others (a worker
 * thread, see types/types-printer.ts) and collected late; the index comes last: it re-exports the others.
 */
export const emitters: Emitter[] = [emitZod, emitClient, emitMcp, emitFixtures, emitMock, emitTypes, emitIndex];

export type { Emitter, EmitContext, GeneratedFile } from './emitter.js';
