/** The `Link` header (RFC 8288) as paging reads it: the address of `rel="next"`. */

/** One link of the header: `<target>` and its parameters. */
const LINK = /^\s*<([^>]*)>\s*((?:;\s*[^;,=\s]+\s*(?:=\s*(?:"(?:[^"\\]|\\.)*"|[^;,"\s]*))?\s*)*)/;
const PARAMETER = /;\s*([^;,=\s]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^;,"\s]*))?/g;

/**
 * The target of the link whose `rel` names `next` (the relation types are a space-separated list,
 * compared without case), or undefined where there is none. A header that is no list of
 * `<target>; parameters` is reported by a thrown Error naming where it stops making sense.
 */
export function nextLink(header: string): string | undefined {
  let rest = header.trim();
  let next: string | undefined;
  while (rest !== '') {
    const link = LINK.exec(rest);
    if (!link) throw new Error(`expected <address>; rel="..." at "${rest.slice(0, 40)}"`);
    for (const [, name, raw] of (link[2] as string).matchAll(PARAMETER)) {
      if (name?.toLowerCase() !== 'rel' || raw === undefined) continue;
      const rel = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
      if (next === undefined && rel.toLowerCase().split(/\s+/).includes('next')) next = link[1];
    }
    rest = rest.slice(link[0].length).trim();
    if (rest === '') break;
    if (!rest.startsWith(',')) throw new Error(`expected a comma between links at "${rest.slice(0, 40)}"`);
    rest = rest.slice(1);
  }
  return next;
}
