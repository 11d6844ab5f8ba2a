/**
 * Which declared response is the success, which are failures and which the redirect, by the
 * statuses an operation declares, single or as ranges (model/responses.ts).
 */
import { describe, expect, it } from 'vitest';
import { pickFailures, pickRedirect, pickSuccess, statusKey } from '../../generator/model/responses.js';
import type { ResponseModel } from '../../generator/model/types.js';

/** A response as buildResponses makes it of a status key: a range's status is NaN, its class apart. */
function response(key: string): ResponseModel {
  const range = /^[1-5]XX$/.exec(key);
  return {
    status: key === 'default' ? 'default' : range ? Number.NaN : Number(key),
    ...(range ? { statusClass: Number(key[0]) } : {}),
    description: key,
    headers: [],
    enveloped: false,
  };
}

describe('the success, failures and redirect of the statuses declared', () => {
  it.each([
    { given: ['2XX', '4XX', '5XX'], want: { success: '2XX', failures: ['4XX', '5XX'] } },
    { given: ['2XX', '200', '4XX'], want: { success: '200', failures: ['4XX'] } },
    { given: ['2XX', '201'], want: { success: '201', failures: [] } },
    { given: ['204', '2XX'], want: { success: '204', failures: [] } },
    { given: ['default', '2XX'], want: { success: '2XX', failures: ['default'] } },
    { given: ['default', '4XX'], want: { success: 'default', failures: ['4XX'] } },
    { given: ['1XX', '2XX', '3XX', '429', '5XX'], want: { success: '2XX', failures: ['429', '5XX'] } },
    { given: ['3XX', '4XX'], want: { success: '200', failures: ['4XX'], redirect: '3XX' } },
    { given: ['3XX', '303'], want: { success: '200', failures: [], redirect: '303' } },
    { given: ['302', '2XX'], want: { success: '2XX', failures: [] } },
    { given: ['600', '99'], want: { success: '200', failures: ['600', '99'] } },
  ])('$given: $want.success', ({ given, want }) => {
    const responses = given.map(response);
    const success = pickSuccess(responses);
    const redirect = pickRedirect(responses);
    expect({
      success: statusKey(success),
      failures: pickFailures(responses, success).map(statusKey),
      ...(redirect ? { redirect: statusKey(redirect) } : {}),
    }).toStrictEqual(want);
  });
});
