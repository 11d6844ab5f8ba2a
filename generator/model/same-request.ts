import type { Problem } from '../problems.js';
import { fragmentPairs, requestPath, templateQueryPairs } from './path-fragment.js';
import type { OperationModel } from './types.js';

/**
 * Operations no request tells apart: the same method, the same path but for its parameters' names
 * and a `#fragment` that names nothing the request carries (a URL's fragment is never sent), and the
 * same input otherwise (parameters and body, as their schemas accept them). A server answers them
 * alike, and so does the mock: as the first. Operations a fragment's `name=value` pair, a parameter
 * or the body tells apart are not warned of (test/fixtures-mock/same-request.test.ts), nor those
 * whose written paths differ only in parameter names, which lint warns of.
 */
export function sameRequests(operations: readonly OperationModel[]): Problem[] {
  // Only operations whose method and path shape another shares are compared input by input.
  const shapes = operations.map(shapeOf);
  const count = new Map<string, number>();
  for (const shape of shapes) count.set(shape, (count.get(shape) ?? 0) + 1);
  const first = new Map<string, OperationModel>();
  const problems: Problem[] = [];
  for (const [i, op] of operations.entries()) {
    const shape = shapes[i] as string;
    if (count.get(shape) === 1) continue;
    const key = `${shape}\n${requestKey(op)}`;
    const other = first.get(key);
    if (!other) {
      first.set(key, op);
      continue;
    }
    // Paths written alike but for their parameters' names: lint's no-identical-paths names both.
    if (writtenShape(op) === writtenShape(other)) continue;
    problems.push({
      code: 'model/same-request',
      severity: 'warn',
      pointer: op.pointer,
      message: `${op.httpMethod} ${op.path} (\`${op.methodName}\`) is the same request as ${other.httpMethod} ${other.path} (\`${other.methodName}\`): nothing the client sends tells them apart (a path's \`#...\` is not sent), so a server answers both alike, and the mock answers as \`${other.methodName}\``,
      hint: 'give each its own path, or describe one operation whose answer may be either (oneOf)',
    });
  }
  return problems;
}

/** The method and the path a request is routed by, its parameters unnamed. */
function shapeOf(op: OperationModel): string {
  return `${op.httpMethod.toUpperCase()} ${requestPath(op.path).replace(/\{[^}]*\}/g, '{}')}`;
}

/** The path as the document writes it (`#...` included), its parameters unnamed. */
function writtenShape(op: OperationModel): string {
  return `${op.httpMethod.toUpperCase()} ${op.path.replace(/\{[^}]*\}/g, '{}')}`;
}

/** What else a request shows: the body's media type, the fragment's pairs it carries, its input. */
function requestKey(op: OperationModel): string {
  const carried = new Set(op.input.filter((f) => f.in === 'header' || f.in === 'query').map((f) => f.wireName.toLowerCase()));
  const pairs = [...fragmentPairs(op.path).filter(([name]) => carried.has(name.toLowerCase())), ...templateQueryPairs(op.path)].map(
    ([name, value]) => `${name.toLowerCase()}=${value}`,
  );
  // Path parameters are in the path's shape; the rest of the input as a request must hold it.
  const input = op.input
    .filter((f) => f.in !== 'path')
    .map((f) => `${f.in}:${f.in === 'header' ? f.wireName.toLowerCase() : f.wireName}:${f.required}:${JSON.stringify(f.schema, withoutAnnotations)}`);
  return [op.body?.contentType ?? '', ...pairs.sort(), ...input.sort()].join('\n');
}

/** What a schema accepts, without what only describes it (two operations' fields differ in their descriptions alone). */
function withoutAnnotations(key: string, value: unknown): unknown {
  return ANNOTATIONS.has(key) || key.startsWith('x-') ? undefined : value;
}

const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'externalDocs', 'xml']);
