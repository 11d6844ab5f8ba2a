/**
 * generator/model/tool-hints.ts: an operation's MCP hints from its method and the words of its
 * operationId, summary and path; `x-tool-hints` over them, and a clear failure for a bad one.
 */
import { describe, expect, it } from 'vitest';
import { DESTRUCTIVE_WORDS, stem, toolHints, type HintSource } from '../../generator/model/tool-hints.js';
import { PodcastGenError } from '../../generator/problems.js';

const of = (given: Partial<HintSource>) =>
  toolHints({ method: 'post', additional: false, operationId: 'op', path: '/a', extension: undefined, pointer: '#/paths/~1a/post', ...given });

describe('toolHints', () => {
  const table: { given: Partial<HintSource>; want: { readOnly: boolean; destructive: boolean; idempotent: boolean } }[] = [
    { given: { method: 'get', operationId: 'issues/list' }, want: { readOnly: true, destructive: false, idempotent: true } },
    { given: { method: 'post', operationId: 'issues/create' }, want: { readOnly: false, destructive: false, idempotent: false } },
    { given: { method: 'patch', operationId: 'issues/update' }, want: { readOnly: false, destructive: true, idempotent: false } },
    { given: { method: 'put', operationId: 'repos/replace-topics' }, want: { readOnly: false, destructive: true, idempotent: true } },
    { given: { method: 'delete', operationId: 'repos/delete' }, want: { readOnly: false, destructive: true, idempotent: true } },
    // GitHub's POST and PATCH operations that destroy or give away.
    {
      given: { operationId: 'orgs/delete-attestations-bulk', path: '/orgs/{org}/attestations/delete-request' },
      want: { readOnly: false, destructive: true, idempotent: true },
    },
    { given: { operationId: 'credentials/revoke', path: '/credentials/revoke' }, want: { readOnly: false, destructive: true, idempotent: true } },
    { given: { operationId: 'repos/transfer', path: '/repos/{owner}/{repo}/transfer' }, want: { readOnly: false, destructive: true, idempotent: false } },
    { given: { operationId: 'actions/cancel-workflow-run' }, want: { readOnly: false, destructive: true, idempotent: true } },
    { given: { operationId: 'pulls/merge', method: 'put' }, want: { readOnly: false, destructive: true, idempotent: true } },
    { given: { operationId: 'repos/merge-upstream' }, want: { readOnly: false, destructive: true, idempotent: false } },
    { given: { operationId: 'apps/reset-token', method: 'patch' }, want: { readOnly: false, destructive: true, idempotent: false } },
    // A word of the summary counts; a path parameter's name does not.
    { given: { operationId: 'labels/update', summary: 'Removes a label from an issue' }, want: { readOnly: false, destructive: true, idempotent: true } },
    { given: { operationId: 'items/create', path: '/items/{deleteToken}' }, want: { readOnly: false, destructive: false, idempotent: false } },
    // A method of 3.2's additionalOperations promises nothing.
    { given: { method: 'get', additional: true, operationId: 'copy' }, want: { readOnly: false, destructive: false, idempotent: false } },
  ];
  it.each(table)('$given.method $given.operationId: $want', ({ given, want }) => {
    expect(of(given)).toStrictEqual({ ...want, openWorld: true });
  });

  // Every form stem() reads as a list word, however the text writes it, is found: an operation whose
  // texts hold no act's root skips the word split, and must lose none of these.
  it.each(
    DESTRUCTIVE_WORDS.flatMap((word) => {
      const base = word.replace(/e$/, '');
      const forms = [
        word,
        `${base}ing`,
        `${base}ed`,
        `${base}ation`,
        `${base}${base.at(-1)}ing`,
        word.toUpperCase(),
        `x${word[0]?.toUpperCase()}${word.slice(1)}s`,
      ];
      return forms.map((form) => ({ word, form }));
    }),
  )('$form is read as $word', ({ word, form }) => {
    expect(stem(form.replace(/^x/, ''))).toBe(word);
    for (const given of [{ operationId: `things/${form}` }, { summary: `It ${form} things` }, { path: `/things/${form}` }])
      expect(of({ method: 'post', ...given }).destructive).toBe(true);
  });

  it('reads a word with accents as its letters', () => {
    expect(of({ operationId: 'dèlete-thing' }).destructive).toBe(true);
    expect(of({ operationId: 'create-thing' }).destructive).toBe(false);
  });

  it('takes x-tool-hints over what it derives', () => {
    expect(of({ operationId: 'repos/transfer', extension: { destructiveHint: false, idempotentHint: true } })).toStrictEqual({
      readOnly: false,
      destructive: false,
      idempotent: true,
      openWorld: true,
    });
    expect(of({ method: 'post', operationId: 'search', extension: { readOnlyHint: true, openWorldHint: false } })).toMatchObject({
      readOnly: true,
      openWorld: false,
    });
  });

  const bad: { given: unknown; want: RegExp }[] = [
    { given: true, want: /x-tool-hints of op must be an object of booleans/ },
    { given: { destructive: false }, want: /names "destructive", which is no MCP tool hint/ },
    { given: { destructiveHint: 'no' }, want: /x-tool-hints\.destructiveHint of op must be true or false, not "no"/ },
  ];
  it.each(bad)('refuses x-tool-hints $given with where and how to write it', ({ given, want }) => {
    try {
      of({ extension: given });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PodcastGenError);
      const [problem] = (error as PodcastGenError).problems;
      expect(problem).toMatchObject({
        code: 'model/tool-hints',
        severity: 'error',
        pointer: '#/paths/~1a/post/x-tool-hints',
        message: expect.stringMatching(want),
      });
      expect(problem?.hint).toMatch(/destructiveHint: false/);
    }
  });
});

describe('stem', () => {
  it.each([
    ['deletes', 'delete'],
    ['Deleted', 'delete'],
    ['deletion', 'delete'],
    ['resetting', 'reset'],
    ['cancelled', 'cancel'],
    ['cancellation', 'cancel'],
    ['transfers', 'transfer'],
    ['merged', 'merge'],
    ['deletions', 'delete'],
    ['issues', 'issues'],
    ['mergeable', 'mergeable'],
  ])('%s -> %s', (given, want) => {
    expect(stem(given)).toBe(want);
  });
});
