import { emitClient } from './client/emit-client.js';
import type { Emitter } from './emitter.js';
import { emitFixtures } from './fixtures/emit-fixtures.js';
import { emitIndex } from './index-file.js';
import { emitMock } from './mock/emit-mock.js';
import { emitMcp } from './mcp/emit-mcp.js';
import { emitTypes } from './types/emit-types.js';
import { emitZod } from './zod/emit-zod.js';

/**
 * Every output, in the order they are emitted. The types are printed beside the others (the side
 * thread, see side-thread/side-thread.ts) and collected late. The fixtures come after the others
 * that run here, so that the side thread, once it has printed the types, has made some of them
 * already. The index comes last: it re-exports the others.
 */
export const emitters: Emitter[] = [emitZod, emitClient, emitMcp, emitMock, emitFixtures, emitTypes, emitIndex];

export type { Emitter, EmitContext, GeneratedFile } from './emitter.js';
