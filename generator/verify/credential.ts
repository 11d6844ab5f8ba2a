/**
 * The credential `verify` sends, read from the environment as `podcast-gen mcp` reads it for the
 * same API: `<PREFIX>_API_KEY` (`PODCAST_API_KEY`). One variable per document for now, whatever
 * its scheme (the engine writes it as the scheme says); where a scheme comes to need more than one
 * value, this is the one place that reads them.
 */
import type { ApiModel } from '../model/types.js';

/** The credential of a run: the variable it is read from, and its value (never printed). */
export interface Credential {
  /** The environment variable (`PODCAST_API_KEY`); undefined for a document that declares no credential. */
  variable?: string;
  /** The value; undefined when the document declares none or the variable is unset. */
  value?: string;
}

/** The environment variable holding the credential of the model's API, or undefined when it declares none. */
export function credentialVariable(model: ApiModel): string | undefined {
  return model.auth ? `${model.names.envPrefix}_API_KEY` : undefined;
}

/** Reads the credential of the model's API from `env`. */
export function readCredential(model: ApiModel, env: Readonly<Record<string, string | undefined>>): Credential {
  const variable = credentialVariable(model);
  if (!variable) return {};
  const value = env[variable]?.trim();
  return value ? { variable, value } : { variable };
}
