import type { StreamFormat } from '../model/types.js';

/**
 * Items as the body of a streamed response (OpenAPI 3.2 `itemSchema`), framed as the client reads
 * them: server-sent events (each item's `event`, `id`, `retry` and `data` fields, `data` one line
 * per line of it), JSON Lines, or JSON text sequences (RFC 7464: RS, the JSON text, LF).
 */
export function streamBody(format: StreamFormat, items: readonly unknown[]): string {
  if (format === 'jsonl') return items.map((item) => `${JSON.stringify(item)}\n`).join('');
  if (format === 'json-seq') return items.map((item) => `\u001e${JSON.stringify(item)}\n`).join('');
  return items.map(sseEvent).join('');
}

function sseEvent(item: unknown): string {
  const event = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : { data: JSON.stringify(item) };
  const lines: string[] = [];
  for (const field of ['event', 'id', 'retry'] as const) {
    const value = event[field];
    if (value !== undefined && value !== null) lines.push(`${field}: ${String(value).replace(/[\r\n]/g, ' ')}`);
  }
  const data = event.data === undefined ? '' : typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
  for (const line of data.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  return `${lines.join('\n')}\n\n`;
}
