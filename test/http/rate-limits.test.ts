import fc from 'fast-check';
import { RequestContext } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, type WindowState } from '../../application/rate-limiting/sliding-window.js';
import { PgBatchedRateLimiter } from '../../adapters/persistence/rate-limit/pg-batched-rate-limiter.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const burst = async (t: TestService, key: string | undefined, count: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await t.api('GET', '/me', key)).status);
  return statuses;
};

describe('rate limits', () => {
  let t: TestService;
  let second: TestService;
  let pro: TestMerchant;

  beforeAll(async () => {
    t = await startTestService({ anonymousRequestsPerMinute: 5 });
    // A second service process on the same database: the limit is one, shared.
    second = await startTestService({ anonymousRequestsPerMinute: 5 }, t.db);
    pro = await createMerchant(t, 'professional');
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('Pro allows 60 a minute, then 429 rate_limit_exceeded with Retry-After and the headers', async () => {
    const statuses = await burst(t, pro.liveKey, 60);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await t.api('GET', '/me', pro.liveKey);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit_exceeded');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('60');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);
  });

  it('counts down X-RateLimit-Remaining per request', async () => {
    const merchant = await createMerchant(t, 'ultimate');
    const first = await t.api('GET', '/me', merchant.liveKey);
    const next = await t.api('GET', '/me', merchant.liveReadKey);
    expect(first.headers.get('x-ratelimit-limit')).toBe('300');
    // Two live keys of one merchant share the merchant's live bucket.
    expect(Number(next.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1);
  });

  it('counts live and test keys in separate buckets: a test suite exhausting its limit never throttles live traffic', async () => {
    const merchant = await createMerchant(t, 'professional');
    const tests = await burst(t, merchant.testKey, 60);
    expect(tests.every((s) => s === 200)).toBe(true);
    expect((await t.api('GET', '/me', merchant.testKey)).status).toBe(429);
    const live = await t.api('GET', '/me', merchant.liveKey);
    expect(live.status).toBe(200);
    expect(live.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('two service processes on one database enforce one limit together (within one request of it)', async () => {
    const merchant = await createMerchant(t, 'professional');
    let allowed = 0;
    for (let i = 0; i < 70; i += 1) {
      const res = await (i % 2 === 0 ? t : second).api('GET', '/me', merchant.liveReadKey);
      if (res.status === 200) allowed += 1;
      else expect(res.status).toBe(429);
    }
    expect(allowed).toBeGreaterThanOrEqual(60);
    expect(allowed).toBeLessThanOrEqual(61);
  });

  it('limits requests without a valid key per client address', async () => {
    const statuses = await burst(t, 'svc_pk_live_' + 'B'.repeat(43), 7);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('frees the window as the service clock moves on', async () => {
    const merchant = await createMerchant(t, 'professional');
    await burst(t, merchant.liveReadKey, 60);
    expect((await t.api('GET', '/me', merchant.liveReadKey)).status).toBe(429);
    const now = (await t.admin('GET', '/clock')).body.data.now as string;
    await t.admin('POST', '/clock', { now: new Date(Date.parse(now) + 125_000).toISOString() });
    const after = await t.api('GET', '/me', merchant.liveReadKey);
    expect(after.status).toBe(200);
    expect(after.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('one process decides exactly as the pure sliding-window arithmetic, merging as it goes', async () => {
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const limiter = new PgBatchedRateLimiter(t.service.orm, silent, { mergeIntervalMs: 5, idleMs: 1_000 });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 40 }),
        async (limit, gaps) => {
          run += 1;
          const bucket = `property:${run}`;
          let now = 1_900_000_000_000;
          let model: WindowState | null = null;
          for (const gap of gaps) {
            now += gap;
            const expected = decide(model, now, limit, 60_000);
            model = expected.state;
            const actual = await RequestContext.create(t.service.orm.em, () => limiter.consume(bucket, limit, new Date(now)));
            expect(actual.allowed).toBe(expected.allowed);
            expect(actual.remaining).toBe(expected.remaining);
            expect(actual.resetAt).toBe(Math.ceil(expected.resetAtMs / 1000));
          }
        },
      ),
      { numRuns: 30 },
    );
    await limiter.close();
  });

  describe('two limiters (as two processes) on one bucket', () => {
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const twoLimiters = () => [0, 1].map(() => new PgBatchedRateLimiter(t.service.orm, silent, { mergeIntervalMs: 100, idleMs: 1_000 }));
    let run = 0;

    /** `total` concurrent requests spread over both, each with its own idea of now; how many were admitted. */
    const burst = async (limiters: PgBatchedRateLimiter[], nows: number[], limit: number, total: number) => {
      run += 1;
      const bucket = `two-limiters:${run}`;
      const decisions = await Promise.all(
        Array.from({ length: total }, (_, i) => limiters[i % 2]!.consume(bucket, limit, new Date(nows[i % 2]!))),
      );
      await Promise.all(limiters.map((l) => l.close()));
      return decisions.filter((d) => d.allowed).length;
    };

    it('admit within the limit plus 2 % together', async () => {
      for (const limit of [60, 300, 1000]) {
        const now = Date.now();
        const allowed = await burst(twoLimiters(), [now, now], limit, Math.ceil(limit * 2.5));
        expect(allowed).toBeGreaterThanOrEqual(limit - 1);
        expect(allowed).toBeLessThanOrEqual(limit * 1.02);
      }
    });

    it('decide a bucket new to one of them at once when told to, checking it against the shared count from the next request on', async () => {
      run += 1;
      const bucket = `unseen:${run}`;
      const [first, second] = twoLimiters();
      const now = new Date();
      for (let i = 0; i < 10; i += 1) expect((await first!.consume(bucket, 10, now)).allowed).toBe(true);
      await first!.close();
      // Waiting for the shared count, the second refuses at once; taking the unseen bucket as empty, a
      // fresh one admits its first request without asking, and only that one.
      expect((await second!.consume(bucket, 10, now)).allowed).toBe(false);
      await second!.close();
      const fresh = twoLimiters()[0]!;
      const admitted = await fresh.consume(bucket, 10, now, { unseenBucket: 'admit' });
      expect(admitted).toMatchObject({ allowed: true, remaining: 9 });
      const next = await fresh.consume(bucket, 10, now, { unseenBucket: 'admit' });
      expect(next.allowed).toBe(false);
      await fresh.close();
    });

    it('never double the budget when their clocks are in different windows', async () => {
      for (let round = 0; round < 5; round += 1) {
        const now = Math.floor(Date.now() / 60_000) * 60_000 + 59_900;
        // One is already in the next window (its test clock moved), the other not yet.
        const allowed = await burst(twoLimiters(), [now + 200, now], 60, 150);
        expect(allowed).toBeLessThanOrEqual(61);
      }
    });
  });
});
