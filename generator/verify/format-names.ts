/** The verify report's formats, by the name `--format` takes: a module of names only, so the command line's parser loads no format. */
export const REPORT_FORMATS = ['text', 'json', 'junit', 'markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
