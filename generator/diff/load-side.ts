/**
 * One side of a comparison, loaded and modelled as a run would (every version podcast-gen reads,
 * external `$ref`s bundled); a failure names the side and keeps the file's line and column.
 */
import type { Config } from '@redocly/openapi-core';
import { isAbsolute, resolve } from 'node:path';
import { displayPath } from '../load/display-path.js';
import type { LoadedSpec, OpenApiDocument } from '../load/read-spec.js';
import { buildModel } from '../model/build-model.js';
import { checkOperationIds } from '../model/check-names.js';
import { selectDocument, withoutOperations } from '../model/select-document.js';
import { isSelecting, type OperationSelection } from '../model/select-operations.js';
import type { ApiModel } from '../model/types.js';
import { runtimeExportsIn } from '../emit/runtime-exports.js';
import { resolveOptions } from '../options.js';
import { load } from '../pipeline.js';
import { PodcastGenError, tooDeep, type Problem } from '../problems.js';
import type { GitRevision } from './git-dates.js';

/** A side as the caller names it: the file to read, how the report names it (`git:main:spec/api.yaml`), and the revision it is. */
export interface DiffSideInput {
  spec: string;
  label?: string;
  /** For a git revision: where git can date the lines of its document (git-dates.ts). */
  revision?: GitRevision;
}

/** A side loaded and modelled. */
export interface LoadedSide {
  which: 'old' | 'new';
  label: string;
  spec: LoadedSpec;
  /** The lint config it was read with: the proof's generation lints the same document with it. */
  config: Config;
  model: ApiModel;
  /** The version field as written: `3.1.0`, or `2.0` for Swagger. */
  openapi: string;
}

/** What a run of the configured project would generate with, that each side's model is built with. */
export interface SideRunOptions {
  cwd: string;
  /** The API's name in generated identifiers (the run's `name`). */
  name?: string;
  /** The operations the project generates (the config's `operations`, `--include`, `--exclude`). */
  operations?: OperationSelection;
  /** The project's templates folder (absolute), whose runtime names the model avoids. */
  templates?: string;
}

export async function loadSide(input: DiffSideInput, which: 'old' | 'new', options: SideRunOptions): Promise<LoadedSide> {
  const label = input.label ?? input.spec;
  const isUrl = /^https?:\/\//i.test(input.spec);
  const specPath = isUrl || isAbsolute(input.spec) ? input.spec : resolve(options.cwd, input.spec);
  let stage = 'load';
  const shown = displayPath(specPath, options.cwd);
  try {
    const { spec, config } = await load(resolveOptions({ spec: input.spec, cwd: options.cwd }), () => {});
    stage = 'the model';
    checkOperationIds(spec.document, spec.displayPath, spec.locate);
    const root = spec.root.parsed as { openapi?: unknown; swagger?: unknown };
    return { which, label, spec, config, model: modelOf(spec, label, options), openapi: String(root.openapi ?? root.swagger ?? '') };
  } catch (error) {
    throw sideError(error, { which, label, shown, stage });
  }
}

/** The side modelled again with another operation selection (the report's filters). */
export function remodelSide(side: LoadedSide, options: SideRunOptions): LoadedSide {
  try {
    return { ...side, model: modelOf(side.spec, side.label, options) };
  } catch (error) {
    throw sideError(error, { which: side.which, label: side.label, shown: side.spec.displayPath, stage: 'the model' });
  }
}

/** As a run builds it (its names and operations are the output's), but for the hash, which only banners carry. */
function modelOf(spec: LoadedSpec, label: string, options: SideRunOptions): ApiModel {
  return buildModel(selectable(spec.document, options.operations), {
    apiName: options.name,
    source: { path: spec.displayPath, label, hash: '' },
    runtimeExports: runtimeExportsIn(options.templates),
    ...(options.operations ? { operations: options.operations } : {}),
  }).model;
}

/**
 * The document a selection is applied to: where it chooses no operation of this side (all it
 * chooses were added, or removed), a side without operations, so that the other's are all added (or
 * removed) rather than the comparison refused.
 */
function selectable(document: OpenApiDocument, selection: OperationSelection | undefined): OpenApiDocument {
  if (!selection || !isSelecting(selection)) return document;
  try {
    selectDocument(document, selection);
    return document;
  } catch (error) {
    const nothing = error instanceof PodcastGenError && error.problems.some((p) => p.code === 'select/nothing-left');
    if (!nothing) throw error;
    return withoutOperations(document);
  }
}

/** The error of one side, its problems saying which side and naming the file as the user named it. */
function sideError(error: unknown, side: { which: 'old' | 'new'; label: string; shown: string; stage: string }): PodcastGenError {
  const known = error instanceof PodcastGenError ? error : tooDeep(error, side.stage, side.shown);
  const problems: Problem[] = known
    ? known.problems
    : [{ code: 'diff/side-failed', severity: 'error', file: side.label, message: `${side.stage} failed: ${(error as Error)?.message ?? String(error)}` }];
  return new PodcastGenError(
    problems.map((p) => ({
      ...p,
      file: p.file === undefined || p.file === side.shown ? side.label : p.file,
      message: `${side.which} document: ${p.message}`,
    })),
    known?.exitCode,
  );
}
