import { isAbsolute, relative } from 'node:path';

/**
 * How generated files name their document: the same whatever folder podcast-gen runs from, and never
 * a path of the machine that ran it (the files are committed, and `check` compares them byte for byte
 * on other machines).
 * - podcast-gen's own document: `podcast-gen/spec/...` (wherever the package is installed or cached);
 * - a file: its path relative to the output folder (`../spec/api.yaml`);
 * - a URL: without credentials or query string (either may carry a secret).
 */
export function sourceLabel(options: { absoluteRef: string; outDir: string; packageSpecFolder: string }): string {
  const { absoluteRef, outDir, packageSpecFolder } = options;
  if (/^https?:\/\//i.test(absoluteRef)) {
    const url = new URL(absoluteRef);
    return `${url.protocol}//${url.host}${url.pathname}`;
  }
  const inPackage = relative(packageSpecFolder, absoluteRef);
  if (inPackage !== '' && !inPackage.startsWith('..') && !isAbsolute(inPackage)) return `podcast-gen/spec/${posix(inPackage)}`;
  return posix(relative(outDir, absoluteRef));
}

function posix(path: string): string {
  return path.replace(/\\/g, '/');
}
