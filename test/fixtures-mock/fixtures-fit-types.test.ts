/**
 * Fixtures fit both of their judges (issue 17, "Fixtures that fit their types"): ajv on the
 * document's own schemas, and the generated types under TypeScript 7 (strict, over the fixtures and
 * what reads them: types, validators and the mock). One small document per class of failure seen in
 * public documents (test/fixtures/corpus/fixtures-*.yaml). What no value fits is left out with a
 * warning that names the operation and the place, never emitted wrong.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../generator/index.js';
import type { ApiModel, OperationModel, ResponseModel } from '../../generator/model/types.js';
import { DOCUMENTS, useFitOutputs } from './helpers/fit-documents.js';
import { createJudge } from './judge.js';

/** A fixture file as emitted: a part no value fits is absent. */
interface EmittedFixture {
  operationId: string;
  params?: Record<string, unknown>;
  response: { status: number; headers: Record<string, string>; body: unknown };
  errors: { status: number; headers: Record<string, string>; body: unknown }[];
}

interface Generated {
  model: ApiModel;
  files: Map<string, string>;
  warnings: Problem[];
}

/** Type-checked against the generated types (TypeScript 7, strict) in fixtures-fit-types.compat.test.ts. */
const outputs = useFitOutputs();
const generated = new Map<string, Generated>();
beforeAll(() => {
  for (const [name, { model, files, warnings }] of outputs) generated.set(name, { model, files: new Map(files.map((f) => [f.path, f.content])), warnings });
});

function fixtureOf(name: string, op: OperationModel): EmittedFixture | undefined {
  const text = generated.get(name)?.files.get(`fixtures/${op.fileName}.json`);
  return text === undefined ? undefined : (JSON.parse(text) as EmittedFixture);
}

/** The declared response an emitted error answers for: its own status, else its range, else `default`. */
function declaredFor(op: OperationModel, status: number): ResponseModel | undefined {
  return (
    op.errors.find((e) => e.status === status) ??
    op.errors.find((e) => e.statusClass !== undefined && Math.floor(status / 100) === e.statusClass) ??
    op.errors.find((e) => e.status === 'default')
  );
}

describe.each(Object.keys(DOCUMENTS))('fixtures of %s', (name) => {
  it("are valid for ajv against the document's schemas, in every part emitted", () => {
    const { model } = generated.get(name) as Generated;
    const judge = createJudge(model);
    for (const op of model.operations) {
      const fixture = fixtureOf(name, op);
      if (!fixture) continue;
      if (fixture.params) expect(judge(op.inputSchema, fixture.params), `${op.operationId} params`).toStrictEqual([]);
      if (op.success.schema) expect(judge(op.success.schema, fixture.response.body), `${op.operationId} response`).toStrictEqual([]);
      for (const error of fixture.errors) {
        const schema = declaredFor(op, error.status)?.schema;
        if (schema) expect(judge(schema, error.body), `${op.operationId} ${error.status}`).toStrictEqual([]);
      }
    }
  });

  it('warn once for each part left out, naming the operation and the place', () => {
    const messages = (generated.get(name) as Generated).warnings.map((w) => w.message);
    const expected = DOCUMENTS[name] as RegExp[];
    expect(messages).toHaveLength(expected.length);
    for (const [i, pattern] of expected.entries()) expect(messages[i]).toMatch(pattern);
  });
});

describe("what each document's fixtures hold", () => {
  const fixture = (name: string, operationId: string): EmittedFixture | undefined => {
    const op = generated.get(name)?.model.operations.find((o) => o.operationId === operationId);
    if (!op) throw new Error(`${name} has no operation ${operationId}`);
    return fixtureOf(name, op);
  };

  it('a discriminated branch carries its tag and every property it requires', () => {
    // The tag is the one openapi-typescript prints: the first discriminator that names the branch decides it.
    const reviewers = fixture('fixtures-discriminated-branches', 'listReviewers')?.response.body as Record<string, unknown>[];
    for (const reviewer of reviewers) expect(reviewer).toHaveProperty(/^team/i.test(String(reviewer.reviewer_type)) ? 'mode' : 'role_name');
  });

  it('a property with a default is set, as the types require it', () => {
    const created = fixture('fixtures-defaults', 'createAdvisory');
    expect(created?.params).toHaveProperty('start_private_fork');
    expect(created?.response.body).toHaveProperty('state');
    const configuration = (created?.response.body as { configuration: { repository: { security: { secret_scanning: { bypass: { reviewers: unknown[] } } } } } })
      .configuration;
    for (const reviewer of configuration.repository.security.secret_scanning.bypass.reviewers) expect(reviewer).toHaveProperty('mode');
  });

  it('parameters of any name keep their values beside a body without properties', () => {
    expect(fixture('fixtures-empty-body-beside-parameters', 'operations.cancel')?.params).toHaveProperty(['$.xgafv']);
    expect(fixture('fixtures-amz-headers', 'GetHomeRegion')?.params).toHaveProperty(['X-Amz-Date']);
  });

  it("a reference into another schema's property is followed", () => {
    expect(fixture('fixtures-ref-into-property', 'putUserInfo')?.params?.email).toMatch(/^[^@]+@[^@]+$/);
  });

  it('an optional object no value fits is not set; a required one leaves its part out', () => {
    const file = fixture('fixtures-undeclared-required', 'getFile');
    expect(file?.response.body).not.toHaveProperty('shared_link');
    const section = fixture('fixtures-undeclared-required', 'createSectionForProject');
    expect(section).toBeDefined();
    expect(section).not.toHaveProperty('params');
    expect(section?.errors).toStrictEqual([]);
    expect(fixture('fixtures-undeclared-required', 'listPackageVersions')).toBeUndefined();
    const index = generated.get('fixtures-undeclared-required')?.files.get('fixtures/index.ts') ?? '';
    expect(index).not.toMatch(/listPackageVersions/);
  });

  it('an object closed to what every branch of its oneOf requires takes no value: an optional array of them is sent empty', () => {
    expect(fixture('fixtures-closed-parts', 'setDefaults')?.params).toStrictEqual({ values: [] });
    expect(fixture('fixtures-closed-parts', 'getDefault')).toBeUndefined();
    expect(fixture('fixtures-closed-parts', 'getNote')?.response.body).toStrictEqual({});
  });

  it('a declared property beside additionalProperties fits both, or is not set', () => {
    const counters = fixture('fixtures-additional-and-named-properties', 'getCounters')?.response.body as { total: number; errors: number };
    expect(Number.isInteger(counters.total) && counters.total >= 0).toBe(true);
    expect(Number.isInteger(counters.errors)).toBe(true);
    const labels = fixture('fixtures-additional-and-named-properties', 'getLabels')?.response.body;
    expect(labels).not.toHaveProperty('primary');
    expect(labels).toHaveProperty(['secondary', 'color']);
    expect(fixture('fixtures-additional-and-named-properties', 'putSettings')).not.toHaveProperty('params');
  });
});
