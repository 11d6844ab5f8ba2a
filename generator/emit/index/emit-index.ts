import { generatedExports, type GeneratedExport } from '../../model/naming.js';
import { banner } from '../banner.js';
import { definePlugin } from '../plugin.js';
import { runtimeExports } from '../runtime-exports.js';

/** Module of the output that holds each re-exported name, by the output that writes it. */
const MODULE_OUTPUT: Record<GeneratedExport['owner'], string> = { runtime: 'client', client: 'client', operations: 'client', fixtures: 'fixtures' };

/**
 * `index.ts`: the generated code's single entry point, re-exporting what this run's outputs wrote
 * (the MCP server, the mock and the fixtures stay separate: a browser bundle of the client never
 * carries the fixtures' data; they are imported from `fixtures/index.js`). Every module it
 * re-exports is free of side effects, so a bundler keeps only what a program uses. `export *` of two modules that both export a name is
 * an error (TS2308), so a validator named like another module's export (`RateLimitError`) is
 * resolved here, and only here: the other module keeps the name (explicitly re-exported, which wins
 * over the stars) and the validator is re-exported under its `indexName`. `schemas.ts` itself keeps
 * the document's name. Every run makes it: it is not chosen, and needs nothing.
 */
export const indexPlugin = definePlugin({
  name: 'index',
  emit(model, { templates, outputs }) {
    const has = (output: string) => outputs.includes(output);
    const owners = generatedExports(
      model.names.api,
      runtimeExports((path) => templates.copied(path)),
    );
    const clashes = has('zod')
      ? model.schemas
          .filter((s) => s.indexName !== s.typeName)
          .map((s) => ({ name: s.typeName, alias: s.indexName, ...(owners.get(s.typeName) as GeneratedExport) }))
          .filter((c) => has(MODULE_OUTPUT[c.owner]))
      : [];
    // index.ts does not export the fixtures' names, so the validator has its name there too (and its alias, as the model names it).
    const kept = clashes.filter((c) => c.owner !== 'fixtures');
    const view = {
      banner: banner(model),
      names: model.names,
      kept,
      aliases: clashes,
      outputs: { client: has('client'), zod: has('zod'), types: has('types') },
    };
    return [{ path: 'index.ts', content: templates.render('index.ts.hbs', view) }];
  },
});
