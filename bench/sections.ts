/**
 * bench/RESULTS.md is written by several commands: `npm run bench` writes its main part, and each
 * other measurement (`npm run bench:load`, ...) its own section between two markers,
 * `<!-- NAME: written by ... -->` and `<!-- NAME: end -->`. Each command replaces only its own part.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const SECTION = /<!-- ([\w-]+): written by [^>]*-->[\s\S]*?<!-- \1: end -->/g;

/** The marked sections of `text`, in order, each whole (markers included). */
export function markedSections(text: string): string[] {
  return [...text.matchAll(SECTION)].map((m) => m[0]);
}

/** Puts `section` (markers included) into `file` in place of the section of the same name, or at its end. */
export function writeSection(file: string, name: string, section: string): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const begin = text.indexOf(`<!-- ${name}: written by`);
  const endMarker = `<!-- ${name}: end -->`;
  const end = text.indexOf(endMarker, begin);
  const next = begin >= 0 && end > begin ? `${text.slice(0, begin)}${section}${text.slice(end + endMarker.length)}` : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

/** Writes the main part of `file`, keeping the marked sections other commands wrote after it. */
export function writeMainPart(file: string, main: string): string {
  const kept = existsSync(file) ? markedSections(readFileSync(file, 'utf8')) : [];
  const text = kept.length > 0 ? `${main.trimEnd()}\n\n${kept.join('\n\n')}\n` : main;
  writeFileSync(file, text);
  return text;
}
