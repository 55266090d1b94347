import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

interface RawResponse {
  status: number;
  text: string;
  headers: Headers;
}

/** Straight through the app, so the body is compared as the exact text sent. */
const post = async (t: TestService, path: string, key: string, body: unknown, idempotencyKey?: string): Promise<RawResponse> => {
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  const res = await t.service.app.request(`/api/v1${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, text: await res.text(), headers: res.headers };
};

const codeOf = (res: RawResponse) => (JSON.parse(res.text) as { error?: { code: string } }).error?.code;

describe('Idempotency-Key on POST', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let affiliate: { id: string };
  let sale: Record<string, unknown>;

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant);
    affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    sale = { campaignId: campaign.id, affiliateId: affiliate.id, amount: 120 };
  });
  afterAll(async () => {
    await t?.close();
  });

  const conversions = async () => Number((await t.sql(`select count(*)::int as n from conversions where merchant_id = $1`, [merchant.id]))[0].n);

  it('20 parallel identical requests with one key: one effect, 20 equal bodies, 19 marked replayed', async () => {
    const before = await conversions();
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(t, '/conversions', merchant.liveKey, sale, 'parallel-1')));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((r) => r.text)).size).toBe(1);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await conversions()).toBe(before + 1);
  });

  it('replays the first response byte for byte, also after other requests, and without a key nothing is deduplicated', async () => {
    const first = await post(t, '/conversions', merchant.liveKey, sale, 'replay-1');
    const again = await post(t, '/conversions', merchant.liveKey, { amount: 120, affiliateId: affiliate.id, campaignId: campaign.id }, 'replay-1');
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('x-ratelimit-limit')).toBe('1000');

    const before = await conversions();
    await post(t, '/conversions', merchant.liveKey, sale);
    await post(t, '/conversions', merchant.liveKey, sale);
    expect(await conversions()).toBe(before + 2);
  });

  it('the same key with another body or path answers 409 idempotency_key_reuse and changes nothing', async () => {
    await post(t, '/conversions', merchant.liveKey, sale, 'reuse-1');
    const before = await conversions();
    const otherBody = await post(t, '/conversions', merchant.liveKey, { ...sale, amount: 121 }, 'reuse-1');
    expect(otherBody.status).toBe(409);
    expect(codeOf(otherBody)).toBe('idempotency_key_reuse');
    const otherPath = await post(t, '/teams', merchant.liveKey, { name: 'Reuse' }, 'reuse-1');
    expect(otherPath.status).toBe(409);
    expect(codeOf(otherPath)).toBe('idempotency_key_reuse');
    expect(await conversions()).toBe(before);
  });

  it('keys belong to one API key, merchant and mode', async () => {
    const other = await createMerchant(t, 'scale');
    const otherCampaign = await createCampaign(t, other);
    const otherAffiliate = await createAffiliate(t, other.liveKey, otherCampaign.id);
    const a = await post(t, '/teams', merchant.liveKey, { name: 'Scoped' }, 'shared-key');
    const b = await post(t, '/teams', other.liveKey, { name: 'Scoped' }, 'shared-key');
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(JSON.parse(a.text).data.id).not.toBe(JSON.parse(b.text).data.id);
    const testMode = await post(t, '/affiliates', merchant.testKey, { email: 'scoped@example.com', campaignId: campaign.id }, 'shared-key');
    expect(testMode.status).toBe(201);
    expect(otherAffiliate.id).toBeDefined();
  });

  it('accepts keys up to 255 visible characters and refuses longer or empty ones with 400', async () => {
    expect((await post(t, '/teams', merchant.liveKey, { name: 'Long key' }, 'k'.repeat(255))).status).toBe(201);
    const long = await post(t, '/teams', merchant.liveKey, { name: 'Too long' }, 'k'.repeat(256));
    expect(long.status).toBe(400);
    expect(JSON.parse(long.text).error.details[0].field).toBe('Idempotency-Key');
    expect((await post(t, '/teams', merchant.liveKey, { name: 'Empty' }, '')).status).toBe(400);
  });

  it('does not keep a refused validation, so the corrected request may use the same key', async () => {
    const bad = await post(t, '/conversions', merchant.liveKey, { ...sale, amount: -1 }, 'fix-me');
    expect(bad.status).toBe(400);
    const fixed = await post(t, '/conversions', merchant.liveKey, sale, 'fix-me');
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('forgets a key after 24 hours; the expiry job deletes the records', async () => {
    const first = await post(t, '/teams', merchant.liveKey, { name: 'Day one' }, 'daily');
    expect(first.status).toBe(201);
    const now = Date.parse((await t.admin('GET', '/clock')).body.data.now);
    await t.admin('POST', '/clock', { now: new Date(now + 25 * 3_600_000).toISOString() });
    const next = await post(t, '/teams', merchant.liveKey, { name: 'Day two' }, 'daily');
    expect(next.status).toBe(201);
    expect(next.headers.get('idempotent-replayed')).toBeNull();

    const stale = Number((await t.sql(`select count(*)::int as n from idempotency_keys where expires_at <= $1`, [new Date(now + 25 * 3_600_000)]))[0].n);
    expect(stale).toBeGreaterThan(0);
    expect((await t.admin('POST', '/jobs/run')).status).toBe(200);
    expect(Number((await t.sql(`select count(*)::int as n from idempotency_keys where expires_at <= $1`, [new Date(now + 25 * 3_600_000)]))[0].n)).toBe(0);
    expect(Number((await t.sql(`select count(*)::int as n from idempotency_keys where idempotency_key = 'daily'`))[0].n)).toBe(1);
  });
});

describe('Idempotency-Key while the first request is still running', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let sale: Record<string, unknown>;

  beforeAll(async () => {
    t = await startTestService({ idempotencyWaitMs: 200 });
    merchant = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, merchant);
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    sale = { campaignId: campaign.id, affiliateId: affiliate.id, amount: 50 };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 409 idempotency_key_in_progress after the wait, then replays once the first finished', async () => {
    // Hold the first request inside its insert by locking the table from outside.
    const blocker = new pg.Client({ connectionString: t.db.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table conversions in share row exclusive mode');
    const first = post(t, '/conversions', merchant.liveKey, sale, 'slow-1');
    await new Promise((r) => setTimeout(r, 300));
    const second = await post(t, '/conversions', merchant.liveKey, sale, 'slow-1');
    expect(second.status).toBe(409);
    expect(codeOf(second)).toBe('idempotency_key_in_progress');
    await blocker.query('commit');
    await blocker.end();
    const done = await first;
    expect(done.status).toBe(201);
    const third = await post(t, '/conversions', merchant.liveKey, sale, 'slow-1');
    expect(third.text).toBe(done.text);
    expect(third.headers.get('idempotent-replayed')).toBe('true');
  });
});
