import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign, insertConversion, slice3Counts } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const LIST_FIELDS = [
  'affiliateCount',
  'attributionWindowDays',
  'autoApproveAffiliates',
  'autoApproveCommissionsAfterDays',
  'byCurrency',
  'commissionTiers',
  'commissionType',
  'commissionValue',
  'conversions',
  'createdAt',
  'description',
  'enableRecurringCommissions',
  'endsAt',
  'id',
  'isPublic',
  'name',
  'recurringCommissionMonths',
  'revenue',
  'status',
  'targetUrl',
  'trackingCode',
  'updatedAt',
];

describe('campaigns', () => {
  let t: TestService;
  let m: TestMerchant;

  const teamMemberKey = async (merchantId: string, managePayouts: boolean) => {
    const res = await t.admin('POST', `/merchants/${merchantId}/keys`, {
      mode: 'live',
      write: true,
      createdBy: 'team_member',
      managePayouts,
    });
    return res.body.data.key as string;
  };

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
  });
  afterAll(() => t.close());

  describe('POST /campaigns', () => {
    it('creates a campaign with a generated tracking code and echoes every settable field', async () => {
      const res = await t.api('POST', '/campaigns', m.liveKey, {
        name: 'Spring sale',
        commissionType: 'percentage',
        commissionValue: 12.5,
        status: 'inactive',
        description: 'Ten weeks of spring',
        targetUrl: 'https://shop.example.com/spring',
        autoApproveAffiliates: true,
        autoApproveCommissionsAfterDays: 30,
        isPublic: false,
        enableRecurringCommissions: true,
        recurringCommissionMonths: 12,
        attributionWindowDays: 60,
      });
      expect(res.status).toBe(201);
      const data = res.body.data;
      expect(Object.keys(data).sort()).toEqual(LIST_FIELDS);
      expect(data).toMatchObject({
        name: 'Spring sale',
        status: 'inactive',
        commissionType: 'percentage',
        commissionValue: '12.50',
        description: 'Ten weeks of spring',
        targetUrl: 'https://shop.example.com/spring',
        autoApproveAffiliates: true,
        autoApproveCommissionsAfterDays: 30,
        isPublic: false,
        enableRecurringCommissions: true,
        recurringCommissionMonths: 12,
        attributionWindowDays: 60,
        conversions: 0,
        revenue: 0,
        byCurrency: [],
        affiliateCount: 0,
      });
      expect(data.trackingCode).toMatch(/^[a-z0-9]{8}$/);
      expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);

      const got = await t.api('GET', `/campaigns/${data.id}`, m.liveKey);
      expect(got.body.data).toMatchObject({ ...data, commissionValue: 12.5, recentConversions: [] });
    });

    it('applies the spec defaults and gives every campaign its own tracking code', async () => {
      const a = await t.api('POST', '/campaigns', m.liveKey, { name: 'AB', commissionType: 'fixed', commissionValue: 5 });
      const b = await t.api('POST', '/campaigns', m.liveKey, { name: 'CD', commissionType: 'fixed', commissionValue: 5 });
      expect(a.status).toBe(201);
      expect(a.body.data).toMatchObject({
        status: 'active',
        commissionValue: '5.00',
        description: null,
        targetUrl: null,
        autoApproveAffiliates: false,
        autoApproveCommissionsAfterDays: null,
        isPublic: true,
        enableRecurringCommissions: false,
        recurringCommissionMonths: null,
        attributionWindowDays: 30,
      });
      expect(a.body.data.trackingCode).not.toBe(b.body.data.trackingCode);
    });

    it('refuses recurringCommissionMonths and attributionWindowDays out of range and creates nothing', async () => {
      const before = await slice3Counts(t);
      for (const extra of [{ recurringCommissionMonths: 0 }, { recurringCommissionMonths: 121 }, { attributionWindowDays: 0 }, { attributionWindowDays: 366 }, { attributionWindowDays: null }]) {
        const res = await t.api('POST', '/campaigns', m.liveKey, { name: 'Range', commissionType: 'fixed', commissionValue: 1, ...extra });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
        expect(res.body.error.details[0].field).toBe(Object.keys(extra)[0]);
      }
      expect((await slice3Counts(t)).campaigns).toBe(before.campaigns);
    });

    it('is refused for a test key (test_mode_unsupported), on Pro (plan_insufficient) and for read keys', async () => {
      const before = await slice3Counts(t);
      const body = { name: 'Nope', commissionType: 'fixed', commissionValue: 1 };
      const test = await t.api('POST', '/campaigns', m.testKey, body);
      expect(test.status).toBe(403);
      expect(test.body.error.code).toBe('test_mode_unsupported');
      const read = await t.api('POST', '/campaigns', m.liveReadKey, body);
      expect(read.status).toBe(403);
      expect(read.body.error.code).toBe('insufficient_permissions');
      const pro = await createMerchant(t, 'professional');
      const proRes = await t.api('POST', '/campaigns', pro.liveKey, body);
      expect(proRes.status).toBe(403);
      expect(proRes.body.error.code).toBe('plan_insufficient');
      const after = await slice3Counts(t);
      expect(after.campaigns).toBe(before.campaigns);
    });

    it('works on Ultimate', async () => {
      const ultimate = await createMerchant(t, 'ultimate');
      const res = await t.api('POST', '/campaigns', ultimate.liveKey, { name: 'Ult', commissionType: 'fixed', commissionValue: 3 });
      expect(res.status).toBe(201);
    });

    it('refuses autoApproveCommissionsAfterDays from a team-member key without Manage payouts', async () => {
      const restricted = await teamMemberKey(m.id, false);
      const before = await slice3Counts(t);
      const refused = await t.api('POST', '/campaigns', restricted, {
        name: 'Auto',
        commissionType: 'percentage',
        commissionValue: 10,
        autoApproveCommissionsAfterDays: 14,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('insufficient_permissions');
      expect((await slice3Counts(t)).campaigns).toBe(before.campaigns);

      // Without the setting (or with null) the same key may create campaigns.
      const plain = await t.api('POST', '/campaigns', restricted, {
        name: 'Manual',
        commissionType: 'percentage',
        commissionValue: 10,
        autoApproveCommissionsAfterDays: null,
      });
      expect(plain.status).toBe(201);
      // A team member with Manage payouts may set it.
      const allowed = await t.api('POST', '/campaigns', await teamMemberKey(m.id, true), {
        name: 'Auto allowed',
        commissionType: 'percentage',
        commissionValue: 10,
        autoApproveCommissionsAfterDays: 14,
      });
      expect(allowed.status).toBe(201);
      expect(allowed.body.data.autoApproveCommissionsAfterDays).toBe(14);
    });

    it.each([
      [{ name: 'A', commissionType: 'fixed', commissionValue: 1 }, 'name'],
      [{ name: '  B  ', commissionType: 'fixed', commissionValue: 1 }, 'name'],
      [{ commissionType: 'fixed', commissionValue: 1 }, 'name'],
      [{ name: 'Okay', commissionType: 'tiered', commissionValue: 1 }, 'commissionType'],
      [{ name: 'Okay', commissionType: 'fixed' }, 'commissionValue'],
      [{ name: 'Okay', commissionType: 'fixed', commissionValue: '10' }, 'commissionValue'],
      [{ name: 'Okay', commissionType: 'percentage', commissionValue: 101 }, 'commissionValue'],
      [{ name: 'Okay', commissionType: 'fixed', commissionValue: -1 }, 'commissionValue'],
      [{ name: 'Okay', commissionType: 'fixed', commissionValue: 100001 }, 'commissionValue'],
      [{ name: 'Okay', commissionType: 'fixed', commissionValue: 1, status: 'paused' }, 'status'],
      [{ name: 'Okay', commissionType: 'fixed', commissionValue: 1, autoApproveCommissionsAfterDays: 15 }, 'autoApproveCommissionsAfterDays'],
      [{ name: 'Okay', commissionType: 'fixed', commissionValue: 1, autoApproveCommissionsAfterDays: '30' }, 'autoApproveCommissionsAfterDays'],
      [{ name: 'Okay', commissionType: 'fixed', commissionValue: 1, targetUrl: 'javascript:alert(1)' }, 'targetUrl'],
      [{ name: 'Okay', commissionType: 'fixed', commissionValue: 1, isPublic: 'yes' }, 'isPublic'],
    ])('answers 400 validation_error naming the field for %j', async (body, field) => {
      const before = await slice3Counts(t);
      const res = await t.api('POST', '/campaigns', m.liveKey, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      expect((await slice3Counts(t)).campaigns).toBe(before.campaigns);
    });

    it('refuses unknown fields, like every public body, naming them', async () => {
      const res = await t.api('POST', '/campaigns', m.liveKey, { name: 'Extra', commissionType: 'fixed', commissionValue: 1, colour: 'red' });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ field: 'colour', message: 'is not a known field' }]);
    });

    it('answers 400 invalid_json for a malformed body', async () => {
      const res = await t.request('POST', '/api/v1/campaigns', {
        key: m.liveKey,
        rawBody: '{"name": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_json');
    });
  });

  describe('GET /campaigns/:id', () => {
    it("counts sales in the key's mode, per currency, without converting, and lists the 10 newest", async () => {
      const merchant = await createMerchant(t, 'scale');
      const campaign = await createCampaign(t, merchant.liveKey);
      const live = await createAffiliate(t, merchant.liveKey, campaign.id);
      const test = await createAffiliate(t, merchant.testKey, campaign.id);
      const base = { merchantId: merchant.id, campaignId: campaign.id };
      for (let i = 0; i < 11; i += 1) {
        await insertConversion(t, {
          ...base,
          affiliateId: live.id,
          amount: '10.10',
          commission: '1.01',
          orderId: `o-${i}`,
          createdAt: new Date(Date.UTC(2026, 9, 1, 0, i)).toISOString(),
        });
      }
      // Explicit, distinct times: rows written in the same millisecond would tie on createdAt.
      const later = (minute: number) => new Date(Date.UTC(2026, 9, 2, 0, minute)).toISOString();
      await insertConversion(t, { ...base, affiliateId: live.id, amount: '5000', currency: 'jpy', status: 'pending', createdAt: later(0) });
      await insertConversion(t, { ...base, affiliateId: live.id, amount: '99', status: 'rejected', createdAt: later(1) });
      await insertConversion(t, { ...base, affiliateId: live.id, amount: '77', status: 'refunded', createdAt: later(2) });
      await insertConversion(t, { ...base, affiliateId: test.id, mode: 'test', amount: '3', currency: 'eur' });

      const res = await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey);
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(Object.keys(data).sort()).toEqual([...LIST_FIELDS, 'recentConversions'].sort());
      expect(data.commissionValue).toBe(20);
      expect(data.conversions).toBe(12);
      expect(data.revenue).toBe(5111.1); // 11 x 10.10 USD + 5000 JPY, added as recorded
      expect(data.byCurrency).toEqual([
        { currency: 'jpy', revenue: 5000, conversions: 1 },
        { currency: 'usd', revenue: 111.1, conversions: 11 },
      ]);
      expect(data.affiliateCount).toBe(1);
      expect(data.recentConversions).toHaveLength(10);
      expect(data.recentConversions[0]).toEqual({
        id: expect.any(String),
        affiliateId: live.id,
        orderId: null,
        customerName: null,
        amount: 77,
        commission: 0,
        currency: 'usd',
        status: 'refunded',
        createdAt: expect.any(String),
      });
      const times = data.recentConversions.map((c: { createdAt: string }) => c.createdAt);
      expect([...times].sort().reverse()).toEqual(times);

      const asTest = await t.api('GET', `/campaigns/${campaign.id}`, merchant.testKey);
      expect(asTest.status).toBe(200);
      expect(asTest.body.data).toMatchObject({
        id: campaign.id,
        conversions: 1,
        revenue: 3,
        byCurrency: [{ currency: 'eur', revenue: 3, conversions: 1 }],
        affiliateCount: 1,
      });
      expect(asTest.body.data.recentConversions).toHaveLength(1);
    });

    it('keeps money exact across currencies and timestamps as stored, and counts nothing of the other mode', async () => {
      const merchant = await createMerchant(t, 'scale');
      const campaign = await createCampaign(t, merchant.liveKey);
      const aff = await createAffiliate(t, merchant.liveKey, campaign.id);
      const base = { merchantId: merchant.id, campaignId: campaign.id, affiliateId: aff.id };
      // Added as decimals the two revenues make ...083.875; read as JSON numbers (doubles) they would make ...083.88.
      const usd = await insertConversion(t, {
        ...base,
        amount: '29762583009215.752292',
        commission: '0.000001',
        orderId: 'ord-exact',
        customerName: 'Jane Roe',
        createdAt: '2026-10-02T00:00:00.123456Z',
      });
      const eur = await insertConversion(t, { ...base, amount: '38396524587868.123493', currency: 'eur', createdAt: '2026-10-02T00:00:00.999999Z' });

      const res = await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        conversions: 2,
        revenue: 68159107597083.875,
        byCurrency: [
          { currency: 'eur', revenue: Number('38396524587868.123493'), conversions: 1 },
          { currency: 'usd', revenue: Number('29762583009215.752292'), conversions: 1 },
        ],
        affiliateCount: 1,
      });
      expect(res.body.data.recentConversions).toEqual([
        {
          id: eur,
          affiliateId: aff.id,
          orderId: null,
          customerName: null,
          amount: Number('38396524587868.123493'),
          commission: 0,
          currency: 'eur',
          status: 'approved',
          createdAt: '2026-10-02T00:00:00.999Z',
        },
        {
          id: usd,
          affiliateId: aff.id,
          orderId: 'ord-exact',
          customerName: 'Jane Roe',
          amount: Number('29762583009215.752292'),
          commission: 0.000001,
          currency: 'usd',
          status: 'approved',
          createdAt: '2026-10-02T00:00:00.123Z',
        },
      ]);

      const asTest = await t.api('GET', `/campaigns/${campaign.id}`, merchant.testKey);
      expect(asTest.body.data).toMatchObject({ conversions: 0, revenue: 0, byCurrency: [], affiliateCount: 0, recentConversions: [] });
    });

    it("answers 404 not_found for another merchant's campaign, an unknown id and a malformed id", async () => {
      const other = await createMerchant(t, 'scale');
      const theirs = await createCampaign(t, other.liveKey);
      for (const id of [theirs.id, '01900000-0000-7000-8000-000000000000', 'not-a-uuid']) {
        const res = await t.api('GET', `/campaigns/${id}`, m.liveKey);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    });
  });

  describe('GET /campaigns', () => {
    let merchant: TestMerchant;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      merchant = await createMerchant(t, 'scale');
      const aff = async (campaignId: string) => (await createAffiliate(t, merchant.liveKey, campaignId)).id;
      for (const name of ['bravo', 'Alpha', 'charlie']) {
        ids[name] = (await createCampaign(t, merchant.liveKey, { name })).id;
      }
      const alphaAff = await aff(ids.Alpha!);
      const bravoAff = await aff(ids.bravo!);
      const base = { merchantId: merchant.id };
      for (let i = 0; i < 3; i += 1) {
        await insertConversion(t, { ...base, campaignId: ids.Alpha!, affiliateId: alphaAff, amount: '1' });
      }
      await insertConversion(t, { ...base, campaignId: ids.bravo!, affiliateId: bravoAff, amount: '500' });
    });

    it('lists the merchant campaigns newest first by default, with byCurrency and pagination', async () => {
      const res = await t.api('GET', '/campaigns', merchant.liveKey);
      expect(res.status).toBe(200);
      expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['charlie', 'Alpha', 'bravo']);
      expect(res.body.pagination).toEqual({ page: 1, limit: 25, total: 3, totalPages: 1 });
      const alpha = res.body.data[1];
      expect(Object.keys(alpha).sort()).toEqual(LIST_FIELDS);
      expect(alpha).toMatchObject({ commissionValue: '20.00', conversions: 3, revenue: 3, byCurrency: [{ currency: 'usd', revenue: 3, conversions: 3 }] });
    });

    it('sorts on name, conversions and createdAt in both directions and pages', async () => {
      const names = async (query: string) =>
        (await t.api('GET', `/campaigns?${query}`, merchant.liveKey)).body.data.map((c: { name: string }) => c.name);
      expect(await names('sort=name:asc')).toEqual(['Alpha', 'bravo', 'charlie']);
      expect(await names('sort=name:desc')).toEqual(['charlie', 'bravo', 'Alpha']);
      expect(await names('sort=conversions:desc')).toEqual(['Alpha', 'bravo', 'charlie']);
      expect(await names('sort=createdAt:asc')).toEqual(['bravo', 'Alpha', 'charlie']);
      expect(await names('sort=revenue:desc')).toEqual(['bravo', 'Alpha', 'charlie']);
      const page2 = await t.api('GET', '/campaigns?sort=name:asc&limit=2&page=2', merchant.liveKey);
      expect(page2.body.data.map((c: { name: string }) => c.name)).toEqual(['charlie']);
      expect(page2.body.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    });

    it("shows test keys the same campaigns with test-mode counts", async () => {
      const res = await t.api('GET', '/campaigns', merchant.testKey);
      expect(res.body.data).toHaveLength(3);
      for (const c of res.body.data) expect(c).toMatchObject({ conversions: 0, revenue: 0, byCurrency: [], affiliateCount: 0 });
    });

    it("never shows another merchant's campaigns", async () => {
      const res = await t.api('GET', '/campaigns', m.liveKey);
      const theirs = new Set(Object.values(ids));
      expect(res.body.data.some((c: { id: string }) => theirs.has(c.id))).toBe(false);
    });

    it.each([
      ['sort=revenue:sideways', 'sort'],
      ['sort=updatedAt:desc', 'sort'],
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['page=0', 'page'],
      ['limit=ten', 'limit'],
    ])('answers 400 validation_error naming the field for ?%s', async (query, field) => {
      const res = await t.api('GET', `/campaigns?${query}`, merchant.liveKey);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([field]);
    });
  });
});
