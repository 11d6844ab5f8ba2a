import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fail } from '../../problems.js';
import { BUILTIN_TEMPLATES_DIR } from '../templates.js';

/**
 * The helpers of templates/zod-helpers.ts that `schemas.ts` may carry, in the file's order.
 * test/runtime/zod-helpers-source.test.ts fails when this list and the file's regions differ.
 */
export const HELPER_NAMES = [
  '_schema',
  '_meta',
  '_chars',
  '_length',
  '_format',
  '_decimal',
  '_multipleOf',
  '_equal',
  '_unique',
  '_oneOfValues',
  '_keysPresent',
  '_closed',
  '_propertyCount',
  '_not',
  '_discriminator',
  '_ifThenElse',
  '_contains',
  '_restItems',
  '_patternProperties',
  '_propertyNames',
  '_dependentRequired',
  '_dependentSchemas',
  '_restProperties',
] as const;

/** Name of a runtime helper. */
export type HelperName = (typeof HELPER_NAMES)[number];

/** The module the helpers are cut from: real TypeScript, type-checked and tested in this repository. */
export const HELPERS_FILE = join(BUILTIN_TEMPLATES_DIR, 'zod-helpers.ts');

/** One region of the helpers file: its code as `schemas.ts` carries it, and the helpers it calls. */
interface HelperRegion {
  source: string;
  needs: string[];
}

const REGION = /^\/\/ #region (\S+)\n([\s\S]*?)^\/\/ #endregion$/gm;

/**
 * The regions of a helpers file by name, in the file's order. Exports are dropped: in `schemas.ts`
 * the helpers are the module's own, and exporting them would add names to its interface.
 */
export function helperRegions(text: string): Map<string, HelperRegion> {
  const regions = new Map<string, HelperRegion>();
  for (const [, name, body] of text.replace(/\r\n/g, '\n').matchAll(REGION)) {
    if (!name || body === undefined || regions.has(name))
      fail({ code: 'templates/helpers', file: HELPERS_FILE, message: `the helper region ${name ?? '(unnamed)'} is empty or repeated` });
    regions.set(name, { source: body.replace(/^export (?=(?:async function|function|const|let|class|interface|type) )/gm, '').trimEnd(), needs: [] });
  }
  for (const [name, region] of regions) {
    region.needs = [...regions.keys()].filter((other) => other !== name && new RegExp(`\\b${other}\\b`).test(region.source));
  }
  return regions;
}

let cached: Map<string, HelperRegion> | undefined;

/** The source of the used helpers and of those they call, in the file's order (byte-stable output). */
export function helperSource(used: ReadonlySet<HelperName>): string {
  if (used.size === 0) return '';
  cached ??= helperRegions(readFileSync(HELPERS_FILE, 'utf8'));
  const regions = cached;
  const all = new Set<string>();
  const add = (name: string): void => {
    if (all.has(name)) return;
    const region = regions.get(name);
    if (!region) fail({ code: 'templates/helpers', file: HELPERS_FILE, message: `no helper region named ${name}` });
    all.add(name);
    region.needs.forEach(add);
  };
  used.forEach(add);
  return [...regions]
    .filter(([name]) => all.has(name))
    .map(([, region]) => region.source)
    .join('\n\n');
}
