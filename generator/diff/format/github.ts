/**
 * The report as GitHub Actions workflow commands: one annotation per change at its line of the
 * document in the checkout (`::error file=...,line=...,col=...,title=...::message`), then the counts.
 * A breaking change is an error, a warning a warning, an info a notice.
 */
import type { Change, ChangeLevel, ChangePlace } from '../change.js';
import { countLine, operationLabel, type ReportView } from '../outcome.js';

const COMMAND: Record<ChangeLevel, string> = { breaking: 'error', warning: 'warning', info: 'notice' };

export function formatGithub(view: ReportView): string {
  const { report } = view;
  const lines = report.changes.map((change) => {
    const place = annotatedPlace(change, report.new.file);
    const properties = [
      ...(place ? [`file=${property(place.file)}`] : []),
      ...(place?.line !== undefined ? [`line=${place.line}`] : []),
      ...(place?.col !== undefined ? [`col=${place.col}`] : []),
      `title=${property(`${change.rule} (${change.level})`)}`,
    ];
    const breaks = change.surfaces.length > 0 ? change.surfaces.join(', ') : 'nothing';
    return `::${COMMAND[change.level]} ${properties.join(',')}::${data(`${operationLabel(change)}: ${change.message} Breaks: ${breaks}. Id: ${change.id}.`)}`;
  });
  for (const unjudged of report.unjudged) lines.push(`::warning title=${property(`${unjudged.surface} not judged`)}::${data(unjudged.reason)}`);
  if (view.versionProblem) lines.push(`::error title=${property('version')}::${data(view.versionProblem)}`);
  lines.push(`podcast-gen diff: ${data(countLine(report.changes))}; semver advice: ${report.semver}; ${view.ignored.length} ignored`);
  return `${lines.join('\n')}\n`;
}

/** The place in the checkout: the new document's, else the old one's when it is a file (not `git:`), else the new document without a line. */
function annotatedPlace(change: Change, newFile: string): ChangePlace | { file: string; line?: undefined; col?: undefined } | undefined {
  for (const place of [change.new, change.old]) if (place && inCheckout(place.file)) return place;
  return inCheckout(newFile) ? { file: newFile } : undefined;
}

function inCheckout(file: string): boolean {
  return !file.startsWith('git:') && !/^https?:\/\//i.test(file);
}

/** A command's message: `%`, CR and LF escaped as the runner reads them. */
function data(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: as {@link data}, and `:` and `,` too. */
function property(text: string): string {
  return data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
