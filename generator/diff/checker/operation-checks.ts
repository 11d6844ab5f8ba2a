/**
 * Operations and their MCP tools: presence, route, generated names, documentation, tags, credits,
 * idempotency and retries; the tool's name, title, annotations and scopes.
 */
import type { ChangeRecord } from '../compare/record.js';
import { type Checker, code, has, type Judged, judged } from './judge.js';
import { checkStability, checkSunset, deprecatedText, judgeRemoval } from './lifecycle-checks.js';

type Names = { operationId: string; methodName: string; toolName: string };
type Presence = { method: string; path: string; methodName: string; toolName: string };
type Idempotency = { header: string; required: boolean };

export const checkOperation: Checker = (record, policy) => {
  const { old, new: next } = record;
  switch (record.keyword) {
    case 'presence': {
      if (has(record, 'old')) {
        const op = old as Presence;
        const removed = judged('operation-removed', `${op.method} ${op.path} is gone: \`client.${op.methodName}\` and the tool ${code(op.toolName)} with it`);
        return [judgeRemoval(removed, record.facts?.lifecycle, policy)];
      }
      const op = next as Presence;
      return [judged('operation-added', `new operation ${op.method} ${op.path} (\`client.${op.methodName}\`)`)];
    }
    case 'path':
      return [judged('operation-path-changed', `moved from ${old} to ${next}`)];
    case 'method':
      return [judged('operation-method-changed', `method ${old} -> ${next}`)];
    case 'operationId':
      return [renamed(record)];
    case 'methodName':
      return [judged('method-name-changed', `\`client.${old}\` is now \`client.${next}\``)];
    case 'typeName':
      return [judged('operation-type-name-changed', `types ${code(`${old}Params`)}... are now ${code(`${next}Params`)}...`)];
    case 'deprecated':
      return [next ? judged('operation-deprecated', deprecatedText(record.facts?.lifecycle)) : judged('operation-undeprecated', 'no longer deprecated')];
    case 'sunset':
      return checkSunset(record, 'operation', policy);
    case 'stability':
      return checkStability(record);
    case 'summary':
      return [judged('operation-summary-changed', 'summary changed')];
    case 'description':
      return [judged('operation-description-changed', 'description changed')];
    case 'tag':
      return [has(record, 'new') ? judged('operation-tag-added', `tag ${code(next)} added`) : judged('operation-tag-removed', `tag ${code(old)} removed`)];
    case 'credits':
      return [next ? judged('operation-credits-added', 'now charges credits') : judged('operation-credits-removed', 'no longer charges credits')];
    case 'idempotency':
      return [idempotency(old as Idempotency | undefined, next as Idempotency | undefined)];
    case 'retryStatuses':
      return [judged('retry-statuses-changed', `retried statuses ${(old as number[]).join(', ')} -> ${(next as number[]).join(', ')}`)];
    default:
      return [];
  }
};

/** An operationId rename: `mcp` only where the tool's name follows it. */
function renamed(record: ChangeRecord): Judged {
  const a = record.old as Names;
  const b = record.new as Names;
  const follows = record.facts?.toolFollows === true;
  const tool = follows
    ? ` and the tool ${code(a.toolName)} is now ${code(b.toolName)}`
    : a.toolName === b.toolName
      ? `; the tool keeps its name ${code(b.toolName)}`
      : '';
  const message = `operationId ${code(a.operationId)} -> ${code(b.operationId)}: \`client.${a.methodName}\` is now \`client.${b.methodName}\`${tool}`;
  return judged('operation-id-changed', message, (surface) => surface !== 'mcp' || follows);
}

function idempotency(old: Idempotency | undefined, next: Idempotency | undefined): Judged {
  if (next) {
    const rule = next.required ? 'idempotency-key-required-added' : 'idempotency-key-added';
    return judged(rule, `now takes the idempotency header ${code(next.header)}${next.required ? ', required' : ''}`);
  }
  return judged('idempotency-key-removed', `no longer takes the idempotency header ${code(old?.header)}`);
}

export const checkTool: Checker = (record) => {
  const { old, new: next } = record;
  const method = record.operations[0]?.method ?? '';
  const tool = code(record.where);
  switch (record.keyword) {
    case 'name':
      return [judged('tool-name-changed', `tool ${code(old)} is now ${code(next)}${record.where === 'x-tool-name' ? ' (x-tool-name)' : ''}`)];
    case 'title':
      return [judged('tool-title-changed', `tool title ${JSON.stringify(old)} -> ${JSON.stringify(next)}`)];
    case 'readOnly':
      return [
        next
          ? judged('tool-read-only-added', `tool ${tool} is now read-only`)
          : judged('tool-read-only-removed', `tool ${tool} is no longer read-only (${method})`),
      ];
    case 'destructive':
      return [
        next
          ? judged('tool-became-destructive', `tool ${tool} is now destructive (${method})`)
          : judged('tool-no-longer-destructive', `tool ${tool} is no longer destructive`),
      ];
    case 'idempotent':
      return [
        next ? judged('tool-idempotent-added', `tool ${tool} is now idempotent`) : judged('tool-idempotent-removed', `tool ${tool} is no longer idempotent`),
      ];
    case 'scope':
      return [
        has(record, 'new')
          ? judged('tool-scope-added', `now needs the scope ${code(next)}`)
          : judged('tool-scope-removed', `no longer needs the scope ${code(old)}`),
      ];
    default:
      return [];
  }
};
