/**
 * The generated code `podcast-gen verify` runs: the output folder's (`--out`, or the config's
 * `out`), when it holds one generated from the same document; else the run's files, generated in
 * memory and imported from there (code-import/: nothing is written).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { GeneratedFile } from '../emit/plugin.js';
import type { ApiModel } from '../model/types.js';
import { importOutput } from '../code-import/import-output.js';
import { MANIFEST, parseManifest } from '../write/manifest.js';
import { generatedApiOf, type GeneratedApi } from '../verify/generated-api.js';

/** Where the generated code came from, for people. */
export interface LoadedTarget {
  generated: GeneratedApi;
  /** `src/api/` or `code generated in memory`. */
  source: string;
}

/** Loads the generated code for `model`: from `out` when it holds it, else from `files`. */
export async function loadVerifyTarget(options: { model: ApiModel; files: readonly GeneratedFile[]; out?: string; cwd: string }): Promise<LoadedTarget> {
  const { model, files, out, cwd } = options;
  if (out) {
    const folder = resolve(cwd, out);
    const shown = `${relative(cwd, folder) || '.'}/`;
    const index = ['index.js', 'index.ts'].map((name) => join(folder, name)).find((path) => existsSync(path));
    const fixtures = ['fixtures/index.js', 'fixtures/index.ts'].map((name) => join(folder, name)).find((path) => existsSync(path));
    if (index && fixtures) {
      const hash = generatedFrom(folder, index);
      if (hash !== undefined && hash !== model.source.hash)
        throw new Error(
          `${shown} was not generated from ${model.source.path} as it is now: run \`npx podcast-gen\` (\`podcast-gen check\` shows what differs), or leave out --out to verify with code generated in memory`,
        );
      const [indexModule, fixturesModule] = await importOutput({ entries: [index, fixtures], root: folder, cwd });
      return { generated: generatedApiOf(indexModule ?? {}, fixturesModule ?? {}, model), source: shown };
    }
  }
  const [indexModule, fixturesModule] = await importOutput({ entries: ['index.ts', 'fixtures/index.ts'], files, root: cwd, cwd });
  return { generated: generatedApiOf(indexModule ?? {}, fixturesModule ?? {}, model), source: 'code generated in memory' };
}

/**
 * The sha256 of the document an output folder was generated from: its manifest's, else (an older
 * output) the one its files' banner carried; undefined when neither says.
 */
function generatedFrom(folder: string, index: string): string | undefined {
  const manifest = join(folder, MANIFEST);
  const recorded = existsSync(manifest) ? parseManifest(readFileSync(manifest, 'utf8'))?.sha256 : undefined;
  if (typeof recorded === 'string') return recorded;
  return /^\/\/ sha256: ([0-9a-f]{64})$/m.exec(readFileSync(index, 'utf8').slice(0, 2000))?.[1];
}
