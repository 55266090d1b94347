import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('operator reads: merchants and their keys', () => {
  let t: TestService;
  let ada: TestMerchant;
  let bob: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    ada = await createMerchant(t, 'scale', { email: `Ada.Lovelace-${Date.now()}@Example.com` });
    bob = await createMerchant(t, 'professional');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists merchants newest first, paginated, and filters by any part of the email ignoring case', async () => {
    const all = await t.admin('GET', '/merchants?limit=1');
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(1);
    expect(all.body.data[0].id).toBe(bob.id);
    expect(all.body.pagination).toMatchObject({ page: 1, limit: 1 });
    expect(all.body.pagination.total).toBeGreaterThanOrEqual(2);

    const found = await t.admin('GET', '/merchants?email=ada.lovelace');
    expect(found.body.data.map((m: { id: string }) => m.id)).toEqual([ada.id]);
    // LIKE wildcards in the filter match themselves only.
    expect((await t.admin('GET', '/merchants?email=%25')).body.data).toEqual([]);
  });

  it('reads one merchant; an unknown or malformed id is 404', async () => {
    const one = await t.admin('GET', `/merchants/${ada.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: ada.id, plan: 'scale' });
    expect((await t.admin('GET', '/merchants/0193a4f0-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await t.admin('GET', '/merchants/nope')).status).toBe(404);
  });

  it("lists a merchant's keys with a prefix to tell them apart, never the secret, revoked ones marked", async () => {
    const keys = await t.admin('GET', `/merchants/${ada.id}/keys`);
    expect(keys.status).toBe(200);
    expect(keys.body.data).toHaveLength(3);
    const text = JSON.stringify(keys.body);
    for (const key of [ada.liveKey, ada.testKey, ada.liveReadKey]) {
      expect(text).not.toContain(key);
      expect(keys.body.data.some((k: { prefix: string }) => key.startsWith(k.prefix))).toBe(true);
    }
    const live = keys.body.data.find((k: { prefix: string }) => ada.liveKey.startsWith(k.prefix));
    expect(live).toMatchObject({ mode: 'live', permissions: { read: true, write: true }, revokedAt: null });
    expect(live).not.toHaveProperty('key');

    await t.admin('DELETE', `/keys/${live.id}`);
    const after = await t.admin('GET', `/merchants/${ada.id}/keys`);
    expect(after.body.data.find((k: { id: string }) => k.id === live.id).revokedAt).toEqual(expect.any(String));
    expect((await t.admin('GET', '/merchants/0193a4f0-0000-7000-8000-000000000000/keys')).status).toBe(404);
  });

  it('needs the operator token', async () => {
    expect((await t.request('GET', '/admin/v1/merchants', { key: ada.liveKey })).status).toBe(401);
  });
});
