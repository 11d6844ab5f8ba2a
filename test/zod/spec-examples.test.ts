import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as schemas from '../../generated/schemas.js';
import { operationSchemas } from '../../generated/schemas.js';
import { SPEC } from '../helpers/paths.js';
import { modelOf } from './helpers/emit-schemas.js';

const model = await modelOf(SPEC);
const host = { photo_url: 'https://cdn.example.com/a.jpg', name: 'Maya', timbre_unique_id: 'tmb_1' };
const avatar = { background: { id: 7 }, hosts: [host, host], prompt: 'studio', avatar_type: 'default', model: 9, aspect_ratio: 1 };

describe('the generated validators accept every example of the document', () => {
  const cases = model.operations.flatMap((op) => {
    const entry = operationSchemas[op.operationId as keyof typeof operationSchemas] as {
      params?: z.ZodMiniType;
      body?: z.ZodMiniType;
      data: z.ZodMiniType;
      errors: Record<string, z.ZodMiniType>;
    };
    const list: [string, z.ZodMiniType | undefined, unknown][] = [];
    if (op.body?.example !== undefined) {
      list.push([`${op.operationId} body`, entry.body, op.body.example]);
      if (op.body.flattened) list.push([`${op.operationId} params`, entry.params, op.body.example]);
    }
    const success = op.success.example as Record<string, unknown> | undefined;
    if (success !== undefined) list.push([`${op.operationId} data`, entry.data, op.data.fromEnvelope ? success.data : success]);
    for (const error of op.errors.filter((e) => e.example !== undefined))
      list.push([`${op.operationId} ${error.status}`, entry.errors[String(error.status)], error.example]);
    return list;
  });

  it('has examples to check', () => expect(cases.length).toBeGreaterThanOrEqual(20));
  it.each(cases)('%s', (_name, validator, example) => {
    expect(validator).toBeDefined();
    const result = (validator as z.ZodMiniType).safeParse(example);
    expect(result.error?.issues ?? []).toEqual([]);
  });
});

describe('the seed request rules, by the generated validators', () => {
  const params = schemas.CreateMultiCameraAvatarParams;
  it.each([
    ['two hosts', avatar, true],
    ['one host', { ...avatar, hosts: [host] }, false],
    ['three hosts', { ...avatar, hosts: [host, host, host] }, false],
    ['prompt of 16000', { ...avatar, prompt: 'x'.repeat(16000) }, true],
    ['prompt of 16001', { ...avatar, prompt: 'x'.repeat(16001) }, false],
    ['background by user_background_id', { ...avatar, background: { user_background_id: 3 } }, true],
    ['both background ids', { ...avatar, background: { id: 7, user_background_id: 3 } }, false],
    ['neither background id', { ...avatar, background: {} }, false],
    ['avatar_type outside the enum', { ...avatar, avatar_type: 'robot' }, false],
    ['model outside 3, 9, 11', { ...avatar, model: 4 }, false],
    ['aspect_ratio as a string', { ...avatar, aspect_ratio: '1' }, false],
    ['no hosts', { background: { id: 7 } }, false],
  ] as const)('%s', (_name, value, valid) => {
    expect(params.safeParse(value).success).toBe(valid);
  });

  it('names the field of a wrong-typed response value and lets extra fields through', () => {
    const bad = schemas.GetSubscriptionData.safeParse({ coupon: { amount_off: 'five' } });
    expect(bad.error?.issues.map((i) => i.path)).toEqual([['coupon', 'amount_off']]);
    const extra = schemas.QuotaSummaryData.parse({ plan_id: 3, brand_new_field: { x: 1 } });
    expect(extra).toEqual({ plan_id: 3, brand_new_field: { x: 1 } });
  });

  it('keeps descriptions and constraints in the JSON Schema zod derives', () => {
    const json = z.toJSONSchema(params, { io: 'input' }) as {
      properties: Record<string, { description?: string; maxLength?: number; minItems?: number; maxItems?: number }>;
    };
    expect(json.properties.prompt).toMatchObject({ description: expect.stringContaining('16000'), maxLength: 16000 });
    expect(json.properties.hosts).toMatchObject({ minItems: 2, maxItems: 2, description: expect.stringContaining('exactly 2') });
  });
});
