/** Redaction (runtime/auth/redaction.ts) on its own: every form of a secret, and values of any depth. */
import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../../templates/runtime/auth/redaction.js';

const SECRET = 'sk-Ümlaut+/7f3a';

describe('Redactor', () => {
  const redactor = new Redactor();
  redactor.add(SECRET, true);
  const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

  it.each<[string, string]>([
    ['as sent', SECRET],
    ['in another letter case', SECRET.toUpperCase()],
    ['percent-escaped', encodeURIComponent(SECRET)],
    ['form-escaped', new URLSearchParams({ k: SECRET }).toString().slice(2)],
    ['JSON-escaped', JSON.stringify(SECRET).slice(1, -1)],
    ['base64, within basic credentials', base64(`user:${SECRET}`)],
    ['base64url', base64(SECRET).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')],
  ])('finds it %s', (_how, form) => {
    const shown = redactor.redact(`before ${form} after`);
    expect(shown).toContain('[redacted]');
    expect(shown).not.toMatch(/7f3a|N2YzYQ/i);
  });

  it('leaves secrets under 4 characters alone: they would mangle ordinary text', () => {
    const short = new Redactor();
    short.add('abc', true);
    expect(short.redact('abcdef')).toBe('abcdef');
  });

  it('keeps the 16 latest secrets had at call time, and the fixed ones for good', () => {
    const recent = new Redactor();
    recent.add('fixed-secret', true);
    for (let i = 0; i < 17; i++) recent.add(`token-number-${i}`, false);
    expect(recent.redact('fixed-secret token-number-0 token-number-16')).toBe(`${REDACTED} token-number-0 ${REDACTED}`);
  });

  it('redacts every string of a value (keys too) without recursion, and leaves objects of other kinds as they are', () => {
    let deep: unknown = SECRET;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let shown = redactor.redactValue(deep);
    for (let i = 0; i < 100_000; i++) shown = (shown as unknown[])[0];
    expect(shown).toBe(REDACTED);
    const date = new Date(0);
    expect(redactor.redactValue({ [SECRET]: [1, SECRET], date })).toStrictEqual({ [REDACTED]: [1, REDACTED], date });
    expect(redactor.redactHeaders({ 'x-echo': `key=${SECRET}` })).toStrictEqual({ 'x-echo': `key=${REDACTED}` });
  });
});
