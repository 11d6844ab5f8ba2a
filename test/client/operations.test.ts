import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPodcastClient, type PodcastClient } from '../../generated/index.js';
import { envelope, startLoopback } from '../helpers/loopback.js';

const API_KEY = 'test-key-3f9a2c71';
const left = { photo_url: 'https://cdn.example.com/a.jpg', name: 'Maya', timbre_unique_id: 'tmb_1' };
const right = { photo_url: 'https://cdn.example.com/b.jpg', name: 'Leo', timbre_unique_id: 'tmb_2' };

/** One row per operation: the call, the exact wire request it must make, and the data it answers. */
const table: {
  name: string;
  call: (c: PodcastClient) => Promise<unknown>;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  data: unknown;
}[] = [
  {
    name: 'quotaSummary',
    call: (c) => c.quotaSummary(),
    method: 'GET',
    path: '/open/podcast/v1/quota/summary',
    data: { credits_included: 1000, credits_remaining: 742.5, credits_unlimited: false, plan_id: 3, plan_name: 'Pro' },
  },
  {
    name: 'createMultiCameraAvatar',
    call: (c) =>
      c.createMultiCameraAvatar(
        { background: { id: 7 }, hosts: [left, right], prompt: 'Two hosts', avatar_type: 'default', model: 9, aspect_ratio: 1 },
        { idempotencyKey: 'order-42' },
      ),
    method: 'POST',
    path: '/open/podcast/v1/avatars/multi_camera',
    body: { background: { id: 7 }, hosts: [left, right], prompt: 'Two hosts', avatar_type: 'default', model: 9, aspect_ratio: 1 },
    data: { podcast_avatar_id: 11, pack_ids: [1, 2] },
  },
  {
    name: 'saveDesignedVoice',
    call: (c) => c.saveDesignedVoice({ name: 'Calm', desc: 'warm', language: 'en', tag: 'narration', task_item_id: 5 }),
    method: 'POST',
    path: '/open/podcast/v1/voices/design/save',
    body: { desc: 'warm', language: 'en', name: 'Calm', tag: 'narration', task_item_id: 5 },
    data: { timbre_id: 3, timbre_unique_id: 'tmb_x', voice_id: 'v_1' },
  },
  {
    name: 'copyImageTemplate',
    call: (c) => c.copyImageTemplate({ id: 77 }),
    method: 'POST',
    path: '/open/podcast/v1/image_templates/copy',
    body: { id: 77 },
    data: { id: 78, aspect_ratio: 1 },
  },
  {
    name: 'regenerateBackground',
    call: (c) => c.regenerateBackground({ user_background_id: 9 }),
    method: 'POST',
    path: '/open/podcast/v1/backgrounds/regenerate',
    body: { user_background_id: 9 },
    data: { unique_id: 'bg_9' },
  },
  {
    name: 'addImage',
    call: (c) => c.addImage({ image_material: 'https://cdn.example.com/i.png' }),
    method: 'POST',
    path: '/open/podcast/v1/images',
    body: { image_material: 'https://cdn.example.com/i.png' },
    data: { id: 501 },
  },
  {
    name: 'listImageBackgrounds',
    call: (c) => c.listImageBackgrounds(),
    method: 'GET',
    path: '/open/podcast/v1/image_backgrounds',
    data: {
      list: [
        {
          id: 1,
          photo_unique_id: 'p1',
          width: 1080,
          height: 1920,
          is_demo: false,
          output_url: ['https://cdn.example.com/o.png'],
          photo_info: { age: 'adult', reference_images: [{ key: 'k', url: 'https://cdn.example.com/r.png' }] },
        },
      ],
    },
  },
  {
    name: 'getSubscription',
    call: (c) => c.getSubscription(),
    method: 'GET',
    path: '/open/podcast/v1/subscription',
    data: {
      current_credit: 10.5,
      current_seat: 1,
      enterprise_member: false,
      privileges: { api_credit: 1, credit: 2, lip_sync_duration: 3, team_seat: 4 },
      supplements: [],
    },
  },
  {
    name: 'searchCatalog',
    call: (c) => c.searchCatalog({ kind: 'voices' }),
    method: 'GET',
    path: '/open/podcast/v1/catalogs/voices',
    data: [{ anything: 'goes' }],
  },
  {
    name: 'deleteImageBackground',
    call: (c) => c.deleteImageBackground({ id: 12 }),
    method: 'DELETE',
    path: '/open/podcast/v1/image_backgrounds',
    query: { id: '12' },
    data: { deleted: true },
  },
  {
    name: 'getVoiceCloneAllowance',
    call: (c) => c.getVoiceCloneAllowance(),
    method: 'GET',
    path: '/open/podcast/v1/voices/clone/allowance',
    data: { free_count: 2 },
  },
  { name: 'deleteImage', call: (c) => c.deleteImage({ id: 501 }), method: 'DELETE', path: '/open/podcast/v1/images', query: { id: '501' }, data: null },
];

describe('every operation on the wire', () => {
  let server: Awaited<ReturnType<typeof startLoopback>>;
  let client: PodcastClient;
  const answers = new Map<string, unknown>(table.map((row) => [`${row.method} ${row.path}`, row.data]));

  beforeAll(async () => {
    server = await startLoopback((req) => ({ body: envelope(answers.get(`${req.method} ${req.path}`)) }));
    client = createPodcastClient({ apiKey: API_KEY, baseUrl: server.url });
  });
  afterAll(() => server.close());

  it('covers all twelve operations', () => {
    expect(table.map((r) => r.name).sort()).toStrictEqual(Object.keys(client).sort());
    expect(table).toHaveLength(12);
  });

  it.each(table)('$name sends exactly its request and resolves to the data', async (row) => {
    const before = server.requests.length;
    const data = await row.call(client);
    expect(data).toStrictEqual(row.data);
    expect(server.requests).toHaveLength(before + 1);
    const seen = server.requests[before];
    expect(seen?.method).toBe(row.method);
    expect(seen?.path).toBe(row.path);
    expect(seen?.query).toStrictEqual(row.query ?? {});
    expect(seen?.headers['x-api-key']).toBe(API_KEY);
    if (row.body === undefined) {
      expect(seen?.body).toBe('');
      expect(seen?.headers['content-type']).toBeUndefined();
      expect(seen?.headers['idempotency-key']).toBeUndefined();
    } else {
      expect(JSON.parse(seen?.body ?? '')).toStrictEqual(row.body);
      expect(seen?.headers['content-type']).toBe('application/json');
      const key = seen?.headers['idempotency-key'];
      expect(typeof key).toBe('string');
      if (row.name === 'createMultiCameraAvatar') expect(key).toBe('order-42');
    }
  });

  it('gives the whole response with withResponse()', async () => {
    const result = await client.quotaSummary().withResponse();
    expect(result.status).toBe(200);
    expect(result.rid).toBe('rid-test-1');
    expect(result.body).toMatchObject({ code: 0, msg: 'success' });
    expect(result.headers['content-type']).toBe('application/json');
    expect(result.attempts).toBe(1);
    expect(result.data).toStrictEqual(table[0]?.data);
  });

  it('generates a different idempotency key per call when none is given', async () => {
    const before = server.requests.length;
    await client.copyImageTemplate({ id: 1 });
    await client.copyImageTemplate({ id: 1 });
    const [a, b] = server.requests.slice(before).map((r) => r.headers['idempotency-key']);
    expect(a).not.toBe(b);
  });
});
