/** The success response the client resolves to, the error statuses it types, and response headers. */
import { type Checker, code, has, judged } from './judge.js';

export const checkResponse: Checker = (record) => {
  const { old, new: next } = record;
  switch (record.keyword) {
    case 'successStatus':
      return [judged('response-success-status-changed', `success status ${old} -> ${next}`)];
    case 'dataKind':
      return [judged('response-data-kind-changed', `the client resolves to ${next} data, was ${old}`)];
    case 'mediaType':
      return [judged('response-media-type-changed', `the success response comes as ${code(next)}, was ${code(old)}`)];
    case 'envelope':
      return [
        judged('response-envelope-changed', next ? 'the success body is now wrapped in the envelope' : 'the success body is no longer wrapped in the envelope'),
      ];
    case 'stream':
      return [judged('response-stream-format-changed', `the stream is framed as ${next}, was ${old}`)];
    case 'errorStatus':
      return [
        has(record, 'new')
          ? judged('response-error-status-added', `error response ${next} added`)
          : judged('response-error-status-removed', `error response ${old} removed`),
      ];
    default:
      return [];
  }
};

export const checkHeader: Checker = (record) => {
  const { where } = record;
  switch (record.keyword) {
    case 'presence': {
      if (has(record, 'new')) return [judged('response-header-added', `${where} added`)];
      const required = (record.old as { required: boolean }).required;
      return [judged(required ? 'response-header-removed' : 'response-optional-header-removed', `${where} removed`)];
    }
    case 'required':
      // A header now always sent breaks no one.
      return record.new ? [] : [judged('response-header-became-optional', `${where} is now optional`)];
    default:
      return [];
  }
};
