// A worker thread runs the TypeScript sources through tsx, as the generator's own side thread does.
import { register } from 'tsx/esm/api';

register();
await import('./fuzz-worker.ts');
