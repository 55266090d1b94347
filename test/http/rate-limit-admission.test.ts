import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseToken } from '../../application/api-keys/api-key-token.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** A request counts against its merchant's limit only when its key verifies. */
describe("the merchant's rate limit and authentication", () => {
  let t: TestService;
  let pro: TestMerchant;

  beforeAll(async () => {
    t = await startTestService({ anonymousRequestsPerMinute: 1_000 });
    pro = await createMerchant(t, 'professional');
  });
  afterAll(() => t.close());

  const remaining = async (key: string) => {
    const res = await t.api('GET', '/me', key);
    expect(res.status).toBe(200);
    return Number(res.headers.get('x-ratelimit-remaining'));
  };

  it('counts nothing against the merchant for a wrong secret, a swapped mode or a revoked key', async () => {
    const before = await remaining(pro.liveReadKey);
    // Same lookup prefix as a real key, so the lookup finds the row, but another secret.
    const secret = parseToken(pro.liveKey)!.secret;
    const wrongSecret = `svc_pk_live_${secret.slice(0, 12)}${'Z'.repeat(secret.length - 12)}`;
    const swappedMode = pro.liveKey.replace('svc_pk_live_', 'svc_pk_test_');
    const issued = await t.admin('POST', `/merchants/${pro.id}/keys`, { mode: 'live', write: false, name: 'temp' });
    await t.admin('DELETE', `/keys/${issued.body.data.id}`);
    for (const key of [wrongSecret, swappedMode, issued.body.data.key as string]) {
      const res = await t.api('GET', '/me', key);
      expect(res.status).toBe(401);
      // Limited per client address instead: the anonymous limit's headers.
      expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    }
    expect(await remaining(pro.liveReadKey)).toBe(before - 1);
  });

  it('refuses the request over the limit with the headers of the stored window', async () => {
    const merchant = await createMerchant(t, 'professional');
    for (let i = 0; i < 60; i += 1) await remaining(merchant.liveReadKey);
    const refused = await t.api('GET', '/me', merchant.liveReadKey);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A refusal is not counted: the shared window holds 60 once merged.
    const stored = async () =>
      (await t.sql<{ current_count: number }>(`select current_count from rate_limit_windows where bucket = $1`, [`merchant:${merchant.id}:live`]))[0]
        ?.current_count;
    for (let i = 0; i < 50 && (await stored()) !== 60; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(await stored()).toBe(60);
  });

});
