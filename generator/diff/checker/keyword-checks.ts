/**
 * A keyword no rule of its own reads (compare/other-keywords.ts): what its change means is not
 * judged, so it is reported as the rule's level (breaking), never left out.
 */
import type { ChangeRecord } from '../compare/record.js';
import { at, code, type Judged, judged } from './judge.js';
import { schemaRule } from './value-checks.js';

export function checkSchemaKeyword(record: ChangeRecord): Judged[] {
  const keyword = code(record.facts?.keyword ?? '?');
  const what = record.old === undefined ? 'added' : record.new === undefined ? 'removed' : 'changed';
  return [
    judged(
      schemaRule(record, 'schema-keyword-changed'),
      at(record, `${keyword} ${what}; podcast-gen has no rule that judges this keyword, so read what it now accepts`),
    ),
  ];
}
