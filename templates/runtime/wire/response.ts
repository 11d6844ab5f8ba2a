/** Responses as the runtime reads them: bodies under a size cap, a read the signal cuts short, headers as a record. */
import { ResponseTooLargeError } from '../errors.js';
import type { OperationSpec } from '../spec.js';

/** Reads a body as a stream, giving up (and closing the connection) as soon as it passes `limit` bytes. */
export async function readCapped(response: Response, limit: number, operationId: string, controller: AbortController): Promise<Blob> {
  const tooLarge = (contentLength?: number) => {
    controller.abort();
    return new ResponseTooLargeError({ operationId, status: response.status, limit, ...(contentLength === undefined ? {} : { contentLength }) });
  };
  const declared = response.headers.get('content-length')?.trim();
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(Number(declared));
  }
  if (!response.body) return new Blob([await response.arrayBuffer()]);
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await readOrAbort(reader, controller.signal);
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Blob(chunks);
}

/**
 * The next chunk of a body, or a rejection as soon as `signal` aborts: fetch's reader of a body it
 * decompresses may wait forever on bytes that are not that encoding, aborted or not.
 */
export function readOrAbort<T>(reader: ReadableStreamDefaultReader<T>, signal: AbortSignal | undefined): Promise<ReadableStreamReadResult<T>> {
  if (!signal) return reader.read();
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void reader
      .read()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The bytes read, in a Response of their own only to be decoded (text as UTF-8, a Blob of the
 * response's media type). Not a copy of the response: its constructor refuses a status outside
 * 200-599 and header names that fetch still passes on from a server, so status and headers stay on
 * the response fetch gave.
 */
export function bodyReader(bytes: Blob | null, response: Response): Response {
  const type = response.headers.get('content-type');
  try {
    return new Response(bytes, type === null ? {} : { headers: { 'content-type': type } });
  } catch {
    // A media type the constructor refuses: the bytes still decode, as a Blob without a type.
    return new Response(bytes);
  }
}

export async function readBody(response: Response, kind: OperationSpec['dataKind']): Promise<unknown> {
  if (kind === 'none') return undefined;
  if (kind === 'binary') return response.blob();
  const text = await response.text();
  if (kind === 'text') return text;
  return parseBody(text);
}

/** An error body: JSON where it parses, else the text; undefined when empty. */
export function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function headersOf(response: Response): Record<string, string> {
  const result: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    result[name] = value;
  });
  return result;
}
