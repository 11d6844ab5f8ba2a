import { expect, it } from 'vitest';
import { benchValidation } from '../../bench/validation.js';

it('benchValidation measures zod and ajv on the Subscription example (numbers only; npm run bench prints them)', async () => {
  const result = await benchValidation({ ms: 20 });
  expect(result.zodOpsPerSec).toBeGreaterThan(0);
  expect(result.ajvOpsPerSec).toBeGreaterThan(0);
});
