/**
 * redocly's `lintDocument` (of @redocly/openapi-core 2.64.0, pinned in package.json while this mirrors its internals: lint.js,
 * resolve.js's `followRef`, config/rules.js's `initRules`) first resolves every `$ref` with a typed
 * walk of the whole document, a large part of lint's time. Where every `$ref` names a node of the
 * document itself, what that walk finds follows from the `$ref`s alone: {@link internalRefMap} builds
 * the same map from one untyped walk, and {@link lintOnce} runs the rules over it as `lintDocument`
 * does. Anything else (another file, an `$anchor`, a `$ref` that names a `$ref` or nothing) is left to
 * redocly's resolution. test/lint/lint-run.test.ts holds both to redocly's own.
 */
import {
  detectSpec,
  escapePointerFragment,
  getMajorSpecVersion,
  getTypes,
  isMappingRef,
  isPlainObject,
  isRef,
  lintDocument,
  normalizeTypes,
  normalizeVisitors,
  resolveDocument,
  unescapePointerFragment,
  walkDocument,
  type BaseResolver,
  type Config,
  type Document,
  type NormalizedProblem,
  type ResolvedRefMap,
  type SpecVersion,
  type WalkContext,
} from '@redocly/openapi-core';

/** Options of {@link lintOnce}. */
export interface LintOnceOptions {
  document: Document;
  config: Config;
  externalRefResolver: BaseResolver;
  /** Whether the document's `$ref`s may be resolved from the document alone (one file, linted whole). */
  ownResolution: boolean;
  /** The document is as JSON.parse made it: no node of it sits in two places. */
  fromJson: boolean;
}

/** The problems redocly's `lintDocument` finds, with the `$ref`s resolved by {@link internalRefMap} where it can. */
export async function lintOnce(options: LintOnceOptions): Promise<NormalizedProblem[]> {
  const { document, config, externalRefResolver } = options;
  // A preprocessor may change the document before the rules read it: redocly resolves twice then.
  if (runsPreprocessors(config, document.parsed)) return lintDocument({ document, config, externalRefResolver });
  const specVersion = detectSpec(document.parsed);
  const rules = rulesOf(config, specVersion);
  const types = normalizeTypes(config.extendTypes(getTypes(specVersion), specVersion), config);
  const rootType = types.Root;
  if (!rootType) return lintDocument({ document, config, externalRefResolver });
  const regularRules = initRules(rules, config, 'rules', specVersion);
  const own = options.ownResolution && specVersion.startsWith('oas3') ? internalRefMap(document, options.fromJson) : undefined;
  const resolvedRefMap = own ?? (await resolveDocument({ rootDocument: document, rootType, externalRefResolver }));
  const ctx: WalkContext = { problems: [], specVersion, config, visitorsData: {} };
  walkDocument({ document, rootType, normalizedVisitors: normalizeVisitors(regularRules, types), resolvedRefMap, ctx });
  return ctx.problems.map((problem) => config.addProblemToIgnore(problem));
}

/** Whether the config runs a preprocessor on `document`, which may change it before lint's rules (and the model) read it. */
export function runsPreprocessors(config: Config, document: unknown): boolean {
  const specVersion = detectSpec(document);
  return initRules(rulesOf(config, specVersion), config, 'preprocessors', specVersion).length > 0;
}

/** The config's rulesets for a document of `specVersion`. */
function rulesOf(config: Config, specVersion: SpecVersion): Rules {
  return config.getRulesForSpecVersion(getMajorSpecVersion(specVersion));
}

type ResolvedRef = ResolvedRefMap extends Map<string, infer R> ? R : never;
type Rules = ReturnType<Config['getRulesForSpecVersion']>;
type RuleEntry = Parameters<typeof normalizeVisitors>[0][number];

/** redocly's `initRules` (not exported): each rule the config turns on, with its severity and message. */
function initRules(rules: Rules, config: Config, kind: 'rules' | 'preprocessors', specVersion: SpecVersion): RuleEntry[] {
  return rules.flatMap((ruleset) =>
    Object.entries(ruleset).flatMap(([ruleId, rule]) => {
      const settings = kind === 'rules' ? config.getRuleSettings(ruleId, specVersion) : config.getPreprocessorSettings(ruleId, specVersion);
      if (settings.severity === 'off') return [];
      const { severity, message } = settings as { severity: RuleEntry['severity']; message?: string };
      const visitors = (rule as (settings: unknown) => unknown)(settings);
      return (Array.isArray(visitors) ? visitors : [visitors]).map((visitor) => ({ severity, ruleId, message, visitor }) as RuleEntry);
    }),
  );
}

/**
 * The map redocly's `resolveDocument` would make (keys `${absoluteRef}::${$ref}`), when every `$ref`
 * (and discriminator mapping that names a schema) is `#` or `#/...` and names a node of the document
 * that is not itself a `$ref`, and nothing is an `$anchor` or an `externalValue`; otherwise undefined.
 * Its keys are every such `$ref` of the document, a superset of those redocly's typed walk meets.
 */
export function internalRefMap(document: Document, fromJson: boolean): ResolvedRefMap | undefined {
  const refs = new Set<string>();
  if (!collectRefs(document.parsed, refs, fromJson ? undefined : new Set())) return undefined;
  const map: ResolvedRefMap = new Map();
  const base = document.source.absoluteRef;
  for (const ref of refs) {
    const resolved = followInternal(document, ref);
    if (!resolved) return undefined;
    map.set(`${base}::${ref}`, resolved);
  }
  return map;
}

/** Adds each reference of `node` to `refs`; false where one needs redocly's resolution. */
function collectRefs(node: unknown, refs: Set<string>, seen: Set<object> | undefined): boolean {
  if (node === null || typeof node !== 'object' || seen?.has(node)) return true;
  seen?.add(node);
  if (Array.isArray(node)) {
    for (const item of node) if (!collectRefs(item, refs, seen)) return false;
    return true;
  }
  const record = node as Record<string, unknown>;
  if ('$anchor' in record || typeof record.externalValue === 'string') return false;
  if (typeof record.$ref === 'string') refs.add(record.$ref);
  const discriminator = record.discriminator;
  if (isPlainObject(discriminator)) {
    // redocly's types resolve a mapping value (or 3.2's `defaultMapping`) that names a schema as a `$ref`.
    const { mapping, defaultMapping } = discriminator as { mapping?: unknown; defaultMapping?: unknown };
    const named = [...(isPlainObject(mapping) ? Object.values(mapping) : []), defaultMapping];
    for (const value of named) if (isMappingRef(value as string)) refs.add(value as string);
  }
  for (const key in record) if (!collectRefs(record[key], refs, seen)) return false;
  return true;
}

/** What redocly's `followRef` records for a `$ref` into the document, or undefined where it would go elsewhere. */
function followInternal(document: Document, ref: string): ResolvedRef | undefined {
  // redocly's parseRef: what precedes `#/` names a file; a `#` alone, none.
  const [uri = '', pointer = ''] = ref.split('#/');
  if ((uri.endsWith('#') ? uri.slice(0, -1) : uri) !== '') return undefined;
  let target: unknown = document.parsed;
  let nodePointer = '#/';
  for (const segment of pointer.split('/').map(unescapePointerFragment).filter(Boolean)) {
    if (isPlainObject(target) && target[segment] !== undefined) target = target[segment];
    else if (Array.isArray(target) && target[+segment] !== undefined) target = target[+segment];
    // Nothing there, or a path through a `$ref`: redocly's resolution reports or follows it.
    else return undefined;
    nodePointer = `${nodePointer}${nodePointer.endsWith('/') ? '' : '/'}${escapePointerFragment(segment)}`;
  }
  // A `$ref` that names another is a chain redocly follows (and may find circular).
  if (target === undefined || isRef(target)) return undefined;
  return { resolved: true, document, isRemote: false, node: target, nodePointer };
}
