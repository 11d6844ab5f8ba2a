import { banner } from '../banner.js';
import { definePlugin } from '../plugin.js';
import { failureShape, mockAuth, mockRoutes } from './route-table.js';

/**
 * `mock/`: an offline HTTP server that serves every operation from the fixtures, checks the
 * credential, validates input with the generated zod validators, injects faults and records
 * requests. `routes.ts` holds what is derived from the model (as JSON data); the rest is the same
 * code for every document.
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
      { path: 'mock/faults.ts', content: templates.render('mock-faults.ts.hbs', view) },
      { path: 'mock/server.ts', content: templates.render('mock-server.ts.hbs', view) },
      { path: 'mock/index.ts', content: templates.render('mock-index.ts.hbs', view) },
    ];
  },
});
