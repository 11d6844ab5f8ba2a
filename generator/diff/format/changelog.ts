/**
 * The report as a changelog for the API's consumers (`--format changelog`, markdown): the semver
 * advice and what it means, the operations added, removed and deprecated at a glance, then per
 * operation (first those where a consumer has something to do), in types several operations share, and for the
 * whole API, each sorted into added, changed, deprecated and removed, a breaking change first and
 * marked with what a consumer has to do. Every change is listed, ignored ones too: the ignore file
 * says what a team accepted, not what its consumers do not meet.
 */
import type { Change, SemverAdvice, Surface } from '../change.js';
import { countLine, operationsList, type ReportView } from '../outcome.js';
import { withoutProofRemarks } from '../proof/verdicts.js';
import { isAnnouncedRemoval } from '../rules.js';
import { mdCode, mdMessage, mdText } from './markdown.js';

/** The four headings a consumer reads a changelog by (keepachangelog.com's, less those of a release's own life). */
const CATEGORIES = ['Added', 'Changed', 'Deprecated', 'Removed'] as const;
type Category = (typeof CATEGORIES)[number];

/** Things whose coming or going is an addition or a removal to a consumer; any other rule is a change of what is there. */
const THINGS = [
  'operation',
  'parameter',
  'request-body',
  'response-header',
  'response-optional-header',
  'property',
  'schema',
  'server',
  'tag',
  'security-scheme',
  'response-error-status',
  'enum-value',
  'one-of-variant',
  'any-of-variant',
  'discriminator-mapping',
  'operation-security-alternative',
  'idempotency-key',
  'operation-tag',
];
const ADDED_OR_REMOVED = new RegExp(`(?:^|-)(?:${THINGS.join('|')})-(added|removed)(?:-|$)`);

/** Where a change falls in a changelog. */
export function categoryOf(rule: string): Category {
  if (/-deprecated$|-sunset-/.test(rule)) return 'Deprecated';
  const moved = ADDED_OR_REMOVED.exec(rule)?.[1];
  return moved === 'added' ? 'Added' : moved === 'removed' ? 'Removed' : 'Changed';
}

const ADVICE: Record<SemverAdvice, string> = {
  major: 'some change breaks code or calls written for the previous version: read the breaking ones first',
  minor: 'there is something new or something deprecated, and nothing written for the previous version breaks',
  patch: 'nothing new, and nothing written for the previous version breaks',
  none: 'nothing changed',
};

/** What a consumer has to do about a change that breaks a surface, in their words, by whose values it is about. */
function toDo(surface: Surface, side: 'request' | 'response' | undefined): string {
  switch (surface) {
    case 'wire':
      if (side === 'request') return 'requests made as before are refused';
      if (side === 'response') return 'answers no longer match what a client built for the previous version expects';
      return 'calls made as before fail or are answered otherwise';
    case 'types':
      return 'code written against the generated client needs a change (the compiler shows where)';
    case 'validators':
      return side === 'request' ? 'the new validators refuse values sent before' : 'the previous validators reject what the API may now send: regenerate';
    case 'mcp':
      return 'agents and tool configurations that use the tool need updating';
  }
}

export function formatChangelog(view: ReportView): string {
  const { report } = view;
  const changes = [...report.changes, ...view.ignored.map((i) => i.change)];
  const out = [
    `# Changelog: ${mdText(report.old.version)} → ${mdText(report.new.version)}`,
    '',
    `${mdCode(report.old.file)} → ${mdCode(report.new.file)}`,
    '',
    `**Semver advice for the generated code: ${report.semver}**: ${ADVICE[report.semver]}.`,
    '',
    glance(changes, view.ignored.length),
  ];
  const operations = byOperation(changes.filter((c) => c.operations?.length === 1));
  // A breaking change, or a removal announced before that still breaks: the consumer has something to do.
  const act = (own: readonly Change[]) => own.some((c) => c.level === 'breaking' || c.surfaces.length > 0);
  const breaking = [...operations].filter(([, own]) => act(own));
  const other = [...operations].filter(([, own]) => !act(own));
  const shared = changes.filter((c) => (c.operations?.length ?? 0) > 1);
  const whole = changes.filter((c) => (c.operations?.length ?? 0) === 0);
  if (breaking.length > 0)
    out.push('', '## Operations with something to do', ...breaking.flatMap(([name, own]) => ['', `### ${name}`, '', ...categorized(own)]));
  if (shared.length > 0) out.push('', '## Types several operations share', '', ...categorized(shared, '###'));
  if (whole.length > 0) out.push('', '## The whole API', '', ...categorized(whole, '###'));
  if (other.length > 0) out.push('', '## Other operations', ...other.flatMap(([name, own]) => ['', `### ${name}`, '', ...categorized(own)]));
  for (const note of report.notes) out.push('', `> ${mdText(note)}`);
  if (report.unjudged.length > 0) out.push('', ...report.unjudged.map((u) => `> ${u.surface} not judged: ${mdText(u.reason)}`));
  return `${out.join('\n')}\n`;
}

/** The changes in a line: how many, how many break, and the operations added, removed and deprecated. */
function glance(changes: readonly Change[], ignored: number): string {
  const operations = (category: Category) => changes.filter((c) => c.rule.startsWith('operation-') && categoryOf(c.rule) === category && c.operations?.length);
  const removed = operations('Removed');
  const announced = removed.filter((c) => c.level !== 'breaking').length;
  const deprecated = operations('Deprecated').filter((c) => c.rule === 'operation-deprecated').length;
  const parts = [
    `${operations('Added').filter((c) => c.rule === 'operation-added').length} operations added`,
    `${removed.length} removed${announced > 0 ? ` (${announced} as announced)` : ''}`,
    `${deprecated} deprecated`,
  ];
  const accepted = ignored > 0 ? `, ${ignored} of them accepted by the ignore file` : '';
  return `At a glance: ${parts.join(', ')}; ${countLine(changes)}${accepted}.`;
}

/** The changes of one operation each, in the report's order of their first. */
function byOperation(changes: readonly Change[]): Map<string, Change[]> {
  const groups = new Map<string, Change[]>();
  for (const change of changes) {
    const op = change.operations?.[0];
    if (!op) continue;
    const name = `${mdCode(`${op.method.toUpperCase()} ${op.path}`)} (${mdCode(op.operationId)})`;
    groups.set(name, [...(groups.get(name) ?? []), change]);
  }
  return groups;
}

/** Each category's entries under its heading, breaking ones first. */
function categorized(changes: readonly Change[], heading = '####'): string[] {
  const out: string[] = [];
  for (const category of CATEGORIES) {
    const of = changes.filter((c) => categoryOf(c.rule) === category);
    if (of.length === 0) continue;
    const ranked = [...of.filter((c) => c.level === 'breaking'), ...of.filter((c) => c.level !== 'breaking')];
    if (out.length > 0) out.push('');
    out.push(`${heading} ${category}`, '', ...ranked.map(entry));
  }
  return out;
}

function entry(change: Change): string {
  const side = change.rule.startsWith('request-') ? 'request' : change.rule.startsWith('response-') ? 'response' : undefined;
  const lead = side === 'request' ? 'What you send: ' : side === 'response' ? 'What you receive: ' : '';
  const announced = isAnnouncedRemoval(change.rule) && change.surfaces.length > 0;
  const mark = change.level === 'breaking' ? '**Breaking.** ' : announced ? '**Announced before, and it breaks.** ' : '';
  const todo = change.surfaces.length > 0 ? ` To do: ${change.surfaces.map((s) => toDo(s, side)).join('; ')}.` : '';
  const reach = operationsList(change);
  const where = reach ? ` (in ${change.operations?.length} operations: ${mdText(reach)})` : '';
  return `- ${mark}${lead}${mdMessage(plain(change.message))}${where}.${todo}`;
}

/** A message without the proofs' remarks (they are for reviewers) and its last full stop, `a -> b` read as `a → b`. */
function plain(message: string): string {
  return withoutProofRemarks(message).replace(/ -> /g, ' → ').replace(/\.$/, '');
}
