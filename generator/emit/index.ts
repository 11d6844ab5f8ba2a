import { emitClient } from './client/emit-client.js';
import type { Emitter } from './emitter.js';
import { emitIndex } from './index-file.js';
import { emitTypes } from './types/emit-types.js';

/** Every output, in the order they are emitted. The index comes last: it re-exports the others. */
export const emitters: Emitter[] = [emitTypes, emitClient, emitIndex];

export type { Emitter, EmitContext, GeneratedFile } from './emitter.js';
