/**
 * What `podcast-gen check` says about a stale output whose document changed: the change report
 * between the document the output was generated from and the document now. The old document is
 * found in git: HEAD, or one of the last commits that changed the file, whose document has the
 * sha256 the output's manifest records. Without it, the reason there is no summary.
 */
import type { OperationSelection } from '../model/select-operations.js';
import { resolveOptions } from '../options.js';
import { load } from '../pipeline.js';
import type { DiffReport } from './change.js';
import type { CompareInput } from './run-diff.js';
import { documentRevisions, resolveSides } from './sides.js';

/** How many commits back the document the output came from is looked for. */
export const REVISIONS_SEARCHED = 10;

/** Options of {@link staleSummary}. */
export interface StaleSummaryOptions {
  /** The configured document (a path or URL). */
  spec: string;
  cwd: string;
  name?: string;
  /** The config's operation selection and templates: the summary speaks of the operations the output holds. */
  operations?: OperationSelection;
  templates?: string;
  /** The output folder as the user reads it (`src/api/`), for the reasons. */
  out: string;
  /** The sha256 the output's manifest records; undefined when it records none. */
  recordedHash: string | undefined;
  /** The sha256 of the document now. */
  currentHash: string;
  compare(input: CompareInput): Promise<DiffReport>;
}

export type StaleSummary = { report: DiffReport } | { reason: string };

export async function staleSummary(options: StaleSummaryOptions): Promise<StaleSummary> {
  const { spec, cwd, out, recordedHash } = options;
  if (recordedHash === undefined) return { reason: `${out}.podcast-gen.json records no document hash to find the document it was generated from` };
  if (recordedHash === options.currentHash) {
    return { reason: `the document is the one ${out} was generated from: it differs for another reason (the templates, the options or podcast-gen's version)` };
  }
  if (/^https?:\/\//i.test(spec)) return { reason: 'the document is a URL: no git history to find the one the output was generated from' };
  const revisions = documentRevisions(spec, cwd, REVISIONS_SEARCHED);
  if (revisions.length === 0) return { reason: 'the document is not in a git repository with commits: no earlier version to compare with' };
  for (const [i, revision] of revisions.entries()) {
    const ref = i === 0 ? 'HEAD' : revision.slice(0, 12);
    let sides: ReturnType<typeof resolveSides>;
    try {
      sides = resolveSides({ old: `git:${ref}`, configured: spec, cwd });
    } catch {
      continue;
    }
    try {
      if ((await documentHash(sides.old.spec, cwd)) !== recordedHash) continue;
      const input: CompareInput = {
        old: { spec: sides.old.spec, label: sides.old.label },
        new: { spec: sides.new.spec, label: sides.new.label },
        cwd,
        ...(options.name ? { name: options.name } : {}),
        ...(options.operations ? { operations: options.operations } : {}),
        ...(options.templates ? { templates: options.templates } : {}),
        proof: { types: false, validators: false },
      };
      return await options.compare(input).then(
        (report) => ({ report }),
        (error: unknown) => ({ reason: `comparing with ${sides.old.label} failed: ${String((error as Error)?.message ?? error).split('\n')[0]}` }),
      );
    } finally {
      sides.dispose();
    }
  }
  return { reason: `neither HEAD nor the last ${REVISIONS_SEARCHED} commits that changed the document hold the one ${out} was generated from` };
}

/** The sha256 a run records for a document; undefined when it does not load. */
async function documentHash(spec: string, cwd: string): Promise<string | undefined> {
  try {
    return (await load(resolveOptions({ spec, cwd }), () => {})).spec.hash;
  } catch {
    return undefined;
  }
}
