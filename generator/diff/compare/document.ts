/**
 * Document-wide facts the outputs read: the envelope (x-envelope), servers (the client's default base
 * URL), tags, the title and description.
 */
import type { CompareContext } from './context.js';
import type { ChangeRecord, RecordFamily } from './record.js';

/** Records one document-wide change. */
function recorder(ctx: CompareContext, family: RecordFamily) {
  return (keyword: string, values: Partial<ChangeRecord>) => ctx.record({ family, keyword, direction: 'both', where: '', operations: [], ...values });
}

export function compareEnvelope(ctx: CompareContext): void {
  const a = ctx.old.model.envelope;
  const b = ctx.new.model.envelope;
  const record = recorder(ctx, 'envelope');
  const pointer = (name: string) => `#/components/schemas/${name}/x-envelope`;
  const shape = (envelope: NonNullable<typeof a>) => ({ schema: envelope.schemaName, data: envelope.dataProperty });
  if (!a !== !b)
    record('presence', {
      ...(a ? { old: shape(a), oldPointer: pointer(a.schemaName) } : {}),
      ...(b ? { new: shape(b), newPointer: pointer(b.schemaName) } : {}),
    });
  if (a && b && a.dataProperty !== b.dataProperty)
    record('dataProperty', { old: a.dataProperty, new: b.dataProperty, oldPointer: pointer(a.schemaName), newPointer: pointer(b.schemaName) });
}

export function compareServers(ctx: CompareContext): void {
  const a = ctx.old.model.servers;
  const b = ctx.new.model.servers;
  const record = recorder(ctx, 'server');
  const at = (i: number) => `#/servers/${i}`;
  const newUrls = new Map(b.map((s, i) => [s.url, i]));
  const oldUrls = new Map(a.map((s, i) => [s.url, i]));
  for (const [i, server] of a.entries()) {
    const j = newUrls.get(server.url);
    if (j === undefined) {
      record('presence', { where: server.url, old: server.url, oldPointer: at(i), newPointer: '#/servers' });
      continue;
    }
    const next = b[j];
    if (!next) continue;
    for (const variable of server.variables) {
      const nextVariable = next.variables.find((v) => v.name === variable.name);
      if (!nextVariable) continue;
      const where = { where: variable.name, oldPointer: `${at(i)}/variables/${variable.name}`, newPointer: `${at(j)}/variables/${variable.name}` };
      if (variable.default !== nextVariable.default) record('variable-default', { ...where, old: variable.default, new: nextVariable.default });
      for (const value of variable.enum ?? [])
        if (nextVariable.enum && !nextVariable.enum.includes(value)) record('variable-enum-value', { ...where, old: value });
    }
  }
  for (const [j, server] of b.entries()) if (!oldUrls.has(server.url)) record('presence', { where: server.url, new: server.url, newPointer: at(j) });
  const first = (list: typeof a) => list[0]?.url;
  if (first(a) !== undefined && first(b) !== undefined && first(a) !== first(b) && newUrls.has(first(a) as string))
    record('default', { old: first(a), new: first(b), oldPointer: at(0), newPointer: at(0) });
}

export function compareTags(ctx: CompareContext): void {
  const a = new Map(ctx.old.model.tags.map((t, i) => [t.name, { tag: t, i }]));
  const b = new Map(ctx.new.model.tags.map((t, i) => [t.name, { tag: t, i }]));
  const record = recorder(ctx, 'tag');
  for (const [name, { tag, i }] of a) {
    const next = b.get(name);
    if (!next) record('presence', { where: name, old: name, oldPointer: `#/tags/${i}` });
    else if (JSON.stringify(tag) !== JSON.stringify(next.tag))
      record('content', { where: name, old: tag, new: next.tag, oldPointer: `#/tags/${i}`, newPointer: `#/tags/${next.i}` });
  }
  for (const [name, { i }] of b) if (!a.has(name)) record('presence', { where: name, new: name, newPointer: `#/tags/${i}` });
}

export function compareInfo(ctx: CompareContext): void {
  const a = ctx.old.model;
  const b = ctx.new.model;
  const record = recorder(ctx, 'document');
  if (a.title !== b.title) record('title', { old: a.title, new: b.title, oldPointer: '#/info/title', newPointer: '#/info/title' });
  if ((a.description ?? '') !== (b.description ?? ''))
    record('description', { old: a.description ?? '', new: b.description ?? '', oldPointer: '#/info/description', newPointer: '#/info/description' });
}
