import fc from 'fast-check';
import { RequestContext } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, type WindowState } from '../../application/rate-limiting/sliding-window.js';
import { hashSecret, parseToken } from '../../application/api-keys/api-key-token.js';
import { PostgresApiKeyAdmission } from '../../adapters/rate-limit/postgres-api-key-admission.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** The key lookup counts the request against the merchant's limit in the same statement: only for a key that verifies. */
describe('rate limit counted with the key lookup', () => {
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
    // Same lookup prefix as a real key, so the statement finds the row, but another secret.
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
    // A refusal is not counted: the stored window still holds 60.
    const rows = await t.sql<{ current_count: number }>(`select current_count from rate_limit_windows where bucket = $1`, [
      `merchant:${merchant.id}`,
    ]);
    expect(rows[0]!.current_count).toBe(60);
  });

  it('decides exactly as the pure sliding-window arithmetic', async () => {
    const admission = new PostgresApiKeyAdmission(t.service.orm);
    const parsed = parseToken(pro.liveReadKey)!;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 30 }),
        async (limit, gaps) => {
          run += 1;
          let now = 1_900_000_000_000;
          let model: WindowState | null = null;
          for (const gap of gaps) {
            now += gap;
            const expected = decide(model, now, limit, 60_000);
            model = expected.state;
            const { found, decision } = await RequestContext.create(t.service.orm.em, () =>
              admission.admit({
                lookup: parsed.lookup,
                secretHash: hashSecret(parsed.secret),
                mode: parsed.mode,
                limitsByPlan: { professional: limit, ultimate: 1, scale: 1 },
                bucketPrefix: `admission-property:${run}:`,
                now: new Date(now),
              }),
            );
            expect(found?.merchant.id).toBe(pro.id);
            expect(decision?.allowed).toBe(expected.allowed);
            expect(decision?.remaining).toBe(expected.remaining);
            expect(decision?.resetAt).toBe(Math.ceil(expected.resetAtMs / 1000));
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
