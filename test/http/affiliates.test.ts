import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign, insertConversion, slice3Counts, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const LIST_ITEM_FIELDS = [
  'campaignId',
  'campaignName',
  'createdVia',
  'email',
  'id',
  'isTest',
  'joinedAt',
  'name',
  'notes',
  'payoutDetailsCompleted',
  'payoutEmail',
  'payoutMethod',
  'status',
  'tags',
  'trackingLink',
];

const signUp = (t: TestService, merchantId: string, body: Record<string, unknown>) =>
  t.admin('POST', `/merchants/${merchantId}/affiliate-signups`, body);

describe('affiliates', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string; trackingCode: string; name: string };

  beforeAll(async () => {
    t = await startTestService({ publicBaseUrl: 'https://track.example.net' });
    m = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m.liveKey, { name: 'Main campaign' });
  });
  afterAll(() => t.close());

  describe('POST /affiliates', () => {
    it('creates a headless affiliate approved on the campaign, named after its email by default', async () => {
      const email = uniqueEmail('ada');
      const res = await t.api('POST', '/affiliates', m.liveKey, { email, campaignId: campaign.id });
      expect(res.status).toBe(201);
      const data = res.body.data;
      expect(Object.keys(data).sort()).toEqual(LIST_ITEM_FIELDS);
      expect(data).toMatchObject({
        name: email,
        email,
        status: 'approved',
        campaignId: campaign.id,
        campaignName: 'Main campaign',
        createdVia: 'api',
        isTest: false,
        payoutMethod: null,
        payoutEmail: null,
        payoutDetailsCompleted: false,
      });
      expect(data.trackingLink).toMatch(new RegExp(`^https://track\\.example\\.net/r/${campaign.trackingCode}/[a-z0-9]{8}$`));
      expect(new Date(data.joinedAt).toISOString()).toBe(data.joinedAt);
      const [row] = await t.sql('select headless, created_via from affiliates where id = $1', [data.id]);
      expect(row).toEqual({ headless: true, created_via: 'api' });
      // A directly created affiliate is not a self-join: no affiliate.joined event.
      expect(await t.sql(`select 1 from outbox_events where payload->>'affiliateId' = $1`, [data.id])).toEqual([]);
    });

    it('keeps a given name', async () => {
      const res = await t.api('POST', '/affiliates', m.liveKey, { email: uniqueEmail(), name: 'Grace Hopper', campaignId: campaign.id });
      expect(res.body.data.name).toBe('Grace Hopper');
    });

    it("refuses an email already in the merchant's program, case-insensitively, with 409 duplicate and writes nothing", async () => {
      const email = uniqueEmail('dup');
      await createAffiliate(t, m.liveKey, campaign.id, { email });
      const second = await createCampaign(t, m.liveKey);
      const before = await slice3Counts(t);
      // On the same campaign or another one of the merchant's: one affiliate per email in the program.
      for (const campaignId of [campaign.id, second.id]) {
        const res = await t.api('POST', '/affiliates', m.liveKey, { email: email.toUpperCase(), campaignId });
        expect(res.status).toBe(409);
        expect(res.body.error).toEqual({
          code: 'duplicate',
          message: 'An affiliate with this email already exists',
          details: [{ field: 'email', message: 'is already registered' }],
        });
      }
      expect(await slice3Counts(t)).toEqual(before);
    });

    it('creates test affiliates with a test key, seen only by test keys', async () => {
      const email = uniqueEmail('tess');
      const res = await t.api('POST', '/affiliates', m.testKey, { email, campaignId: campaign.id });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ isTest: true, status: 'approved' });
      const id = res.body.data.id;
      expect((await t.api('GET', `/affiliates/${id}`, m.testKey)).status).toBe(200);
      expect((await t.api('GET', `/affiliates/${id}`, m.liveKey)).status).toBe(404);
      const liveList = await t.api('GET', '/affiliates?limit=100', m.liveKey);
      expect(liveList.body.data.some((a: { id: string }) => a.id === id)).toBe(false);
      const testList = await t.api('GET', '/affiliates?limit=100', m.testKey);
      expect(testList.body.data.map((a: { id: string }) => a.id)).toEqual([id]);
      // Test data never blocks live data: the same email may exist once per mode.
      const live = await t.api('POST', '/affiliates', m.liveKey, { email, campaignId: campaign.id });
      expect(live.status).toBe(201);
      expect(live.body.data.isTest).toBe(false);
    });

    it("answers 404 for an unknown campaign or another merchant's, and writes nothing", async () => {
      const other = await createMerchant(t, 'scale');
      const theirs = await createCampaign(t, other.liveKey);
      const before = await slice3Counts(t);
      for (const campaignId of [theirs.id, '01900000-0000-7000-8000-000000000000', 'nope']) {
        const res = await t.api('POST', '/affiliates', m.liveKey, { email: uniqueEmail(), campaignId });
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      expect(await slice3Counts(t)).toEqual(before);
    });

    it.each([
      [{ email: 'not-an-email', campaignId: 'x' }, 'email'],
      [{ campaignId: 'x' }, 'email'],
      [{ email: 'a@example.com' }, 'campaignId'],
      [{ email: 'a@example.com', campaignId: 'x', name: '' }, 'name'],
    ])('answers 400 validation_error naming the field for %j', async (body, field) => {
      const before = await slice3Counts(t);
      const res = await t.api('POST', '/affiliates', m.liveKey, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      expect(await slice3Counts(t)).toEqual(before);
    });

    it('needs Ultimate or Scale and a write key', async () => {
      const pro = await createMerchant(t, 'professional');
      const proRes = await t.api('POST', '/affiliates', pro.liveKey, { email: uniqueEmail(), campaignId: campaign.id });
      expect(proRes.status).toBe(403);
      expect(proRes.body.error.code).toBe('plan_insufficient');
      const read = await t.api('POST', '/affiliates', m.liveReadKey, { email: uniqueEmail(), campaignId: campaign.id });
      expect(read.status).toBe(403);
      expect(read.body.error.code).toBe('insufficient_permissions');
    });

    it('enforces the plan affiliate limit with 403 affiliate_limit_reached, per mode, and writes nothing', async () => {
      const limited = await createMerchant(t, 'ultimate', { affiliateLimit: 2 });
      const c = await createCampaign(t, limited.liveKey);
      await createAffiliate(t, limited.liveKey, c.id);
      // A rejected membership frees its place.
      const signup = await signUp(t, limited.id, { email: uniqueEmail(), campaignId: c.id });
      await t.api('PATCH', `/affiliates/${signup.body.data.affiliateId}`, limited.liveKey, { campaignId: c.id, status: 'rejected' });
      await createAffiliate(t, limited.liveKey, c.id);
      const before = await slice3Counts(t);
      const res = await t.api('POST', '/affiliates', limited.liveKey, { email: uniqueEmail(), campaignId: c.id });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('affiliate_limit_reached');
      expect(res.body.error.message).toMatch(/limit of 2/);
      expect(await slice3Counts(t)).toEqual(before);
      // Test mode counts its own affiliates.
      expect((await t.api('POST', '/affiliates', limited.testKey, { email: uniqueEmail(), campaignId: c.id })).status).toBe(201);
    });

    it('uses the custom domain for tracking links on Ultimate and Scale, the service domain otherwise', async () => {
      const branded = await createMerchant(t, 'scale', { customDomain: 'partners.brand.example' });
      const c = await createCampaign(t, branded.liveKey);
      const res = await t.api('POST', '/affiliates', branded.liveKey, { email: uniqueEmail(), campaignId: c.id });
      expect(res.body.data.trackingLink).toMatch(new RegExp(`^https://partners\\.brand\\.example/r/${c.trackingCode}/[a-z0-9]{8}$`));
      await t.admin('PATCH', `/merchants/${branded.id}`, { plan: 'professional' });
      const list = await t.api('GET', '/affiliates', branded.liveReadKey);
      expect(list.body.data[0].trackingLink).toMatch(/^https:\/\/track\.example\.net\/r\//);
    });
  });

  describe('concurrent creates', () => {
    it('one email raced from 10 requests creates one affiliate; the rest answer 409 duplicate', async () => {
      const email = uniqueEmail('race');
      const results = await Promise.all(
        Array.from({ length: 10 }, () => t.api('POST', '/affiliates', m.liveKey, { email, campaignId: campaign.id })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
      const rows = await t.sql('select count(*)::int as n from affiliates where lower(email) = lower($1)', [email]);
      expect(rows[0].n).toBe(1);
    });

    it('the affiliate limit holds under 8 parallel creates', async () => {
      const limited = await createMerchant(t, 'scale', { affiliateLimit: 3 });
      const c = await createCampaign(t, limited.liveKey);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => t.api('POST', '/affiliates', limited.liveKey, { email: uniqueEmail(), campaignId: c.id })),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(3);
      expect(results.filter((r) => r.status === 403).every((r) => r.body.error.code === 'affiliate_limit_reached')).toBe(true);
      const rows = await t.sql('select count(*)::int as n from affiliate_memberships where merchant_id = $1', [limited.id]);
      expect(rows[0].n).toBe(3);
    });
  });

  describe('GET /affiliates', () => {
    let merchant: TestMerchant;
    let c1: { id: string; name: string };
    let c2: { id: string; name: string };
    const people: Record<string, string> = {};

    beforeAll(async () => {
      merchant = await createMerchant(t, 'scale');
      c1 = await createCampaign(t, merchant.liveKey, { name: 'One' });
      c2 = await createCampaign(t, merchant.liveKey, { name: 'Two', autoApproveAffiliates: true });
      people.carol = (await createAffiliate(t, merchant.liveKey, c1.id, { name: 'carol' })).id;
      people.alice = (await createAffiliate(t, merchant.liveKey, c1.id, { name: 'Alice' })).id;
      const dave = await signUp(t, merchant.id, { email: uniqueEmail('dave'), name: 'Dave', campaignId: c1.id });
      people.dave = dave.body.data.affiliateId;
      const bob = await signUp(t, merchant.id, { email: uniqueEmail('bob'), name: 'bob', campaignId: c1.id });
      people.bob = bob.body.data.affiliateId;
      await t.api('PATCH', `/affiliates/${people.bob}`, merchant.liveKey, { campaignId: c1.id, status: 'rejected' });
      // Alice also joins the second campaign: one row per membership.
      const aliceEmail = (await t.sql('select email from affiliates where id = $1', [people.alice]))[0].email;
      await signUp(t, merchant.id, { email: aliceEmail, campaignId: c2.id });
    });

    const rows = async (query = '') => {
      const res = await t.api('GET', `/affiliates${query}`, merchant.liveKey);
      expect(res.status).toBe(200);
      return res.body.data as { id: string; name: string; status: string; campaignId: string; campaignName: string }[];
    };

    it('lists one row per pending or approved membership, newest first, rejected excluded', async () => {
      const list = await rows();
      expect(list.map((r) => [r.name, r.campaignName, r.status])).toEqual([
        ['Alice', 'Two', 'approved'],
        ['Dave', 'One', 'pending'],
        ['Alice', 'One', 'approved'],
        ['carol', 'One', 'approved'],
      ]);
      for (const row of list) expect(Object.keys(row).sort()).toEqual(LIST_ITEM_FIELDS);
      const res = await t.api('GET', '/affiliates', merchant.liveKey);
      expect(res.body.pagination).toEqual({ page: 1, limit: 25, total: 4, totalPages: 1 });
    });

    it('filters on campaignId and status', async () => {
      expect((await rows(`?campaignId=${c2.id}`)).map((r) => r.name)).toEqual(['Alice']);
      expect((await rows('?status=pending')).map((r) => r.name)).toEqual(['Dave']);
      expect((await rows(`?status=approved&campaignId=${c1.id}`)).map((r) => r.name)).toEqual(['Alice', 'carol']);
    });

    it('sorts on name, email, joinedAt and campaignName', async () => {
      expect((await rows('?sort=name:asc')).map((r) => r.name)).toEqual(['Alice', 'Alice', 'carol', 'Dave']);
      expect((await rows('?sort=name:desc')).map((r) => r.name)).toEqual(['Dave', 'carol', 'Alice', 'Alice']);
      expect((await rows('?sort=joinedAt:asc')).map((r) => r.name)).toEqual(['carol', 'Alice', 'Dave', 'Alice']);
      expect((await rows('?sort=campaignName:desc')).map((r) => r.campaignName)).toEqual(['Two', 'One', 'One', 'One']);
      const page = await t.api('GET', '/affiliates?sort=name:asc&limit=3&page=2', merchant.liveKey);
      expect(page.body.data.map((r: { name: string }) => r.name)).toEqual(['Dave']);
      expect(page.body.pagination).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
    });

    it('is scoped to the merchant and to the key mode', async () => {
      expect(await rows()).toHaveLength(4);
      expect((await t.api('GET', '/affiliates', merchant.testKey)).body.data).toEqual([]);
      const mine = new Set(Object.values(people));
      const otherList = await t.api('GET', '/affiliates?limit=100', m.liveKey);
      expect(otherList.body.data.some((r: { id: string }) => mine.has(r.id))).toBe(false);
      const theirs = await t.api('GET', `/affiliates?campaignId=${c1.id}`, m.liveKey);
      expect(theirs.status).toBe(404);
      expect(theirs.body.error.code).toBe('not_found');
    });

    it.each([
      ['status=rejected', 'status'],
      ['status=unknown', 'status'],
      ['sort=height:asc', 'sort'],
      ['sort=name:up', 'sort'],
      ['limit=101', 'limit'],
    ])('answers 400 validation_error naming the field for ?%s', async (query, field) => {
      const res = await t.api('GET', `/affiliates?${query}`, merchant.liveKey);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([field]);
    });
  });

  describe('GET /affiliates/:id', () => {
    it("returns the campaigns and the earnings in the key's mode: totals add currencies, byCurrency keeps them apart", async () => {
      const merchant = await createMerchant(t, 'scale');
      const c1 = await createCampaign(t, merchant.liveKey, { name: 'First' });
      const c2 = await createCampaign(t, merchant.liveKey, { name: 'Second' });
      const aff = await createAffiliate(t, merchant.liveKey, c1.id, { name: 'Earner' });
      await signUp(t, merchant.id, { email: aff.email, campaignId: c2.id });
      const base = { merchantId: merchant.id, affiliateId: aff.id };
      await insertConversion(t, { ...base, campaignId: c1.id, amount: '100.50', commission: '10.05' });
      await insertConversion(t, { ...base, campaignId: c2.id, amount: '20', commission: '2', status: 'pending' });
      await insertConversion(t, { ...base, campaignId: c1.id, amount: '3000', commission: '300', currency: 'jpy' });
      await insertConversion(t, { ...base, campaignId: c1.id, amount: '999', commission: '99', status: 'rejected' });
      await insertConversion(t, { ...base, campaignId: c1.id, amount: '888', commission: '88', status: 'refunded' });
      // The same person's sales with another merchant (its own record of them) are not this merchant's business.
      const other = await createMerchant(t, 'scale');
      const otherCampaign = await createCampaign(t, other.liveKey);
      const theirs = await signUp(t, other.id, { email: aff.email, campaignId: otherCampaign.id });
      const theirId = theirs.body.data.affiliateId;
      expect(theirId).not.toBe(aff.id);
      await insertConversion(t, { merchantId: other.id, affiliateId: theirId, campaignId: otherCampaign.id, amount: '5000', commission: '500' });

      const res = await t.api('GET', `/affiliates/${aff.id}`, merchant.liveKey);
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data).toMatchObject({ id: aff.id, name: 'Earner', email: aff.email, isTest: false, createdVia: 'api' });
      expect(data.campaigns).toEqual([
        { campaignId: c1.id, campaignName: 'First', status: 'approved', joinedAt: expect.any(String) },
        { campaignId: c2.id, campaignName: 'Second', status: 'pending', joinedAt: expect.any(String) },
      ]);
      expect(data.earnings).toEqual({
        totalRevenue: 3120.5,
        totalCommissions: 312.05,
        totalConversions: 3,
        uniqueClicks: 0,
        byCurrency: [
          { currency: 'jpy', revenue: 3000, commissions: 300, conversions: 1 },
          { currency: 'usd', revenue: 120.5, commissions: 12.05, conversions: 2 },
        ],
        clawbacks: [],
      });
      expect((await t.api('GET', `/affiliates/${aff.id}`, other.liveKey)).status).toBe(404);
      const theirView = await t.api('GET', `/affiliates/${theirId}`, other.liveKey);
      expect(theirView.body.data.earnings).toMatchObject({ totalRevenue: 5000, totalConversions: 1 });
      expect(theirView.body.data.campaigns).toHaveLength(1);
    });

    it('keeps money exact across currencies and membership times as stored, oldest membership first', async () => {
      const merchant = await createMerchant(t, 'scale');
      const first = await createCampaign(t, merchant.liveKey, { name: 'Joined first' });
      const second = await createCampaign(t, merchant.liveKey, { name: 'Joined second' });
      const aff = await createAffiliate(t, merchant.liveKey, second.id);
      await signUp(t, merchant.id, { email: aff.email, campaignId: first.id });
      const joinedAt = (campaignId: string, at: string) =>
        t.sql('update affiliate_memberships set joined_at = $3 where affiliate_id = $1 and campaign_id = $2', [aff.id, campaignId, at]);
      await joinedAt(first.id, '2026-10-01T00:00:00.999999Z');
      await joinedAt(second.id, '2026-10-01T00:00:01.123456Z');
      const base = { merchantId: merchant.id, affiliateId: aff.id, campaignId: second.id };
      // Added as decimals the two revenues make ...083.875; read as JSON numbers (doubles) they would make ...083.88.
      await insertConversion(t, { ...base, amount: '29762583009215.752292', commission: '0.5' });
      await insertConversion(t, { ...base, amount: '38396524587868.123493', commission: '0.25', currency: 'eur' });

      const res = await t.api('GET', `/affiliates/${aff.id}`, merchant.liveKey);
      expect(res.status).toBe(200);
      expect(res.body.data.campaigns).toEqual([
        { campaignId: first.id, campaignName: 'Joined first', status: 'pending', joinedAt: '2026-10-01T00:00:00.999Z' },
        { campaignId: second.id, campaignName: 'Joined second', status: 'approved', joinedAt: '2026-10-01T00:00:01.123Z' },
      ]);
      expect(res.body.data.earnings).toEqual({
        totalRevenue: 68159107597083.875,
        totalCommissions: 0.75,
        totalConversions: 2,
        uniqueClicks: 0,
        byCurrency: [
          { currency: 'eur', revenue: Number('38396524587868.123493'), commissions: 0.25, conversions: 1 },
          { currency: 'usd', revenue: Number('29762583009215.752292'), commissions: 0.5, conversions: 1 },
        ],
        clawbacks: [],
      });
    });

    it('counts test sales for test keys only', async () => {
      const merchant = await createMerchant(t, 'scale');
      const c = await createCampaign(t, merchant.liveKey);
      const aff = await createAffiliate(t, merchant.testKey, c.id);
      await insertConversion(t, { merchantId: merchant.id, affiliateId: aff.id, campaignId: c.id, mode: 'test', amount: '7', commission: '1' });
      const res = await t.api('GET', `/affiliates/${aff.id}`, merchant.testKey);
      expect(res.body.data.earnings).toMatchObject({ totalRevenue: 7, totalCommissions: 1, totalConversions: 1 });
      expect((await t.api('GET', `/affiliates/${aff.id}`, merchant.liveKey)).status).toBe(404);
    });

    it("answers 404 for another merchant's affiliate, an unknown id and a malformed id", async () => {
      const other = await createMerchant(t, 'scale');
      const theirs = await createAffiliate(t, other.liveKey, (await createCampaign(t, other.liveKey)).id);
      for (const id of [theirs.id, '01900000-0000-7000-8000-000000000000', '123']) {
        const res = await t.api('GET', `/affiliates/${id}`, m.liveKey);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    });
  });

  describe('PATCH /affiliates/:id', () => {
    it('approves a pending membership, records affiliate.approved, and refuses a second decision', async () => {
      const s = await signUp(t, m.id, { email: uniqueEmail('pending'), campaignId: campaign.id });
      expect(s.body.data.status).toBe('pending');
      const id = s.body.data.affiliateId;
      const res = await t.api('PATCH', `/affiliates/${id}`, m.liveKey, { campaignId: campaign.id, status: 'approved' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(LIST_ITEM_FIELDS);
      expect(res.body.data).toMatchObject({ id, status: 'approved', campaignId: campaign.id, createdVia: 'signup' });
      const events = await t.sql(
        `select type, mode, merchant_id, payload from outbox_events where payload->>'affiliateId' = $1 order by occurred_at, id`,
        [id],
      );
      expect(events.map((e) => e.type)).toEqual(['affiliate.joined', 'affiliate.approved']);
      expect(events[1]).toMatchObject({
        mode: 'live',
        merchant_id: m.id,
        payload: { affiliateId: id, campaignId: campaign.id, status: 'approved', previousStatus: 'pending' },
      });

      const before = await slice3Counts(t);
      const again = await t.api('PATCH', `/affiliates/${id}`, m.liveKey, { campaignId: campaign.id, status: 'rejected' });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('invalid_transition');
      expect(await slice3Counts(t)).toEqual(before);
    });

    it('rejects a pending membership and records affiliate.rejected; the row leaves the list', async () => {
      const s = await signUp(t, m.id, { email: uniqueEmail('reject'), campaignId: campaign.id });
      const id = s.body.data.affiliateId;
      const res = await t.api('PATCH', `/affiliates/${id}`, m.liveKey, { campaignId: campaign.id, status: 'rejected' });
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('rejected');
      const [event] = await t.sql(`select payload from outbox_events where type = 'affiliate.rejected' and payload->>'affiliateId' = $1`, [id]);
      expect(event?.payload).toMatchObject({ status: 'rejected', previousStatus: 'pending' });
      const list = await t.api('GET', '/affiliates?limit=100', m.liveKey);
      expect(list.body.data.some((r: { id: string }) => r.id === id)).toBe(false);
      const detail = await t.api('GET', `/affiliates/${id}`, m.liveKey);
      expect(detail.body.data.campaigns).toEqual([expect.objectContaining({ campaignId: campaign.id, status: 'rejected' })]);
    });

    it('refuses an approved membership (409), a campaign without membership (404) and other modes or merchants (404)', async () => {
      const approved = await createAffiliate(t, m.liveKey, campaign.id);
      const res = await t.api('PATCH', `/affiliates/${approved.id}`, m.liveKey, { campaignId: campaign.id, status: 'approved' });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('invalid_transition');

      const second = await createCampaign(t, m.liveKey);
      const noMembership = await t.api('PATCH', `/affiliates/${approved.id}`, m.liveKey, { campaignId: second.id, status: 'approved' });
      expect(noMembership.status).toBe(404);

      const pending = await signUp(t, m.id, { email: uniqueEmail(), campaignId: campaign.id });
      const pendingId = pending.body.data.affiliateId;
      const fromTest = await t.api('PATCH', `/affiliates/${pendingId}`, m.testKey, { campaignId: campaign.id, status: 'approved' });
      expect(fromTest.status).toBe(404);
      const other = await createMerchant(t, 'scale');
      const fromOther = await t.api('PATCH', `/affiliates/${pendingId}`, other.liveKey, { campaignId: campaign.id, status: 'approved' });
      expect(fromOther.status).toBe(404);
      const read = await t.api('PATCH', `/affiliates/${pendingId}`, m.liveReadKey, { campaignId: campaign.id, status: 'approved' });
      expect(read.status).toBe(403);
      // None of that moved it.
      const list = await t.api('GET', `/affiliates?status=pending&limit=100`, m.liveKey);
      expect(list.body.data.some((r: { id: string }) => r.id === pendingId)).toBe(true);
    });

    it.each([
      [{ campaignId: 'x', status: 'banned' }, 'status'],
      [{ campaignId: 'x' }, 'status'],
      [{ status: 'approved' }, 'campaignId'],
    ])('answers 400 validation_error naming the field for %j', async (body, field) => {
      const res = await t.api('PATCH', '/affiliates/01900000-0000-7000-8000-000000000000', m.liveKey, body);
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    });
  });
});
