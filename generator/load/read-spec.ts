import { createHash } from 'node:crypto';
import { type Stats, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { BaseResolver, Config, Document } from '@redocly/openapi-core';
import { fail, PodcastGenError, type Problem } from '../problems.js';
import { bundleOrFail } from './bundle.js';
import { checkDocumentVersion } from './check-version.js';
import { checkDocumentShape } from './document-shape.js';
import { normalizeDiscriminatorMappings } from './discriminator-mapping.js';
import { displayPath } from './display-path.js';
import { locatePointer, parsedAsJson } from './locate.js';
import { DocumentResolver, MAX_DOCUMENT_BYTES, readRoot, tooLarge } from './read-root.js';
import { toProblems } from './redocly-problems.js';
import { conversionWarnings, convertSwagger2, isSwagger2, originalPointer } from './swagger-2.js';

/** An OpenAPI document as JSON: plain objects, arrays and scalars. */
export type OpenApiDocument = Record<string, unknown>;

/** What the load stage hands on: the bundled document plus what later stages need to point at it. */
export interface LoadedSpec {
  /** The document as the user should read its name: a cwd-relative path or a URL. */
  displayPath: string;
  /** Absolute file path or URL. */
  absoluteRef: string;
  /** The root file, parsed (redocly's form: source text + parsed value), for lint. */
  root: Document;
  /** The resolver that read it, kept so lint reuses its cache instead of reading again. */
  resolver: BaseResolver;
  /**
   * The bundled document: every external `$ref` pulled in, internal `$ref`s kept. A Swagger 2.0
   * document is here converted to OpenAPI 3.0; `root` keeps it as written.
   */
  document: OpenApiDocument;
  /** A Swagger 2.0 document, read as OpenAPI 3.0 (`document`) only once lint has read it as written. */
  converted: boolean;
  /** sha256 (hex) of the bundled document's canonical JSON: names the input in file banners. */
  hash: string;
  /** Problems met while bundling (warnings only; errors throw). */
  problems: Problem[];
  /**
   * Line and column in the root file of a JSON pointer into `document` (for a converted Swagger 2.0
   * document, of the place it came from: {@link LoadedSpec.pointerInFile}).
   */
  locate(pointer: string): { line: number; col: number } | undefined;
  /** The pointer into the root file of a pointer into `document`: itself, except for Swagger 2.0. */
  pointerInFile(pointer: string): string;
}

/** Options of {@link readSpec}. */
export interface ReadSpecOptions {
  /** A file path (relative to cwd) or an http(s) URL. */
  spec: string;
  /** The lint config: its `resolve` settings are used to read, and bundling reports by its rules. */
  config: Config;
  cwd?: string;
  /** Reads the root file alone: a `$ref` to another file or URL fails the read (a second reader, which fetches nothing). */
  rootOnly?: boolean;
}

/** Reads, parses and bundles an OpenAPI document, once. Throws a PodcastGenError on bad input. */
export async function readSpec(options: ReadSpecOptions): Promise<LoadedSpec> {
  const cwd = options.cwd ?? process.cwd();
  const isUrl = /^https?:\/\//i.test(options.spec);
  const absoluteRef = isUrl || isAbsolute(options.spec) ? options.spec : resolve(cwd, options.spec);
  const shown = displayPath(absoluteRef, cwd);
  if (!isUrl) checkLocalFile(absoluteRef, shown);

  const resolver = new DocumentResolver(options.config.resolve, options.rootOnly);
  const root = await readRoot(resolver, absoluteRef, shown, isUrl);
  const locateInRoot = (pointer: string, onKey?: boolean) => locatePointer(root.source, pointer, onKey);
  checkDocumentVersion(root.parsed, shown, locateInRoot);
  const swagger2 = isSwagger2(root.parsed);
  // As JSON.parse made it, no node of the document sits in two places: walks keep no set of the nodes met.
  const fromJson = parsedAsJson(root.source);
  // Before anything walks it (the bundler, lint's rules, the model): what no stage can read stops here.
  checkDocumentShape(root.parsed, { file: shown, locate: locateInRoot, swagger2, fromJson });
  normalizeDiscriminatorMappings(root.parsed, root.source.body, fromJson);

  const bundled = await bundleOrFail({ root, config: options.config, resolver, shown, locate: locateInRoot });
  const problems = toProblems(bundled.problems, cwd, root);
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) throw new PodcastGenError(errors);
  // What other files brought in is checked as part of the whole.
  if (bundled.document !== root.parsed) checkDocumentShape(bundled.document, { file: shown, locate: locateInRoot, swagger2 });
  // A Swagger 2.0 document is converted when the model first reads it, after lint: the converter
  // throws on what lint reports at its place (a parameter without `in`).
  let converted: OpenApiDocument | undefined;
  const documentOf = swagger2 ? () => (converted ??= convertOrFail(bundled.document, shown)) : () => bundled.document as OpenApiDocument;
  if (swagger2) problems.push(...conversionWarnings(bundled.document, shown, locateInRoot));
  // Lint reads the 2.0 document as written; what later stages find in the conversion is placed back in it.
  const pointerInFile = swagger2 ? (pointer: string) => originalPointer(bundled.document, documentOf(), pointer) : (pointer: string) => pointer;
  const locate = swagger2 ? (pointer: string) => locateInRoot(pointerInFile(pointer)) : locateInRoot;
  let hash: string | undefined;
  return {
    displayPath: shown,
    absoluteRef,
    root,
    resolver,
    converted: swagger2,
    get document() {
      return documentOf();
    },
    // Made when first read (by the model): a run that fails lint never needs it.
    get hash() {
      return (hash ??= hashDocument(documentOf()));
    },
    problems,
    locate,
    pointerInFile,
  };
}

function convertOrFail(bundled: unknown, shown: string): OpenApiDocument {
  try {
    return convertSwagger2(bundled);
  } catch (error) {
    fail({
      code: 'load/swagger-2-conversion',
      file: shown,
      message: `cannot convert the Swagger 2.0 document to OpenAPI 3.0: ${(error as Error)?.message ?? String(error)}`,
      hint: 'check the document against the Swagger 2.0 specification',
    });
  }
}

function checkLocalFile(path: string, shown: string): void {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch {
    fail({ code: 'load/missing', file: shown, message: 'no such file', hint: 'check the path given to --spec' });
  }
  if (stat.isDirectory()) {
    fail({ code: 'load/directory', file: shown, message: 'is a folder, not a document', hint: 'name the YAML or JSON file inside it' });
  }
  if (stat.size > MAX_DOCUMENT_BYTES) tooLarge(shown, stat.size);
  if (stat.size === 0) {
    fail({ code: 'load/empty', file: shown, message: 'the file is empty', hint: 'point --spec at an OpenAPI 3.0 document' });
  }
}

/** sha256 of the canonical JSON (sorted keys) so that the hash ignores key order and formatting. */
export function hashDocument(document: unknown): string {
  const hash = createHash('sha256');
  // The text goes to the hash in chunks as it is made: nested joins would copy the whole text once
  // per nesting level. A chunk is handed on after an object's `}`, so no UTF-16 surrogate pair is split.
  let chunk = '';
  // Keys repeat throughout a document (`type`, `description`): each is quoted once.
  const quotedKeys = new Map<string, string>();
  const write = (value: unknown): void => {
    if (Array.isArray(value)) {
      chunk += '[';
      for (let i = 0; i < value.length; i++) {
        if (i > 0) chunk += ',';
        write(value[i]);
      }
      chunk += ']';
      return;
    }
    if (value && typeof value === 'object') {
      const keys = Object.keys(value).sort();
      chunk += '{';
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string;
        let quoted = quotedKeys.get(key);
        if (quoted === undefined) quotedKeys.set(key, (quoted = `${JSON.stringify(key)}:`));
        chunk += i > 0 ? `,${quoted}` : quoted;
        write((value as Record<string, unknown>)[key]);
      }
      chunk += '}';
      if (chunk.length >= HASH_CHUNK) {
        hash.update(chunk);
        chunk = '';
      }
      return;
    }
    chunk += JSON.stringify(value) ?? 'null';
  };
  write(document);
  return hash.update(chunk).digest('hex');
}

const HASH_CHUNK = 64 * 1024;

/**
 * A document read from one file (not converted from Swagger 2.0): all its problems lie in that file.
 * Told by the files its resolver read, not by the bundle, which redocly makes in the root itself.
 */
export function isOneFile(spec: Pick<LoadedSpec, 'converted' | 'resolver'>): boolean {
  return !spec.converted && spec.resolver.getFiles().size <= 1;
}

/**
 * sha256 of a file's text as read: a second reader of the same file (the side thread) compares its
 * text with the first's this way, at a fraction of {@link hashDocument}'s cost.
 */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
