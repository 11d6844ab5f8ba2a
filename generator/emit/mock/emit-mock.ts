import { banner } from '../banner.js';
import { definePlugin } from '../plugin.js';
import { failureShape, mockAuth, mockRoutes } from './route-table.js';

/** The code every mock shares: copied files of templates/, each at the same path in the output. */
const MOCK_CODE = ['mock/wire.ts', 'mock/match.ts', 'mock/faults.ts', 'mock/credentials.ts', 'mock/server.ts'];

/**
 * `mock/`: an offline HTTP server that serves every operation from the fixtures, checks the
 * credential, validates input with the generated zod validators, injects faults and records
 * requests. `routes.ts` holds what is derived from the model (as JSON data) and `index.ts` hands it
 * to the server with the fixtures and validators; the rest is the same code for every document.
 */
export const mockPlugin = definePlugin({
  name: 'mock',
  // The server answers from the fixtures and checks input with the validators.
  needs: ['fixtures', 'zod'],
  emit(model, { templates }) {
    const view = {
      banner: banner(model),
      title: model.title,
      routes: mockRoutes(model),
      auth: mockAuth(model),
      failure: failureShape(model),
    };
    return [
      { path: 'mock/routes.ts', content: templates.render('mock-routes.ts.hbs', view) },
      ...MOCK_CODE.map((path) => ({ path, content: `${view.banner}\n${templates.copied(path)}` })),
      { path: 'mock/index.ts', content: templates.render('mock-index.ts.hbs', view) },
    ];
  },
});
