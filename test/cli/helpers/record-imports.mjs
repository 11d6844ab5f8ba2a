// Loaded with `node --import`: records every module URL the process resolves into the file named by
// PODCAST_GEN_RECORD_IMPORTS, so a test can prove which dependencies a command did (not) load. ES
// modules are recorded as they resolve; CommonJS ones (openapi-typescript is loaded through
// require) from the require cache as the process exits.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

register(
  `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (process.env.PODCAST_GEN_RECORD_IMPORTS) appendFileSync(process.env.PODCAST_GEN_RECORD_IMPORTS, result.url + '\\n');
  return result;
}`)}`,
);

const required = createRequire(import.meta.url).cache;
process.on('exit', () => {
  const file = process.env.PODCAST_GEN_RECORD_IMPORTS;
  if (file) appendFileSync(file, Object.keys(required).map((path) => `${pathToFileURL(path).href}\n`).join(''));
});
