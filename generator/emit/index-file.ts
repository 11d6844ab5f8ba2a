import { generatedExports, type GeneratedExport } from '../model/naming.js';
import { banner } from './banner.js';
import type { Emitter } from './emitter.js';

/**
 * `index.ts`: the generated code's single entry point (re-exports; the MCP server stays separate).
 * `export *` of two modules that both export a name is an error (TS2308), so a validator named
 * like another module's export (`RateLimitError`) is resolved here, and only here: the other
 * module keeps the name (explicitly re-exported, which wins over the stars) and the validator is
 * re-exported under its `indexName`. `schemas.ts` itself keeps the document's name.
 */
export const emitIndex: Emitter = {
  name: 'index',
  emit({ model, templates }) {
    const owners = generatedExports(model.names.api);
    const clashes = model.schemas
      .filter((s) => s.indexName !== s.typeName)
      .map((s) => ({ name: s.typeName, alias: s.indexName, ...(owners.get(s.typeName) as GeneratedExport) }));
    // The fixtures' names are already exported explicitly by the template; the rest are `./<owner>.js`.
    const kept = clashes.filter((c) => c.owner !== 'fixtures');
    const view = { banner: banner(model), names: model.names, kept, aliases: clashes };
    return [{ path: 'index.ts', content: templates.render('index.ts.hbs', view) }];
  },
};
