/**
 * The two endings the document fuzzer accepts, and a name for every other one. A run either
 * generates (lints, checks), or stops with problems that each name file:line:col, a code and a
 * message, exit code 1; anything else is a crash, named by its class so that many cases of one bug
 * count as one.
 */
import type { Problem } from '../../../generator/index.js';
import type { JobResult } from './fuzz-pool.js';

export type Outcome = { ending: 'generated' } | { ending: 'refused'; codes: string[] } | { ending: 'crash'; crash: string; detail: string };

/** Judges one run's result. */
export function judge(result: JobResult): Outcome {
  switch (result.ending) {
    case 'generated':
      return { ending: 'generated' };
    case 'refused':
      if (result.exitCode !== 1) return crash(`PodcastGenError with exit code ${result.exitCode}`, formatProblems(result.problems));
      return judgeProblems(result.problems);
    case 'thrown':
      return crash(thrownClass(result.name, result.message, result.stack), `${result.stack || `${result.name}: ${result.message}`}`);
    case 'cli':
      return result.command === 'diff' ? judgeDiff(result.code, result.stdout, result.stderr) : judgeCli(result.code, result.stdout, result.stderr);
    default:
      return crash(result.ending, result.detail);
  }
}

function judgeCli(code: number, stdout: string, stderr: string): Outcome {
  const unexpected = /unexpected error \(a bug in podcast-gen[^\n]*\n([\s\S]*)/.exec(stderr);
  if (unexpected) {
    const stack = unexpected[1] ?? '';
    const [, name = 'Error', message = ''] = /^(\w*(?:Error|Exception)?\w*): ([^\n]*)/.exec(stack) ?? [];
    return crash(thrownClass(name, message, stack), stack);
  }
  if (code !== 0 && code !== 1) return crash(`CLI exit code ${code}`, stderr);
  let report: { problems?: Problem[]; stale?: unknown; current?: boolean };
  try {
    report = JSON.parse(stdout);
  } catch {
    return crash('CLI --json printed no JSON', `${stdout}\n${stderr}`);
  }
  const errors = (report.problems ?? []).filter((problem) => problem.severity === 'error');
  if (code === 0 || 'stale' in report)
    return errors.length === 0 ? { ending: 'generated' } : crash('errors reported with a passing exit code', formatProblems(errors));
  if (errors.length === 0) return crash('CLI exit code 1 without an error', `${stdout}\n${stderr}`);
  return judgeProblems(errors);
}

/**
 * `podcast-gen diff --format json`: a report (exit 0, or 1 for a breaking change), or problems on
 * stderr, each with its code and message (exit 1; 2 for what the command line got wrong).
 */
function judgeDiff(code: number, stdout: string, stderr: string): Outcome {
  const unexpected = /unexpected error \(a bug in podcast-gen[^\n]*\n([\s\S]*)/.exec(stderr);
  if (unexpected) {
    const stack = unexpected[1] ?? '';
    const [, name = 'Error', message = ''] = /^(\w*(?:Error|Exception)?\w*): ([^\n]*)/.exec(stack) ?? [];
    return crash(`diff: ${thrownClass(name, message, stack)}`, stack);
  }
  if (code !== 0 && code !== 1) return crash(`diff exit code ${code}`, stderr);
  if (stdout.trim() !== '') {
    try {
      const report = JSON.parse(stdout) as { changes?: unknown };
      return Array.isArray(report.changes) ? { ending: 'generated' } : crash('diff printed JSON without changes', stdout.slice(0, 400));
    } catch {
      return crash('diff --format json printed no JSON', `${stdout.slice(0, 400)}\n${stderr}`);
    }
  }
  // `<file>[:line:col]  error  <code>  <message>`, then the count.
  const errors = stderr.split('\n').filter((line) => /\s{2}error\s{2}/.test(line));
  if (code === 0 || errors.length === 0) return crash('diff ended without a report or an error', stderr);
  const unclear = errors.filter((line) => !/\s{2}error\s{2}[\w./-]+\s{2}\S/.test(line));
  if (unclear.length > 0) return crash('diff error without a code or message', unclear.join('\n'));
  return { ending: 'refused', codes: [...new Set(errors.map((line) => /\s{2}error\s{2}(\S+)/.exec(line)?.[1] ?? ''))] };
}

function judgeProblems(problems: readonly Problem[]): Outcome {
  const unplaced = problems.filter((problem) => !isPlaced(problem));
  if (problems.length === 0) return crash('PodcastGenError without problems', '');
  if (unplaced.length > 0) return crash(`problem without file:line:col, code or message (${unplaced.map((p) => p.code).join(', ')})`, formatProblems(unplaced));
  return { ending: 'refused', codes: [...new Set(problems.map((problem) => problem.code))] };
}

function isPlaced(problem: Problem): boolean {
  const positive = (n: unknown) => Number.isInteger(n) && (n as number) >= 1;
  return Boolean(problem.file) && positive(problem.line) && positive(problem.col) && Boolean(problem.code) && Boolean(problem.message?.trim());
}

/**
 * An error's class: its name, its message with the document's own words (quoted names, numbers)
 * left out, and the first frame of the stack that is not Node's (a stack overflow's frames vary).
 */
function thrownClass(name: string, message: string, stack: string): string {
  const words = message
    .split('\n')[0]
    ?.replace(/(["'`]).*?\1/g, '…')
    .replace(/\d+/g, 'N')
    .slice(0, 120);
  if (/Maximum call stack size exceeded/.test(message)) return `${name}: ${words}`;
  return `${name}: ${words} @ ${topFrame(stack)}`;
}

/** `function (package/file)` of the first frame outside Node, with no machine path. */
function topFrame(stack: string): string {
  for (const line of stack.split('\n')) {
    const frame = /^\s+at (?:(.*?) \()?(.*?):\d+:\d+\)?$/.exec(line);
    if (!frame || frame[2]?.startsWith('node:')) continue;
    const file = (frame[2] ?? '').replace(/^file:\/\//, '');
    const short = /node_modules\/(.*)$/.exec(file)?.[1] ?? /\/((?:generator|test)\/.*)$/.exec(file)?.[1] ?? file.split('/').pop();
    return `${frame[1] ?? '<anonymous>'} (${short})`;
  }
  return 'no stack';
}

function crash(name: string, detail: string): Outcome {
  return { ending: 'crash', crash: name, detail };
}

function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => `${p.file ?? '-'}:${p.line ?? '?'}:${p.col ?? '?'} ${p.code} ${p.message}`).join('\n');
}
