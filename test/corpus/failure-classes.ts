/**
 * Groups the failures of real documents into the classes of issue 17, so that the sample's report
 * says which fix would move the pass rate, and by how much.
 */
import type { Problem } from '../../generator/index.js';
import type { Diagnostic } from './compile.js';

/** What stopped one document at one stage. */
export interface Failure {
  /** `generate`, or the check's name (`init@5.9`, `defaults@7`, ...). */
  stage: string;
  /** The first error line, as printed. */
  first: string;
  /** The classes of every error at this stage. */
  classes: string[];
}

/** The class of an error that stopped generation. */
export function problemClass(problem: Problem): string {
  if (problem.code === 'mcp/unresolved-ref') return 'MCP refuses a $ref that is not #/components/schemas/<name>';
  if (problem.code.startsWith('load/')) return `load: ${problem.code}`;
  if (problem.code.includes('/')) return `generate: ${problem.code}`;
  return `lint: ${problem.code}`;
}

/** Type errors that come from a project without Node's types (`"types": []`, TypeScript 7's default). */
const WITHOUT_NODE_TYPES = new Set(['TS2591', 'TS2580', 'TS2307', 'TS2503', 'TS7006', 'TS2339', 'TS2304']);

/** The class of a type error in the output, by the output file it is in. */
export function diagnosticClass(diagnostic: Diagnostic): string {
  const { file, code } = diagnostic;
  if (file === '') return `tsc: ${code} (no file)`;
  const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
  if (library) return `${library} declarations: ${code}${WITHOUT_NODE_TYPES.has(code) ? " (Node's types missing)" : ''}`;
  if (file.startsWith('fixtures/')) return `fixtures: ${code}`;
  if (file === 'mcp/server.ts' && code === 'TS2590') return 'mcp/server.ts: TS2590 (union too complex)';
  if (file.startsWith('mock/') && WITHOUT_NODE_TYPES.has(code)) return "mock/: Node's types missing";
  return `${file.includes('/') ? `${file.split('/')[0]}/` : file}: ${code}`;
}

/** One class and the documents it stops. */
export interface FailureClass {
  name: string;
  documents: string[];
  /** How many of them fail for this class only: what fixing it alone would add to the pass rate. */
  alone: number;
  stages: string[];
}

/** Documents per class (a document with several classes counts once in each), most documents first. */
export function tally(failures: ReadonlyMap<string, readonly Failure[]>): FailureClass[] {
  const classes = new Map<string, { documents: Set<string>; stages: Set<string> }>();
  const classesOf = new Map<string, Set<string>>();
  for (const [document, list] of failures) {
    for (const failure of list) {
      for (const name of failure.classes) {
        const entry = classes.get(name) ?? { documents: new Set<string>(), stages: new Set<string>() };
        entry.documents.add(document);
        entry.stages.add(failure.stage);
        classes.set(name, entry);
        classesOf.set(document, (classesOf.get(document) ?? new Set<string>()).add(name));
      }
    }
  }
  return [...classes]
    .map(([name, { documents, stages }]) => ({
      name,
      documents: [...documents],
      alone: [...documents].filter((d) => classesOf.get(d)?.size === 1).length,
      stages: [...stages],
    }))
    .sort((a, b) => b.documents.length - a.documents.length || a.name.localeCompare(b.name));
}
