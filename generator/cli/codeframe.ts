import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { Problem } from '../problems.js';

/**
 * A few lines of the document around a problem's place, with a caret under its column:
 *
 *     12 |   post:
 *   > 13 |     operationId: addImage
 *        |     ^
 *
 * Empty when the problem has no line, names a URL, or the file cannot be read.
 */
export function codeFrame(problem: Problem, cwd: string, readText: (path: string) => string | undefined = readCached): string {
  if (!problem.file || problem.line === undefined || /^https?:\/\//i.test(problem.file)) return '';
  const text = readText(isAbsolute(problem.file) ? problem.file : resolve(cwd, problem.file));
  if (text === undefined) return '';
  const lines = text.split(/\r?\n/);
  const at = problem.line;
  if (at < 1 || at > lines.length) return '';
  const first = Math.max(1, at - 2);
  const last = Math.min(lines.length, at + 1);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === at ? '>' : ' ';
    out.push(`  ${marker} ${String(n).padStart(width)} | ${lines[n - 1]}`.trimEnd());
    if (n === at) out.push(`    ${' '.repeat(width)} | ${' '.repeat(Math.max(0, (problem.col ?? 1) - 1))}^`);
  }
  return `${out.join('\n')}\n`;
}

const cache = new Map<string, string | undefined>();

function readCached(path: string): string | undefined {
  if (!cache.has(path)) {
    try {
      cache.set(path, readFileSync(path, 'utf8'));
    } catch {
      cache.set(path, undefined);
    }
  }
  return cache.get(path);
}

/** Forgets file texts read for frames (`--watch` reads the document again after each change). */
export function clearFrameCache(): void {
  cache.clear();
}
