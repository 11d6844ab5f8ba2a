import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseYaml as parse } from '@redocly/openapi-core';
import { formatProblem, generateFiles, PodcastGenError } from '../../generator/index.js';
import { convertSwagger2, originalPointer } from '../../generator/load/swagger-2.js';
import { ROOT } from '../helpers/paths.js';
import { startLoopback, type SeenRequest } from '../helpers/loopback.js';
import { clientOnOwnMock, expectGenerated, useGeneratedBatch } from './document-roundtrip.js';
import { KNOWN_2_0 as KNOWN, readmeExamples, SWAGGER2_FIXTURE } from './readme-examples.js';

const DOCUMENTS = readmeExamples('2.0');

type Module = Record<string, unknown>;
type Client = Record<string, (params?: unknown) => Promise<unknown>>;

/** Compiled with TypeScript 7 in swagger2.compat.test.ts. */
describe('Swagger 2.0: @readme/oas-examples and a document of every 2.0 feature, converted in memory', () => {
  const output = useGeneratedBatch('swagger2', [...DOCUMENTS, SWAGGER2_FIXTURE]);
  const { generated } = output;

  it('generates every document with the defaults (except the known failures)', () => {
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(7);
    expectGenerated(output.generated, output.refused, KNOWN);
  });

  it("completes every operation's fixture with the generated client against the generated mock", async () => {
    const failures: string[] = [];
    for (const [name, out] of generated) {
      const { called, failed } = await clientOnOwnMock(out);
      expect(called.length + failed.length, name).toBeGreaterThan(0);
      failures.push(...failed.map((f) => `${name} ${f}`));
    }
    const failedIds = failures.map((f) => f.slice(0, f.indexOf(':')));
    expect(failures.filter((_, i) => !KNOWN[failedIds[i] as string])).toStrictEqual([]);
    expect(
      Object.keys(KNOWN).filter((k) => !failedIds.includes(k)),
      'these work now: remove them from KNOWN',
    ).toStrictEqual([]);
  }, 120_000);

  describe('the client of the 2.0 document sends what the 2.0 document says (a real server on 127.0.0.1)', () => {
    let api: Client;
    let server: Awaited<ReturnType<typeof startLoopback>>;
    const last = (): SeenRequest => server.requests.at(-1) as SeenRequest;
    beforeAll(async () => {
      const out = generated.get('fixture/swagger-2.0') as string;
      const client = (await import(pathToFileURL(join(out, 'client.ts')).href)) as Module;
      server = await startLoopback((request) => {
        if (request.path.endsWith('/note')) return { body: 'a quiet cat' };
        if (request.path.endsWith('/photo')) return { body: { url: 'https://example.com/p.png' } };
        if (request.path === '/pets' && request.method === 'GET') return { body: [{ id: 1, name: 'Tom', tag: null, owner: null }] };
        return { status: request.method === 'POST' ? 201 : 200, body: { id: 7, name: 'Tom', tag: null } };
      });
      const create = client.createPodcastClient as (options: object) => Client;
      api = create({ baseUrl: server.url, apiKey: 'key-1', auth: { oauth: 'token-1', basic: 'ada:pw-1' } });
    });
    afterAll(() => server?.close());

    it('collectionFormat: csv (the default), multi, pipes and ssv query arrays', async () => {
      await api.listPets?.({ tags: ['a', 'b'], ids: [1, 2], colors: ['black', 'white'], sizes: ['s', 'm'] });
      expect(last().query).toStrictEqual({ tags: 'a,b', ids: ['1', '2'], colors: 'black|white', sizes: 's m' });
    });

    it("securityDefinitions: each operation sends its requirement's credential (an operation's basic or oauth2, else the global apiKey)", async () => {
      await api.getPet?.({ petId: 3 });
      expect([last().path, last().headers.authorization, last().headers['x-api-key']]).toStrictEqual(['/pets/3', `Basic ${btoa('ada:pw-1')}`, undefined]);
      await api.listPets?.();
      expect([last().headers.authorization, last().headers['x-api-key']]).toStrictEqual(['Bearer token-1', undefined]);
      await api.updatePet?.({ petId: 3, name: 'Tom' });
      expect([last().headers.authorization, last().headers['x-api-key']]).toStrictEqual([undefined, 'key-1']);
    });

    it('a `body` parameter is the JSON request body (global `consumes`), `x-nullable` allows null', async () => {
      const pet = await api.createPet?.({ name: 'Tom', tag: null });
      expect(last().headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(last().body)).toStrictEqual({ name: 'Tom', tag: null });
      expect(pet).toStrictEqual({ id: 7, name: 'Tom', tag: null });
    });

    it('`formData` parameters under `consumes: application/x-www-form-urlencoded` are a form', async () => {
      await api.updatePet?.({ petId: 3, name: 'Tom' });
      expect(last().method).toBe('PUT');
      expect(last().headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
      expect(Object.fromEntries(new URLSearchParams(last().body))).toStrictEqual({ name: 'Tom' });
      // `collectionFormat: csv` of a formData array is the form's `encoding` (form, explode false): one comma-separated value.
      await api.updatePet?.({ petId: 3, name: 'Tom', nicknames: ['Tommy', 'T'] });
      expect([...new URLSearchParams(last().body)]).toStrictEqual([
        ['name', 'Tom'],
        ['nicknames', 'Tommy,T'],
      ]);
    });

    it('a required formData parameter is required (the client refuses a form without it); the others are optional', async () => {
      await expect(api.updatePet?.({ petId: 3 })).rejects.toThrow(/name/);
      await expect(api.uploadPhoto?.({ petId: 3, caption: 'hi' })).rejects.toThrow(/file/);
      const requests = server.requests.length;
      await api.uploadPhoto?.({ petId: 3, file: new Blob(['x']) });
      expect(server.requests.length).toBe(requests + 1);
    });

    it('a `type: file` formData parameter is uploaded as a multipart file', async () => {
      const result = await api.uploadPhoto?.({ petId: 3, file: new Blob(['PNG…'], { type: 'image/png' }), caption: 'hi' });
      expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(last().body).toMatch(/name="file"; filename="[^"]*"\r\nContent-Type: image\/png\r\n\r\nPNG…/);
      expect(last().body).toMatch(/name="caption"\r\n\r\nhi/);
      expect(result).toStrictEqual({ url: 'https://example.com/p.png' });
    });

    it('`produces: [text/plain]` makes the answer a string', async () => {
      expect(await api.getNote?.({ petId: 3 })).toBe('a quiet cat');
    });

    it('x-nullable beside a $ref lets the validators take null there', async () => {
      const { Pet: PetSchema } = (await import(pathToFileURL(join(generated.get('fixture/swagger-2.0') as string, 'schemas.ts')).href)) as Record<
        string,
        { safeParse(v: unknown): { success: boolean } }
      >;
      const pet = { id: 1, name: 'Tom' };
      expect([pet, { ...pet, vet: null }, { ...pet, vet: { name: 'Ada' } }].map((v) => PetSchema?.safeParse(v).success)).toStrictEqual([true, true, true]);
      expect(PetSchema?.safeParse({ ...pet, vet: 1 }).success).toBe(false);
    });

    it('the validators refuse what the 2.0 document forbids: a missing required field, null where x-nullable is absent', async () => {
      await expect(api.createPet?.({ tag: 'x' })).rejects.toThrow(/name/);
      await expect(api.createPet?.({ name: null })).rejects.toThrow(/name/);
    });
  });

  it("securityDefinitions: oauth2 scopes of an operation are its MCP tool's scopes; basic and apiKey ask for none", () => {
    const out = generated.get('fixture/swagger-2.0') as string;
    const { tools } = JSON.parse(readFileSync(join(out, 'mcp', 'tools.json'), 'utf8')) as {
      tools: { name: string; _meta: Record<string, { scopes: string[] }> }[];
    };
    const scopes = Object.fromEntries(tools.map((t) => [t.name, t._meta['dev.podcast-gen/operation']?.scopes]));
    expect(scopes).toStrictEqual({ list_pets: ['pets:read'], create_pet: ['pets:write'], get_pet: [], update_pet: [], upload_photo: [], get_note: [] });
  });

  it('types: x-nullable is `| null`, a file field a Blob, produces/consumes the content types', () => {
    const out = generated.get('fixture/swagger-2.0') as string;
    const types = readFileSync(join(out, 'types.ts'), 'utf8');
    expect(types).toMatch(/tag\?: string \| null;/);
    expect(types).toMatch(/owner\?: components\["schemas"\]\["Owner"\] \| null;/);
    // Beside a $ref too, as the tools that write 2.0 documents mean it.
    expect(types).toMatch(/vet\?: components\["schemas"\]\["Owner"\] \| null;/);
    expect(types).toMatch(/"multipart\/form-data": \{[^}]*file: string;/s);
    expect(types).toMatch(/"application\/x-www-form-urlencoded": \{/);
    expect(types).toMatch(/"application\/xml": components\["schemas"\]\["Pet"\];/);
    expect(types).toMatch(/"text\/plain": string;/);
    expect(types).toMatch(/"application\/x-www-form-urlencoded": \{\n\s+name: string;\n\s+nicknames\?: string\[\];/);
    const client = readFileSync(join(out, 'client.ts'), 'utf8');
    expect(client).toMatch(/uploadPhoto: \{\n\s+params: .*"multipart\/form-data"/);
  });
});

describe('Swagger 2.0: problems point at the 2.0 file as written', () => {
  const TMP = mkdtempSync(join(ROOT, 'test', '.tmp-swagger2-'));
  afterAll(() => rmSync(TMP, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    writeFileSync(join(TMP, name), text);
    return join(TMP, name);
  };
  const problemsOf = async (spec: string): Promise<string[]> => {
    try {
      return (await generateFiles({ spec })).problems.map(formatProblem);
    } catch (error) {
      if (error instanceof PodcastGenError) return error.problems.map(formatProblem);
      throw error;
    }
  };
  const head = 'swagger: "2.0"\ninfo: { title: Broken, version: "1" }\npaths:\n';
  const ok = '      responses:\n        "200": { description: ok }\n';
  // Line 4 on: a body parameter (line 8), formData parameters (lines 20 and 23), an operation without operationId (line 17).
  const features = `${head}  /counts:
    post:
      operationId: addCount
      parameters:
        - name: count
          in: body
          schema:
            type: object
            properties:
              n: { type: integer, format: int64 }
${ok}  /uploads:
    post:
      consumes: [multipart/form-data]
      parameters:
        - name: title
          in: formData
          type: string
        - name: size
          in: formData
          type: integer
          format: int64
${ok}`;

  it("lint reads the 2.0 document by 2.0's types: a misplaced field is an error at its line", async () => {
    const problems = await problemsOf(write('struct.yaml', `${head}  /a:\n    get:\n      operationId: getA\n      requestBody: {}\n${ok}`));
    expect(problems).toStrictEqual([expect.stringMatching(/^\S*struct\.yaml:7:7 +error +podcast-gen\/struct +Property `requestBody` is not expected here/)]);
  });

  it('what the converter cannot read is a lint error at its place, before any conversion', async () => {
    const problems = await problemsOf(
      write('no-in.yaml', `${head}  /a:\n    get:\n      operationId: getA\n      parameters:\n        - name: q\n          type: string\n${ok}`),
    );
    expect(problems).toStrictEqual([expect.stringMatching(/^\S*no-in\.yaml:8:11 +error +podcast-gen\/struct +The field `in` must be present on this level/)]);
  });

  it('an unresolved $ref is an error at its line', async () => {
    const problems = await problemsOf(
      write(
        'ref.yaml',
        `${head}  /a:\n    get:\n      operationId: getA\n      responses:\n        "200": { description: ok, schema: { $ref: "#/definitions/Nope" } }\n`,
      ),
    );
    expect(problems.filter((p) => / error /.test(p))).toStrictEqual([
      expect.stringMatching(/^\S*ref\.yaml:8:43 +error +\S+ +Can't resolve \$ref "#\/definitions\/Nope"/),
    ]);
  });

  it('after conversion: a body property, a formData parameter and an operation are placed in the 2.0 file', async () => {
    const problems = await problemsOf(write('features.yaml', features));
    expect(problems.sort()).toStrictEqual([
      expect.stringMatching(/^\S*features\.yaml:13:35 +warn +zod\/inexact +int64/),
      expect.stringMatching(/^\S*features\.yaml:17:5 +warn +model\/derived-operation-id +operation has no operationId; using `postUploads`/),
      expect.stringMatching(/^\S*features\.yaml:26:11 +warn +zod\/inexact +int64/),
    ]);
    const { problems: raw } = await generateFiles({ spec: join(TMP, 'features.yaml') });
    // The pointers too name the 2.0 document's places (as `--json` prints them).
    expect(raw.map((p) => p.pointer).sort()).toStrictEqual([
      '#/paths/~1counts/post/parameters/0/schema/properties/n/format',
      '#/paths/~1uploads/post',
      '#/paths/~1uploads/post/parameters/1/format',
    ]);
  });

  it('after conversion: a schema name too long stops the run at its name under `definitions`', async () => {
    const name = 'A'.repeat(1001);
    const problems = await problemsOf(
      write(
        'long.yaml',
        `${head}  /a:\n    get:\n      operationId: getA\n      responses:\n        "200": { description: ok, schema: { $ref: "#/definitions/${name}" } }\ndefinitions:\n  ${name}:\n    type: string\n`,
      ),
    );
    expect(problems).toStrictEqual([expect.stringMatching(/^\S*long\.yaml:10:3 +error +model\/name-too-long +the schema name A+… is 1,001 characters long/)]);
  });

  it("lint holds a 2.0 document to podcast-gen's rules on paths and operations: operationIds, identical paths, tool names", async () => {
    const same = `${head}  /a:\n    get:\n      operationId: same\n      x-tool-name: Bad-Name\n${ok}  /b:\n    get:\n      operationId: same\n${ok}  /c/{x}:\n    get:\n      operationId: c1\n      parameters: [{ name: x, in: path, required: true, type: string }]\n${ok}  /c/{y}:\n    get:\n      operationId: c2\n      parameters: [{ name: y, in: path, required: true, type: string }]\n${ok}`;
    expect((await problemsOf(write('same.yaml', same))).sort()).toStrictEqual([
      expect.stringMatching(/^\S*same\.yaml:12:7 +error +podcast-gen\/operation-id-unique +GET \/a and GET \/b have the same operationId `same`/),
      expect.stringMatching(
        /^\S*same\.yaml:22:5 +warn +podcast-gen\/no-identical-paths +GET \/c\/\{x\} \(c1\) and GET \/c\/\{y\} \(c2\) differ only in the names of path parameters/,
      ),
      expect.stringMatching(/^\S*same\.yaml:7:20 +error +podcast-gen\/tool-name +Tool name "Bad-Name" must match/),
    ]);
  });

  it('a pointer into the conversion maps to the 2.0 place, else to the nearest enclosing one (at worst the operation)', () => {
    const original = parse(features) as Record<string, unknown>;
    const converted = convertSwagger2(original);
    const map = (pointer: string) => originalPointer(original, converted, pointer);
    expect(map('#/paths/~1counts/post/requestBody/content/application~1json/schema/properties/n')).toBe(
      '#/paths/~1counts/post/parameters/0/schema/properties/n',
    );
    expect(map('#/paths/~1uploads/post/requestBody/content/multipart~1form-data/schema/properties/size/format')).toBe(
      '#/paths/~1uploads/post/parameters/1/format',
    );
    expect(map('#/paths/~1uploads/post/requestBody/content/multipart~1form-data/encoding')).toBe('#/paths/~1uploads/post/parameters/0');
    expect(map('#/paths/~1counts/post/responses/200/content/application~1json')).toBe('#/paths/~1counts/post/responses/200');
    expect(map('#/paths/~1counts/post/servers/0')).toBe('#/paths/~1counts/post');
    expect(map('#/paths/~1counts/post/operationId')).toBe('#/paths/~1counts/post/operationId');
  });

  it('what the conversion cannot carry is warned at its place: collectionFormat tsv', async () => {
    const problems = await problemsOf(
      write(
        'tsv.yaml',
        `${head}  /a:\n    get:\n      operationId: getA\n      parameters:\n        - { name: t, in: query, type: array, items: { type: string }, collectionFormat: tsv }\n${ok}`,
      ),
    );
    expect(problems).toStrictEqual([
      expect.stringMatching(/^\S*tsv\.yaml:8:71 +warn +load\/not-converted +`collectionFormat: tsv` of `t` has no OpenAPI 3\.0 form/),
    ]);
  });

  it('a body or formData parameter named by $ref, or given by the path item, becomes the request body', async () => {
    const shared = `swagger: "2.0"
info: { title: Shared, version: "1" }
consumes: [application/json]
parameters:
  Pet: { name: pet, in: body, required: true, schema: { $ref: "#/definitions/Pet" } }
  Photo: { name: photo, in: formData, type: file, required: true }
paths:
  /pets:
    post:
      operationId: addPet
      parameters: [{ $ref: "#/parameters/Pet" }]
${ok}  /pets/{id}:
    parameters:
      - { name: id, in: path, required: true, type: string }
      - { $ref: "#/parameters/Pet" }
    put:
      operationId: putPet
${ok}  /photos:
    post:
      operationId: addPhoto
      consumes: [multipart/form-data]
      parameters: [{ $ref: "#/parameters/Photo" }, { name: note, in: formData, type: string }]
${ok}definitions:
  Pet: { type: object, required: [name], properties: { name: { type: string } } }
`;
    const original = parse(shared) as Record<string, unknown>;
    const converted = convertSwagger2(original) as { paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>> };
    expect(converted.paths['/pets']?.post).toMatchObject({
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
    });
    expect(converted.paths['/pets']?.post?.parameters ?? []).toStrictEqual([]);
    expect(converted.paths['/pets/{id}']?.put).toMatchObject({
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
    });
    expect(converted.paths['/pets/{id}']?.parameters).toStrictEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(converted.paths['/photos']?.post).toMatchObject({
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: ['photo'], properties: { photo: { type: 'string', format: 'binary' }, note: { type: 'string' } } },
          },
        },
      },
    });
    // The whole way: the client's operations take those bodies' fields.
    const { files } = await generateFiles({ spec: write('shared.yaml', shared) });
    const client = files.find((f) => f.path === 'client.ts')?.content ?? '';
    expect(client).toMatch(
      /addPet: \{\n\s+params: Simplify<Pick<NonNullable<operations\["addPet"\]\['requestBody'\]>\['content'\]\["application\/json"\], "name">>;/,
    );
    expect(client).toMatch(/addPhoto: \{\n\s+params: Simplify<Pick<[^\n]*"multipart\/form-data"\], "photo" \| "note">>;/);
    // A problem in the body named by $ref is placed at the body parameter of the operation.
    expect(originalPointer(original, converted, '#/paths/~1pets/post/requestBody/content/application~1json/schema')).toBe('#/paths/~1pets/post/parameters/0');
  });

  it('refuses Swagger 1.x, and a version written as a number, at the `swagger` field', async () => {
    expect(await problemsOf(write('v12.yaml', 'info: { title: T, version: "1" }\nswagger: "1.2"\npaths: {}\n'))).toStrictEqual([
      expect.stringMatching(
        /^\S*v12\.yaml:2:1 +error +load\/unsupported-version +Swagger 1\.2 is not supported; podcast-gen reads Swagger 2\.0 and OpenAPI 3\.0\.x, 3\.1\.x and 3\.2\.x/,
      ),
    ]);
    expect(await problemsOf(write('v2-number.yaml', 'swagger: 2.0\ninfo: { title: T, version: "1" }\npaths: {}\n'))).toStrictEqual([
      expect.stringMatching(/^\S*v2-number\.yaml:1:1 +error +load\/unsupported-version +`swagger` is the number 2; .*write `swagger: "2\.0"`, quoted/),
    ]);
  });
});
