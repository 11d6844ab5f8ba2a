import { describe, expect, it } from 'vitest';
import { camelCase, isIdentifier, operationIdFrom, pascalCase, snakeCase, toolNameFrom, uniqueNames } from '../../generator/model/naming.js';

describe('naming', () => {
  const cases: [string, { given: string; want: { camel: string; pascal: string; snake: string } }][] = [
    [
      'camelCase id',
      { given: 'createMultiCameraAvatar', want: { camel: 'createMultiCameraAvatar', pascal: 'CreateMultiCameraAvatar', snake: 'create_multi_camera_avatar' } },
    ],
    ['snake_case', { given: 'timbre_unique_id', want: { camel: 'timbreUniqueId', pascal: 'TimbreUniqueId', snake: 'timbre_unique_id' } }],
    ['dashes and dots', { given: 'get-pet.by id', want: { camel: 'getPetById', pascal: 'GetPetById', snake: 'get_pet_by_id' } }],
    ['acronyms', { given: 'HTTPServerURL', want: { camel: 'httpServerURL', pascal: 'HTTPServerURL', snake: 'http_server_url' } }],
    ['leading digit', { given: '2fa setup', want: { camel: 'op2faSetup', pascal: 'T2faSetup', snake: '2fa_setup' } }],
    ['non-ASCII', { given: 'café crème', want: { camel: 'cafeCreme', pascal: 'CafeCreme', snake: 'cafe_creme' } }],
    ['reserved word', { given: 'delete', want: { camel: 'delete_', pascal: 'Delete', snake: 'delete' } }],
    ['built-in type', { given: 'blob', want: { camel: 'blob', pascal: 'Blob_', snake: 'blob' } }],
    ['only symbols', { given: '***', want: { camel: 'op', pascal: 'T', snake: '' } }],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    expect({ camel: camelCase(given), pascal: pascalCase(given), snake: snakeCase(given) }).toStrictEqual(want);
    expect(isIdentifier(camelCase(given))).toBe(true);
    expect(isIdentifier(pascalCase(given))).toBe(true);
  });

  it('makes unique names stably, in order', () => {
    const names = uniqueNames(['a-b', 'a_b', 'aB', 'c'], camelCase);
    expect([...names.values()]).toStrictEqual(['aB', 'aB2', 'aB3', 'c']);
    expect([...uniqueNames(['x'], () => 'request', ['request']).values()]).toStrictEqual(['request2']);
  });

  it('derives operationIds and tool names', () => {
    expect(operationIdFrom('get', '/pets/{petId}/toys')).toBe('getPetsByPetIdToys');
    expect(operationIdFrom('post', '/')).toBe('postRoot');
    expect(toolNameFrom('getSubscription', 'podcast_')).toBe('podcast_get_subscription');
    expect(toolNameFrom('9lives')).toBe('op_9lives');
    expect(toolNameFrom('x'.repeat(100))).toHaveLength(64);
  });
});
