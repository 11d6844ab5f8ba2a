/** The report's formats, by the name `--format` takes: a module of names only, so the command line's parser loads no format. */
export type ReportFormat = 'text' | 'markdown' | 'json' | 'github' | 'sarif' | 'junit' | 'changelog';

export const REPORT_FORMATS: readonly ReportFormat[] = ['text', 'markdown', 'json', 'github', 'sarif', 'junit', 'changelog'];
