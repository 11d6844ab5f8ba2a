import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createConfig, loadConfig, type Config } from '@redocly/openapi-core';
import { podcastGenPlugin } from './plugin.js';

/** Options of {@link loadLintConfig}. */
export interface LintConfigOptions {
  /** An explicit redocly config file. */
  configPath?: string;
  /** The document being linted: a `redocly.yaml` beside it is its config. */
  specPath?: string;
}

/**
 * The lint config: an explicit file, else a `redocly.yaml` beside the document (the podcast
 * document's is committed in spec/), else the generic preset (only what breaks generation).
 * podcast-gen's rules are always available as `podcast-gen/<rule>`.
 */
export async function loadLintConfig(options: LintConfigOptions = {}): Promise<Config> {
  const configPath = options.configPath ?? besideSpec(options.specPath);
  if (configPath) return loadConfig({ configPath, plugins: [podcastGenPlugin] });
  return createConfig({ extends: ['podcast-gen/generic'] }, { plugins: [podcastGenPlugin] });
}

function besideSpec(specPath: string | undefined): string | undefined {
  if (!specPath || /^https?:\/\//i.test(specPath)) return undefined;
  const candidate = join(dirname(specPath), 'redocly.yaml');
  return existsSync(candidate) ? candidate : undefined;
}
