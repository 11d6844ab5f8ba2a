import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeCacheFile } from '../../generator/code-cache.js';
import * as sources from '../../generator/index.js';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';

type Library = typeof sources;

/**
 * The built library loads the pipeline from its CommonJS bundle (dist/pipeline.cjs) through a V8
 * code cache on Node 20 (generator/load-pipeline.ts). The bundle must generate what the sources
 * generate, and its errors must be the library's own PodcastGenError class.
 */
describe.skipIf('enableCompileCache' in (await import('node:module')).default || process.env.NODE_DISABLE_COMPILE_CACHE)('the pipeline, built as one CommonJS file', () => {
  let built: Library;
  beforeAll(async () => {
    await ensureBuilt();
    built = (await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href)) as Library;
  }, 180_000);

  it('generates the files the sources generate, and keeps its code cache', async () => {
    const fromBundle = await built.generateFiles({ cwd: ROOT });
    const fromSources = await sources.generateFiles({ cwd: ROOT });
    expect(fromBundle.files).toEqual(fromSources.files);
    const cache = codeCacheFile(join(ROOT, 'dist', 'pipeline.cjs'));
    expect(cache && existsSync(cache), 'dist/pipeline.cjs was loaded through its code cache').toBe(true);
  });

  it('throws the library’s own PodcastGenError on bad input', async () => {
    const error = await built.generate({ cwd: ROOT, spec: 'no-such-document.yaml', out: join('test', '.tmp', 'never-written') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(built.PodcastGenError);
    expect((error as InstanceType<Library['PodcastGenError']>).problems[0]?.code).toBe('load/missing');
  });
});
