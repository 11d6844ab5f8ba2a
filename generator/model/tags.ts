import type { OpenApiDocument } from '../load/read-spec.js';
import type { TagModel } from './types.js';

/** The document's tags with 3.2's `summary`, `parent` and `kind` (a parent must be a declared tag, else it is dropped). */
export function buildTags(document: OpenApiDocument): TagModel[] {
  const raw = (Array.isArray(document.tags) ? document.tags : []) as {
    name?: unknown;
    summary?: unknown;
    description?: unknown;
    parent?: unknown;
    kind?: unknown;
  }[];
  const declared = new Set(raw.flatMap((t) => (typeof t?.name === 'string' ? [t.name] : [])));
  return raw.flatMap((t) => {
    if (typeof t?.name !== 'string') return [];
    const tag: TagModel = { name: t.name };
    if (typeof t.summary === 'string') tag.summary = t.summary;
    if (typeof t.description === 'string') tag.description = t.description;
    if (typeof t.parent === 'string' && declared.has(t.parent) && t.parent !== t.name) tag.parent = t.parent;
    if (typeof t.kind === 'string') tag.kind = t.kind;
    return [tag];
  });
}

/** One of an operation's tags placed in the document's tag tree (3.2 `parent`). */
export interface TagPlace {
  name: string;
  /** The names from the top-level ancestor down to this tag (`['catalog', 'search']`). */
  path: string[];
  summary?: string;
  kind?: string;
}

/**
 * Each of an operation's tags with its place in the tag tree, or undefined when the document nests
 * no tag (then a tag's name says all there is). A cycle of parents stops where it repeats.
 */
export function tagPlaces(tags: readonly TagModel[], names: readonly string[]): TagPlace[] | undefined {
  if (!tags.some((t) => t.parent !== undefined)) return undefined;
  const byName = new Map(tags.map((t) => [t.name, t]));
  return names.map((name) => {
    const path = [name];
    for (let tag = byName.get(name); tag?.parent !== undefined && !path.includes(tag.parent); tag = byName.get(tag.parent)) path.unshift(tag.parent);
    const tag = byName.get(name);
    const place: TagPlace = { name, path };
    if (tag?.summary) place.summary = tag.summary;
    if (tag?.kind) place.kind = tag.kind;
    return place;
  });
}
