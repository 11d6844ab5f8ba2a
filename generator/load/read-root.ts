import { constants } from 'node:buffer';
import { BaseResolver, ResolveError, YamlParseError, type Document, type Source } from '@redocly/openapi-core';
import { fail } from '../problems.js';
import { checkJsonText, checkYamlAliases, DocumentLimitError, tooDeep } from './document-limits.js';
import { parsedAsJson } from './locate.js';
import { jsonParsePlace } from './json-parse-place.js';

/**
 * The largest document Node.js can hold as one text, so the largest podcast-gen can read at all. No
 * smaller limit: a document runs away by what it holds (nesting, YAML aliases, `$ref` chains:
 * document-limits.ts, ref-chains.ts), not by its size (bench/RESULTS.md, "Largest documents").
 */
export const MAX_DOCUMENT_BYTES = constants.MAX_STRING_LENGTH;

/**
 * redocly's resolver with stricter and faster parsing: `.json` files (and JSON answers) are parsed
 * with JSON.parse, so invalid JSON is reported at its line:col (YAML would accept a trailing comma)
 * and large JSON documents skip the much slower YAML parser. Every document it reads (the root and
 * each one a `$ref` names) is refused before any stage walks it when it nests too deep or its YAML
 * aliases would make it endless or huge (document-limits.ts).
 */
export class DocumentResolver extends BaseResolver {
  /** `rootOnly`: reads the root document alone; a `$ref` to another file or URL fails the read, and nothing is fetched. */
  constructor(
    config?: ConstructorParameters<typeof BaseResolver>[0],
    private readonly rootOnly = false,
  ) {
    super(config);
  }

  override resolveDocument<T = unknown>(base: string | null, ref: string, isRoot?: boolean): Promise<Document<T> | ResolveError | YamlParseError> {
    if (this.rootOnly && !isRoot) return Promise.reject(new Error(`only the root document is read here, not ${ref}`));
    return super.resolveDocument<T>(base, ref, isRoot);
  }

  override parseDocument(source: Source, isRoot?: boolean): Document {
    if (parsedAsJson(source)) {
      checkJsonText(source);
      try {
        return { source, parsed: JSON.parse(source.body) as unknown };
      } catch (error) {
        throw new JsonParseError(error as Error, source);
      }
    }
    const document = super.parseDocument(source, isRoot);
    checkYamlAliases(source, document.parsed);
    return document;
  }
}

/** Invalid JSON, with the 1-based line and column of where JSON.parse gave up. */
export class JsonParseError extends Error {
  readonly line: number;
  readonly col: number;
  constructor(
    readonly originalError: Error,
    readonly source: Source,
  ) {
    super(originalError.message);
    ({ line: this.line, col: this.col } = jsonParsePlace(originalError, source.body));
  }
}

/**
 * Reads and parses the root document, turning every way that can fail (unreachable URL, binary
 * bytes, bad syntax, too large) into one problem naming the place and the fix.
 */
export async function readRoot(resolver: BaseResolver, absoluteRef: string, shown: string, isUrl: boolean): Promise<Document> {
  let root: Awaited<ReturnType<BaseResolver['resolveDocument']>>;
  try {
    // Typed as returning its errors; at run time it throws them. Both are handled.
    root = await resolver.resolveDocument(null, absoluteRef, true);
  } catch (error) {
    return failRead(error, shown, isUrl);
  }
  if (root instanceof Error) return failRead(root, shown, isUrl);
  return root;
}

/** Refuses a document over {@link MAX_DOCUMENT_BYTES} (of `bytes`, when known), before any work. */
export function tooLarge(shown: string, bytes?: number): never {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  fail({
    code: 'load/too-large',
    file: shown,
    message: `the document is ${bytes === undefined ? 'larger than' : `${mb(bytes)}, over`} the ${mb(MAX_DOCUMENT_BYTES)} that Node.js can read as one text`,
    hint: 'check that --spec names the API document; otherwise generate from a smaller document holding the operations you need',
  });
}

function failRead(error: unknown, shown: string, isUrl: boolean): never {
  if (error instanceof DocumentLimitError) fail({ ...error.problem, file: shown, ...error.place });
  if (error instanceof YamlParseError && /nesting exceeded maxDepth/.test(error.originalError.message)) {
    fail({ ...tooDeep(undefined), file: shown, ...(Number.isFinite(error.line) ? { line: error.line, col: error.col } : {}) });
  }
  if (error instanceof YamlParseError || error instanceof JsonParseError) {
    const kind = error instanceof JsonParseError ? 'JSON' : 'YAML or JSON';
    if (error.source.body.includes('\u0000')) {
      fail({
        code: 'load/binary',
        file: shown,
        message: 'is a binary file (it holds NUL bytes), not a YAML or JSON document',
        hint: 'point --spec at the OpenAPI document',
      });
    }
    const reason = firstLine(error.originalError.message)
      .replace(/ in "[^"]*"/, '')
      .replace(/\s*\(\d+:\d+\)$/, '')
      .replace(/ in JSON at position \d+.*$/, '');
    fail({
      code: 'load/parse',
      file: shown,
      line: Number.isFinite(error.line) ? error.line : 1,
      col: Number.isFinite(error.col) ? error.col : 1,
      message: `not valid ${kind}: ${reason}`,
      hint: 'fix the syntax at that place',
    });
  }
  // A document over what Node.js holds as one text, which a URL's (unlike a file's) is known to be only when read.
  if ((error as { originalError?: { code?: unknown } })?.originalError?.code === 'ERR_STRING_TOO_LONG') tooLarge(shown);
  const message = error instanceof ResolveError ? error.originalError.message : ((error as Error)?.message ?? String(error));
  const cause =
    (error as { originalError?: { cause?: { code?: string } }; cause?: { code?: string } })?.originalError?.cause ??
    (error as { cause?: { code?: string } })?.cause;
  fail({
    code: 'load/read',
    file: shown,
    message: `cannot read the document: ${firstLine(message)}${cause?.code ? ` (${cause.code})` : ''}`,
    hint: isUrl ? 'check the URL and that the server is up, or download the document and pass the file to --spec' : 'check the path given to --spec',
  });
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? text;
}
