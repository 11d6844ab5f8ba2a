/** How a body is carried, from its media type. */
export type BodyKind = 'json' | 'form' | 'multipart' | 'text' | 'binary';

/** The kind of a media type: JSON (`application/json`, `*+json`), form, multipart, text or binary. */
export function mediaKind(contentType: string): BodyKind {
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'application/json' || type.endsWith('+json') || type === '*/*') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type.startsWith('multipart/')) return 'multipart';
  if (type.startsWith('text/') || type === 'application/xml' || type.endsWith('+xml')) return 'text';
  return 'binary';
}

/** The preferred media type of a content map: JSON first, then the first listed. */
export function pickContentType(content: Record<string, unknown> | undefined): string | undefined {
  if (!content) return undefined;
  const types = Object.keys(content);
  return types.find((t) => mediaKind(t) === 'json' && t !== '*/*') ?? types.find((t) => mediaKind(t) === 'json') ?? types[0];
}

/** The example of a media type object: `example`, else the first of `examples`. */
export function mediaExample(media: { example?: unknown; examples?: Record<string, { value?: unknown }> } | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first?.value;
}
