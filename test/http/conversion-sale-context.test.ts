import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const UNKNOWN = '00000000-0000-7000-8000-000000000000';

/**
 * A sale reads its campaign, affiliate, membership and rates in one statement; the checks keep
 * their order (campaign, its status, affiliate, membership) and their errors, and the tenant's mode
 * still decides which affiliates and memberships it sees.
 */
describe('POST /conversions reads the sale in one statement, checks in the same order', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let inactive: TestCampaign;
  let other: TestCampaign;

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant);
    inactive = await createCampaign(t, merchant, { status: 'inactive' });
    other = await createCampaign(t, merchant);
  });
  afterAll(() => t.close());

  const error = async (key: string, body: Record<string, unknown>) => {
    const res = await postConversion(t, key, { amount: 10, ...body });
    return { status: res.status, code: res.body.error?.code, message: res.body.error?.message };
  };

  it('checks the campaign before the affiliate', async () => {
    expect(await error(merchant.liveKey, { campaignId: UNKNOWN, affiliateId: UNKNOWN })).toEqual({
      status: 404,
      code: 'not_found',
      message: 'Campaign not found',
    });
  });

  it("checks the campaign's status before the affiliate", async () => {
    expect(await error(merchant.liveKey, { campaignId: inactive.id, affiliateId: UNKNOWN })).toMatchObject({ status: 400, code: 'validation_error' });
  });

  it("does not see an affiliate that is the merchant's in the other mode only", async () => {
    const testOnly = await createAffiliate(t, merchant.testKey, campaign.id);
    expect(await error(merchant.liveKey, { campaignId: campaign.id, affiliateId: testOnly.id })).toEqual({
      status: 404,
      code: 'not_found',
      message: 'Affiliate not found',
    });
    const sale = await postConversion(t, merchant.testKey, { campaignId: campaign.id, affiliateId: testOnly.id, amount: 10 });
    expect(sale.status).toBe(201);
  });

  it("refuses an affiliate of the merchant who is not a member of this campaign", async () => {
    const elsewhere = await createAffiliate(t, merchant.liveKey, other.id);
    expect(await error(merchant.liveKey, { campaignId: campaign.id, affiliateId: elsewhere.id })).toEqual({
      status: 400,
      code: 'affiliate_not_approved',
      message: 'The affiliate is not a member for this campaign',
    });
  });

  it('computes the commission from the campaign rate when no team is linked', async () => {
    const member = await createAffiliate(t, merchant.liveKey, campaign.id);
    const res = await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: member.id, amount: 80 });
    expect(res.status).toBe(201);
    expect(res.body.data.commission).toBe(8);
  });
});
