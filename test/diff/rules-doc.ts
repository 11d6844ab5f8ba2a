/**
 * The rules table of docs/diff-rules.md, made from the catalogue (generator/diff/rules.ts).
 * `npx tsx test/diff/rules-doc.ts` writes it; test/diff/rules.test.ts fails when it is not current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { quietStep, RULES } from '../../generator/diff/rules.js';

export const RULES_DOC = fileURLToPath(new URL('../../docs/diff-rules.md', import.meta.url));
const START = '<!-- rules table: made by test/diff/rules-doc.ts -->';
const END = '<!-- end of rules table -->';

/** One row per rule: code, default level, the surfaces it can break, its semver step where it breaks nothing, what it means. */
export function rulesTable(): string {
  const rows = RULES.map(
    (rule) => `| \`${rule.code}\` | ${rule.level} | ${rule.surfaces.join(', ') || '-'} | ${quietStep(rule)} | ${rule.description.replace(/\|/g, '\\|')} |`,
  );
  return [START, '', '| Rule | Level | Can break | Semver, breaking nothing | Meaning |', '| --- | --- | --- | --- | --- |', ...rows, '', END].join('\n');
}

/** The page with its table made anew. */
export function currentRulesDoc(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`docs/diff-rules.md lacks the table markers`);
  return `${page.slice(0, start)}${rulesTable()}${page.slice(end + END.length)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(RULES_DOC, currentRulesDoc(readFileSync(RULES_DOC, 'utf8')));
}
