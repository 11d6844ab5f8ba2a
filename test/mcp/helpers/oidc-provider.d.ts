/** What the end-to-end OAuth test uses of oidc-provider, which ships no types (its @types package is not installed). */
declare module 'oidc-provider' {
  import type { RequestListener } from 'node:http';

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): RequestListener;
  }
}
