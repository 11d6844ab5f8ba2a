/** The report's formats, by the name `--format` takes. */
import type { ReportView } from '../outcome.js';
import { formatChangelog } from './changelog.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatMarkdown } from './markdown.js';
import { formatSarif } from './sarif.js';
import { formatText } from './text.js';

import type { ReportFormat } from './names.js';

export { REPORT_FORMATS, type ReportFormat } from './names.js';

/** What a format may name besides the report: podcast-gen's version (SARIF's driver). */
export interface FormatOptions {
  toolVersion: string;
}

/** The report in a format, with any credentials of a URL (`https://user:secret@host`) masked. */
export function formatReport(format: ReportFormat, view: ReportView, options: FormatOptions): string {
  return withoutCredentials(formatted(format, view, options));
}

function withoutCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>`]+@/gi, '$1***@');
}

function formatted(format: ReportFormat, view: ReportView, options: FormatOptions): string {
  switch (format) {
    case 'text':
      return formatText(view);
    case 'markdown':
      return formatMarkdown(view);
    case 'json':
      return formatJson(view);
    case 'github':
      return formatGithub(view);
    case 'sarif':
      return formatSarif(view, options);
    case 'junit':
      return formatJunit(view);
    case 'changelog':
      return formatChangelog(view);
  }
}
