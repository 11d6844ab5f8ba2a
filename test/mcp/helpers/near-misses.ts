/**
 * Arguments that are almost right, by operationId: each breaks exactly one rule of the document
 * (the fixture's valid params are the starting point). Input-less operations take none.
 */
type Params = Record<string, unknown>;

const avatar = (params: Params): Record<string, Params> => {
  const hosts = params.hosts as unknown[];
  return {
    'three hosts': { ...params, hosts: [...hosts, hosts[0]] },
    'one host': { ...params, hosts: hosts.slice(0, 1) },
    'a prompt of 16001 characters': { ...params, prompt: 'p'.repeat(16001) },
    'both background ids': { ...params, background: { id: 7, user_background_id: 8 } },
    'neither background id': { ...params, background: {} },
    'an avatar_type outside the enum': { ...params, avatar_type: 'robot' },
    'a model outside the enum': { ...params, model: 4 },
    'an aspect_ratio outside the enum': { ...params, aspect_ratio: 2 },
    'no hosts': Object.fromEntries(Object.entries(params).filter(([k]) => k !== 'hosts')),
  };
};

/** Near misses of each operation's valid params. */
export function nearMisses(operationId: string, params: Params): Record<string, unknown> {
  const generic = { 'not an object': [params] };
  switch (operationId) {
    case 'createMultiCameraAvatar':
      return { ...generic, ...avatar(params) };
    case 'searchCatalog':
      return { ...generic, 'a kind outside the enum': { kind: 'podcasts' }, 'no kind': {} };
    case 'deleteImage':
    case 'deleteImageBackground':
      return { ...generic, 'an id that is not an integer': { id: 'five' }, 'no id': {} };
    case 'copyImageTemplate':
      return { ...generic, 'an id that is not an integer': { id: 1.5 } };
    case 'regenerateBackground':
      return { ...generic, 'a user_background_id that is a string': { user_background_id: '12' } };
    case 'addImage':
      return { ...generic, 'an image_material that is a number': { image_material: 5 } };
    case 'saveDesignedVoice':
      return { ...generic, 'a task_item_id that is not an integer': { ...params, task_item_id: 1.5 } };
    default:
      return generic;
  }
}
