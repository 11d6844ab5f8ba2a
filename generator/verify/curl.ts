/**
 * A request as a `curl` command line a person can run again (POSIX shell quoting), its credential
 * shown as `[redacted]` as the report shows it: put the credential back in its place to send it.
 */
import type { SentRequest } from './report.js';

/** `curl -X POST 'https://...' -H 'name: value' --data-raw '...'`. */
export function curlLine(request: SentRequest): string {
  const parts = ['curl', '-X', request.method, quote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', quote(`${name}: ${value}`));
  const type = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  const body = request.body;
  if (body !== undefined) {
    if (/multipart\//i.test(type) && isRecord(body)) {
      for (const [name, value] of Object.entries(body)) parts.push('-F', quote(`${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`));
    } else if (/x-www-form-urlencoded/i.test(type) && isRecord(body)) {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(body)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
      parts.push('--data-raw', quote(form.toString()));
    } else parts.push('--data-raw', quote(typeof body === 'string' && !/json/i.test(type) ? body : JSON.stringify(body)));
  }
  return parts.join(' ');
}

/** One shell word: in single quotes, a single quote as `'\''`. */
function quote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
