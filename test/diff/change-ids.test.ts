/**
 * Stable ids and grouping, on the podcast document: each change's id is the same on two runs and
 * after unrelated edits on either side (an operation added before the others, a parameter put in
 * front of one that changed, a component added, the description edited), and a change in a shared
 * component is one change, which the report before grouping counts once per operation it reaches.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Change } from '../../generator/diff/change.js';
import { diffDocuments } from '../../generator/diff/diff-documents.js';
import { operationCount } from '../../generator/diff/outcome.js';
import { parseYaml } from '../../generator/pipeline.js';
import { changesOf, type Doc, thing } from './helpers.js';

const temp = mkdtempSync(join(tmpdir(), 'podcast-gen-ids-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function podcast(): Doc {
  return parseYaml(readFileSync('spec/podcast.openapi.yaml', 'utf8')) as Doc;
}

/** The changes the test makes: a rename, a property in a component every JSON answer uses, one gone from another, an enum value, a tag, a parameter's bound. */
function changed(doc: Doc): void {
  doc.paths['/open/podcast/v1/images'].delete.operationId = 'removeImage';
  doc.components.schemas.Envelope.properties.trace = { type: 'string' };
  delete doc.components.schemas.RateLimitError.properties.msg;
  doc.components.schemas.RateLimitError.required = ['code', 'retry_after'];
  doc.components.schemas.CatalogKind.enum.push('music');
  doc.paths['/open/podcast/v1/quota/summary'].get.tags.push('Quota');
  doc.paths['/open/podcast/v1/image_backgrounds'].delete.parameters[0].schema.minimum = 1;
}

/** Edits elsewhere: an operation before the others, a parameter in front of those an operation had, a component, the description. */
function elsewhere(doc: Doc): void {
  doc.paths = { '/open/podcast/v1/ping': { get: { operationId: 'ping', responses: { '204': { description: 'pong' } } } }, ...doc.paths };
  const remove = doc.paths['/open/podcast/v1/image_backgrounds'].delete;
  remove.parameters = [{ name: 'dry_run', in: 'query', schema: { type: 'boolean' } }, ...remove.parameters];
  doc.components.schemas = { Aardvark: { type: 'object', properties: { name: { type: 'string' } } }, ...doc.components.schemas };
  doc.info.description = `${doc.info.description} And more.`;
}

async function report(old: Doc, next: Doc, grouped = true): Promise<Change[]> {
  const write = (name: string, doc: Doc) => {
    const file = join(temp, name);
    writeFileSync(file, JSON.stringify(doc));
    return file;
  };
  const found = await diffDocuments({
    old: { spec: write('old.json', old), label: 'old.json' },
    new: { spec: write('new.json', next), label: 'new.json' },
    grouped,
  });
  return found.changes;
}

/** Each change as `rule: message` -> its id. */
const ids = (changes: readonly Change[]) => new Map(changes.map((c) => [`${c.rule}: ${c.message}`, c.id]));

describe('stable ids', () => {
  it('are unique in a report, and the same on two runs', async () => {
    const next = podcast();
    changed(next);
    const first = await report(podcast(), next);
    expect(first.map((c) => c.rule)).toStrictEqual([
      'operation-tag-added',
      'response-property-added',
      'response-property-removed',
      'operation-id-changed',
      'request-minimum-tightened',
      'request-enum-value-added',
    ]);
    expect(new Set(first.map((c) => c.id)).size).toBe(first.length);
    expect(await report(podcast(), next)).toStrictEqual(first);
  });

  it('are the same after unrelated edits on either side', async () => {
    const next = podcast();
    changed(next);
    const before = ids(await report(podcast(), next));
    for (const side of ['old', 'new', 'both'] as const) {
      const old = podcast();
      const edited = structuredClone(next);
      if (side !== 'new') elsewhere(old);
      if (side !== 'old') elsewhere(edited);
      const after = ids(await report(old, edited));
      // Each change of before is there with its id; the edits made changes of their own (or none, on both sides).
      expect([side, [...before].map(([key]) => [key, after.get(key)])]).toStrictEqual([side, [...before]]);
      expect(after.size).toBe(side === 'both' ? before.size : before.size + 4);
    }
  });
});

describe('ids of a value that changed', () => {
  const bound = (from: number | undefined, to: number) =>
    changesOf({
      before: (d) => {
        if (from !== undefined) thing(d).name.maxLength = from;
      },
      change: (d) => {
        thing(d).name.maxLength = to;
      },
    }).map((c) => [c.rule, c.id]);

  it('name the new value: accepting maxLength 100 -> 50 does not accept a later 50 -> 1 at the same place', () => {
    const [first] = bound(undefined, 50);
    const [later] = bound(50, 1);
    expect([first?.[0], later?.[0]]).toStrictEqual(['response-max-length-tightened', 'response-max-length-tightened']);
    expect(first?.[1]).not.toBe(later?.[1]);
    // The same change twice, from another old value, is the same id: the place and the value it now has.
    expect(bound(undefined, 50)).toStrictEqual(bound(undefined, 50));
    expect(bound(200, 50)[0]?.[1]).toBe(first?.[1]);
  });
});

describe('grouping', () => {
  it('a change in a shared component is one change; before grouping, one per operation it reaches, each with an id of its own', async () => {
    const next = podcast();
    changed(next);
    const grouped = await report(podcast(), next);
    const ungrouped = await report(podcast(), next, false);
    const envelope = grouped.find((c) => c.rule === 'response-property-added');
    expect(envelope?.operations?.length).toBeGreaterThan(5);
    expect(ungrouped.length).toBe(grouped.reduce((n, c) => n + operationCount(c), 0));
    expect(ungrouped.filter((c) => c.rule === 'response-property-added').map((c) => c.operations)).toStrictEqual(envelope?.operations?.map((op) => [op]));
    expect(new Set(ungrouped.map((c) => c.id)).size).toBe(ungrouped.length);
    // Every breaking change before grouping is one of the grouped report, at the same level.
    const key = (c: Change) => `${c.rule} ${c.level} ${c.message}`;
    const groupedKeys = new Map(grouped.map((c) => [key(c), c]));
    for (const change of ungrouped.filter((c) => c.level === 'breaking'))
      expect(
        groupedKeys.get(key(change))?.operations?.some((op) => op.path === change.operations?.[0]?.path && op.method === change.operations?.[0]?.method),
      ).toBe(true);
  });
});
