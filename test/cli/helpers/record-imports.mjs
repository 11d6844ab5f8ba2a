// Loaded with `node --import` (in the main thread and in every worker thread): records every module
// URL the process loads into the file named by PODCAST_GEN_RECORD_IMPORTS, so a test can prove which
// dependencies a command did (not) load. ES modules are recorded as they resolve, CommonJS ones
// (openapi-typescript is loaded through require, in the types worker) as they are required.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const file = process.env.PODCAST_GEN_RECORD_IMPORTS;

register(
  `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (process.env.PODCAST_GEN_RECORD_IMPORTS) appendFileSync(process.env.PODCAST_GEN_RECORD_IMPORTS, result.url + '\\n');
  return result;
}`)}`,
);

if (file) {
  const load = Module._load;
  Module._load = function recordedLoad(request, parent, isMain) {
    const exports = load.call(this, request, parent, isMain);
    try {
      appendFileSync(file, `${pathToFileURL(Module._resolveFilename(request, parent, isMain)).href}\n`);
    } catch {
      // A built-in module (node:fs): nothing to record.
    }
    return exports;
  };
}
