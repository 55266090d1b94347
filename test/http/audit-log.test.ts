import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('audit log', () => {
  let t: TestService;
  let merchant: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
  });
  afterAll(() => t.close());

  const rows = (where = 'true', params: unknown[] = []) =>
    t.sql(`select * from audit_log where ${where} order by created_at, id`, params);

  it('writes nothing for a successful read', async () => {
    const before = await rows();
    expect((await t.api('GET', '/me', merchant.liveKey)).status).toBe(200);
    expect(await rows()).toHaveLength(before.length);
  });

  it('records every failed authentication with address, user agent and error code, never the key', async () => {
    const wrongKey = 'svc_pk_live_' + 'Z'.repeat(43);
    const res = await t.request('GET', '/api/v1/me', {
      key: wrongKey,
      headers: { 'user-agent': 'probe/1.0' },
    });
    expect(res.status).toBe(401);
    const [row] = await rows(`user_agent = 'probe/1.0'`);
    expect(row).toMatchObject({
      actor: 'anonymous',
      api_key_id: null,
      merchant_id: null,
      method: 'GET',
      path: '/api/v1/me',
      status: 401,
      error_code: 'unauthorized',
    });
    expect(JSON.stringify(await rows())).not.toContain('Z'.repeat(20));
  });

  it('records a write whether it succeeds or fails, with key id and merchant id', async () => {
    const res = await t.api('POST', '/no-such-write', merchant.liveKey, { a: 1 });
    expect(res.status).toBe(404);
    const [row] = await rows(`path = '/api/v1/no-such-write'`);
    expect(row).toMatchObject({ actor: 'api_key', merchant_id: merchant.id, method: 'POST', status: 404, error_code: 'not_found' });
    expect(row.api_key_id).toEqual(expect.any(String));
  });

  it('records operator writes against the merchant they touched, listed newest first with pagination', async () => {
    await t.admin('PATCH', `/merchants/${merchant.id}`, { automaticPayouts: true });
    await t.admin('PATCH', `/merchants/${merchant.id}`, { plan: 'ultimate' });
    const res = await t.admin('GET', `/merchants/${merchant.id}/audit-log?limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(res.body.pagination.total).toBeGreaterThanOrEqual(3);
    const [newest, previous] = res.body.data;
    expect(newest).toMatchObject({ actor: 'operator', method: 'PATCH', path: `/admin/v1/merchants/${merchant.id}`, status: 200 });
    expect(Date.parse(newest.createdAt)).toBeGreaterThanOrEqual(Date.parse(previous.createdAt));
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(t.sql(`update audit_log set status = 200`)).rejects.toThrow(/append-only/);
    await expect(t.sql(`delete from audit_log`)).rejects.toThrow(/append-only/);
    await expect(t.sql(`truncate audit_log`)).rejects.toThrow(/append-only/);
    expect((await rows()).length).toBeGreaterThan(0);
  });
});
