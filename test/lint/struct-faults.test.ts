import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAndLint } from '../../generator/index.js';
import { ROOT } from '../helpers/paths.js';

const DOCUMENTS = join(ROOT, 'test', 'lint', 'documents');

/**
 * Every fault of a document full of them, as `podcast-gen/struct` and `podcast-gen/struct-unread`
 * report them: the same problems at the same places, in the order redocly's walk meets them (each
 * node's faults the first rule reads, then the second's), whatever the rules share to find them.
 */
describe('podcast-gen/struct and podcast-gen/struct-unread', () => {
  it('report each fault once, by the rule it belongs to, in walk order', async () => {
    const { problems } = await loadAndLint({ spec: 'struct-faults.yaml', lintConfig: 'struct-faults.redocly.yaml', cwd: DOCUMENTS });
    expect(problems.map((p) => [p.code, p.message, p.pointer, p.line, p.col])).toStrictEqual([
      ['podcast-gen/struct', 'Expected type `string` but got `integer`.', '#/info/version', 4, 12],
      ['podcast-gen/struct-unread', 'The field `title` must be present on this level.', '#/info', 3, 1],
      ['podcast-gen/struct-unread', 'Expected type `string` but got `integer`.', '#/info/contact/name', 5, 20],
      ['podcast-gen/struct-unread', 'Expected type `string` but got `array`.', '#/info/contact/url', 5, 28],
      ['podcast-gen/struct-unread', 'The field `url` must be present on this level.', '#/tags/0/externalDocs', 9, 5],
      ['podcast-gen/struct-unread', 'Expected type `Tag` (object) but got `string`', '#/tags/1', 10, 5],
      ['podcast-gen/struct', 'Expected type `string` but got `integer`.', '#/paths/~1things~1{id}/get/tags/0', 18, 14],
      ['podcast-gen/struct-unread', 'Property `requried` is not expected here.', '#/paths/~1things~1{id}/get/requried', 17, 7],
      [
        'podcast-gen/struct',
        '`in` can be one of the following only: "query", "header", "path", "cookie".',
        '#/paths/~1things~1{id}/get/parameters/0/in',
        20,
        26,
      ],
      ['podcast-gen/struct', 'Must contain at least one of the following fields: schema, content.', '#/paths/~1things~1{id}/get/parameters/1', 21, 11],
      ['podcast-gen/struct', 'Expected type `number` but got `string`.', '#/components/parameters/Limit/schema/maximum', 45, 85],
      ['podcast-gen/struct-unread', 'The field `description` must be present on this level.', '#/paths/~1things~1{id}/get/responses/200', 24, 9],
      ['podcast-gen/struct', 'The field `propertyName` must be present on this level.', '#/components/schemas/Thing/discriminator', 54, 7],
      ['podcast-gen/struct', 'Expected type `boolean` but got `string`.', '#/components/schemas/Thing/properties/name/nullable', 51, 41],
      [
        'podcast-gen/struct',
        'The value of the maxLength field must be greater than or equal to 0',
        '#/components/schemas/Thing/properties/name/maxLength',
        51,
        57,
      ],
      [
        'podcast-gen/struct',
        '`type` can be one of the following only: "object", "array", "string", "number", "integer", "boolean".',
        '#/components/schemas/Thing/properties/tags/items/type',
        52,
        45,
      ],
      ['podcast-gen/struct', 'Expected type `array` but got `string`.', '#/components/schemas/Thing/properties/kind/enum', 53, 37],
      ['podcast-gen/struct-unread', 'Expected type `string` but got `integer`.', '#/components/schemas/Thing/xml/name', 49, 20],
      ['podcast-gen/struct-unread', 'Expected type `string` but got `integer`.', '#/paths/~1things~1{id}/get/responses/200/links/next/operationId', 29, 34],
      [
        'podcast-gen/struct',
        '`style` can be one of the following only: "form", "simple", "label", "matrix", "spaceDelimited", "pipeDelimited", "deepObject".',
        '#/paths/~1things~1{id}/get/responses/404/headers/X-Rate/style',
        30,
        92,
      ],
      [
        'podcast-gen/struct',
        'Expected type `string` but got `integer`.',
        '#/paths/~1things~1{id}/post/requestBody/content/application~1json/schema/required/1',
        38,
        32,
      ],
      [
        'podcast-gen/struct',
        'The value of the minProperties field must be greater than or equal to 0',
        '#/paths/~1things~1{id}/post/requestBody/content/application~1json/schema/minProperties',
        39,
        30,
      ],
      [
        'podcast-gen/struct',
        'Expected type `array` but got `string`.',
        '#/paths/~1things~1{id}/post/requestBody/content/application~1json/schema/enum',
        40,
        21,
      ],
      ['podcast-gen/struct-unread', 'The field `description` must be present on this level.', '#/components/responses/Plain', 56, 5],
    ]);
  });
});
