import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('GET /api/v1/me', () => {
  let t: TestService;
  let merchant: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'ultimate');
  });
  afterAll(() => t.close());

  it('describes the merchant, the key, the plan and the rate-limit state', async () => {
    const res = await t.api('GET', '/me', merchant.testKey);
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data.merchant).toEqual({ id: merchant.id, businessName: expect.any(String), email: expect.any(String) });
    expect(data.apiKey).toMatchObject({ permissions: { read: true, write: true }, keyType: 'test' });
    expect(data.plan).toBe('ultimate');
    expect(data.rateLimit.limit).toBe(300);
    expect(data.rateLimit.remaining).toBe(Number(res.headers.get('x-ratelimit-remaining')));
    expect(data.rateLimit.resetAt).toBe(Number(res.headers.get('x-ratelimit-reset')));
    expect(Object.keys(data).sort()).toEqual(['apiKey', 'merchant', 'plan', 'rateLimit']);
  });

  it('reports a live key as live and a read key as read-only', async () => {
    const res = await t.api('GET', '/me', merchant.liveReadKey);
    expect(res.body.data.apiKey).toMatchObject({ keyType: 'live', permissions: { read: true, write: false } });
  });
});
