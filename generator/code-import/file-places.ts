/**
 * The esbuild plugin that keeps each file's own place once bundled: the bundle is evaluated from a
 * `data:` URL, so `import.meta.url`, `import.meta.dirname`/`filename`, `__dirname` and
 * `__filename` in a file on disk (a config that reads a file beside it) are replaced by that file's
 * values. Files that use none of them (generated code) are left for esbuild to read itself.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Loader, type Plugin, type TransformFailure, transform } from 'esbuild';

const MENTIONS = /\bimport\.meta\b|\b__dirname\b|\b__filename\b/;

/** The plugin, for TypeScript and JavaScript files on disk. */
export function filePlaces(): Plugin {
  return {
    name: 'podcast-gen-file-places',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]s$/, namespace: 'file' }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (!MENTIONS.test(text)) return undefined;
        const define = {
          'import.meta.url': JSON.stringify(pathToFileURL(args.path).href),
          'import.meta.dirname': JSON.stringify(dirname(args.path)),
          'import.meta.filename': JSON.stringify(args.path),
          __dirname: JSON.stringify(dirname(args.path)),
          __filename: JSON.stringify(args.path),
        };
        const loader: Loader = /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js';
        try {
          const { code } = await transform(text, { loader, define, sourcefile: args.path, ...tsconfigOf(build.initialOptions.tsconfigRaw) });
          return { contents: code, loader: 'js' };
        } catch (error) {
          // esbuild's own messages, with the file and line: the bundle reports them as its others.
          const { errors } = error as Partial<TransformFailure>;
          if (errors) return { errors };
          throw error;
        }
      });
    },
  };
}

/** The build's own TypeScript settings, when it has fixed ones, for the file's transform. */
function tsconfigOf(raw: string | object | undefined): { tsconfigRaw?: string | object } {
  return raw === undefined ? {} : { tsconfigRaw: raw };
}
