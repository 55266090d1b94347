import { createCampaign as createCampaignWithKey } from './campaign-mother.js';
import type { TestMerchant } from './merchant-mother.js';
import type { TestService } from './test-service.js';

let counter = 0;

export { createAffiliate } from './campaign-mother.js';

export interface TestCampaign {
  readonly id: string;
  readonly name: string;
}

/** A live campaign (10% by default) made through the public API with the merchant's live write key. */
export const createCampaign = async (t: TestService, merchant: TestMerchant, fields: Record<string, unknown> = {}): Promise<TestCampaign> => {
  const created = await createCampaignWithKey(t, merchant.liveKey, { commissionValue: 10, ...fields });
  return { id: created.id, name: created.name };
};

/** An affiliate who signed up by themselves: pending unless the campaign auto-approves. */
export const signUpAffiliate = async (t: TestService, merchantId: string, campaignId: string, mode: 'live' | 'test' = 'live') => {
  counter += 1;
  const res = await t.admin('POST', `/merchants/${merchantId}/affiliate-signups`, {
    email: `signup${counter}-${Date.now()}@example.com`,
    campaignId,
    mode,
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.affiliateId as string, status: res.body.data.status as string };
};

/** A conversion through the public API; the raw response, for tests that look at errors too. */
export const postConversion = (t: TestService, key: string, body: Record<string, unknown>) => t.api('POST', '/conversions', key, body);
