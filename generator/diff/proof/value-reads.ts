/**
 * The reads a user's code makes of a response: its fields down a few levels (array items through
 * their first element), inside each variant of a union after narrowing to it as a user does
 * (union-narrowing.ts), every enum met as an exhaustive switch. Where a place the proof must look
 * at lies deeper (a change there), the path to it is read whatever its depth. Each read is a
 * non-null-asserted expression (`$data!.a![0]!.b`: the same property checks as `?.`, without a flow
 * branch per link, which made long functions slow to check), with the places it reads.
 */
import { tsAccess } from '../../emit/print.js';
import type { PlacedSchema, ResolvedSchema, SchemaPlaces } from './schema-places.js';
import { unionTests } from './union-narrowing.js';

/** One line's worth: a field read, after the statements that narrow to it. */
export interface ValueRead {
  /** Statements before the read (`const $n0 = $data!.pet!; if ($n0.kind === "cat") { `), and what closes them. */
  open: string;
  close: string;
  expression: string;
  /** The enum values it holds, if any (the read is then a switch over them). */
  enumValues?: unknown[];
  places: readonly string[];
  path: readonly string[];
}

/** Which places the reads must reach: those a change lies at, and what leads to them. */
export interface ReadFocus {
  leadsTo(resolved: ResolvedSchema): boolean;
}

/** How far reads go where nothing there needs looking at, and where something does. */
const PLAIN = { depth: 4, reads: 60 };
const FOCUSED = { depth: 16, reads: 400 };

interface Walk {
  places: SchemaPlaces;
  focus: ReadFocus | undefined;
  reads: ValueRead[];
  plain: number;
}

interface At {
  expression: string;
  open: string;
  close: string;
  path: readonly string[];
  depth: number;
  narrowed: number;
  refs: ReadonlySet<string>;
}

/** The reads of a value of `root` held in `expression` (an identifier). */
export function valueReads(input: { root: PlacedSchema; expression: string; places: SchemaPlaces; focus?: ReadFocus }): ValueRead[] {
  const walk: Walk = { places: input.places, focus: input.focus, reads: [], plain: 0 };
  visit(walk, input.root, { expression: input.expression, open: '', close: '', path: [], depth: 0, narrowed: 0, refs: new Set() });
  return walk.reads;
}

function focused(walk: Walk, resolved: ResolvedSchema): boolean {
  return walk.focus?.leadsTo(resolved) === true;
}

function within(walk: Walk, at: At, resolved: ResolvedSchema): boolean {
  if (at.depth <= PLAIN.depth && walk.plain < PLAIN.reads) return true;
  return at.depth <= FOCUSED.depth && walk.reads.length < FOCUSED.reads && focused(walk, resolved);
}

function visit(walk: Walk, node: PlacedSchema, at: At): void {
  const resolved = walk.places.resolve(node);
  let refs = at.refs;
  if (resolved.component !== undefined) {
    // A schema met again below itself is read once.
    if (refs.has(resolved.component)) return;
    refs = new Set([...refs, resolved.component]);
  }
  const { schema } = resolved;
  if (schema.enum !== undefined && at.depth > 0) {
    push(walk, at, resolved, at.expression, schema.enum);
    return;
  }
  if (schema.items && typeof schema.items === 'object') {
    const items = { schema: schema.items, pointer: `${resolved.pointer}/items` };
    const next = { ...at, expression: `${at.expression}![0]`, depth: at.depth + 1, path: [...at.path, '[]'], refs };
    if (within(walk, next, walk.places.resolve(items))) visit(walk, items, next);
    return;
  }
  if (!schema.properties && !schema.allOf) {
    narrowInto(walk, resolved, { ...at, refs });
    return;
  }
  for (const [name, property] of walk.places.properties(resolved)) {
    const child = walk.places.resolve(property.at);
    if (child.schema.writeOnly === true) continue;
    const next = { ...at, expression: `${at.expression}!${tsAccess(name)}`, path: [...at.path, name], depth: at.depth + 1, refs };
    if (!within(walk, next, child)) continue;
    if (child.schema.enum !== undefined) {
      push(walk, next, child, next.expression, child.schema.enum);
      continue;
    }
    push(walk, next, child, next.expression);
    visit(walk, property.at, next);
  }
}

/** Each variant of a union told apart from the others, read after narrowing to it. */
function narrowInto(walk: Walk, resolved: ResolvedSchema, at: At): void {
  const tests = unionTests(walk.places, resolved);
  if (!tests) return;
  for (const variant of tests.variants) {
    if (!variant.test) continue;
    const name = `$n${at.narrowed}`;
    visit(walk, variant.member, {
      ...at,
      expression: name,
      open: `${at.open}const ${name} = ${at.expression}!; if (${variant.test(name)}) { `,
      close: ` }${at.close}`,
      path: [...at.path, `<${variant.label}>`],
      narrowed: at.narrowed + 1,
    });
  }
}

function push(walk: Walk, at: At, resolved: ResolvedSchema, expression: string, enumValues?: unknown[]): void {
  if (!(at.depth <= PLAIN.depth && walk.plain < PLAIN.reads)) {
    if (walk.reads.length >= FOCUSED.reads) return;
  } else walk.plain++;
  walk.reads.push({ open: at.open, close: at.close, expression, ...(enumValues ? { enumValues } : {}), places: resolved.places, path: at.path });
}
