import { describe, expect, it } from 'vitest';
import { documentJudge, readDocument } from '../helpers/ajv.js';
import { SPEC } from '../helpers/paths.js';

const document = readDocument(SPEC);
const judge = documentJudge(document);
const REQUEST = '#/components/schemas/CreateMultiCameraAvatarRequest';
const host = { photo_url: 'https://cdn.example.com/a.jpg', name: 'Maya', timbre_unique_id: 'tmb_1' };
const valid = { background: { id: 7 }, hosts: [host, host] };

/** The interface description's request rules, each enforced by the document's own schema (judged by ajv). */
const rules: [string, unknown, boolean][] = [
  ['two hosts pass', valid, true],
  ['one host fails', { ...valid, hosts: [host] }, false],
  ['three hosts fail', { ...valid, hosts: [host, host, host] }, false],
  ['a prompt of 16000 characters passes', { ...valid, prompt: 'x'.repeat(16000) }, true],
  ['a prompt of 16001 characters fails', { ...valid, prompt: 'x'.repeat(16001) }, false],
  ['both background ids fail', { ...valid, background: { id: 7, user_background_id: 8 } }, false],
  ['neither background id fails', { ...valid, background: {} }, false],
  ['only the user background id passes', { ...valid, background: { user_background_id: 8 } }, true],
  ['avatar_type cartoon passes', { ...valid, avatar_type: 'cartoon' }, true],
  ['avatar_type robot fails', { ...valid, avatar_type: 'robot' }, false],
  ['image model 11 passes', { ...valid, model: 11 }, true],
  ['image model 4 fails', { ...valid, model: 4 }, false],
  ['image model 9.5 fails (integer)', { ...valid, model: 9.5 }, false],
  ['aspect ratio 0 passes', { ...valid, aspect_ratio: 0 }, true],
  ['aspect ratio 2 fails', { ...valid, aspect_ratio: 2 }, false],
  ['missing background fails', { hosts: [host, host] }, false],
  ['missing hosts fails', { background: { id: 7 } }, false],
  ['a background id that is not an integer fails', { ...valid, background: { id: 7.5 } }, false],
];

describe('the request rules of create multi-camera avatar', () => {
  it.each(rules)('%s', (_, instance, expected) => {
    expect(judge.validate(REQUEST, instance).valid).toBe(expected);
  });
});

describe('other rules of the interface description', () => {
  it('the 429 body requires code, msg and retry_after >= 1', () => {
    const ref = '#/components/schemas/RateLimitError';
    expect(judge.validate(ref, { code: 429, msg: 'slow', retry_after: 1 }).valid).toBe(true);
    expect(judge.validate(ref, { code: 429, msg: 'slow', retry_after: 0 }).valid).toBe(false);
    expect(judge.validate(ref, { code: 429, msg: 'slow' }).valid).toBe(false);
    expect(judge.validate(ref, { code: 429, msg: 'slow', retry_after: 1.5 }).valid).toBe(false);
  });

  it('integers are integers and numbers are numbers', () => {
    expect(judge.validate('#/components/schemas/QuotaSummary', { credits_remaining: 742.5, plan_id: 3 }).valid).toBe(true);
    expect(judge.validate('#/components/schemas/QuotaSummary', { plan_id: 3.5 }).valid).toBe(false);
    expect(judge.validate('#/components/schemas/MultiCameraAvatarResult', { pack_ids: [1, 2.5] }).valid).toBe(false);
    expect(judge.validate('#/components/schemas/Subscription', { current_seat: 1, current_credit: 1.5 }).valid).toBe(true);
    expect(judge.validate('#/components/schemas/Subscription', { current_seat: 1.5 }).valid).toBe(false);
  });
});
