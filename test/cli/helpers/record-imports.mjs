// Loaded with `node --import`: records every module URL the process resolves into the file named by
// PODCAST_GEN_RECORD_IMPORTS, so a test can prove which dependencies a command did (not) load.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (process.env.PODCAST_GEN_RECORD_IMPORTS) appendFileSync(process.env.PODCAST_GEN_RECORD_IMPORTS, result.url + '\\n');
  return result;
}`)}`,
);
