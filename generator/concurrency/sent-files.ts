/**
 * The worker's files as they cross to the main thread: each text as UTF-8 bytes whose buffer is
 * transferred, not copied. A text with one character past Latin-1 (a description's curly quote) is
 * held by V8 at two bytes a character; the main thread holds every output until the write, so on
 * the largest documents the worker's outputs as bytes are about half their weight as text
 * (bench/RESULTS.md, issue 40, "Sixth sitting"). The text is decoded where it is read: the write.
 */
import type { GeneratedFile } from '../emit/plugin.js';

/** A generated file as the worker sends it. */
export interface SentFile {
  path: string;
  bytes: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The files as sent, and the buffers to transfer with them. */
export function sentFiles(files: readonly GeneratedFile[]): { files: SentFile[]; transfer: ArrayBuffer[] } {
  const sent = files.map((file) => ({ path: file.path, bytes: encoder.encode(file.content) }));
  return { files: sent, transfer: sent.map((file) => file.bytes.buffer as ArrayBuffer) };
}

/** A sent file as the pipeline reads it: its text decoded each time it is read, and let go of after. */
export function receivedFile({ path, bytes }: SentFile): GeneratedFile {
  return {
    path,
    get content() {
      return decoder.decode(bytes);
    },
  };
}
