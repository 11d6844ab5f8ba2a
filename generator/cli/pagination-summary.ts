/**
 * What the run decided of pagination, for its summary: a user checks what was detected (and
 * overrides a misreading with the operation's `x-pagination`).
 */
import { payloadPathText } from '../model/payload-paths.js';
import type { ApiModel, PaginationModel } from '../model/types.js';

/** Operations named per style on the summary's line; the rest are counted (`--json` lists them all). */
const NAMED = 4;

/** One paged operation as `--json` reports it: its style, where the decision came from, and its parameters and places by their names in the document. */
export interface PagedOperation {
  operationId: string;
  style: PaginationModel['style'];
  source: PaginationModel['source'];
  items: string;
  param?: string;
  size?: string;
  nextCursor?: string;
  hasMore?: string;
  nextUrl?: string;
}

/** Every paged operation of the model, as `--json` reports it. */
export function pagedOperations(model: ApiModel): PagedOperation[] {
  return model.operations.flatMap((op) => {
    const pagination = op.pagination;
    if (!pagination) return [];
    const wire = (name: string | undefined) => (name === undefined ? undefined : (op.input.find((f) => f.name === name)?.wireName ?? name));
    const entry: PagedOperation = { operationId: op.operationId, style: pagination.style, source: pagination.source, items: payloadPathText(pagination.items) };
    const param = wire(pagination.param);
    const size = wire(pagination.sizeParam);
    if (param !== undefined) entry.param = param;
    if (size !== undefined) entry.size = size;
    if (pagination.nextCursor) entry.nextCursor = payloadPathText(pagination.nextCursor);
    if (pagination.hasMore) entry.hasMore = payloadPathText(pagination.hasMore);
    if (pagination.nextUrl) entry.nextUrl = payloadPathText(pagination.nextUrl);
    return [entry];
  });
}

/**
 * The summary's line: how many operations are paged, by style, each style with its first
 * operations by name (one an extension declared marked so). Undefined where none is.
 */
export function paginationLine(model: ApiModel): string | undefined {
  const paged = pagedOperations(model);
  if (paged.length === 0) return undefined;
  const styles = [...new Set(paged.map((p) => p.style))];
  const parts = styles.map((style) => {
    const of = paged.filter((p) => p.style === style);
    const named = of.slice(0, NAMED).map((p) => `${p.operationId}${p.source === 'detected' ? '' : ` (${p.source})`}`);
    const rest = of.length > NAMED ? `, and ${of.length - NAMED} more` : '';
    return `${style} ${of.length} (${named.join(', ')}${rest})`;
  });
  const more = paged.length > NAMED * styles.length ? '; --json lists each' : '';
  return `paged: ${paged.length} of ${model.operations.length} operations: ${parts.join('; ')}${more} (an operation's x-pagination overrides what was detected)`;
}
