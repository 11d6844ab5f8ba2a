import { describe, expect, it } from 'vitest';
import { generatorSources, modulesOf, templateModules } from './generator-modules.js';
import { securityReads, stringPieces } from './security-reads.js';

/**
 * Security is one fact of the model: model/auth*.ts reads the document's security once (each
 * operation's requirements, the schemes, the credential variables' names), and every output and run
 * tool reads that description (`OperationModel.security`, `ApiModel.securitySchemes`,
 * `ApiModel.credentials`). What else may touch the document's security keys, and why.
 */
const READERS: { holds(path: string): boolean; reason: string }[] = [
  { holds: (path) => /^model\/auth[^/]*\.ts$/.test(path), reason: 'the security module itself' },
  {
    holds: (path) => path.startsWith('load/'),
    reason: "reading the document: Swagger 2.0's securityDefinitions converted, components bundled (its shape, not what it requires)",
  },
  { holds: (path) => path === 'model/select-document.ts', reason: 'cutting the document to the chosen operations keeps every security scheme' },
];

/** The template the generated MCP server reads credentials with, and the one module that runs it for the generator. */
const READER_TEMPLATE = '../templates/mcp/credentials.ts';
const READER_MODULE = 'verify/credential.ts';

/** Words that end a credential variable's name (`PODCAST_API_KEY`): model/auth-variables.ts alone names them. */
const VARIABLE_NAME = /^([A-Z0-9]+_)*_?(API_KEY|CREDENTIALS|CLIENT_ID|CLIENT_SECRET)$/;

describe('security is one fact of the model', () => {
  const sources = generatorSources();

  it('only model/auth*.ts reads the security of the document (besides loading it)', () => {
    const reads = securityReads(sources, 'model/types.ts').filter((read) => !READERS.some((reader) => reader.holds(read.path)));
    expect(reads.map((read) => `${read.path}:${read.line} ${read.text}`)).toStrictEqual([]);
  });

  it('one module runs the reader of credentials from the environment, the generated server’s own', () => {
    const modules = modulesOf(sources, templateModules());
    const importers = [...modules.values()]
      .filter((module) => module.imports.some((edge) => edge.target === READER_TEMPLATE && !edge.typeOnly))
      .map((module) => module.path);
    expect(importers).toStrictEqual([READER_MODULE]);
  });

  it('names credential variables in model/auth-variables.ts only', () => {
    const named = Object.entries(sources).flatMap(([path, text]) =>
      path === 'model/auth-variables.ts'
        ? []
        : stringPieces(text)
            .filter((piece) => VARIABLE_NAME.test(piece))
            .map((piece) => `${path}: ${piece}`),
    );
    expect(named).toStrictEqual([]);
  });
});

describe('the security rules find what they look for', () => {
  it('a read of the document, and not one of the model', () => {
    const found = securityReads(
      {
        'model/types.ts': [
          'export interface OperationModel { security: OperationSecurityModel }',
          'export interface OperationSecurityModel { kind: string }',
          'export interface ApiModel { securitySchemes: SchemeModel[] }',
          'export interface SchemeModel { name: string }',
        ].join('\n'),
        'emit/a.ts': [
          "import type { ApiModel, OperationModel } from '../model/types.js';",
          'export const a = (op: OperationModel, model: ApiModel) => [op.security.kind, model.securitySchemes.length];',
          'export const b = (document: Record<string, unknown>) => document.security;',
          'export const c = (raw: { security?: unknown }) => raw.security;',
          "export const d = (doc: Record<string, unknown>) => doc['securitySchemes'];",
          'export const e = (pointer: string) => `${pointer}/security`;',
          'export const f = (name: string) => `#/components/securitySchemes/${name}`;',
          'export const g = ({ security }: { security: unknown }) => security;',
          'export const h = (spec: Record<string, unknown>) => { spec.security = []; };',
          "export type P = Pick<OperationModel, 'security'>;",
          'export const i = ({ securitySchemes }: ApiModel) => securitySchemes.length;',
        ].join('\n'),
      },
      'model/types.ts',
    );
    expect(found.map((read) => [read.path, read.line, read.text])).toStrictEqual([
      ['emit/a.ts', 3, 'document.security'],
      ['emit/a.ts', 4, 'raw.security'],
      ['emit/a.ts', 5, "'securitySchemes'"],
      ['emit/a.ts', 6, '}/security`'],
      ['emit/a.ts', 7, '`#/components/securitySchemes/${'],
      ['emit/a.ts', 8, 'security'],
    ]);
  });

  it('an import of the reader template, wherever it is', () => {
    const modules = modulesOf(
      { 'servers/own-reader.ts': "import { readMcpCredentials } from '../../templates/mcp/credentials.js';" },
      new Set([READER_TEMPLATE]),
    );
    expect(modules.get('servers/own-reader.ts')?.imports.map((edge) => edge.target)).toStrictEqual([READER_TEMPLATE]);
  });

  it('a credential variable named in a string or a template, not in a comment', () => {
    const text = "const a = `${prefix}_CLIENT_SECRET`; const b = 'API_KEY'; const c = x / 2; const d = 'set PODCAST_API_KEY'; // PODCAST_API_KEY";
    expect(stringPieces(text).filter((piece) => VARIABLE_NAME.test(piece))).toStrictEqual(['_CLIENT_SECRET', 'API_KEY']);
  });
});
