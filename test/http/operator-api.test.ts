import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('operator API', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(() => t.close());

  it('creates a merchant with defaults and echoes every field', async () => {
    const res = await t.admin('POST', '/merchants', { businessName: 'Acme', email: 'ops@acme.test', plan: 'ultimate' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      businessName: 'Acme',
      email: 'ops@acme.test',
      plan: 'ultimate',
      customDomain: null,
      websiteUrl: null,
      automaticPayouts: false,
      monthlyEarningsCap: null,
      reportingCurrency: 'usd',
      affiliateLimit: null,
      payoutHoldingDays: 30,
      invitationExpiryDays: 14,
      createdAt: expect.any(String),
    });
  });

  it('patches any field and keeps money exact', async () => {
    const merchant = await createMerchant(t, 'scale');
    const res = await t.admin('PATCH', `/merchants/${merchant.id}`, {
      monthlyEarningsCap: 1234.56,
      customDomain: 'partners.acme.test',
      affiliateLimit: 10,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ monthlyEarningsCap: 1234.56, customDomain: 'partners.acme.test', affiliateLimit: 10, plan: 'scale' });
    const [row] = await t.sql('select monthly_earnings_cap::text as cap from merchants where id = $1', [merchant.id]);
    expect(row.cap).toBe('1234.560000');
  });

  it('answers 404 for an unknown or malformed merchant id, and 400 for unknown fields', async () => {
    expect((await t.admin('PATCH', '/merchants/00000000-0000-7000-8000-000000000000', { plan: 'scale' })).status).toBe(404);
    expect((await t.admin('PATCH', '/merchants/not-a-uuid', { plan: 'scale' })).status).toBe(404);
    expect((await t.admin('POST', '/merchants/not-a-uuid/keys', { mode: 'live', write: false })).status).toBe(404);
    const unknown = await t.admin('POST', '/merchants', { businessName: 'A', email: 'a@b.test', plan: 'scale', color: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('validation_error');
  });

  it('requires the operator token', async () => {
    const none = await t.request('POST', '/admin/v1/merchants', { body: { businessName: 'A', email: 'a@b.test', plan: 'scale' } });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthorized');
    const wrong = await t.request('GET', '/admin/v1/clock', { key: 'not-the-token' });
    expect(wrong.status).toBe(401);
  });

  it('lists in-app notifications newest first', async () => {
    const merchant = await createMerchant(t, 'scale');
    await t.sql(
      `insert into notifications (id, merchant_id, kind, message, created_at) values
       ('01900000-0000-7000-8000-000000000001', $1, 'webhook_paused', 'older', now() - interval '1 hour'),
       ('01900000-0000-7000-8000-000000000002', $1, 'webhook_paused', 'newer', now())`,
      [merchant.id],
    );
    const res = await t.admin('GET', `/merchants/${merchant.id}/notifications`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((n: { message: string }) => n.message)).toEqual(['newer', 'older']);
    expect(res.body.data[0]).toEqual({ id: expect.any(String), kind: 'webhook_paused', message: 'newer', createdAt: expect.any(String) });
  });

  it('answers 404 for the notifications and audit log of an unknown merchant', async () => {
    const unknown = '00000000-0000-7000-8000-000000000000';
    expect((await t.admin('GET', `/merchants/${unknown}/notifications`)).status).toBe(404);
    expect((await t.admin('GET', `/merchants/${unknown}/audit-log`)).status).toBe(404);
  });

  it('runs every registered job once and reports what each processed', async () => {
    const res = await t.admin('POST', '/jobs/run');
    expect(res.status).toBe(200);
    expect(Object.values(res.body.data).every((n) => Number.isInteger(n))).toBe(true);
    expect(Object.keys(res.body.data)).toContain('auto-approve-conversions');
  });
});

describe('operator API without ADMIN_TOKEN', () => {
  it('answers 404 on every /admin path', async () => {
    const t = await startTestService({ adminToken: null });
    try {
      const res = await t.request('POST', '/admin/v1/merchants', { key: 'anything', body: {} });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      expect((await t.request('GET', '/admin/v1/clock')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
