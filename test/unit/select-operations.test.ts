import { describe, expect, it } from 'vitest';
import { chooseOperations, globPattern, matchesSelector, parseSelector, selectOperations } from '../../generator/model/select-operations.js';
import { PodcastGenError } from '../../generator/problems.js';

const OPERATIONS = [
  { method: 'get', path: '/repos/{owner}/{repo}', operationId: 'repos/get', tags: ['repos'], deprecated: false },
  { method: 'delete', path: '/repos/{owner}/{repo}', operationId: 'repos/delete', tags: ['repos'], deprecated: false },
  { method: 'get', path: '/repos/{owner}/{repo}/issues', operationId: 'issues/list-for-repo', tags: ['issues'], deprecated: false },
  { method: 'get', path: '/repos', operationId: 'repos/list', tags: ['repos'], deprecated: true },
  { method: 'get', path: '/user', operationId: 'users/get-authenticated', tags: ['users'], deprecated: false },
  { method: 'post', path: '/markdown', tags: [] },
];
const ids = (ops: readonly { method: string; path: string }[]) => ops.map((op) => `${op.method} ${op.path}`);

describe('parseSelector', () => {
  it.each([
    ['tag:repos', { text: 'tag:repos', kind: 'tag', tag: 'repos' }],
    ['tag:Mail Folders', { text: 'tag:Mail Folders', kind: 'tag', tag: 'Mail Folders' }],
    ['op:repos/get', { text: 'op:repos/get', kind: 'operation-id', operationId: 'repos/get' }],
    ['GET /repos/{owner}/{repo}', { text: 'GET /repos/{owner}/{repo}', kind: 'route', method: 'get', path: '/repos/{owner}/{repo}' }],
    ['deprecated', { text: 'deprecated', kind: 'deprecated' }],
  ])('%s', (given, want) => {
    expect(parseSelector(given)).toStrictEqual(want);
  });

  it('reads a path glob into a pattern', () => {
    const selector = parseSelector('path:/repos/**');
    expect(selector).toMatchObject({ kind: 'path', glob: '/repos/**' });
  });

  it.each([
    ['repos', 'selectors are'],
    ['tag:', '"tag:" needs a value'],
    ['path:repos/**', 'starts with "/"'],
    ['GET repos', 'selectors are'],
  ])('refuses %j with a usage error naming it', (given, hint) => {
    let caught: unknown;
    try {
      parseSelector(given);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PodcastGenError);
    const error = caught as PodcastGenError;
    expect(error.exitCode).toBe(2);
    expect(error.problems[0]?.message).toBe(`not a selector: ${JSON.stringify(given)}`);
    expect(error.problems[0]?.hint).toContain(hint);
  });
});

describe('globPattern', () => {
  it.each([
    ['/repos/**', '/repos', true],
    ['/repos/**', '/repos/{owner}/{repo}/issues', true],
    ['/repos/**', '/reposx', false],
    ['/repos/*', '/repos/{owner}', true],
    ['/repos/*', '/repos/{owner}/{repo}', false],
    ['/repos/*/{repo}', '/repos/{owner}/{repo}', true],
    ['/me/mail*', '/me/mailFolders', true],
    ['/me/mail*', '/me/mailFolders/{id}', false],
    ['/**/issues', '/repos/{owner}/{repo}/issues', true],
    ['/**', '/', true],
    ['/a.b', '/aXb', false],
  ])('%s on %s: %s', (glob, path, want) => {
    expect(globPattern(glob).test(path)).toBe(want);
  });
});

describe('matchesSelector', () => {
  const op = OPERATIONS[0] as (typeof OPERATIONS)[number];
  it.each([
    ['tag:repos', true],
    ['tag:Repos', false],
    ['path:/repos/**', true],
    ['GET /repos/{owner}/{repo}', true],
    ['get /repos/{org}/{name}', true],
    ['POST /repos/{owner}/{repo}', false],
    ['op:repos/get', true],
    ['op:repos/delete', false],
    ['deprecated', false],
  ])('%s: %s', (selector, want) => {
    expect(matchesSelector(parseSelector(selector), op)).toBe(want);
  });
});

describe('selectOperations', () => {
  it('keeps every operation without selectors', () => {
    expect(selectOperations(OPERATIONS, {})).toStrictEqual({ chosen: OPERATIONS, unmatched: [] });
  });

  it('includes first, then excludes', () => {
    const { chosen } = selectOperations(OPERATIONS, { include: ['path:/repos/**', 'tag:users'], exclude: ['deprecated', 'DELETE /repos/{owner}/{repo}'] });
    expect(ids(chosen)).toStrictEqual(['get /repos/{owner}/{repo}', 'get /repos/{owner}/{repo}/issues', 'get /user']);
  });

  it('excludes from every operation when nothing is included', () => {
    const { chosen } = selectOperations(OPERATIONS, { exclude: ['tag:repos'] });
    expect(ids(chosen)).toStrictEqual(['get /repos/{owner}/{repo}/issues', 'get /user', 'post /markdown']);
  });

  it('names the selectors that match no operation', () => {
    expect(selectOperations(OPERATIONS, { include: ['tag:repos', 'tag:nope'], exclude: ['op:nope'] }).unmatched).toStrictEqual(['tag:nope', 'op:nope']);
  });
});

describe('chooseOperations', () => {
  it('warns, naming them, for the selectors that match nothing', () => {
    const { chosen, problems } = chooseOperations(OPERATIONS, { include: ['tag:users', 'tag:mail'], exclude: ['op:nope'] });
    expect(ids(chosen)).toStrictEqual(['get /user']);
    expect(problems).toStrictEqual([
      {
        code: 'select/no-match',
        severity: 'warn',
        message: 'selectors "tag:mail", "op:nope" match no operation',
        hint: 'check the spelling against the document: tags, paths and operationIds are matched as written',
      },
    ]);
  });

  it('is a usage error naming the selectors when nothing is left', () => {
    let caught: unknown;
    try {
      chooseOperations(OPERATIONS, { include: ['tag:mail'], exclude: ['deprecated'] });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PodcastGenError);
    const error = caught as PodcastGenError;
    expect(error.exitCode).toBe(2);
    expect(error.problems.map((p) => [p.severity, p.code, p.message])).toStrictEqual([
      ['warn', 'select/no-match', 'selector "tag:mail" matches no operation'],
      ['error', 'select/nothing-left', 'the selection leaves no operation: --include "tag:mail" --exclude "deprecated"'],
    ]);
  });
});
