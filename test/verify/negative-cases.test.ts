/**
 * `--negative` breaks every kind of constraint the model holds of an operation's input, one request
 * each: bodies (required, not an object, a field's type), headers and parameters (left out, out of
 * bounds), the idempotency key's bounds. Each change is refused by the operation's own validator,
 * and the generated mock refuses each request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../generated/mock/index.js';
import { modelResolver } from '../../generator/synthesis/build-fixture.js';
import { negativeCases } from '../../generator/verify/negative-cases.js';
import { verifyServer } from '../../generator/verify/verify-server.js';
import { podcastTarget, TEST_KEY } from './helpers.js';

let target: Awaited<ReturnType<typeof podcastTarget>>;
let mock: MockServer;
beforeAll(async () => {
  target = await podcastTarget();
  mock = await startMockServer({ credentials: { ApiKeyAuth: TEST_KEY } });
});
afterAll(() => mock.close());

const casesOf = (operationId: string) => {
  const op = target.model.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(operationId);
  const schemas = target.generated.schemas[operationId];
  return negativeCases({
    op,
    params: target.generated.fixtures[operationId]?.params ?? {},
    resolve: modelResolver(target.model),
    ...(schemas?.params ? { validator: schemas.params } : {}),
  });
};

describe('the negative cases of an operation', () => {
  it.each([
    {
      given: 'addImage (a bounded idempotency key, an object body)',
      want: [
        ['body-required', 'its required body is left out'],
        ['body-type', 'its body is [], not an object'],
        ['type', 'the body field image_material is 12345, not a string'],
        ['idempotency-key-too-long', 'its Idempotency-Key is 129 characters long, past its maxLength 128'],
        ['idempotency-key-empty', 'its Idempotency-Key is empty, under its minLength 1'],
      ],
    },
    {
      given: 'deleteImage (a required integer query parameter)',
      want: [
        ['missing-parameter', 'the query parameter id is required and left out'],
        ['type', 'the query parameter id is "not-a-number", not an integer'],
      ],
    },
    { given: 'searchCatalog (an enum path parameter)', want: [['enum', 'the path parameter kind is "podcast-gen-verify-not-in-enum", outside its enum']] },
  ])('$given', ({ given, want }) => {
    const cases = casesOf(given.split(' ')[0] as string);
    expect(cases.map((c) => [c.kind, c.request.label])).toStrictEqual(want.map(([kind, label]) => [kind, `with invalid input (${label})`]));
  });

  it('each change of the input is one the operation validator refuses', () => {
    for (const op of target.model.operations)
      for (const c of casesOf(op.operationId))
        if (c.request.body === undefined && c.request.headers === undefined)
          expect(target.generated.schemas[op.operationId]?.params?.safeParse(c.request.input).success, `${op.operationId}: ${c.request.label}`).toBe(false);
  });
});

describe('verify --negative on addImage', () => {
  it('sends each break and the mock refuses each: no note that the input declares no constraint', async () => {
    mock.reset();
    const report = await verifyServer({
      ...target,
      baseUrl: mock.url,
      credential: TEST_KEY,
      credentialVariable: 'PODCAST_API_KEY',
      unsafe: true,
      negative: true,
      cases: 1,
      select: (op) => op.operationId === 'addImage',
    });
    expect(report.operations).toMatchObject([{ operationId: 'addImage', status: 'pass', findings: [] }]);
    expect(report.operations[0]?.notes ?? []).toStrictEqual([]);
    const statuses = mock.requests.map((r) => r.status);
    // The fixture, the requests without a credential and with a wrong one, the five breaks and an undeclared method.
    expect(statuses).toStrictEqual([200, 401, 401, 400, 400, 400, 400, 400, 405]);
  });
});
