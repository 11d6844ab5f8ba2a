/**
 * OpenAPI's runtime expressions (3.0 and later, "Runtime Expressions"), as links use them: a value
 * of the request that was sent or of the answer it got (`$response.body#/id`,
 * `$response.header.Location`, `$request.path.petId`, `$statusCode`), a constant, or a string with
 * expressions in braces (`/pets/{$response.body#/id}`).
 */
import { getByPointer } from '../json-pointer.js';

/** The exchange an expression is read from. */
export interface ExpressionSource {
  url: string;
  method: string;
  /** The request's values by where they went: path, query and header parameters by wire name, and the body. */
  request: { path: Record<string, unknown>; query: Record<string, unknown>; header: Record<string, unknown>; body: unknown };
  status: number;
  /** The answer's headers, names in lower case. */
  headers: Record<string, string>;
  body: unknown;
}

/** The value of `expression` (a constant where it is none), or undefined where it names nothing. */
export function evaluate(expression: unknown, source: ExpressionSource): unknown {
  if (typeof expression !== 'string') return expression;
  if (!expression.startsWith('$')) {
    // A constant, or text with expressions in braces.
    if (!expression.includes('{$')) return expression;
    let missing = false;
    const text = expression.replace(/\{(\$[^}]+)\}/g, (_, inner: string) => {
      const value = evaluate(inner, source);
      if (value === undefined) missing = true;
      return typeof value === 'string' ? value : JSON.stringify(value);
    });
    return missing ? undefined : text;
  }
  if (expression === '$url') return source.url;
  if (expression === '$method') return source.method;
  if (expression === '$statusCode') return source.status;
  const body = /^\$(request|response)\.body(?:#(.*))?$/.exec(expression);
  if (body) {
    const root = body[1] === 'request' ? source.request.body : source.body;
    return body[2] === undefined || body[2] === '' ? root : getByPointer(root, `#${body[2]}`);
  }
  const header = /^\$response\.header\.(.+)$/.exec(expression);
  if (header) return source.headers[(header[1] as string).toLowerCase()];
  const part = /^\$request\.(path|query|header)\.(.+)$/.exec(expression);
  if (part) {
    const values = source.request[part[1] as 'path' | 'query' | 'header'];
    const name = part[2] as string;
    return part[1] === 'header' ? Object.entries(values).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] : values[name];
  }
  return undefined;
}
