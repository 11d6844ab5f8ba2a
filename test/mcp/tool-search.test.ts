/** templates/mcp/tool-search.ts: the stems words are compared by, and the ranking `search_tools` answers with. */
import { describe, expect, it } from 'vitest';
import { searchIndex, stem, tokens, type SearchDocument } from '../../templates/mcp/tool-search.js';

describe('stem', () => {
  it.each([
    { given: ['issue', 'issues'], want: 'issu' },
    { given: ['create', 'created', 'creates', 'creating'], want: 'creat' },
    { given: ['repository', 'repositories'], want: 'repository' },
    { given: ['branch', 'branches'], want: 'branch' },
    { given: ['map', 'mapped', 'mapping'], want: 'map' },
    { given: ['status'], want: 'status' },
    { given: ['access'], want: 'access' },
  ])('gives $want for $given', ({ given, want }) => {
    expect(given.map(stem)).toStrictEqual(given.map(() => want));
  });
});

describe('tokens', () => {
  it('splits names, paths and sentences into stems, without stop words', () => {
    expect(tokens('issues_create_comment')).toStrictEqual(['issu', 'creat', 'comment']);
    expect(tokens('/repos/{owner}/{repo}/issues')).toStrictEqual(['repo', 'owner', 'repo', 'issu']);
    expect(tokens('listForRepo')).toStrictEqual(['list', 'repo']);
    expect(tokens('Create a comment on an issue')).toStrictEqual(['creat', 'comment', 'issu']);
    expect(tokens('a of the')).toStrictEqual([]);
  });
});

const TOOLS: SearchDocument[] = [
  { name: 'issues_create', title: 'Create an issue', description: 'Opens an issue in a repository.', tags: ['issues'], path: '/repos/{owner}/{repo}/issues' },
  {
    name: 'issues_create_comment',
    title: 'Create an issue comment',
    description: 'Adds a comment to an issue.',
    tags: ['issues'],
    path: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
  },
  {
    name: 'issues_delete_comment',
    title: 'Delete an issue comment',
    description: 'Deletes a comment.',
    tags: ['issues'],
    path: '/repos/{owner}/{repo}/issues/comments/{id}',
  },
  {
    name: 'gists_create_comment',
    title: 'Create a gist comment',
    description: 'Adds a comment to a gist.',
    tags: ['gists'],
    path: '/gists/{gist_id}/comments',
  },
  { name: 'repos_get', title: 'Get a repository', description: 'Returns a repository.', tags: ['repos'], path: '/repos/{owner}/{repo}' },
  { name: 'repos_delete', title: 'Delete a repository', description: 'Removes a repository for good.', tags: ['repos'], path: '/repos/{owner}/{repo}' },
];

describe('searchIndex', () => {
  const index = searchIndex(TOOLS);
  const names = (query: string, limit = 3, accept?: (name: string) => boolean) =>
    index.search(query, { limit, ...(accept ? { accept } : {}) }).map((t) => t.name);

  it('ranks the tool that has every word asked first', () => {
    const [first, ...next] = names('create a comment on an issue');
    expect(first).toBe('issues_create_comment');
    // Then tools with two of the three words.
    expect(next.every((name) => ['gists_create_comment', 'issues_create', 'issues_delete_comment'].includes(name))).toBe(true);
    expect(names('delete repository', 1)).toStrictEqual(['repos_delete']);
  });

  it('reads related words of an action, and a tag or a path', () => {
    expect(names('remove a repo', 1)).toStrictEqual(['repos_delete']);
    expect(names('add a comment to a gist', 1)).toStrictEqual(['gists_create_comment']);
  });

  it('puts an exact tool name first, answers nothing to words no tool has, and lets `accept` choose', () => {
    expect(names('issues_create', 1)).toStrictEqual(['issues_create']);
    expect(names('kubernetes cluster')).toStrictEqual([]);
    expect(names('the of')).toStrictEqual([]);
    expect(names('comment', 10, (name) => name.startsWith('gists'))).toStrictEqual(['gists_create_comment']);
  });

  it('breaks ties by name, so the same query always gives the same order', () => {
    const twins = searchIndex([
      { name: 'b_tool', title: 'Same words', tags: [] },
      { name: 'a_tool', title: 'Same words', tags: [] },
    ]);
    expect(twins.search('same words', { limit: 5 }).map((t) => t.name)).toStrictEqual(['a_tool', 'b_tool']);
  });
});
