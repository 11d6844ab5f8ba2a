import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyIgnore, expiredEntries, readIgnoreFile, today } from '../../generator/diff/ignore.js';
import { PodcastGenError } from '../../generator/problems.js';
import { removeProject, tempProject } from '../cli/helpers/run-cli.js';
import { ENUM_ADDED, RENAME, SERVER_ADDED } from './report-fixture.js';

describe('the ignore file', () => {
  const dir = tempProject('diff-ignore');
  afterAll(() => removeProject(dir));
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return name;
  };
  const thrown = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(PodcastGenError);
      const { problems, exitCode } = error as PodcastGenError;
      return { exitCode, problems: problems.map((p) => ({ code: p.code, file: p.file, line: p.line, message: p.message })) };
    }
    throw new Error('expected a PodcastGenError');
  };

  it('reads entries with their lines, and sets changes aside by rule and operationId, route or place', () => {
    const file = write(
      'ok.yaml',
      [
        '# Accepted changes',
        '- rule: operation-id-changed',
        '  operation: removeImage',
        '  reason: renamed on purpose; callers moved',
        '  expires: 2027-01-31',
        '- rule: response-enum-value-added',
        "  operation: 'GET /open/podcast/v1/images'",
        '  reason: the new status is documented',
        '- rule: server-added',
        "  place: '#/servers'",
        '  reason: a region',
        '- rule: server-added',
        '  operation: listImages',
        '  reason: matches nothing (no operation)',
        '',
      ].join('\n'),
    );
    const entries = readIgnoreFile(file, dir);
    expect(entries).toStrictEqual([
      { rule: 'operation-id-changed', operation: 'removeImage', reason: 'renamed on purpose; callers moved', expires: '2027-01-31', file, line: 2 },
      { rule: 'response-enum-value-added', operation: 'GET /open/podcast/v1/images', reason: 'the new status is documented', file, line: 6 },
      { rule: 'server-added', place: '#/servers', reason: 'a region', file, line: 9 },
      { rule: 'server-added', operation: 'listImages', reason: 'matches nothing (no operation)', file, line: 12 },
    ]);
    const other = { ...RENAME, operations: [{ operationId: 'removeAvatar', method: 'delete', path: '/x' }] };
    expect(applyIgnore([RENAME, other, ENUM_ADDED, SERVER_ADDED], entries)).toStrictEqual({
      kept: [other],
      ignored: [
        { change: RENAME, reason: 'renamed on purpose; callers moved', entry: 'ok.yaml:2', expires: '2027-01-31' },
        { change: ENUM_ADDED, reason: 'the new status is documented', entry: 'ok.yaml:6' },
        { change: SERVER_ADDED, reason: 'a region', entry: 'ok.yaml:9' },
      ],
      unused: [entries[3]],
    });
  });

  it('an entry past its date is an error at its line; it holds through its expiry day', () => {
    const entries = readIgnoreFile(write('dated.yaml', '- rule: a\n  operation: x\n  reason: r\n  expires: 2027-01-31\n'), dir);
    expect(expiredEntries(entries, '2027-01-31')).toStrictEqual([]);
    expect(expiredEntries(entries, '2027-02-01')).toStrictEqual([
      {
        code: 'diff/ignore-expired',
        severity: 'error',
        file: 'dated.yaml',
        line: 1,
        col: 3,
        message: 'the ignore entry for a at x expired on 2027-01-31',
        hint: 'fix what it ignores, or look at it again and set a later "expires"',
      },
    ]);
    expect(today(new Date('2026-11-27T23:59:59Z'))).toBe('2026-11-27');
  });

  it.each([
    ['not-a-list.yaml', 'rule: a\n', 'diff/ignore-shape', undefined, 'the ignore file must be a list of entries'],
    ['no-reason.yaml', '- rule: a\n  operation: x\n', 'diff/ignore-entry', 1, 'the entry gives no "reason"'],
    [
      'no-target.yaml',
      '- rule: a\n  reason: r\n',
      'diff/ignore-entry',
      1,
      'the entry names neither an "id" nor an "operation" (operationId or METHOD /path) or a "place" (a JSON pointer)',
    ],
    ['no-id-no-rule.yaml', '- operation: x\n  reason: r\n', 'diff/ignore-entry', 1, 'the entry names no "id" (as the report prints it) and no "rule"'],
    [
      'bad-id.yaml',
      '- id: removeImage\n  reason: r\n',
      'diff/ignore-entry',
      1,
      '"id" must be a change\'s id as the report prints it (twelve hexadecimal digits), got "removeImage"',
    ],
    [
      'id-and-place.yaml',
      "- id: 518b7a471bbd\n  place: '#/servers'\n  reason: r\n",
      'diff/ignore-entry',
      1,
      'an entry with an "id" names no "operation" or "place": the id is the place',
    ],
    [
      'bad-date.yaml',
      '- rule: a\n  operation: x\n  reason: r\n- rule: b\n  operation: x\n  reason: r\n  expires: 2027-02-30\n',
      'diff/ignore-entry',
      4,
      '"expires" must be a date as YYYY-MM-DD, got "2027-02-30"',
    ],
    [
      'unknown-key.yaml',
      '- rule: a\n  operation: x\n  reason: r\n  until: 2027-01-01\n',
      'diff/ignore-entry',
      1,
      'unknown key "until" (known: id, rule, operation, place, reason, expires)',
    ],
    ['empty-rule.yaml', "- rule: ''\n  operation: x\n  reason: r\n", 'diff/ignore-entry', 1, '"rule" must be a non-empty string'],
    ['bad-yaml.yaml', '- rule: [a\n', 'diff/ignore-parse', undefined, undefined],
  ])('%s is bad usage (exit 2) at the entry', (name, text, code, line, message) => {
    const found = thrown(() => readIgnoreFile(write(name, text), dir));
    expect(found.exitCode).toBe(2);
    expect(found.problems).toHaveLength(1);
    expect(found.problems[0]).toMatchObject({ code, file: name, line, ...(message ? { message } : {}) });
  });

  it('sets changes aside by id (the rule, where given, must match too); an id of digits alone reads as written', () => {
    const file = write(
      'by-id.yaml',
      [
        `- id: ${RENAME.id}`,
        '  rule: operation-id-changed',
        '  reason: renamed on purpose',
        `- id: ${ENUM_ADDED.id}`,
        '  rule: server-added',
        '  reason: names another rule, so it matches nothing',
        '- id: 012345678901',
        '  reason: digits alone, a leading zero kept',
        '- id: 1e2345678901',
        '  reason: read by YAML as a number, kept as written',
        '',
      ].join('\n'),
    );
    const entries = readIgnoreFile(file, dir);
    expect(entries.map((e) => e.id)).toStrictEqual([RENAME.id, ENUM_ADDED.id, '012345678901', '1e2345678901']);
    const digits = { ...SERVER_ADDED, id: '012345678901' };
    const { kept, ignored, unused } = applyIgnore([RENAME, ENUM_ADDED, digits], entries);
    expect(kept).toStrictEqual([ENUM_ADDED]);
    expect(ignored.map((i) => [i.change.rule, i.entry])).toStrictEqual([
      ['operation-id-changed', 'by-id.yaml:1'],
      ['server-added', 'by-id.yaml:7'],
    ]);
    expect(unused.map((e) => e.line)).toStrictEqual([4, 9]);
  });

  it('a missing ignore file named by the user is bad usage', () => {
    expect(thrown(() => readIgnoreFile('nope.yaml', dir))).toStrictEqual({
      exitCode: 2,
      problems: [{ code: 'diff/ignore-missing', file: 'nope.yaml', line: undefined, message: 'no such ignore file' }],
    });
  });

  it('an empty file ignores nothing', () => {
    expect(readIgnoreFile(write('empty.yaml', '# nothing yet\n'), dir)).toStrictEqual([]);
  });
});
