import { describe, expect, it } from 'vitest';
import { commentText, jsDoc, jsonLiteral, tsAccess, tsIdentifier, tsPropertyKey, tsString } from '../../generator/emit/print.js';

const hostile = ['*/', '/*', '`', '${x}', '"', "'", '\\', '\u2028', '\u2029', '</script>', '{{x}}', '\u0000', '\n'];

describe('print helpers', () => {
  it.each(hostile)('tsString round-trips %j', (text) => {
    const literal = tsString(`a${text}b`);
    expect(literal).not.toMatch(/[\u2028\u2029]/);
    expect(literal.toLowerCase()).not.toContain('</script');
    expect(new Function(`return ${literal};`)()).toBe(`a${text}b`);
  });

  it('jsonLiteral is JSON and JS at once', () => {
    const value = { a: hostile, 'b c': 1 };
    const text = jsonLiteral(value);
    expect(JSON.parse(text)).toStrictEqual(value);
    expect(new Function(`return ${text};`)()).toStrictEqual(value);
  });

  it('comments cannot be closed from inside', () => {
    const doc = jsDoc(['ends here */ alert(1) /*', 'second line']);
    expect(doc.match(/\*\//g)).toHaveLength(1);
    expect(commentText('a\u2028b\r\nc')).toBe('a\nb\nc');
    expect(commentText('nul\u0000byte')).toBe('nulbyte');
  });

  it('jsDoc keeps paragraphs and drops trailing blanks', () => {
    expect(jsDoc(['Summary', '', 'Body.', ''], '  ')).toBe('  /**\n   * Summary\n   *\n   * Body.\n   */\n');
    expect(jsDoc([undefined, 'One'])).toBe('/** One */\n');
    expect(jsDoc([])).toBe('');
  });

  it('keys and accesses', () => {
    expect(tsPropertyKey('plain_name')).toBe('plain_name');
    expect(tsPropertyKey('X-Api-Key')).toBe('"X-Api-Key"');
    expect(tsPropertyKey('__proto__')).toBe('["__proto__"]');
    expect(tsAccess('a')).toBe('.a');
    expect(tsAccess('a-b')).toBe('["a-b"]');
    expect(() => tsIdentifier('class')).toThrow(/not a valid identifier/);
    expect(tsIdentifier('quotaSummary')).toBe('quotaSummary');
  });
});
