import { describe, expect, it } from 'vitest';
import { generatorSources, modulesOf, templateModules } from './generator-modules.js';
import { findCycles } from './import-graph.js';
import {
  codeLoaderViolations,
  fsWriteViolations,
  layerOf,
  layerViolations,
  pluginViolations,
  templateImportViolations,
  unresolvedImports,
  type FsWriteAllowance,
  type TemplateImportAllowance,
  runToolCliImports,
} from './rules.js';

/** Where code outside write/ writes files, and why that is not output. */
const FS_WRITE_ALLOWANCES: FsWriteAllowance[] = [
  {
    path: 'diff/sides.ts',
    functions: ['mkdtempSync', 'mkdirSync', 'writeFileSync', 'rmSync'],
    reason: 'podcast-gen diff reads a git revision of the document from a temporary copy (it and the files its $refs reach), removed after',
  },
];

/**
 * Where generator/ imports code the output copies (bin/build.js bundles it into the importing module,
 * since dist/ holds no templates): the generator runs that very code, never a copy of it.
 */
const TEMPLATE_IMPORTS: TemplateImportAllowance[] = [
  {
    path: 'verify/credential.ts',
    template: '../templates/mcp/credentials.ts',
    reason: "the generated MCP server's reader of credentials from the environment: verify and podcast-gen mcp read them with it",
  },
  {
    path: 'model/types.ts',
    template: '../templates/mcp/credentials.ts',
    reason: 'type only: a credential variable of the model is the one the copied reader takes (McpCredentialVariable)',
  },
  {
    path: 'servers/mcp-generated.ts',
    template: '../templates/mcp/credentials.ts',
    reason: "type only: podcast-gen mcp reads a generated server's credential variables and reader, which have the copied reader's types",
  },
  {
    path: 'model/types.ts',
    template: '../templates/runtime/spec.ts',
    reason: "type only: the model's pagination is the paging the copied runtime walks (PagingSpec, PayloadPath), plus where it came from",
  },
  {
    path: 'emit/shared/security-requirement.ts',
    template: '../templates/runtime/spec.ts',
    reason: "type only: the requirement the client's and the mock's tables hold is the one the copied runtime checks (SecurityRequirement)",
  },
  {
    path: 'emit/mcp/paging-hint.ts',
    template: '../templates/mcp/result-budget.ts',
    reason: "type only: the tool binding's paging, which the generated server's result budget reads, is the type it declares",
  },
  {
    path: 'emit/mock/route-table.ts',
    template: '../templates/mock/wire.ts',
    reason: 'type only: the route table the generator writes into routes.ts has the types the copied mock reads (MockRoute, MockAuth, ...)',
  },
  {
    path: 'servers/mcp-http-guard.ts',
    template: '../templates/mock/connections.ts',
    reason:
      "podcast-gen mcp --http holds its connections with the generated mock server's code: its limits, their defaults and the lingering close (bundled in by bin/build.js)",
  },
  {
    path: 'emit/msw/msw-path.ts',
    template: '../templates/mock/match.ts',
    reason: "the MSW handlers go in the mock's order of paths, the more concrete first: the mock's rule itself (bundled in by bin/build.js)",
  },
  {
    path: 'emit/shared/fixture-paging.ts',
    template: '../templates/fixtures/pages.ts',
    reason: "type only: the pages of a mock's route and of an MSW handler are the copied code's FixturePaging",
  },
];

/** The plugin folders the issue names; each must exist and be covered as a plugin. */
const PLUGINS = ['types', 'zod', 'client', 'mcp', 'fixtures', 'mock', 'tanstack-query', 'msw', 'index'];

describe('generator/ flows one way', () => {
  const modules = modulesOf(generatorSources(), templateModules());

  it('reads every module, and every relative import resolves to one', () => {
    expect(modules.size).toBeGreaterThan(50);
    for (const plugin of PLUGINS)
      expect(
        [...modules.keys()].some((path) => path.startsWith(`emit/${plugin}/`)),
        plugin,
      ).toBe(true);
    expect(unresolvedImports(modules)).toStrictEqual([]);
  });

  it('holds one folder per plugin under emit/, besides shared/', () => {
    const folders = new Set([...modules.keys()].flatMap((path) => /^emit\/([^/]+)\//.exec(path)?.[1] ?? []));
    expect([...folders].sort()).toStrictEqual([...PLUGINS, 'shared'].sort());
  });

  it('has no import cycle, type-only imports included', () => {
    expect(findCycles(modules)).toStrictEqual([]);
  });

  it('imports only its own layer or an earlier one: load -> lint -> model -> synthesis -> emit -> write', () => {
    expect(layerViolations(modules)).toStrictEqual([]);
  });

  it('keeps plugins apart: no plugin imports another, shared emit modules import none, and only the plugin host imports them', () => {
    expect(pluginViolations(modules)).toStrictEqual([]);
  });

  it('writes files only in write/, besides the allowed temporary files', () => {
    expect(fsWriteViolations(modules, FS_WRITE_ALLOWANCES)).toStrictEqual([]);
  });

  it('imports code the output copies (templates/) only where allowed', () => {
    expect(templateImportViolations(modules, TEMPLATE_IMPORTS)).toStrictEqual([]);
  });

  it('loads code one way: only code-import/ uses esbuild or tsx, and the config, servers, verify and the diff proof import it', () => {
    expect(codeLoaderViolations(modules)).toStrictEqual([]);
    const users = [...modules.values()].filter(
      (module) => module.imports.some((edge) => edge.target?.startsWith('code-import/')) && !module.path.startsWith('code-import/'),
    );
    expect(users.map((module) => module.path).sort()).toStrictEqual([
      'cli/config.ts',
      'cli/verify-target.ts',
      'diff/proof/load-validators.ts',
      'servers/mcp-generated.ts',
      'servers/mock.ts',
    ]);
  });

  it('keeps the run tools (diff/, verify/, servers/) free of the CLI: none imports cli.ts or cli/', () => {
    expect(runToolCliImports(modules)).toStrictEqual([]);
  });
});

describe('the dependency rules find what they look for', () => {
  it('reads static, re-exported, type-only, dynamic and type-position imports', () => {
    const modules = modulesOf({
      'emit/a.ts': [
        "import { b } from './b.js';",
        "import type { C } from './c.js';",
        "import { type D } from './d.js';",
        "export * from './e.js';",
        "const f = await import('./f.js');",
        "type G = typeof import('./g.js');",
        "import x from 'yaml';",
        "import { h } from './nowhere.js';",
        "import { i } from './dir';",
      ].join('\n'),
      ...Object.fromEntries(['b', 'c', 'd', 'e', 'f', 'g', 'dir/index'].map((name) => [`emit/${name}.ts`, ''])),
    });
    const edges = modules.get('emit/a.ts')!.imports.map(({ target, line }) => [target, line]);
    expect(edges).toStrictEqual([
      ['emit/b.ts', 1],
      ['emit/c.ts', 2],
      ['emit/d.ts', 3],
      ['emit/e.ts', 4],
      ['emit/f.ts', 5],
      ['emit/g.ts', 6],
      [undefined, 8],
      ['emit/dir/index.ts', 9],
    ]);
    expect(unresolvedImports(modules)).toStrictEqual(['emit/a.ts:8 imports ./nowhere.js, which is no module of generator/']);
  });

  it('reports a cycle as the path around it, type-only imports included', () => {
    const modules = modulesOf({
      'model/a.ts': "import { b } from './b.js';",
      'model/b.ts': "import type { C } from './c.js';",
      'model/c.ts': "import { a } from './a.js';",
      'model/d.ts': "import { d } from './d.js';",
      'model/e.ts': "import { a } from './a.js';",
    });
    expect(findCycles(modules)).toStrictEqual(['model/a.ts -> model/b.ts -> model/c.ts -> model/a.ts', 'model/d.ts -> model/d.ts']);
  });

  it('reports an import of a later layer, and a module no layer claims', () => {
    const modules = modulesOf({
      'model/a.ts': "import { emit } from '../emit/b.js';\nimport { pointer } from '../json-pointer.js';\nimport { read } from '../load/c.js';",
      'synthesis/s.ts': "import { pointer } from '../model/a.js';\nimport { emit } from '../emit/b.js';",
      'emit/b.ts': "import { writeFiles } from '../write/d.js';",
      'load/c.ts': "import type { ApiModel } from '../model/a.js';\nimport type { GenerateOptions } from '../options.js';",
      'write/d.ts': '',
      'json-pointer.ts': '',
      'options.ts': "import type { Plugin } from './emit/b.js';",
      'stray.ts': '',
    });
    expect(layerViolations(modules)).toStrictEqual([
      'model/a.ts:1 (model) imports emit/b.ts (emit), a later layer',
      'synthesis/s.ts:2 (synthesis) imports emit/b.ts (emit), a later layer',
      'emit/b.ts:1 (emit) imports write/d.ts (write), a later layer',
      'load/c.ts:1 (load) imports model/a.ts (model), a later layer',
      'load/c.ts:2 (load) imports options.ts (run description), a later layer',
      'stray.ts belongs to no layer: add it to LAYERS in test/architecture/rules.ts',
    ]);
    expect(
      ['cli/args.ts', 'servers/mock.ts', 'diff/change.ts', 'pipeline.ts', 'concurrency/side-thread.ts', 'code-import/import-code.ts', 'problems.ts'].map(
        layerOf,
      ),
    ).toStrictEqual([13, 12, 12, 11, 10, 1, 0]);
  });

  it('reports a plugin importing another, a shared emit module importing a plugin, and a plugin imported outside the host', () => {
    const modules = modulesOf({
      'emit/mock/routes.ts': "import { build } from '../fixtures/build.js';\nimport { merge } from '../shared/merge.js';\nimport { own } from './own.js';",
      'emit/mock/own.ts': '',
      'emit/fixtures/build.ts': "import { tsString } from '../print.js';",
      'emit/shared/merge.ts': "import type { Zod } from '../zod/zod.js';",
      'emit/zod/zod.ts': '',
      'emit/print.ts': "import { build } from './fixtures/build.js';",
      'plugins/registry.ts': "import { build } from '../emit/fixtures/build.js';",
      'pipeline.ts': "import { build } from './emit/fixtures/build.js';",
    });
    expect(pluginViolations(modules)).toStrictEqual([
      'emit/mock/routes.ts:1 (plugin mock) imports emit/fixtures/build.ts (plugin fixtures): move what they share to model/ or emit/shared/',
      'emit/shared/merge.ts:1 (shared by plugins) imports emit/zod/zod.ts (plugin zod): move what they share to model/ or emit/shared/',
      'emit/print.ts:1 (shared by plugins) imports emit/fixtures/build.ts (plugin fixtures): move what they share to model/ or emit/shared/',
      'pipeline.ts:1 imports emit/fixtures/build.ts (plugin fixtures): only the plugin host (plugins/) knows the plugins',
    ]);
  });

  it('reports an import of code the output copies that no allowance covers, and allowances nothing uses', () => {
    const modules = modulesOf(
      {
        'verify/reader.ts': "import { read } from '../../templates/mcp/credentials.js';",
        'emit/copy.ts': "import { read } from '../../templates/mcp/credentials.js';\nimport { other } from '../../templates/runtime.js';",
      },
      new Set(['../templates/mcp/credentials.ts', '../templates/runtime.ts']),
    );
    expect(unresolvedImports(modules)).toStrictEqual([]);
    expect(
      templateImportViolations(modules, [
        { path: 'verify/reader.ts', template: '../templates/mcp/credentials.ts', reason: 'the one reader' },
        { path: 'cli/gone.ts', template: '../templates/runtime.ts', reason: 'was once' },
      ]),
    ).toStrictEqual([
      'emit/copy.ts:1 imports ../templates/mcp/credentials.ts: only an allowed module imports code the output copies',
      'emit/copy.ts:2 imports ../templates/runtime.ts: only an allowed module imports code the output copies',
      'the allowance of ../templates/runtime.ts in cli/gone.ts is no longer used: remove it',
    ]);
  });

  it('reports a code loader imported outside code-import/, and a run tool importing the CLI', () => {
    const modules = modulesOf({
      'servers/load.ts': "import { build } from 'esbuild';\nimport type { Plugin } from 'esbuild';\nimport { reportFailure } from '../cli/context.js';",
      'diff/proof/run.ts': "const api = await import('tsx/esm/api');",
      'code-import/bundle.ts': "import { build } from 'esbuild';",
      'cli/context.ts': "import { importCode } from '../code-import/bundle.js';",
    });
    expect(codeLoaderViolations(modules)).toStrictEqual([
      'servers/load.ts:1 imports esbuild: load code through code-import/ (importCode, importOutput)',
      'diff/proof/run.ts:1 imports tsx/esm/api: load code through code-import/ (importCode, importOutput)',
    ]);
    expect(runToolCliImports(modules)).toStrictEqual(['servers/load.ts:3 imports cli/context.ts, a CLI module']);
  });

  it('reports node:fs writes outside write/ in every form, and allowances nothing uses', () => {
    const modules = modulesOf({
      'emit/named.ts': "import { readFileSync, writeFileSync as write } from 'node:fs';",
      'emit/namespace.ts': "import * as fs from 'fs';\nfs.readFileSync('a');\nfs.mkdirSync('b');\nfs.promises.rename('c', 'd');",
      'emit/default.ts': "import fs from 'node:fs';\nconst { rmSync, existsSync } = fs;",
      'emit/promises.ts': "import { copyFile } from 'node:fs/promises';\nimport { promises as p } from 'node:fs';\nawait p.link('a', 'b');",
      'emit/dynamic.ts': "const fs = await import('node:fs');",
      'emit/types.ts': "import type { WriteFileOptions } from 'node:fs';",
      'write/out.ts': "import { writeFileSync } from 'node:fs';",
      'cli/temp.ts': "import { writeFileSync } from 'node:fs';",
    });
    expect(
      fsWriteViolations(modules, [
        { path: 'cli/temp.ts', functions: ['writeFileSync'], reason: 'a temporary file' },
        { path: 'cli/gone.ts', functions: ['rmSync'], reason: 'was once' },
      ]),
    ).toStrictEqual([
      'emit/named.ts:1 uses writeFileSync: only write/ writes files (or add an allowance with its reason)',
      'emit/namespace.ts:3 uses mkdirSync: only write/ writes files (or add an allowance with its reason)',
      'emit/namespace.ts:4 uses rename: only write/ writes files (or add an allowance with its reason)',
      'emit/default.ts:2 uses rmSync: only write/ writes files (or add an allowance with its reason)',
      'emit/promises.ts:1 uses copyFile: only write/ writes files (or add an allowance with its reason)',
      'emit/promises.ts:3 uses link: only write/ writes files (or add an allowance with its reason)',
      "emit/dynamic.ts:1 uses import('node:fs'): only write/ writes files (or add an allowance with its reason)",
      'the allowance of rmSync in cli/gone.ts is no longer used: remove it',
    ]);
  });
});
