// Whether dist/ was built from the sources as they are now: a run from a clone of the repository
// (bin/podcast-gen.js) and the tests build again when it was not, so nobody runs stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The file every build writes last into dist/: its time is the build's. */
export const BUILD_STAMP = '.build-stamp';

/**
 * What a build is made from: any of these changed later than the stamp makes dist/ stale. Of
 * templates/, only the TypeScript: a module of generator/ may import it, and the build bundles it
 * into that module (bin/build.js); a run reads the rest as it is (a precompiled template is used only
 * while its text is the one it was made from, generator/emit/templates.ts).
 */
const SOURCES = [
  'generator',
  'generated',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.generated.json',
  'bin/build.js',
  'bin/build-state.js',
];

/** True when `root`'s dist/ is missing, or older than any of its sources. */
export function isStale(root) {
  const stamp = statSync(join(root, 'dist', BUILD_STAMP), { throwIfNoEntry: false });
  if (!stamp) return true;
  return (
    SOURCES.some((source) => newerThan(join(root, source), stamp.mtimeMs)) || newerThan(join(root, 'templates'), stamp.mtimeMs, (path) => path.endsWith('.ts'))
  );
}

/** True when `path` changed after `time`, or a file below it (only those `counts` keeps, when given). */
function newerThan(path, time, counts) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return false;
  if (!stat.isDirectory()) return stat.mtimeMs > time && (counts === undefined || counts(path));
  // A folder's own time changes when a file is added or removed there.
  if (counts === undefined && stat.mtimeMs > time) return true;
  return readdirSync(path).some((name) => newerThan(join(path, name), time, counts));
}

/** True when `root` is a clone of the repository (it has the sources), not the installed package. */
export function isRepository(root) {
  return existsSync(join(root, 'generator')) && existsSync(join(root, 'bin', 'build.js'));
}
