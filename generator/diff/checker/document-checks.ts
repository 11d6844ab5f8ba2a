/** Changes of the whole document: title and description, servers, tags, the envelope, component schemas. */
import { type Checker, code, has, judged } from './judge.js';

export const checkDocument: Checker = (record) => {
  if (record.keyword === 'title') return [judged('api-title-changed', `title ${JSON.stringify(record.old)} -> ${JSON.stringify(record.new)}`)];
  if (record.keyword === 'description') return [judged('api-description-changed', 'the API description changed')];
  return [];
};

export const checkServer: Checker = (record) => {
  const { old, new: next, where } = record;
  switch (record.keyword) {
    case 'presence':
      return [has(record, 'new') ? judged('server-added', `server ${code(next)} added`) : judged('server-removed', `server ${code(old)} removed`)];
    case 'default':
      return [judged('server-default-changed', `the default server is ${code(next)}, was ${code(old)}`)];
    case 'variable-default':
      return [judged('server-variable-default-changed', `server variable ${code(where)} defaults to ${code(next)}, was ${code(old)}`)];
    case 'variable-enum-value':
      return [judged('server-variable-enum-value-removed', `server variable ${code(where)} no longer allows ${code(old)}`)];
    default:
      return [];
  }
};

export const checkTag: Checker = (record) => {
  const name = code(record.where);
  if (record.keyword === 'content') return [judged('tag-changed', `tag ${name} changed`)];
  if (record.keyword !== 'presence') return [];
  return [has(record, 'new') ? judged('tag-added', `tag ${name} added`) : judged('tag-removed', `tag ${name} removed`)];
};

type Envelope = { schema: string; data: string };

export const checkEnvelope: Checker = (record) => {
  if (record.keyword === 'dataProperty')
    return [judged('envelope-data-property-changed', `the envelope's data is in ${code(record.new)}, was ${code(record.old)}`)];
  if (record.keyword !== 'presence') return [];
  if (has(record, 'new')) {
    const envelope = record.new as Envelope;
    return [judged('envelope-added', `responses are now wrapped in ${code(envelope.schema)} (data in ${code(envelope.data)})`)];
  }
  return [judged('envelope-removed', `responses are no longer wrapped in ${code((record.old as Envelope).schema)}`)];
};

export const checkComponent: Checker = (record) => {
  const name = code(record.where);
  if (record.keyword === 'exportName')
    return [judged('schema-type-name-changed', `component schema ${name} is exported as ${code(record.new)}, was ${code(record.old)}`)];
  if (record.keyword !== 'presence') return [];
  if (has(record, 'new')) return [judged('schema-added', `new component schema ${name} (exported as ${code(record.new)})`)];
  return [judged('schema-removed', `component schema ${name} is gone: the exported ${code(record.old)} with it`)];
};
