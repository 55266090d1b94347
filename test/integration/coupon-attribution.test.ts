import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindCouponForAttribution } from '../../application/coupons/find-coupon-for-attribution.js';
import type { CouponRepository } from '../../application/ports/coupon-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { SaleDiscount } from '../../domain/index.js';
import type { RequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { TOKENS } from '../../bootstrap/tokens.js';

/**
 * The attribution use case the payment-provider ingestion will call, against the real database:
 * coupons are registered through the API, then sales are attributed directly.
 */
describe('findCouponForAttribution', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let otherCampaign: TestCampaign;
  let affiliate: { id: string };
  let otherAffiliate: { id: string };
  let testAffiliate: { id: string };
  let live: Tenant;
  let test: Tenant;
  let scope: RequestScope;
  let useCase: FindCouponForAttribution;
  let repository: CouponRepository;
  const ids: Record<string, string> = {};

  const register = async (name: string, body: Record<string, unknown>, key = merchant.liveKey) => {
    const res = await t.api('POST', '/coupons', key, { campaignId: campaign.id, affiliateId: affiliate.id, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids[name] = res.body.data.id;
  };
  const attribute = (tenant: Tenant, sale: SaleDiscount) => scope(() => useCase.findCouponForAttribution(tenant, sale));
  const attributedId = async (tenant: Tenant, sale: SaleDiscount) => (await attribute(tenant, sale))?.coupon.id ?? null;

  beforeAll(async () => {
    t = await startTestService();
    scope = t.service.container.resolve(TOKENS.RequestScope);
    useCase = t.service.container.resolve(TOKENS.FindCouponForAttribution);
    repository = t.service.container.resolve(TOKENS.CouponRepository);
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant);
    otherCampaign = await createCampaign(t, merchant);
    affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    otherAffiliate = await createAffiliate(t, merchant.liveKey, otherCampaign.id);
    testAffiliate = await createAffiliate(t, merchant.testKey, campaign.id);
    live = { merchantId: merchant.id, mode: 'live' };
    test = { merchantId: merchant.id, mode: 'test' };

    await register('card', { code: 'save10', cardPromotionCodeId: 'promo_save10' });
    await register('morA', { code: 'Spring', provider: 'mor_a', merchantAdiscountId: 'dsc_spring', affiliateId: otherAffiliate.id, campaignId: otherCampaign.id });
    await register('morB', { code: 'mor-b-code', provider: 'mor_b' });
    await register('morC', { code: 'mor-c-code', provider: 'mor_c', morCDiscountId: 'c_77' });
    await register('app', { code: 'WinterOffer', provider: 'app_store', appleOfferType: 3 });
    await register('testCard', { code: 'SAVE10', affiliateId: testAffiliate.id }, merchant.testKey);
  });
  afterAll(() => t.close());

  it('finds the coupon, its affiliate and its campaign from a sale’s provider and code, case-insensitively except app_store', async () => {
    const found = await attribute(live, { provider: 'card', code: 'Save10' });
    expect(found).toMatchObject({ affiliateId: affiliate.id, campaignId: campaign.id, matchedBy: 'code', coupon: { id: ids.card, code: 'SAVE10' } });
    expect(await attributedId(live, { provider: 'card', code: ' save10 ' })).toBe(ids.card);
    expect(await attribute(live, { provider: 'mor_a', code: 'SPRING' })).toMatchObject({ affiliateId: otherAffiliate.id, campaignId: otherCampaign.id });
    expect(await attributedId(live, { provider: 'mor_b', code: 'MOR-B-CODE' })).toBe(ids.morB);
    expect(await attributedId(live, { provider: 'mor_c', code: 'Mor-C-Code' })).toBe(ids.morC);
    expect(await attributedId(live, { provider: 'app_store', code: 'WinterOffer' })).toBe(ids.app);
    expect(await attributedId(live, { provider: 'app_store', code: 'winteroffer' })).toBeNull();
    expect(await attributedId(live, { provider: 'app_store', code: 'WINTEROFFER' })).toBeNull();
  });

  it('matches only the sale’s own provider', async () => {
    expect(await attributedId(live, { provider: 'mor_a', code: 'save10' })).toBeNull();
    expect(await attributedId(live, { provider: 'card', code: 'spring' })).toBeNull();
    expect(await attributedId(live, { provider: 'app_store', code: 'SAVE10' })).toBeNull();
  });

  it('finds by the provider discount id, and a different id on both sides is a different discount', async () => {
    expect(await attribute(live, { provider: 'card', code: null, providerDiscountId: 'promo_save10' })).toMatchObject({
      coupon: { id: ids.card },
      matchedBy: 'provider_id',
    });
    expect(await attributedId(live, { provider: 'mor_a', code: 'unknown', providerDiscountId: 'dsc_spring' })).toBe(ids.morA);
    expect(await attributedId(live, { provider: 'mor_c', code: null, providerDiscountId: 'c_77' })).toBe(ids.morC);
    expect(await attributedId(live, { provider: 'card', code: 'save10', providerDiscountId: 'promo_other' })).toBeNull();
    expect(await attributedId(live, { provider: 'card', code: null, providerDiscountId: null })).toBeNull();
  });

  it('keeps modes and merchants apart', async () => {
    const inTest = await attribute(test, { provider: 'card', code: 'save10' });
    expect(inTest).toMatchObject({ coupon: { id: ids.testCard, mode: 'test' }, affiliateId: testAffiliate.id });
    expect(await attributedId(test, { provider: 'mor_a', code: 'spring' })).toBeNull();
    const stranger = await createMerchant(t, 'scale');
    expect(await attributedId({ merchantId: stranger.id, mode: 'live' }, { provider: 'card', code: 'save10' })).toBeNull();
  });

  it('stops attributing once deleted, while history still resolves the coupon; a re-registered code attributes again', async () => {
    const res = await t.api('POST', '/coupons', merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, code: 'gone5', cardPromotionCodeId: 'promo_gone' });
    const id = res.body.data.id as string;
    expect(await attributedId(live, { provider: 'card', code: 'GONE5' })).toBe(id);
    expect((await t.api('DELETE', `/coupons/${id}`, merchant.liveKey)).status).toBe(200);
    expect(await attributedId(live, { provider: 'card', code: 'GONE5' })).toBeNull();
    expect(await attributedId(live, { provider: 'card', code: null, providerDiscountId: 'promo_gone' })).toBeNull();
    const history = await scope(() => repository.findByIdIncludingDeleted(live, id));
    expect(history).toMatchObject({ id, code: 'GONE5', affiliateId: affiliate.id, deletedAt: expect.any(Date) });
    expect(await scope(() => repository.findByIdIncludingDeleted(test, id))).toBeNull();

    const again = await t.api('POST', '/coupons', merchant.liveKey, { campaignId: otherCampaign.id, affiliateId: otherAffiliate.id, code: 'Gone5' });
    expect(again.status).toBe(201);
    expect(await attribute(live, { provider: 'card', code: 'gone5' })).toMatchObject({ coupon: { id: again.body.data.id }, affiliateId: otherAffiliate.id });
  });

  it('picks the oldest registration when the same code is on several campaigns', async () => {
    const first = await t.api('POST', '/coupons', merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, code: 'shared' });
    const second = await t.api('POST', '/coupons', merchant.liveKey, { campaignId: otherCampaign.id, affiliateId: otherAffiliate.id, code: 'SHARED' });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await attributedId(live, { provider: 'card', code: 'Shared' })).toBe(first.body.data.id);
  });
});
