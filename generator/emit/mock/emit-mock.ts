import { banner } from '../banner.js';
import { sharedJsonModule } from '../data-module.js';
import { definePlugin } from '../plugin.js';
import { COPIED_FILES } from '../templates.js';
import { failureShape, mockAuth, mockCredentialVariables, mockRoutes } from './route-table.js';

/** The data module a large document's `mock/routes.ts` imports (`./routes-data.js`, and its one-line `.d.ts`), without extension. */
const ROUTES_DATA = 'mock/routes-data';

const ROUTES_DATA_DESCRIPTION = "Every operation's route, in the document's order, which `routes.ts` reads: each value that recurs written once.";

/** The code every mock shares: copied files of templates/, each at the same path in the output. */
const MOCK_CODE = COPIED_FILES.filter((path) => path.startsWith('mock/'));

/**
 * `mock/`: an offline HTTP server that serves every operation from the fixtures, checks the
 * credential, validates input with the generated zod validators, injects faults and records
 * requests. `routes.ts` holds what is derived from the model (as JSON data; a large document's
 * routes in the data module `routes-data.js`, which no type checker reads) and `index.ts` hands it
 * to the server with the fixtures and validators; the rest is the same code for every document.
 */
export const mockPlugin = definePlugin({
  name: 'mock',
  // The server answers from the fixtures and checks input with the validators.
  needs: ['fixtures', 'zod'],
  emit(model, { templates }) {
    const routes = mockRoutes(model);
    const view = {
      banner: banner(model),
      title: model.title,
      // A large document's routes are read from the data module, never from a literal.
      routes: model.large ? [] : routes,
      large: model.large,
      auth: mockAuth(model),
      credentialVariables: mockCredentialVariables(model),
      failure: failureShape(model),
    };
    return [
      { path: 'mock/routes.ts', content: templates.render('mock-routes.ts.hbs', view) },
      ...(model.large ? sharedJsonModule(ROUTES_DATA, view.banner, ROUTES_DATA_DESCRIPTION, routes) : []),
      ...MOCK_CODE.map((path) => ({ path, content: `${view.banner}\n${templates.copied(path)}` })),
      { path: 'mock/index.ts', content: templates.render('mock-index.ts.hbs', view) },
    ];
  },
});
