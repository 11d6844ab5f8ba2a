/**
 * Redaction: whatever the client shows (hooks, errors, the result's headers) has every credential
 * it sent or holds replaced by `[redacted]`: as sent, re-cased, base64 or base64url encoded,
 * percent- or JSON-escaped. One object does it everywhere: {@link Redactor}.
 */
import { base64, isRecord } from '../values.js';

/** What a credential shows as. */
export const REDACTED = '[redacted]';

/**
 * The secrets the client has sent or holds, and the redaction of them: those of the options for
 * good, and the latest of those had at call time (tokens, a function's values), as one pattern.
 */
export class Redactor {
  static readonly #RECENT = 16;
  readonly #fixed = new Set<string>();
  #recent: string[] = [];
  #pattern: RegExp | undefined | null = null;

  /** Adds a secret: `fixed` for one of the options (kept for good), else one had at call time (the latest kept). */
  add(secret: string, fixed: boolean): void {
    if (this.#fixed.has(secret) || this.#recent.includes(secret)) return;
    if (fixed) this.#fixed.add(secret);
    else this.#recent = [...this.#recent, secret].slice(-Redactor.#RECENT);
    this.#pattern = null;
  }

  /** `text` with every copy of a secret (as sent, re-cased, base64, percent-escaped) replaced by `[redacted]`. */
  redact(text: string): string {
    if (this.#pattern === null) this.#pattern = secretPattern([...this.#fixed, ...this.#recent]);
    return this.#pattern ? text.replace(this.#pattern, REDACTED) : text;
  }

  /**
   * A copy of `value` with the credential redacted in every string (object keys too); other values
   * as they are. Iterative: JSON.parse takes a hostile body nested a million deep, and this must too.
   */
  redactValue(value: unknown): unknown {
    const root: Record<string, unknown> = { value };
    const pending: [Record<string | number, unknown>, string | number][] = [[root, 'value']];
    for (let next = pending.pop(); next; next = pending.pop()) {
      const [holder, key] = next;
      const item = holder[key];
      if (typeof item === 'string') holder[key] = this.redact(item);
      else if (Array.isArray(item)) {
        const copy: unknown[] = [...item];
        holder[key] = copy;
        for (let i = 0; i < copy.length; i++) pending.push([copy as unknown as Record<number, unknown>, i]);
      } else if (isRecord(item) && Object.getPrototypeOf(item) === Object.prototype) {
        const copy = Object.fromEntries(Object.entries(item).map(([name, inner]) => [this.redact(name), inner]));
        holder[key] = copy;
        for (const name of Object.keys(copy)) pending.push([copy, name]);
      }
    }
    return root['value'];
  }

  /** Headers with every value redacted. */
  redactHeaders(headers: Record<string, string>): Record<string, string> {
    const shown: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) shown[name] = this.redact(value);
    return shown;
  }
}

/** One pattern matching every form of each key ({@link secretForms}); undefined when none is long enough to look for. */
function secretPattern(keys: readonly string[]): RegExp | undefined {
  const alternatives = [...new Set(keys.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  if (alternatives.length === 0) return undefined;
  return new RegExp(alternatives.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
}

/**
 * Every form of the key a server might echo: as sent, in any letter case (the pattern ignores
 * case), percent-escaped (as a path, query, form or cookie escapes it), JSON-escaped, and base64 or
 * base64url at each of the three alignments inside a longer encoded text. Keys under 4 characters
 * are left alone: they would mangle ordinary text.
 */
function secretForms(key: string): string[] {
  if (key.length < 4) return [];
  const bytes = new TextEncoder().encode(key);
  const forms = new Set([key, encodeURIComponent(key), new URLSearchParams({ k: key }).toString().slice(2), JSON.stringify(key).slice(1, -1)]);
  const whole = base64(bytes);
  const encoded = [whole, whole.replace(/=+$/, '')];
  for (let offset = 0; offset < 3; offset++) {
    // Only the characters made of the key's bits alone, whatever precedes and follows it.
    const text = base64(new Uint8Array([...new Uint8Array(offset), ...bytes]));
    encoded.push(text.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6)));
  }
  for (const text of encoded) {
    forms.add(text);
    forms.add(text.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...forms].filter((f) => f.length >= 4);
}
