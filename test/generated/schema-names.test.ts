import { describe, expect, it } from 'vitest';
import * as index from '../../generated/index.js';
import * as schemas from '../../generated/schemas.js';

/** The names a reader of the document can predict, and how index.ts resolves the one clash. */
describe('generated validator names', () => {
  const body429 = { code: 429, msg: 'slow down', retry_after: 3 };

  it('schemas.ts exports the RateLimitError component under its document name, as a zod schema', () => {
    expect(schemas.RateLimitError.parse(body429)).toStrictEqual(body429);
    expect(schemas.RateLimitError.safeParse({ ...body429, retry_after: 0 }).success).toBe(false);
  });

  it('index.ts keeps the runtime class RateLimitError and re-exports the validator as RateLimitErrorSchema', () => {
    expect(index.RateLimitError.prototype).toBeInstanceOf(index.ApiError);
    expect(index.RateLimitErrorSchema).toBe(schemas.RateLimitError);
    // Every other component keeps its name in index.ts too.
    expect(index.QuotaSummary).toBe(schemas.QuotaSummary);
  });

  it('each operation exports its error-body validators by status as <Operation>Errors', () => {
    expect(schemas.QuotaSummaryErrors['429']).toBe(schemas.RateLimitError);
    expect(schemas.operationSchemas.quotaSummary.errors).toBe(schemas.QuotaSummaryErrors);
    expect(schemas.QuotaSummaryErrors.default.safeParse({ code: 1, msg: 'x', rid: 'r' }).success).toBe(true);
    expect(Object.keys(schemas.SaveDesignedVoiceErrors)).toStrictEqual(['default']);
    const typed: schemas.QuotaSummaryErrors['429'] = body429;
    expect(typed.retry_after).toBe(3);
  });
});
