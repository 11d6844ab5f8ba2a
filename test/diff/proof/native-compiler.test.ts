import { describe, expect, it } from 'vitest';
import { nativeCompiler, parseDiagnostics } from '../../../generator/diff/proof/native-compiler.js';

describe('the native compiler of the types proof', () => {
  it('reads its errors: file, line, code, and a message of several lines joined as the compiler API flattens them', () => {
    const output = [
      'usage-new/usage.ts(12,7): error TS2322: Type \'"a" | "b"\' is not assignable to type \'"a"\'.',
      '  Type \'"b"\' is not assignable to type \'"a"\'.',
      "new\\client.ts(3,1): error TS2304: Cannot find name 'fetch'.",
      'Found 2 errors.',
    ].join('\n');
    expect(parseDiagnostics(output)).toStrictEqual([
      {
        file: 'usage-new/usage.ts',
        line: 12,
        code: 'TS2322',
        message: 'Type \'"a" | "b"\' is not assignable to type \'"a"\'.   Type \'"b"\' is not assignable to type \'"a"\'.',
      },
      { file: 'new/client.ts', line: 3, code: 'TS2304', message: "Cannot find name 'fetch'." },
    ]);
  });

  it('is not used where PODCAST_GEN_PROOF_COMPILER=api (as in these tests)', () => {
    expect(process.env.PODCAST_GEN_PROOF_COMPILER).toBe('api');
    expect(nativeCompiler(process.cwd())).toBeUndefined();
  });
});
