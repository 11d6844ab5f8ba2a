/**
 * redocly itself as the judge of lint-run.ts: its `resolveDocument` of the resolved-ref map, its
 * `lintDocument` of the problems (test/lint/lint-run.test.ts, and the GitHub document's compat test).
 */
import {
  BaseResolver,
  detectSpec,
  getTypes,
  lintDocument,
  normalizeTypes,
  resolveDocument,
  type Config,
  type Document,
  type NormalizedProblem,
} from '@redocly/openapi-core';
import { expect } from 'vitest';
import { internalRefMap, lintOnce } from '../../../generator/lint/lint-run.js';

/** What of a problem a user sees: rule, severity, message, places, suggestions, whether it is ignored. */
function shown(problems: readonly NormalizedProblem[]) {
  return problems.map((p) => ({
    ruleId: p.ruleId,
    severity: p.severity,
    message: p.message,
    suggest: p.suggest,
    ignored: p.ignored,
    location: p.location.map((l) => [l.source.absoluteRef, l.pointer, l.reportOnKey]),
  }));
}

/** The problems (or the error) of a lint run. */
async function outcome(run: () => Promise<NormalizedProblem[]>): Promise<unknown> {
  try {
    return shown(await run());
  } catch (error) {
    return { threw: String(error) };
  }
}

/** Our lint run's problems (or error) are redocly's. */
export async function expectSameLint(document: Document, config: Config, fromJson: boolean): Promise<void> {
  const want = await outcome(() => lintDocument({ document, config, externalRefResolver: new BaseResolver() }));
  const got = await outcome(() => lintOnce({ document, config, externalRefResolver: new BaseResolver(), ownResolution: true, fromJson }));
  expect(got).toEqual(want);
}

/** Where our map is used ('own'), it agrees with redocly's on every key redocly records. */
export async function expectSameMap(document: Document, config: Config, fromJson: boolean): Promise<'own' | 'redocly'> {
  const ours = internalRefMap(document, fromJson);
  if (!ours) return 'redocly';
  const version = detectSpec(document.parsed);
  const types = normalizeTypes(config.extendTypes(getTypes(version), version), config);
  const theirs = await resolveDocument({ rootDocument: document, rootType: types.Root as never, externalRefResolver: new BaseResolver() });
  for (const [key, want] of theirs) {
    const got = ours.get(key);
    expect(got, key).toBeDefined();
    expect(Object.keys(got ?? {}), key).toEqual(Object.keys(want));
    expect([got?.resolved, got?.isRemote, got?.nodePointer], key).toEqual([want.resolved, want.isRemote, want.nodePointer]);
    expect(got?.node === want.node && got?.document === want.document, key).toBe(true);
  }
  return 'own';
}
