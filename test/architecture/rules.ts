import type { ModuleInfo } from './import-graph.js';

/**
 * The layers of generator/, lowest first. A module may import its own layer or a lower one, never a
 * higher one: the stages in the order data flows through them, the modules every stage may use below
 * them, and above them what describes a run, what runs the stages in order, and the shells that face
 * the user.
 */
export const LAYERS: readonly { name: string; holds: (path: string) => boolean; why: string }[] = [
  {
    name: 'foundation',
    holds: (path) => ['problems.ts', 'json-pointer.ts', 'package-root.ts', 'subschemas.ts', 'text-order.ts'].includes(path),
    why: 'leaf helpers every stage reports, locates, walks schemas or orders text with',
  },
  // The one loader of code podcast-gen did not compile (configs, generated output): what needs one imports it, and it imports nothing above.
  { name: 'code import', holds: (path) => path.startsWith('code-import/'), why: 'bundles and imports TypeScript or JavaScript in memory, esbuild' },
  { name: 'load', holds: (path) => path.startsWith('load/'), why: 'reads and bundles the document' },
  { name: 'lint', holds: (path) => path.startsWith('lint/'), why: 'judges the loaded document' },
  { name: 'model', holds: (path) => path.startsWith('model/'), why: 'the document -> ApiModel, pure' },
  // Values made from the model's schemas, for the outputs that need them; it knows no output.
  { name: 'synthesis', holds: (path) => path.startsWith('synthesis/'), why: "valid example values of the model's schemas" },
  { name: 'emit', holds: (path) => path.startsWith('emit/'), why: 'the model -> files, pure' },
  // The one place that knows every output: which a run makes, in what order, with what options.
  { name: 'plugin host', holds: (path) => path.startsWith('plugins/'), why: 'the registry, the choice and order of outputs, their options, running one' },
  { name: 'write', holds: (path) => path.startsWith('write/'), why: 'files -> the output folder' },
  // The options name plugins and a run's result carries the model and files: both sit above the stages, which take their own small inputs.
  { name: 'run description', holds: (path) => ['options.ts', 'run-result.ts'].includes(path), why: 'what a run is asked and what it gives' },
  { name: 'concurrency', holds: (path) => path.startsWith('concurrency/'), why: 'runs some outputs in a worker thread beside the pipeline' },
  { name: 'orchestration', holds: (path) => ['load-and-lint.ts', 'pipeline.ts', 'index.ts'].includes(path), why: 'calls the stages in order' },
  // Tools over whole runs or outputs: they generate (both sides of a change, or the output to check a server with), judge, or serve; none imports the CLI.
  {
    name: 'run tools',
    holds: (path) => path.startsWith('diff/') || path.startsWith('verify/') || path.startsWith('servers/'),
    why: 'the change report, the live-server check, and the mcp and mock servers of an output',
  },
  { name: 'shell', holds: (path) => path === 'cli.ts' || path.startsWith('cli/'), why: 'argv, config files, the commands' },
];

/** The index of the layer that holds `path`, or undefined for a module no layer claims. */
export function layerOf(path: string): number | undefined {
  const index = LAYERS.findIndex((layer) => layer.holds(path));
  return index < 0 ? undefined : index;
}

/** Modules no layer claims, and imports that point at a higher layer. */
export function layerViolations(modules: ReadonlyMap<string, ModuleInfo>): string[] {
  const found: string[] = [];
  for (const module of modules.values()) {
    const own = layerOf(module.path);
    if (own === undefined) {
      found.push(`${module.path} belongs to no layer: add it to LAYERS in test/architecture/rules.ts`);
      continue;
    }
    for (const edge of module.imports) {
      const theirs = edge.target === undefined ? undefined : layerOf(edge.target);
      if (theirs === undefined || theirs <= own) continue;
      found.push(`${module.path}:${edge.line} (${LAYERS[own]!.name}) imports ${edge.target} (${LAYERS[theirs]!.name}), a later layer`);
    }
  }
  return found;
}

/** `emit/<folder>/...` -> folder, else undefined. */
function emitFolder(path: string): string | undefined {
  const match = /^emit\/([^/]+)\//.exec(path);
  return match?.[1];
}

/**
 * Plugins never import each other, and the emit modules they share never import a plugin. Outside
 * emit/, only the plugin host (`plugins/`) imports a plugin: it alone knows them all. `shared` is the
 * folder of helpers two plugins use.
 */
export function pluginViolations(modules: ReadonlyMap<string, ModuleInfo>, sharedFolders: ReadonlySet<string> = new Set(['shared'])): string[] {
  const found: string[] = [];
  const pluginOf = (path: string) => {
    const folder = emitFolder(path);
    return folder !== undefined && !sharedFolders.has(folder) ? folder : undefined;
  };
  for (const module of modules.values()) {
    if (module.path.startsWith('plugins/')) continue;
    const inEmit = module.path.startsWith('emit/');
    const own = pluginOf(module.path);
    for (const edge of module.imports) {
      const theirs = edge.target === undefined ? undefined : pluginOf(edge.target);
      if (theirs === undefined || theirs === own) continue;
      if (!inEmit) {
        found.push(`${module.path}:${edge.line} imports ${edge.target} (plugin ${theirs}): only the plugin host (plugins/) knows the plugins`);
        continue;
      }
      const who = own === undefined ? `${module.path}:${edge.line} (shared by plugins)` : `${module.path}:${edge.line} (plugin ${own})`;
      found.push(`${who} imports ${edge.target} (plugin ${theirs}): move what they share to model/ or emit/shared/`);
    }
  }
  return found;
}

/** A module outside write/ allowed to write files, the functions it may use, and why. */
export interface FsWriteAllowance {
  path: string;
  functions: readonly string[];
  reason: string;
}

/** node:fs writes outside write/ that no allowance covers, and allowances nothing uses any more. */
export function fsWriteViolations(modules: ReadonlyMap<string, ModuleInfo>, allowances: readonly FsWriteAllowance[]): string[] {
  const found: string[] = [];
  const used = new Set<string>();
  for (const module of modules.values()) {
    if (module.path.startsWith('write/')) continue;
    const allowance = allowances.find((entry) => entry.path === module.path);
    for (const write of module.fsWrites) {
      if (allowance?.functions.includes(write.name)) used.add(`${module.path} ${write.name}`);
      else found.push(`${module.path}:${write.line} uses ${write.name}: only write/ writes files (or add an allowance with its reason)`);
    }
  }
  for (const allowance of allowances) {
    for (const name of allowance.functions) {
      if (!used.has(`${allowance.path} ${name}`)) found.push(`the allowance of ${name} in ${allowance.path} is no longer used: remove it`);
    }
  }
  return found;
}

/** A module allowed to import code the output copies (templates/), which it imports, and why. */
export interface TemplateImportAllowance {
  path: string;
  /** The template, relative to generator/: `../templates/mcp/credentials.ts`. */
  template: string;
  reason: string;
}

/**
 * Imports of templates/ (the code the output copies, which the build bundles into the importing
 * module) that no allowance covers, and allowances nothing uses any more.
 */
export function templateImportViolations(modules: ReadonlyMap<string, ModuleInfo>, allowances: readonly TemplateImportAllowance[]): string[] {
  const found: string[] = [];
  const used = new Set<string>();
  for (const module of modules.values()) {
    for (const edge of module.imports) {
      if (!edge.target?.startsWith('../templates/')) continue;
      if (allowances.some((a) => a.path === module.path && a.template === edge.target)) used.add(`${module.path} ${edge.target}`);
      else found.push(`${module.path}:${edge.line} imports ${edge.target}: only an allowed module imports code the output copies`);
    }
  }
  for (const allowance of allowances)
    if (!used.has(`${allowance.path} ${allowance.template}`))
      found.push(`the allowance of ${allowance.template} in ${allowance.path} is no longer used: remove it`);
  return found;
}

/** Imports whose file does not exist in the checked tree (a rename the import did not follow). */
export function unresolvedImports(modules: ReadonlyMap<string, ModuleInfo>): string[] {
  return [...modules.values()].flatMap((module) =>
    module.imports
      .filter((edge) => edge.target === undefined)
      .map((edge) => `${module.path}:${edge.line} imports ${edge.specifier}, which is no module of generator/`),
  );
}

/** The packages that compile or load code at run time, which only the code-import layer may use. */
export const CODE_LOADERS = ['esbuild', 'tsx'];

/**
 * Imports of a code loader (esbuild, tsx) outside `code-import/`: podcast-gen loads configs and
 * generated code one way, so each caller gets the same resolution of packages and the same errors.
 */
export function codeLoaderViolations(modules: ReadonlyMap<string, ModuleInfo>): string[] {
  const found: string[] = [];
  for (const module of modules.values()) {
    if (module.path.startsWith('code-import/')) continue;
    for (const used of module.packages) {
      const name = used.specifier.split('/')[0] as string;
      if (!used.typeOnly && CODE_LOADERS.includes(name))
        found.push(`${module.path}:${used.line} imports ${used.specifier}: load code through code-import/ (importCode, importOutput)`);
    }
  }
  return found;
}

/** Imports of the CLI (`cli.ts`, `cli/`) by the run tools (`diff/`, `verify/`, `servers/`), which the CLI calls and never the other way. */
export function runToolCliImports(modules: ReadonlyMap<string, ModuleInfo>): string[] {
  const runTool = (path: string) => ['diff/', 'verify/', 'servers/'].some((folder) => path.startsWith(folder));
  const cli = (path: string) => path === 'cli.ts' || path.startsWith('cli/');
  return [...modules.values()]
    .filter((module) => runTool(module.path))
    .flatMap((module) =>
      module.imports
        .filter((edge) => edge.target !== undefined && cli(edge.target))
        .map((edge) => `${module.path}:${edge.line} imports ${edge.target}, a CLI module`),
    );
}
