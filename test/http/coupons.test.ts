import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, signUpAffiliate, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

let codeCounter = 0;
/** A fresh code per test, so tests do not collide on the unique index. */
const freshCode = (prefix = 'code') => `${prefix}${(codeCounter += 1)}x`;

describe('coupons', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let otherCampaign: TestCampaign;
  let liveAffiliate: { id: string };
  let testAffiliate: { id: string };

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant);
    otherCampaign = await createCampaign(t, merchant);
    liveAffiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    testAffiliate = await createAffiliate(t, merchant.testKey, campaign.id);
  });
  afterAll(() => t.close());

  const coupon = (fields: Record<string, unknown> = {}) => ({ campaignId: campaign.id, affiliateId: liveAffiliate.id, code: freshCode(), ...fields });
  const post = (body: Record<string, unknown>, key = merchant.liveKey) => t.api('POST', '/coupons', key, body);
  const created = async (body: Record<string, unknown>, key = merchant.liveKey) => {
    const res = await post(body, key);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as Record<string, any>;
  };
  const expectError = (res: { status: number; body: any }, status: number, code: string, field?: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toBe(code);
    if (field !== undefined) expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  };
  const couponCount = async () => Number((await t.sql(`select count(*)::int as n from coupons`))[0].n);

  describe('POST /coupons', () => {
    it('registers a card coupon by default: 201 with every Coupon field, the code uppercase and display values', async () => {
      const res = await post(coupon({ code: 'summer20', cardPromotionCodeId: 'promo_1AbC', percentOff: 20 }));
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        id: expect.any(String),
        code: 'SUMMER20',
        provider: 'card',
        campaignId: campaign.id,
        campaignName: campaign.name,
        affiliateId: liveAffiliate.id,
        cardPromotionCodeId: 'promo_1AbC',
        merchantAdiscountId: null,
        morBDiscountId: null,
        morCDiscountId: null,
        appleOfferType: null,
        percentOff: '20.00',
        amountOff: null,
        currency: null,
        isTest: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const [row] = await t.sql(`select mode, code, provider, deleted_at from coupons where id = $1`, [res.body.data.id]);
      expect(row).toEqual({ mode: 'live', code: 'SUMMER20', provider: 'card', deleted_at: null });
    });

    it('keeps amountOff a number and the currency lowercase', async () => {
      const data = await created(coupon({ amountOff: 12.5, currency: 'EUR' }));
      expect(data).toMatchObject({ amountOff: 12.5, currency: 'eur', percentOff: null });
      expectError(await post(coupon({ amountOff: 1.005, currency: 'usd' })), 400, 'validation_error', 'amountOff');
      expectError(await post(coupon({ currency: 'euro' })), 400, 'validation_error', 'currency');
      expectError(await post(coupon({ percentOff: 150 })), 400, 'validation_error', 'percentOff');
    });

    it('accepts percentOff and amountOff together (both are display-only)', async () => {
      const data = await created(coupon({ code: 'both-off', percentOff: 10, amountOff: 5, currency: 'usd' }));
      expect(data).toMatchObject({ percentOff: '10.00', amountOff: 5, currency: 'usd' });
      const [row] = await t.sql(`select percent_off::float8 as p, amount_off::float8 as a from coupons where id = $1`, [data.id]);
      expect(row).toEqual({ p: 10, a: 5 });
    });

    it('stores codes uppercase for card, mor_a, mor_b and mor_c and exactly as sent for app_store', async () => {
      for (const provider of ['card', 'mor_a', 'mor_b', 'mor_c']) {
        expect((await created(coupon({ provider, code: ` Spring-${provider}a ` }))).code).toBe(`SPRING-${provider.toUpperCase()}A`);
      }
      expect((await created(coupon({ provider: 'app_store', code: ' WinterOffer ' }))).code).toBe('WinterOffer');
    });

    it('takes each provider match id and appleOfferType only for its own provider', async () => {
      expect(await created(coupon({ provider: 'mor_a', merchantAdiscountId: 'dsc_01' }))).toMatchObject({ merchantAdiscountId: 'dsc_01' });
      expect(await created(coupon({ provider: 'mor_b', morBDiscountId: 'b-77' }))).toMatchObject({ morBDiscountId: 'b-77' });
      expect(await created(coupon({ provider: 'mor_c', morCDiscountId: 'c-77' }))).toMatchObject({ morCDiscountId: 'c-77' });
      expect(await created(coupon({ provider: 'app_store', appleOfferType: 3 }))).toMatchObject({ appleOfferType: 3 });
      const before = await couponCount();
      for (const [body, field] of [
        [{ cardPromotionCodeId: 'coupon_1' }, 'cardPromotionCodeId'],
        [{ provider: 'mor_a', cardPromotionCodeId: 'promo_1' }, 'cardPromotionCodeId'],
        [{ merchantAdiscountId: 'dsc_1' }, 'merchantAdiscountId'],
        [{ provider: 'mor_c', morBDiscountId: 'b-1' }, 'morBDiscountId'],
        [{ provider: 'mor_b', morCDiscountId: 'c-1' }, 'morCDiscountId'],
        [{ appleOfferType: 1 }, 'appleOfferType'],
        [{ provider: 'app_store', appleOfferType: 4 }, 'appleOfferType'],
        [{ provider: 'app_store', merchantAdiscountId: 'x' }, 'merchantAdiscountId'],
        [{ provider: 'paypal' }, 'provider'],
        [{ code: '   ' }, 'code'],
        [{ codee: 'typo' }, 'codee'],
      ] as const) {
        expectError(await post(coupon(body)), 400, 'validation_error', field);
      }
      expectError(await post({ campaignId: campaign.id, affiliateId: liveAffiliate.id }), 400, 'validation_error', 'code');
      expect(await couponCount()).toBe(before);
    });

    it('answers 404 for a campaign or affiliate that is not the merchant’s', async () => {
      const other = await createMerchant(t, 'scale');
      const foreign = await createCampaign(t, other);
      const foreignAffiliate = await createAffiliate(t, other.liveKey, foreign.id);
      for (const body of [
        coupon({ campaignId: foreign.id }),
        coupon({ affiliateId: foreignAffiliate.id }),
        coupon({ campaignId: 'not-an-id' }),
        coupon({ affiliateId: '00000000-0000-7000-8000-000000000000' }),
        // A live affiliate does not exist in test mode.
        coupon({ affiliateId: liveAffiliate.id }),
      ].map((body, i) => [body, i === 4 ? merchant.testKey : merchant.liveKey] as const)) {
        expectError(await post(body[0], body[1]), 404, 'not_found');
      }
    });

    it('needs the affiliate approved on the brand: pending or rejected is 400 affiliate_not_approved', async () => {
      const pending = await signUpAffiliate(t, merchant.id, campaign.id);
      expect(pending.status).toBe('pending');
      expectError(await post(coupon({ affiliateId: pending.id })), 400, 'affiliate_not_approved');
      const rejected = await signUpAffiliate(t, merchant.id, campaign.id);
      expect((await t.api('PATCH', `/affiliates/${rejected.id}`, merchant.liveKey, { campaignId: campaign.id, status: 'rejected' })).status).toBe(200);
      expectError(await post(coupon({ affiliateId: rejected.id })), 400, 'affiliate_not_approved');
      // Approved on one campaign of the brand is enough for a coupon on another.
      expect((await created(coupon({ campaignId: otherCampaign.id }))).campaignName).toBe(otherCampaign.name);
    });

    it('answers 409 coupon_exists for the same campaign, provider, mode and code (under the case rule), nothing else', async () => {
      const code = freshCode('dup');
      await created(coupon({ code }));
      const before = await couponCount();
      expectError(await post(coupon({ code: code.toUpperCase() })), 409, 'coupon_exists');
      expectError(await post(coupon({ code: ` ${code.toLowerCase()} `, cardPromotionCodeId: 'promo_other' })), 409, 'coupon_exists');
      expect(await couponCount()).toBe(before);
      // Another campaign, another provider, another mode: separate registrations.
      await created(coupon({ code, campaignId: otherCampaign.id }));
      await created(coupon({ code, provider: 'mor_a' }));
      await created(coupon({ code, affiliateId: testAffiliate.id }), merchant.testKey);
      // app_store codes are case-sensitive: these differ, the exact repeat does not.
      await created(coupon({ code: 'OfferA', provider: 'app_store' }));
      await created(coupon({ code: 'OFFERA', provider: 'app_store' }));
      expectError(await post(coupon({ code: 'OfferA', provider: 'app_store' })), 409, 'coupon_exists');
    });

    it('lets exactly one of many concurrent duplicate creates through', async () => {
      const code = freshCode('race');
      const variants = [code, code.toUpperCase(), ` ${code} `, code.toLowerCase()];
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => post(coupon({ code: variants[i % variants.length] }))));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(11);
      expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'coupon_exists')).toBe(true);
      const rows = await t.sql(`select count(*)::int as n from coupons where code = $1`, [code.toUpperCase()]);
      expect(rows[0].n).toBe(1);
    });

    it('records coupon.created in the outbox with the coupon', async () => {
      const data = await created(coupon({ cardPromotionCodeId: 'promo_evt' }));
      const events = await t.sql(`select type, mode, payload from outbox_events where payload->>'couponId' = $1`, [data.id]);
      expect(events).toEqual([
        {
          type: 'coupon.created',
          mode: 'live',
          payload: { couponId: data.id, campaignId: campaign.id, affiliateId: liveAffiliate.id, provider: 'card', code: data.code, matchId: 'promo_evt' },
        },
      ]);
    });
  });

  describe('plan gates and keys', () => {
    it('reads on any valid key, Pro included; writes need a write key on Ultimate or Scale', async () => {
      const pro = await createMerchant(t, 'professional');
      expect((await t.api('GET', '/coupons', pro.liveKey)).status).toBe(200);
      expect((await t.api('GET', '/coupons', merchant.liveReadKey)).status).toBe(200);
      const proCampaign = { campaignId: campaign.id, affiliateId: liveAffiliate.id, code: freshCode() };
      expectError(await post(proCampaign, pro.liveKey), 403, 'insufficient_permissions');
      expectError(await post(coupon(), merchant.liveReadKey), 403, 'insufficient_permissions');
      const id = (await created(coupon())).id;
      expectError(await t.api('PATCH', `/coupons/${id}`, merchant.liveReadKey, { cardPromotionCodeId: 'promo_9' }), 403, 'insufficient_permissions');
      expectError(await t.api('DELETE', `/coupons/${id}`, merchant.liveReadKey), 403, 'insufficient_permissions');

      const ultimate = await createMerchant(t, 'ultimate');
      const ultimateCampaign = await createCampaign(t, ultimate);
      const ultimateAffiliate = await createAffiliate(t, ultimate.liveKey, ultimateCampaign.id);
      const body = { campaignId: ultimateCampaign.id, affiliateId: ultimateAffiliate.id, code: freshCode() };
      expect((await post(body, ultimate.liveKey)).status).toBe(201);
      // A write key left over after a downgrade to Pro meets the plan gate.
      expect((await t.admin('PATCH', `/merchants/${ultimate.id}`, { plan: 'professional' })).status).toBe(200);
      expectError(await post({ ...body, code: freshCode() }, ultimate.liveKey), 403, 'plan_insufficient');
      expect((await t.api('GET', '/coupons', ultimate.liveKey)).body.data).toHaveLength(1);
    });

    it('answers 401 without a valid key', async () => {
      expect((await t.api('GET', '/coupons', undefined)).status).toBe(401);
      expect((await t.api('POST', '/coupons', 'svc_pk_live_nope', coupon())).status).toBe(401);
    });
  });

  describe('test mode', () => {
    it('tags test-key coupons isTest and keeps each mode to its own coupons', async () => {
      const testCoupon = await created(coupon({ affiliateId: testAffiliate.id }), merchant.testKey);
      const liveCoupon = await created(coupon());
      expect(testCoupon.isTest).toBe(true);
      expect(liveCoupon.isTest).toBe(false);
      expect((await t.api('GET', `/coupons/${testCoupon.id}`, merchant.liveKey)).status).toBe(404);
      expect((await t.api('GET', `/coupons/${liveCoupon.id}`, merchant.testKey)).status).toBe(404);
      expect((await t.api('GET', `/coupons/${testCoupon.id}`, merchant.testKey)).body.data.isTest).toBe(true);
      const testList = (await t.api('GET', '/coupons?limit=100', merchant.testKey)).body.data as { isTest: boolean; id: string }[];
      expect(testList.every((c) => c.isTest)).toBe(true);
      expect(testList.map((c) => c.id)).toContain(testCoupon.id);
      const liveList = (await t.api('GET', '/coupons?limit=100', merchant.liveKey)).body.data as { isTest: boolean; id: string }[];
      expect(liveList.some((c) => c.isTest)).toBe(false);
      expectError(await t.api('PATCH', `/coupons/${testCoupon.id}`, merchant.liveKey, { cardPromotionCodeId: 'promo_x' }), 404, 'not_found');
      expectError(await t.api('DELETE', `/coupons/${testCoupon.id}`, merchant.liveKey), 404, 'not_found');
    });

    it('never shows one merchant’s coupons to another', async () => {
      const other = await createMerchant(t, 'scale');
      const mine = await created(coupon());
      expect((await t.api('GET', `/coupons/${mine.id}`, other.liveKey)).status).toBe(404);
      expect((await t.api('GET', '/coupons', other.liveKey)).body.data).toEqual([]);
      expect((await t.api('DELETE', `/coupons/${mine.id}`, other.liveKey)).status).toBe(404);
    });
  });

  describe('GET /coupons', () => {
    let merchant2: TestMerchant;
    let c1: TestCampaign;
    let c2: TestCampaign;
    let a1: { id: string };
    let a2: { id: string };

    beforeAll(async () => {
      merchant2 = await createMerchant(t, 'scale');
      c1 = await createCampaign(t, merchant2);
      c2 = await createCampaign(t, merchant2);
      a1 = await createAffiliate(t, merchant2.liveKey, c1.id);
      a2 = await createAffiliate(t, merchant2.liveKey, c2.id);
      const add = (campaignId: string, affiliateId: string, code: string, provider = 'card') =>
        created({ campaignId, affiliateId, code, provider }, merchant2.liveKey);
      await add(c1.id, a1.id, 'alpha');
      await add(c1.id, a2.id, 'beta', 'mor_a');
      await add(c2.id, a1.id, 'Gamma', 'app_store');
      await add(c2.id, a2.id, 'alpha', 'mor_b');
    });

    const list = async (query = '') => {
      const res = await t.api('GET', `/coupons${query}`, merchant2.liveKey);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { data: Record<string, any>[]; pagination: Record<string, number> };
    };
    const codes = async (query = '') => (await list(query)).data.map((c) => `${c.provider}:${c.code}`);

    it('lists newest first with campaignName and pagination', async () => {
      const page = await list();
      expect(page.data.map((c) => c.code)).toEqual(['ALPHA', 'Gamma', 'BETA', 'ALPHA']);
      expect(page.data[0]).toMatchObject({ campaignId: c2.id, campaignName: c2.name, provider: 'mor_b' });
      expect(page.pagination).toEqual({ page: 1, limit: 25, total: 4, totalPages: 1 });
      const second = await list('?page=2&limit=3');
      expect(second.data).toHaveLength(1);
      expect(second.pagination).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
      expect((await list('?page=3&limit=3')).pagination.total).toBe(4);
    });

    it('filters by campaign, affiliate, provider and exact code under each provider case rule', async () => {
      expect(await codes(`?campaignId=${c1.id}`)).toEqual(['mor_a:BETA', 'card:ALPHA']);
      expect(await codes(`?affiliateId=${a1.id}`)).toEqual(['app_store:Gamma', 'card:ALPHA']);
      expect(await codes('?provider=mor_b')).toEqual(['mor_b:ALPHA']);
      expect(await codes('?code=alpha')).toEqual(['mor_b:ALPHA', 'card:ALPHA']);
      expect(await codes('?code=ALP')).toEqual([]);
      expect(await codes('?code=Gamma')).toEqual(['app_store:Gamma']);
      expect(await codes('?code=gamma')).toEqual([]);
      expect(await codes(`?code=alpha&provider=card&campaignId=${c1.id}&affiliateId=${a1.id}`)).toEqual(['card:ALPHA']);
      expect(await codes('?campaignId=not-a-uuid')).toEqual([]);
    });

    it('refuses an unknown provider and a limit above 100', async () => {
      expectError(await t.api('GET', '/coupons?provider=paypal', merchant2.liveKey), 400, 'validation_error', 'provider');
      expectError(await t.api('GET', '/coupons?limit=101', merchant2.liveKey), 400, 'validation_error', 'limit');
    });

    it('gets one coupon with campaignName; unknown and malformed ids are 404', async () => {
      const [first] = (await list()).data;
      const res = await t.api('GET', `/coupons/${first!.id}`, merchant2.liveKey);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(first);
      expectError(await t.api('GET', '/coupons/00000000-0000-7000-8000-000000000000', merchant2.liveKey), 404, 'not_found');
      expectError(await t.api('GET', '/coupons/nope', merchant2.liveKey), 404, 'not_found');
    });
  });

  describe('PATCH /coupons/:id', () => {
    it('changes the match id of the coupon’s own provider only', async () => {
      const card = await created(coupon({ cardPromotionCodeId: 'promo_1' }));
      const res = await t.api('PATCH', `/coupons/${card.id}`, merchant.liveKey, { cardPromotionCodeId: 'promo_2' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ...card, cardPromotionCodeId: 'promo_2', updatedAt: expect.any(String) });
      expect((await t.api('GET', `/coupons/${card.id}`, merchant.liveKey)).body.data.cardPromotionCodeId).toBe('promo_2');
      const cleared = await t.api('PATCH', `/coupons/${card.id}`, merchant.liveKey, { cardPromotionCodeId: null });
      expect(cleared.body.data.cardPromotionCodeId).toBeNull();

      for (const [provider, field, value] of [
        ['mor_a', 'merchantAdiscountId', 'dsc_2'],
        ['mor_b', 'morBDiscountId', 'b_2'],
        ['mor_c', 'morCDiscountId', 'c_2'],
      ] as const) {
        const c = await created(coupon({ provider }));
        const patched = await t.api('PATCH', `/coupons/${c.id}`, merchant.liveKey, { [field]: value });
        expect(patched.status).toBe(200);
        expect(patched.body.data[field]).toBe(value);
      }
      const events = await t.sql(`select type from outbox_events where payload->>'couponId' = $1 order by occurred_at, id`, [card.id]);
      expect(events.map((e) => e.type)).toEqual(['coupon.created', 'coupon.updated', 'coupon.updated']);
    });

    it('refuses anything else with 400 validation_error and changes nothing', async () => {
      const card = await created(coupon({ cardPromotionCodeId: 'promo_1', percentOff: 10 }));
      for (const [body, field] of [
        [{ merchantAdiscountId: 'dsc_1' }, 'merchantAdiscountId'],
        [{ code: 'NEWCODE' }, 'code'],
        [{ percentOff: 15 }, 'percentOff'],
        [{ affiliateId: liveAffiliate.id }, 'affiliateId'],
        [{ cardPromotionCodeId: 'nope_1' }, 'cardPromotionCodeId'],
        [{}, 'cardPromotionCodeId'],
      ] as const) {
        expectError(await t.api('PATCH', `/coupons/${card.id}`, merchant.liveKey, body), 400, 'validation_error', field);
      }
      expect((await t.api('GET', `/coupons/${card.id}`, merchant.liveKey)).body.data).toEqual(card);

      const app = await created(coupon({ provider: 'app_store', appleOfferType: 2 }));
      for (const body of [{}, { cardPromotionCodeId: 'promo_1' }, { appleOfferType: 1 }, { code: 'x' }, { morCDiscountId: 'c' }]) {
        expectError(await t.api('PATCH', `/coupons/${app.id}`, merchant.liveKey, body), 400, 'validation_error');
      }
      expect((await t.api('GET', `/coupons/${app.id}`, merchant.liveKey)).body.data).toEqual(app);
    });
  });

  describe('DELETE /coupons/:id', () => {
    it('answers { id, deleted: true }, hides the coupon, keeps the row, and frees the code', async () => {
      const code = freshCode('del');
      const doomed = await created(coupon({ code }));
      const res = await t.api('DELETE', `/coupons/${doomed.id}`, merchant.liveKey);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { id: doomed.id, deleted: true } });

      expectError(await t.api('GET', `/coupons/${doomed.id}`, merchant.liveKey), 404, 'not_found');
      expect((await t.api('GET', `/coupons?code=${code}`, merchant.liveKey)).body.data).toEqual([]);
      expectError(await t.api('DELETE', `/coupons/${doomed.id}`, merchant.liveKey), 404, 'not_found');
      expectError(await t.api('PATCH', `/coupons/${doomed.id}`, merchant.liveKey, { cardPromotionCodeId: 'promo_1' }), 404, 'not_found');

      const [row] = await t.sql(`select code, deleted_at is not null as deleted from coupons where id = $1`, [doomed.id]);
      expect(row).toEqual({ code: doomed.code, deleted: true });
      const events = await t.sql(`select type from outbox_events where payload->>'couponId' = $1 order by occurred_at, id`, [doomed.id]);
      expect(events.map((e) => e.type)).toEqual(['coupon.created', 'coupon.deleted']);

      const again = await created(coupon({ code }));
      expect(again.id).not.toBe(doomed.id);
      expect((await t.api('GET', `/coupons?code=${code}`, merchant.liveKey)).body.data.map((c: { id: string }) => c.id)).toEqual([again.id]);
    });
  });
});
