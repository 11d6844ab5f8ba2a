import { camelCase } from '../../model/naming.js';
import { EXIT_USAGE, fail } from '../../problems.js';
import { banner } from '../banner.js';
import { definePlugin, type GeneratedFile } from '../plugin.js';
import { COPIED_FILES, type Templates } from '../templates.js';
import { queryView, type QueryView } from './query-view.js';

/** The code every document's options share: copied files of templates/, each at the same path in the output. */
const QUERY_CODE = COPIED_FILES.filter((path) => path.startsWith('tanstack-query/'));

/** The frameworks the output has a file for, and the package each file's options come from (the user's own dependency). */
export const FRAMEWORK_PACKAGES: Readonly<Record<string, string>> = {
  react: '@tanstack/react-query',
  vue: '@tanstack/vue-query',
};

/**
 * `tanstack-query/`: TanStack Query's options of every operation, a query's (`queryOptions`) for a
 * safe method and a mutation's (`mutationOptions`) for the others, calling the generated client's
 * standalone functions (so a page bundles only the operations it uses), with keys made of the
 * operation, its tags and its parameters. `options.ts` holds the framework-neutral keys and
 * builders, `react.ts` and `vue.ts` (the `frameworks` option) thin wrappers through each adapter's
 * helpers; `query-keys.ts` is copied. Off unless chosen: its files import TanStack Query.
 */
export const tanstackQueryPlugin = definePlugin({
  name: 'tanstack-query',
  // The options call the client's functions and are typed by its types.
  needs: ['client'],
  optIn: true,
  options: {
    /** The adapters to write a file for: `react` (`react.ts`), `vue` (`vue.ts`). */
    frameworks: ['react'] as string[],
  },
  emit(model, { templates, options, report }) {
    const unknown = options.frameworks.filter((name) => FRAMEWORK_PACKAGES[name] === undefined);
    if (unknown.length > 0)
      fail(
        {
          code: 'config/bad-value',
          message: `option "frameworks" of output "tanstack-query" names no framework podcast-gen writes: ${unknown.join(', ')}`,
          hint: `frameworks: ${Object.keys(FRAMEWORK_PACKAGES).join(', ')}`,
        },
        EXIT_USAGE,
      );
    const { view, streamed } = queryView(model, camelCase(model.names.api));
    for (const op of streamed)
      report({
        code: 'tanstack-query/streamed',
        severity: 'warn',
        message: `${op.operationId}: no query or mutation options: its response is a stream of items, which a query's cached data cannot hold`,
        pointer: op.pointer,
        file: model.source.path,
      });
    const head = banner(model);
    const files: GeneratedFile[] = [
      ...QUERY_CODE.map((path) => ({ path, content: `${head}\n${templates.copied(path)}` })),
      { path: 'tanstack-query/options.ts', content: templates.render('tanstack-query-options.ts.hbs', { banner: head, ...view }) },
    ];
    for (const framework of [...new Set(options.frameworks)].sort())
      files.push({ path: `tanstack-query/${framework}.ts`, content: frameworkFile({ templates, head, view, framework }) });
    return files;
  },
});

/** A framework's file: each operation's builder through that adapter's `queryOptions` or `mutationOptions`. */
function frameworkFile(options: { templates: Templates; head: string; view: QueryView; framework: string }): string {
  const { templates, head, view, framework } = options;
  return templates.render('tanstack-query-framework.ts.hbs', { banner: head, ...view, package: FRAMEWORK_PACKAGES[framework] });
}
