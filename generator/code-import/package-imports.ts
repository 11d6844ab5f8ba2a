/**
 * The esbuild plugin that keeps packages out of the bundle and says where each one is: a bare import
 * (`zod/mini`, `@modelcontextprotocol/server`, `podcast-gen`) is resolved from the importing file's
 * folder, else from each folder of `resolveFrom` in turn (the user's project, then podcast-gen's own
 * package), and left as an import of that file's absolute `file:` URL (TypeScript, which Node
 * cannot import, is bundled instead). So the code imports the packages the project has, works
 * outside any project with the ones podcast-gen came with, and never depends on where the bundle
 * itself is evaluated from.
 */
import { builtinModules } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

/** Marks esbuild's own resolution (inside the plugin) so the plugin does not answer it again. */
const INNER = Symbol('inner resolve');
const BUILTINS = new Set(builtinModules);

/** What a failed package import carries, for the error message (bundle-code.ts). */
export interface MissingPackage {
  missingPackage: string;
}

/** `@scope/name/sub` -> `@scope/name`; `zod/mini` -> `zod`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

/** The plugin; `resolveFrom` are the folders tried after the importer's own, in order. */
export function packageImports(resolveFrom: readonly string[]): Plugin {
  return {
    name: 'podcast-gen-package-imports',
    setup(build) {
      // Bare specifiers only: not relative, not absolute (POSIX or Windows), not a URL.
      build.onResolve({ filter: /^[^./\\]/ }, async (args) => {
        if (args.pluginData === INNER || /^[A-Za-z]:[\\/]|^(file|data):/.test(args.path)) return undefined;
        if (args.path.startsWith('node:') || BUILTINS.has(args.path)) return { path: args.path, external: true };
        const folders = [...(args.namespace === 'file' && args.resolveDir ? [args.resolveDir] : []), ...resolveFrom];
        for (const resolveDir of folders) {
          const found = await build.resolve(args.path, { kind: args.kind, resolveDir, pluginData: INNER });
          if (found.errors.length > 0 || !found.path) continue;
          // TypeScript reached through a tsconfig's `paths` (the project's own source): Node cannot import it, so it is bundled.
          if (/\.[cm]?tsx?$/.test(found.path)) return { path: found.path };
          // A require() keeps a path (the bundle's `require` takes one); an import needs a URL.
          const required = args.kind === 'require-call' || args.kind === 'require-resolve';
          return { path: required ? found.path : pathToFileURL(found.path).href, external: true };
        }
        const name = packageName(args.path);
        return {
          errors: [{ text: `cannot find the package "${name}" (for "${args.path}")`, detail: { missingPackage: name } satisfies MissingPackage }],
        };
      });
    },
  };
}
