import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('the merchant reads its notices: GET /notifications, POST /notifications/read', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(() => t.close());

  /** Notices as the service's writers leave them (their own tests cover who writes what). */
  const leave = async (m: TestMerchant, mode: 'live' | 'test', count: number) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const id = randomUUID();
      await t.sql(`insert into notifications (id, merchant_id, mode, kind, message, created_at) values ($1, $2, $3, 'webhook_paused', $4, $5)`, [
        id, m.id, mode, `notice ${i}`, new Date(Date.UTC(2026, 10, 1, 0, i)),
      ]);
      ids.push(id);
    }
    return ids;
  };

  it('lists newest first with pagination and an unreadCount for every unread notice', async () => {
    const m = await createMerchant(t, 'professional');
    const ids = await leave(m, 'live', 3);
    const res = await t.api('GET', '/notifications?limit=2', m.liveKey);
    expect(res.status).toBe(200);
    expect(res.body.data.map((n: { id: string }) => n.id)).toEqual([ids[2], ids[1]]);
    expect(res.body.data[0]).toEqual({ id: ids[2], kind: 'webhook_paused', message: 'notice 2', createdAt: expect.any(String), read: false, readAt: null });
    expect(res.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(res.body.unreadCount).toBe(3);
  });

  it('marks given ids read (any key, Pro included), then all; a repeat changes nothing', async () => {
    const m = await createMerchant(t, 'professional');
    const ids = await leave(m, 'live', 3);
    const marked = await t.api('POST', '/notifications/read', m.liveKey, { ids: [ids[0], 'not-an-id'] });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ marked: 1, unreadCount: 2 });
    const [first] = await t.sql(`select read_at from notifications where id = $1`, [ids[0]]);
    expect((await t.api('POST', '/notifications/read', m.liveKey, { ids: [ids[0]] })).body.data).toEqual({ marked: 0, unreadCount: 2 });
    expect((await t.sql(`select read_at from notifications where id = $1`, [ids[0]]))[0]).toEqual(first);
    expect((await t.api('POST', '/notifications/read', m.liveKey, { all: true })).body.data).toEqual({ marked: 2, unreadCount: 0 });
    const list = await t.api('GET', '/notifications', m.liveKey);
    expect(list.body.data.every((n: { read: boolean; readAt: string | null }) => n.read && n.readAt !== null)).toBe(true);
  });

  it('keeps merchants and modes apart', async () => {
    const a = await createMerchant(t, 'ultimate');
    const b = await createMerchant(t, 'ultimate');
    const [aLive] = await leave(a, 'live', 1);
    const [aTest] = await leave(a, 'test', 1);
    expect((await t.api('GET', '/notifications', a.testKey)).body.data.map((n: { id: string }) => n.id)).toEqual([aTest]);
    expect((await t.api('GET', '/notifications', b.liveKey)).body).toMatchObject({ data: [], unreadCount: 0 });
    expect((await t.api('POST', '/notifications/read', b.liveKey, { ids: [aLive] })).body.data.marked).toBe(0);
    expect((await t.api('POST', '/notifications/read', a.testKey, { all: true })).body.data.marked).toBe(1);
    expect((await t.api('GET', '/notifications', a.liveKey)).body.unreadCount).toBe(1);
  });

  it.each([[{}], [{ ids: [] }], [{ all: false }], [{ ids: ['x'], all: true }], [{ ids: 'x' }]])(
    'refuses %j with 400 validation_error, marking nothing',
    async (body) => {
      const m = await createMerchant(t, 'ultimate');
      await leave(m, 'live', 1);
      const res = await t.api('POST', '/notifications/read', m.liveKey, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect((await t.api('GET', '/notifications', m.liveKey)).body.unreadCount).toBe(1);
    },
  );

  it('answers 401 without a key', async () => {
    expect((await t.api('GET', '/notifications', undefined)).status).toBe(401);
  });
});
