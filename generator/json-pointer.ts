/**
 * JSON pointers (RFC 6901) as OpenAPI documents use them in `$ref`s (`#/components/schemas/Pet`):
 * shared by every stage that reads or names a place of the document.
 */

/** Unescapes one pointer token (`~1` is `/`, `~0` is `~`): a pointer built by {@link pointerJoin}. */
export function unescapeToken(token: string): string {
  // Most tokens hold no `~`: skip the two regex passes (this runs for every token of every pointer).
  return token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token;
}

/** Decodes one token of a `$ref`'s URI fragment: percent-escapes first, then as {@link unescapeToken}. */
export function decodeToken(token: string): string {
  let text = token;
  try {
    // Without a `%` there is nothing to decode (and nothing that could be malformed).
    if (token.includes('%')) text = decodeURIComponent(token);
  } catch {
    // Not percent-encoded: keep as is.
  }
  return unescapeToken(text);
}

/**
 * Whether every `~` in `text` is `~0` or `~1`: then each token of it, unescaped and escaped again
 * ({@link unescapeToken}, {@link escapeToken}), is the token as written.
 */
export function escapesAsWritten(text: string): boolean {
  for (let at = text.indexOf('~'); at !== -1; at = text.indexOf('~', at + 1)) {
    const next = text[at + 1];
    if (next !== '0' && next !== '1') return false;
  }
  return true;
}

/** Encodes one pointer token. */
export function escapeToken(token: string): string {
  // Most tokens hold neither `~` nor `/`: return them as they are, without two regex passes.
  return token.includes('~') || token.includes('/') ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token;
}

/** `#/a/b` joined with more tokens. */
export function pointerJoin(base: string, ...tokens: (string | number)[]): string {
  // A loop, not map + join: every stage joins pointers for every schema node it visits.
  let pointer = base;
  for (const token of tokens) pointer += `/${escapeToken(String(token))}`;
  return pointer;
}

/** The value a local pointer (`#/components/...`) names in `document`, or undefined. */
export function getByPointer(document: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#')) return undefined;
  let node: unknown = document;
  for (const token of pointer.slice(1).split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[decodeToken(token)];
  }
  return node;
}
