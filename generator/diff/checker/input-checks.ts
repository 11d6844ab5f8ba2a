/** Parameters and the request body: what old calls pass, and where it travels. */
import { type Checker, code, has, judged } from './judge.js';
import { checkSunset, deprecatedText, judgeRemoval } from './lifecycle-checks.js';

type Parameter = { in: string; name: string; input: string; required: boolean };
type Style = { style?: string; explode?: boolean };
type Body = { contentType: string; required: boolean };

export const checkParameter: Checker = (record, policy) => {
  const { old, new: next, where } = record;
  switch (record.keyword) {
    case 'presence': {
      if (has(record, 'old')) return [judgeRemoval(judged('parameter-removed', `${where} removed`), record.facts?.lifecycle, policy)];
      const added = next as Parameter;
      const rule = added.required ? 'parameter-added-required' : 'parameter-added-optional';
      return [judged(rule, `${added.required ? 'required' : 'optional'} ${where} added`)];
    }
    case 'pathName':
      return [judged('path-parameter-renamed', `path parameter ${code(old)} is now ${code(next)}`)];
    case 'location':
      return [judged('parameter-location-changed', `${where} moved from ${old} to ${next}`)];
    case 'required':
      return [next ? judged('parameter-became-required', `${where} is now required`) : judged('parameter-became-optional', `${where} is now optional`)];
    case 'inputName':
      return [judged('parameter-input-name-changed', `${where} is ${code(next)} in the input object, was ${code(old)}`)];
    case 'style': {
      const a = old as Style;
      const b = next as Style;
      const text = (value: unknown) => (value === undefined ? 'default' : String(value));
      return [
        judged(
          'parameter-style-changed',
          `${where} is serialized otherwise (style ${text(a.style)} -> ${text(b.style)}, explode ${text(a.explode)} -> ${text(b.explode)})`,
        ),
      ];
    }
    case 'contentType':
      return [judged('parameter-content-type-changed', `${where} content ${old ?? 'none'} -> ${next ?? 'none'}`)];
    case 'deprecated':
      return next ? [judged('parameter-deprecated', `${where} is ${deprecatedText(record.facts?.lifecycle)}`)] : [];
    case 'sunset':
      return checkSunset(record, 'parameter', policy);
    default:
      return [];
  }
};

export const checkRequestBody: Checker = (record) => {
  const { old, new: next } = record;
  switch (record.keyword) {
    case 'presence': {
      if (has(record, 'old')) return [judged('request-body-removed', `the ${(old as Body).contentType} request body is gone`)];
      const body = next as Body;
      const rule = body.required ? 'request-body-added-required' : 'request-body-added-optional';
      return [judged(rule, `${body.required ? 'required' : 'optional'} ${body.contentType} request body added`)];
    }
    case 'required':
      return [
        next
          ? judged('request-body-became-required', 'the request body is now required')
          : judged('request-body-became-optional', 'the request body is now optional'),
      ];
    case 'mediaType':
      return [judged('request-media-type-changed', `the request body is sent as ${code(next)}, was ${code(old)}`)];
    case 'flattened':
      return [
        judged(
          'request-body-flattening-changed',
          next
            ? 'the body fields are now spread into the input object (no `body` property)'
            : "the body fields now go under the input object's `body` property",
        ),
      ];
    default:
      return [];
  }
};
