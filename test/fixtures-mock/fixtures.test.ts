import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type FixtureValue } from '../../generator/synthesis/build-fixture.js';
import type { ApiModel, SchemaObject } from '../../generator/model/types.js';
import { generateInMemory } from '../helpers/generate.js';
import { FIXTURE_DOCS, GENERATED, SPEC } from '../helpers/paths.js';
import { Envelope, operationSchemas } from '../../generated/schemas.js';
import { createJudge } from './judge.js';
import { modelOf } from './model.js';

const PETSTORE = join(FIXTURE_DOCS, 'petstore-mini.yaml');

/** Every body a fixture holds, with the schema the document gives it. */
function bodiesOf(model: ApiModel, fixture: FixtureValue): { label: string; schema: SchemaObject | undefined; body: unknown }[] {
  const op = model.operations.find((o) => o.operationId === fixture.operationId);
  if (!op) throw new Error(`no operation ${fixture.operationId}`);
  return [
    { label: 'response', schema: op.success.schema, body: fixture.response.body },
    ...op.errors.map((e, i) => ({ label: `errors[${i}] (${e.status})`, schema: e.schema, body: fixture.errors[i]?.body })),
  ];
}

for (const [name, spec] of [
  ['podcast', SPEC],
  ['petstore-mini', PETSTORE],
] as const) {
  describe(`fixtures of ${name}`, () => {
    let model: ApiModel;
    let files: Map<string, string>;
    beforeAll(async () => {
      model = await modelOf(spec);
      files = await generateInMemory(spec);
    });

    it('has one JSON file per operation, in the documented shape, ending with a newline', () => {
      for (const op of model.operations) {
        const text = files.get(`fixtures/${op.operationId}.json`);
        expect(text, op.operationId).toBeDefined();
        expect(text?.endsWith('}\n')).toBe(true);
        const fixture = JSON.parse(text as string) as FixtureValue;
        expect(Object.keys(fixture)).toStrictEqual(['operationId', 'params', 'response', 'errors']);
        expect(fixture.operationId).toBe(op.operationId);
        expect(Object.keys(fixture.params).every((k) => op.input.some((f) => f.name === k))).toBe(true);
        expect(fixture.errors.map((e) => Object.keys(e))).toStrictEqual(op.errors.map(() => ['status', 'headers', 'body']));
      }
    });

    it('params are valid for ajv against the input schema, bodies against their response schemas', () => {
      const judge = createJudge(model);
      let judged = 0;
      for (const op of model.operations) {
        const fixture = JSON.parse(files.get(`fixtures/${op.operationId}.json`) as string) as FixtureValue;
        expect(judge(op.inputSchema, fixture.params), `${op.operationId} params`).toStrictEqual([]);
        for (const field of op.input.filter((f) => f.required)) expect(fixture.params, `${op.operationId}.${field.name}`).toHaveProperty([field.name]);
        for (const { label, schema, body } of bodiesOf(model, fixture)) {
          if (!schema) {
            expect(body, `${op.operationId} ${label}`).toBeNull();
            continue;
          }
          expect(judge(schema, body), `${op.operationId} ${label}`).toStrictEqual([]);
          judged++;
        }
      }
      expect(judged).toBeGreaterThanOrEqual(model.operations.length);
    });

    it('is byte-identical across two generations', async () => {
      const again = await generateInMemory(spec);
      const paths = [...files.keys()].filter((p) => p.startsWith('fixtures/') || p.startsWith('mock/'));
      expect(paths.length).toBeGreaterThan(model.operations.length);
      for (const path of paths) expect(again.get(path), path).toBe(files.get(path));
    });
  });
}

describe('podcast fixtures', () => {
  let model: ApiModel;
  beforeAll(async () => {
    model = await modelOf(SPEC);
  });
  const fixture = (id: string) => {
    const op = model.operations.find((o) => o.operationId === id);
    if (!op) throw new Error(id);
    return buildFixture(op, model);
  };

  it('takes the document examples first', () => {
    const avatar = fixture('createMultiCameraAvatar');
    expect(avatar.params).toStrictEqual(model.operations.find((o) => o.operationId === 'createMultiCameraAvatar')?.body?.example);
    expect((avatar.response.body as { data: unknown }).data).toStrictEqual({ podcast_avatar_id: 52817, pack_ids: [90311, 90312] });
  });

  it('gives quotaSummary a 429 with Retry-After matching retry_after, a 503 without body and an envelope failure', () => {
    const quota = fixture('quotaSummary');
    expect(quota.params).toStrictEqual({});
    expect(quota.errors.map((e) => e.status)).toStrictEqual([429, 503, 500]);
    const [limited, unavailable, failure] = quota.errors;
    expect(limited?.headers['Retry-After']).toBe(String((limited?.body as { retry_after: number }).retry_after));
    expect(unavailable?.body).toBeNull();
    expect(failure?.body).toMatchObject({ code: 500, msg: 'internal server error', data: null });
    expect((failure?.body as { rid: string }).rid).toMatch(/^req_[0-9A-Z]{20}$/);
  });

  it("synthesizes the deletes' query id as a positive integer", () => {
    for (const id of ['deleteImage', 'deleteImageBackground']) {
      const value = fixture(id).params.id;
      expect(Number.isInteger(value) && (value as number) > 0).toBe(true);
    }
  });

  it('params, data and error bodies are accepted by the generated zod validators', () => {
    type Parser = { safeParse(value: unknown): { success: boolean; error?: unknown } };
    const schemas = operationSchemas as unknown as Record<string, { params?: Parser; data: Parser; errors: Record<string, Parser> }>;
    for (const op of model.operations) {
      const fx = fixture(op.operationId);
      const zod = schemas[op.operationId];
      if (!zod) throw new Error(`no validators for ${op.operationId}`);
      if (op.hasInput) expect(zod.params?.safeParse(fx.params).error, `${op.operationId} params`).toBeUndefined();
      else expect(zod.params).toBeUndefined();
      expect(Envelope.safeParse(fx.response.body).error, `${op.operationId} envelope`).toBeUndefined();
      expect(zod.data.safeParse((fx.response.body as { data: unknown }).data).error, `${op.operationId} data`).toBeUndefined();
      op.errors.forEach((declared, i) => {
        const validator = zod.errors[String(declared.status)];
        const body = fx.errors[i]?.body;
        if (declared.schema) expect(validator?.safeParse(body).error, `${op.operationId} ${declared.status}`).toBeUndefined();
        else expect(body).toBeNull();
      });
    }
  });

  it('commits the same fixtures to generated/', () => {
    for (const op of model.operations) {
      const path = join(GENERATED, 'fixtures', `${op.operationId}.json`);
      expect(existsSync(path), path).toBe(true);
      expect(JSON.parse(readFileSync(path, 'utf8'))).toStrictEqual(fixture(op.operationId));
    }
  });
});
