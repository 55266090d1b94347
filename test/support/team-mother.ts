import type { TestMerchant } from './merchant-mother.js';
import { signUpAffiliate } from './program-mother.js';
import type { TestService } from './test-service.js';

let counter = 0;

/** A team made through `POST /teams` with the merchant's live write key. */
export const createTeam = async (t: TestService, merchant: TestMerchant, fields: Record<string, unknown> = {}, key = merchant.liveKey) => {
  counter += 1;
  const res = await t.api('POST', '/teams', key, { name: `Team ${counter}`, ...fields });
  if (res.status !== 201) throw new Error(`team create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; name: string; currency: string } & Record<string, any>;
};

/** Adds members and campaigns to a team, failing loudly. */
export const staffTeam = async (t: TestService, merchant: TestMerchant, teamId: string, affiliateIds: string[], campaignIds: string[], key = merchant.liveKey) => {
  for (const campaignId of campaignIds) {
    const res = await t.api('POST', `/teams/${teamId}/campaigns`, key, { campaignId });
    if (res.status !== 200) throw new Error(`team campaign failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  if (affiliateIds.length > 0) {
    const res = await t.api('POST', `/teams/${teamId}/members`, key, { affiliateIds });
    if (res.status !== 200 || res.body.data.added + res.body.data.alreadyMembers !== affiliateIds.length) {
      throw new Error(`team members failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }
};

/** A goal through `POST /teams/:id/goals`. */
export const createGoal = async (t: TestService, merchant: TestMerchant, teamId: string, fields: Record<string, unknown>, key = merchant.liveKey) => {
  const res = await t.api('POST', `/teams/${teamId}/goals`, key, { name: `Goal ${(counter += 1)}`, ...fields });
  if (res.status !== 201) throw new Error(`goal create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; updatedAt: string } & Record<string, any>;
};

/**
 * An affiliate with a login account (signed up on an auto-approving campaign) and connected-account
 * payout details (saved by the operator's simulation, no connected account).
 */
export const connectedAffiliate = async (t: TestService, merchant: TestMerchant, autoApprovingCampaignId: string) => {
  const signed = await signUpAffiliate(t, merchant.id, autoApprovingCampaignId);
  if (signed.status !== 'approved') throw new Error(`signup not approved: ${signed.status}`);
  const res = await t.admin('POST', `/affiliates/${signed.id}/payout-details`, { method: 'connect' });
  if (res.status !== 200) throw new Error(`payout details failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: signed.id };
};

export const setClock = async (t: TestService, now: string) => {
  const res = await t.admin('POST', '/clock', { now });
  if (res.status !== 200) throw new Error(`clock failed: ${res.status} ${JSON.stringify(res.body)}`);
};

export const runJobs = async (t: TestService) => {
  const res = await t.admin('POST', '/jobs/run');
  if (res.status !== 200) throw new Error(`jobs failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Record<string, number>;
};
