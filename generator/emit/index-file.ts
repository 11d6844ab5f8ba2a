import { banner } from './banner.js';
import type { Emitter } from './emitter.js';

/** `index.ts`: the generated code's single entry point (re-exports; the MCP server stays separate). */
export const emitIndex: Emitter = {
  name: 'index',
  emit({ model, templates }) {
    return [{ path: 'index.ts', content: templates.render('index.ts.hbs', { banner: banner(model), names: model.names }) }];
  },
};
