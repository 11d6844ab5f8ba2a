/**
 * The ranking behind `search_tools` (the dynamic mode of a generated MCP server): words of a query
 * matched against each tool's name, title, description, tags and path, weighted by field and by how
 * rare a word is among the tools (BM25F), best first. No dependency: words are split on case and
 * punctuation and cut to a common stem ("issues", "issue" -> "issu"; "created", "create" -> "creat").
 */

/** What a tool is searched by. */
export interface SearchDocument {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  tags: readonly string[];
  /** The operation's path (`/repos/{owner}/{repo}/issues`). */
  path?: string | undefined;
}

/** A ranked search over a fixed set of tools. */
export interface SearchIndex {
  /** The tools matching `query`, best first (ties by name), at most `limit`, only those `accept` lets through. */
  search(query: string, options: { limit: number; accept?: (name: string) => boolean }): SearchDocument[];
}

/** How much a word found in each field counts. */
const FIELD_WEIGHTS = { name: 3, title: 2.5, tags: 2, path: 1.5, description: 1 } as const;
type Field = keyof typeof FIELD_WEIGHTS;
const FIELDS = Object.keys(FIELD_WEIGHTS) as Field[];

/** BM25's saturation of repeated words, and how much a long field is discounted. */
const K1 = 1.2;
const LENGTH_DISCOUNT = 0.5;

/** Words a query carries that say nothing about which tool is meant. */
const STOP_WORDS = new Set(
  'a an and any are as at be by can do does for from give how i in into is it its me my of on or our please show that the their them this to tool tools use using want was what when which will with you your'.split(
    ' ',
  ),
);

/** Stems written two ways in API documents, each read as its short form. */
const SAME_WORD: Readonly<Record<string, string>> = { repository: 'repo', organization: 'org', organisation: 'org', configuration: 'config' };

/** Words an agent may use for the same action, searched alongside it at a lower weight. */
const RELATED: Readonly<Record<string, readonly string[]>> = {
  creat: ['add', 'new'],
  add: ['creat'],
  delet: ['remov'],
  remov: ['delet'],
  updat: ['edit', 'modify', 'chang'],
  edit: ['updat'],
  chang: ['updat'],
  list: ['all'],
  fetch: ['get', 'read'],
  read: ['get'],
  retriev: ['get'],
  find: ['search'],
  search: ['find'],
};
const RELATED_WEIGHT = 0.4;

/**
 * A word cut to a stem shared by its common forms: plural and verb endings, then a final `e`
 * (`repositories` -> `repository`, `branches` -> `branch`, `creating` -> `creat`).
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 3 && /(?:[sxz]|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = undouble(w.slice(0, -3));
  else if (w.length > 4 && w.endsWith('ed')) w = undouble(w.slice(0, -2));
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** `mapp` -> `map`: a doubled final consonant left by `-ed` or `-ing`. */
function undouble(word: string): string {
  return /([b-df-hj-km-np-tv-z])\1$/.test(word) && !/(?:ll|ss|zz)$/.test(word) ? word.slice(0, -1) : word;
}

/** The stems of a text: split on case changes and anything not a letter or digit, lowercased, stop words left out. */
export function tokens(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map((word) => {
      const stemmed = stem(word);
      return SAME_WORD[stemmed] ?? stemmed;
    });
}

interface Indexed {
  document: SearchDocument;
  /** Per field: how often each stem occurs, and the field's length in stems. */
  fields: Record<Field, { counts: Map<string, number>; length: number }>;
}

/** The share of a field's distinct stems that the query asks for. */
function covered(counts: ReadonlyMap<string, number>, wanted: ReadonlySet<string>): number {
  if (counts.size === 0) return 0;
  let found = 0;
  for (const s of counts.keys()) if (wanted.has(s)) found++;
  return found / counts.size;
}

/** An index of `documents`, built once; searching it reads no document text again. */
export function searchIndex(documents: readonly SearchDocument[]): SearchIndex {
  const indexed: Indexed[] = documents.map((document) => {
    const text: Record<Field, string> = {
      name: document.name,
      title: document.title ?? '',
      description: document.description ?? '',
      tags: document.tags.join(' '),
      path: (document.path ?? '').replace(/[{}]/g, ' '),
    };
    const fields = Object.fromEntries(
      FIELDS.map((field) => {
        const stems = tokens(text[field]);
        const counts = new Map<string, number>();
        for (const s of stems) counts.set(s, (counts.get(s) ?? 0) + 1);
        return [field, { counts, length: stems.length }];
      }),
    ) as Indexed['fields'];
    return { document, fields };
  });
  const averages = Object.fromEntries(
    FIELDS.map((field) => [field, Math.max(1, indexed.reduce((sum, d) => sum + d.fields[field].length, 0) / Math.max(1, indexed.length))]),
  ) as Record<Field, number>;
  const frequency = new Map<string, number>();
  for (const { fields } of indexed) {
    for (const s of new Set(FIELDS.flatMap((field) => [...fields[field].counts.keys()]))) frequency.set(s, (frequency.get(s) ?? 0) + 1);
  }
  const idf = (s: string): number => {
    const n = frequency.get(s) ?? 0;
    return Math.log(1 + (indexed.length - n + 0.5) / (n + 0.5));
  };

  /** BM25F of one stem in one tool: the fields' weighted, length-discounted counts, saturated once. */
  const termScore = (entry: Indexed, s: string): number => {
    let weighted = 0;
    for (const field of FIELDS) {
      const { counts, length } = entry.fields[field];
      const count = counts.get(s);
      if (count) weighted += (FIELD_WEIGHTS[field] * count) / (1 - LENGTH_DISCOUNT + (LENGTH_DISCOUNT * length) / averages[field]);
    }
    return weighted === 0 ? 0 : (idf(s) * weighted * (K1 + 1)) / (K1 + weighted);
  };

  return {
    search(query, { limit, accept }) {
      const asked = [...new Set(tokens(query))];
      if (asked.length === 0) return [];
      const exactName = query.trim().toLowerCase();
      const wanted = new Set(asked.flatMap((s) => [s, ...(RELATED[s] ?? [])]));
      const scored: { document: SearchDocument; score: number }[] = [];
      for (const entry of indexed) {
        if (accept && !accept(entry.document.name)) continue;
        let score = 0;
        let matched = 0;
        for (const s of asked) {
          const direct = termScore(entry, s);
          const related = Math.max(0, ...(RELATED[s] ?? []).map((r) => termScore(entry, r) * RELATED_WEIGHT));
          if (direct > 0) matched++;
          score += Math.max(direct, related);
        }
        if (score === 0) continue;
        // A tool that has every word asked beats one that has a rare word many times, and one whose
        // name or title says little else beats one that says much more.
        score *= 0.5 + (0.5 * matched) / asked.length;
        score *= 0.6 + 0.4 * Math.max(covered(entry.fields.name.counts, wanted), covered(entry.fields.title.counts, wanted));
        if (entry.document.name.toLowerCase() === exactName) score += 1000;
        scored.push({ document: entry.document, score });
      }
      scored.sort((a, b) => b.score - a.score || (a.document.name < b.document.name ? -1 : a.document.name > b.document.name ? 1 : 0));
      return scored.slice(0, limit).map((s) => s.document);
    },
  };
}
