/**
 * JSON pointers (RFC 6901) as OpenAPI documents use them in `$ref`s (`#/components/schemas/Pet`):
 * shared by every stage that reads or names a place of the document.
 */

/** Unescapes one pointer token (`~1` is `/`, `~0` is `~`): a pointer built by {@link pointerJoin}. */
export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Decodes one token of a `$ref`'s URI fragment: percent-escapes first, then as {@link unescapeToken}. */
export function decodeToken(token: string): string {
  let text = token;
  try {
    text = decodeURIComponent(token);
  } catch {
    // Not percent-encoded: keep as is.
  }
  return unescapeToken(text);
}

/** Encodes one pointer token. */
export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `#/a/b` joined with more tokens. */
export function pointerJoin(base: string, ...tokens: (string | number)[]): string {
  return [base, ...tokens.map((t) => escapeToken(String(t)))].join('/');
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
