/**
 * `--stateful`: each operation that makes a resource (a POST) makes one, and its links are
 * followed: the resource is asked for (it must be there), changed, and deleted (it must then be
 * gone: 404 or 410). "Gone" is judged only where the server answers 404 for an id nothing made: a
 * server that answers every id alike proves nothing by answering a deleted one. What a run makes it
 * deletes where the document has a delete; what it could not is listed.
 */
import type { OperationModel } from '../model/types.js';
import { atPlace, synthContext, synthesize } from '../synthesis/synthesize.js';
import { isRecord } from './input-sites.js';
import { type Link, linksOf, resourceKey } from './links.js';
import type { Probe } from './probe.js';
import { shown } from './report.js';
import type { ExpressionSource } from './runtime-expression.js';
import type { Exchange } from './send.js';
import { pool } from './pool.js';
import type { OperationCheck, OperationRun } from './verify-operation.js';

/** Follows the resources the chosen creators make; what could not be deleted. */
export async function runStateful(run: OperationRun, chosen: readonly OperationModel[], checked: readonly OperationCheck[], limit: number): Promise<string[]> {
  const probes = new Map<string, Probe>();
  chosen.forEach((op, i) => {
    const probe = checked[i]?.probe;
    if (probe) probes.set(op.operationId, probe);
  });
  const creators = chosen.filter((op) => op.httpMethod.toUpperCase() === 'POST' && probes.has(op.operationId));
  const leftOver = await pool(creators, limit, (creator) => follow(run, creator, probes, chosen));
  return leftOver.flat();
}

/** Makes one resource with `creator` and follows its links; what it could not delete. */
async function follow(run: OperationRun, creator: OperationModel, probes: ReadonlyMap<string, Probe>, chosen: readonly OperationModel[]): Promise<string[]> {
  const probe = probes.get(creator.operationId) as Probe;
  const made = `${creator.httpMethod} ${creator.path}`;
  const input = run.generated.fixtures[creator.operationId]?.params ?? {};
  const answer = await probe.send(
    { operationId: creator.operationId, label: 'with --stateful: making a resource to follow', input },
    { kind: 'accepted' },
    true,
  );
  if (!answer?.answered || answer.status < 200 || answer.status >= 300) {
    probe.uncovered(`--stateful: no resource to follow: ${answer?.answered ? `its request was answered ${answer.status}` : 'its request had no answer'}`);
    return [];
  }
  const spec = probe.context.spec;
  const payload = spec.envelopeData !== undefined && isRecord(answer.body) ? answer.body[spec.envelopeData] : answer.body;
  const links = linksOf({ model: run.model, creator, source: sourceOf(creator, input, answer), baseUrl: run.baseUrl, payload, resolve: run.resolve }).filter(
    (link) => {
      const why = !chosen.includes(link.target) ? 'the selection leaves it out' : !probes.has(link.target.operationId) ? 'it was skipped' : undefined;
      if (why) probe.uncovered(`--stateful: the link to ${link.target.operationId} (${link.via}) is not followed: ${why}`);
      return why === undefined;
    },
  );
  if (links.length === 0) {
    probe.uncovered('--stateful: no link leads from its answer (no OpenAPI link, Location header or id in the payload)');
    return [`${made} answered ${answer.status}: what it made could not be found again, so it was not deleted`];
  }
  const leftOver: string[] = [];
  for (const resource of byResource(links)) leftOver.push(...(await followResource(run, made, resource, probes)));
  return leftOver;
}

/** One made resource: read it, change it, delete it, and ask for it again. */
async function followResource(run: OperationRun, made: string, links: readonly Link[], probes: ReadonlyMap<string, Probe>): Promise<string[]> {
  const method = (link: Link) => link.target.httpMethod.toUpperCase();
  const send = (link: Link, expectation: Parameters<Probe['send']>[1], label: string, values = link.values): Promise<Exchange | undefined> => {
    const probe = probes.get(link.target.operationId) as Probe;
    const input = { ...(run.generated.fixtures[link.target.operationId]?.params ?? {}), ...values };
    // A value the server gave that the target's parameters do not take makes no valid request to judge.
    const validator = run.generated.schemas[link.target.operationId]?.params;
    if (validator && !validator.safeParse(input).success) {
      probe.uncovered(`--stateful: ${label} was not asked for: the values ${shown(values)} do not fit its parameters`);
      return Promise.resolve(undefined);
    }
    return probe.send({ operationId: link.target.operationId, label: `with --stateful: ${label}`, input }, expectation, true);
  };
  const reads = links.filter((l) => method(l) === 'GET');
  for (const link of reads) await send(link, { kind: 'available', createdBy: made }, `the resource ${made} made (${link.via})`);
  for (const link of links.filter((l) => ['PUT', 'PATCH'].includes(method(l))))
    await send(link, { kind: 'available', createdBy: made }, `a change of the resource ${made} made (${link.via})`);
  for (const link of links.filter((l) => !['GET', 'PUT', 'PATCH', 'DELETE', 'HEAD'].includes(method(l))))
    await send(link, { kind: 'accepted' }, `${link.via} of what ${made} made`);
  const remove = links.find((l) => method(l) === 'DELETE');
  const madeValues = shown(links[0]?.values ?? {});
  if (!remove) return [`${made} made ${madeValues}: the document has no delete for it (or the selection leaves it out)`];
  const deleted = await send(remove, { kind: 'available', createdBy: made }, `deleting the resource ${made} made (${remove.via})`);
  if (!deleted?.answered || deleted.status < 200 || deleted.status >= 300) {
    const what = !deleted ? 'was not sent' : deleted.answered ? `answered ${deleted.status}` : 'had no answer';
    return [`${made} made ${madeValues}: ${remove.target.httpMethod} ${remove.target.path} ${what}, so it may still be there`];
  }
  const read = reads[0];
  if (!read) return [];
  const deletedBy = `${remove.target.httpMethod} ${remove.target.path}`;
  const never = neverMade(run, read);
  const control = never && (await send(read, { kind: 'accepted' }, `an id nothing made, ${JSON.stringify(never)}`, never));
  if (!control?.answered || (control.status !== 404 && control.status !== 410)) {
    const why = !never
      ? 'no other valid id could be made'
      : control?.answered
        ? `it answered ${control.status} for an id nothing made`
        : 'it did not answer for an id nothing made';
    probes.get(read.target.operationId)?.uncovered(`--stateful: a deleted resource was not asked for again, since ${why}: a 200 would prove nothing`);
    return [];
  }
  await send(read, { kind: 'gone', deletedBy }, `the resource ${deletedBy} deleted`);
  return [];
}

/** Links grouped by the resource they name (the same path values), each group in the order found. */
function byResource(links: readonly Link[]): Link[][] {
  const groups = new Map<string, Link[]>();
  for (const link of links) {
    const key = resourceKey(link.values);
    groups.set(key, [...(groups.get(key) ?? []), link]);
  }
  return [...groups.values()];
}

/** Values of the read's linked path parameters that differ from the made resource's and fit the operation's parameters, or undefined. */
function neverMade(run: OperationRun, read: Link): Record<string, unknown> | undefined {
  const values: Record<string, unknown> = {};
  const validator = run.generated.schemas[read.target.operationId]?.params;
  const fixture = run.generated.fixtures[read.target.operationId]?.params ?? {};
  for (let attempt = 0; attempt < 5; attempt++) {
    for (const [name, value] of Object.entries(read.values)) {
      const field = read.target.input.find((f) => f.name === name);
      if (!field) continue;
      const ctx = synthContext({ seed: `${read.target.operationId}/never-made/${run.draw}/${attempt}`, resolve: run.resolve, direction: 'request' });
      const made = synthesize({ ...field.schema, example: undefined, default: undefined }, atPlace(ctx, [name], 1));
      values[name] = typeof value === 'string' && typeof made === 'number' ? String(made) : made;
    }
    const differs = Object.entries(read.values).every(([name, value]) => String(values[name]) !== String(value) && String(values[name] ?? '') !== '');
    if (differs && (!validator || validator.safeParse({ ...fixture, ...values }).success)) return values;
  }
  return undefined;
}

/** What runtime expressions read of the creating exchange. */
function sourceOf(op: OperationModel, input: Record<string, unknown>, answer: Extract<Exchange, { answered: true }>): ExpressionSource {
  const request: ExpressionSource['request'] = { path: {}, query: {}, header: {}, body: undefined };
  const body: Record<string, unknown> = {};
  for (const field of op.input) {
    const value = input[field.name];
    if (value === undefined) continue;
    if (field.in === 'path' || field.in === 'query' || field.in === 'header') request[field.in][field.wireName] = value;
    else if (field.in === 'body') request.body = value;
    else if (field.in === 'body-field') body[field.wireName] = value;
  }
  if (request.body === undefined && Object.keys(body).length > 0) request.body = body;
  return {
    url: answer.request?.url ?? '',
    method: op.httpMethod,
    request,
    status: answer.status,
    headers: Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k.toLowerCase(), v])),
    body: answer.body,
  };
}
