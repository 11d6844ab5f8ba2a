/**
 * Loads the pipeline (pipeline.ts). Built, it is also one CommonJS file (dist/pipeline.cjs, see
 * bin/build.js), which Node 20 can compile from a V8 code cache kept on disk (code-cache.ts): 70 ms
 * of every run otherwise, a small document's run being 0.5 s. Its requires of the modules it shares
 * with this one (PodcastGenError's, the options', the side thread's) get these very ES modules, so
 * that there is one class of each. Node 22 and newer cache the ES module itself
 * (`module.enableCompileCache()`), as do runs from TypeScript sources (tests), which import it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { codeCacheFile, loadWithCodeCache } from './code-cache.js';

type Pipeline = typeof import('./pipeline.js');

export async function loadPipeline(): Promise<Pipeline> {
  const bundle = fileURLToPath(new URL('./pipeline.cjs', import.meta.url));
  const cacheFile = import.meta.url.endsWith('.js') && existsSync(bundle) ? codeCacheFile(bundle) : undefined;
  if (!cacheFile) return import('./pipeline.js');
  const shared = {
    './problems.js': await import('./problems.js'),
    './options.js': await import('./options.js'),
    './emit/side-thread/side-thread.js': await import('./emit/side-thread/side-thread.js'),
  };
  return loadWithCodeCache(bundle, cacheFile, shared).exports as Pipeline;
}
