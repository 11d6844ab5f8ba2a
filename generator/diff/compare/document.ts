/**
 * Document-wide facts the outputs read: the envelope (x-envelope), servers (the client's default base
 * URL), tags, the title and description.
 */
import { code, type CompareContext } from './context.js';

export function compareEnvelope(ctx: CompareContext): void {
  const a = ctx.old.model.envelope;
  const b = ctx.new.model.envelope;
  const pointer = (name: string) => `#/components/schemas/${name}/x-envelope`;
  if (!a && b)
    ctx.report({
      rule: 'envelope-added',
      newPointer: pointer(b.schemaName),
      message: `responses are now wrapped in ${code(b.schemaName)} (data in ${code(b.dataProperty)})`,
    });
  if (a && !b) ctx.report({ rule: 'envelope-removed', oldPointer: pointer(a.schemaName), message: `responses are no longer wrapped in ${code(a.schemaName)}` });
  if (a && b && a.dataProperty !== b.dataProperty)
    ctx.report({
      rule: 'envelope-data-property-changed',
      oldPointer: pointer(a.schemaName),
      newPointer: pointer(b.schemaName),
      message: `the envelope's data is in ${code(b.dataProperty)}, was ${code(a.dataProperty)}`,
    });
}

export function compareServers(ctx: CompareContext): void {
  const a = ctx.old.model.servers;
  const b = ctx.new.model.servers;
  const at = (i: number) => `#/servers/${i}`;
  const newUrls = new Map(b.map((s, i) => [s.url, i]));
  const oldUrls = new Map(a.map((s, i) => [s.url, i]));
  for (const [i, server] of a.entries()) {
    const j = newUrls.get(server.url);
    if (j === undefined) {
      ctx.report({ rule: 'server-removed', oldPointer: at(i), newPointer: '#/servers', message: `server ${code(server.url)} removed` });
      continue;
    }
    const next = b[j];
    if (!next) continue;
    for (const variable of server.variables) {
      const nextVariable = next.variables.find((v) => v.name === variable.name);
      if (!nextVariable) continue;
      const where = { oldPointer: `${at(i)}/variables/${variable.name}`, newPointer: `${at(j)}/variables/${variable.name}` };
      if (variable.default !== nextVariable.default)
        ctx.report({
          rule: 'server-variable-default-changed',
          ...where,
          message: `server variable ${code(variable.name)} defaults to ${code(nextVariable.default)}, was ${code(variable.default)}`,
        });
      for (const value of variable.enum ?? [])
        if (nextVariable.enum && !nextVariable.enum.includes(value))
          ctx.report({
            rule: 'server-variable-enum-value-removed',
            ...where,
            message: `server variable ${code(variable.name)} no longer allows ${code(value)}`,
          });
    }
  }
  for (const [j, server] of b.entries())
    if (!oldUrls.has(server.url)) ctx.report({ rule: 'server-added', newPointer: at(j), message: `server ${code(server.url)} added` });
  const first = (list: typeof a) => list[0]?.url;
  if (first(a) !== undefined && first(b) !== undefined && first(a) !== first(b) && newUrls.has(first(a) as string))
    ctx.report({
      rule: 'server-default-changed',
      oldPointer: at(0),
      newPointer: at(0),
      message: `the default server is ${code(first(b) as string)}, was ${code(first(a) as string)}`,
    });
}

export function compareTags(ctx: CompareContext): void {
  const a = new Map(ctx.old.model.tags.map((t, i) => [t.name, { tag: t, i }]));
  const b = new Map(ctx.new.model.tags.map((t, i) => [t.name, { tag: t, i }]));
  for (const [name, { tag, i }] of a) {
    const next = b.get(name);
    if (!next) ctx.report({ rule: 'tag-removed', oldPointer: `#/tags/${i}`, message: `tag ${code(name)} removed` });
    else if (JSON.stringify(tag) !== JSON.stringify(next.tag))
      ctx.report({ rule: 'tag-changed', oldPointer: `#/tags/${i}`, newPointer: `#/tags/${next.i}`, message: `tag ${code(name)} changed` });
  }
  for (const [name, { i }] of b) if (!a.has(name)) ctx.report({ rule: 'tag-added', newPointer: `#/tags/${i}`, message: `tag ${code(name)} added` });
}

export function compareInfo(ctx: CompareContext): void {
  const a = ctx.old.model;
  const b = ctx.new.model;
  if (a.title !== b.title)
    ctx.report({
      rule: 'api-title-changed',
      oldPointer: '#/info/title',
      newPointer: '#/info/title',
      message: `title ${JSON.stringify(a.title)} -> ${JSON.stringify(b.title)}`,
    });
  if ((a.description ?? '') !== (b.description ?? ''))
    ctx.report({ rule: 'api-description-changed', oldPointer: '#/info/description', newPointer: '#/info/description', message: 'the API description changed' });
}
