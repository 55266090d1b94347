import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { callTool, connectAssistant, listen } from './support.js';

describe('assistant tools for running a program: update_campaign, update_affiliate', () => {
  let t: TestService;
  let http: { baseUrl: string; close(): Promise<void> };
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let live: Client;
  let test: Client;

  beforeAll(async () => {
    t = await startTestService();
    http = await listen(t);
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant, { commissionType: 'percentage', commissionValue: 20 });
    live = await connectAssistant(http.baseUrl, merchant.liveKey);
    test = await connectAssistant(http.baseUrl, merchant.testKey);
  });
  afterAll(async () => {
    await live?.close();
    await test?.close();
    await http?.close();
    await t?.close();
  });

  const stored = async () => (await t.sql(`select commission_value::text, status, name from campaigns where id = $1`, [campaign.id]))[0];

  it('previews a rate change instead of making it, and changes it on the preview token', async () => {
    const before = await stored();
    const previewed = await callTool(live, 'update_campaign', { id: campaign.id, commissionValue: 35 });
    expect(previewed.isError).toBe(false);
    const answer = JSON.parse(previewed.text) as { preview: { summary: string }; confirmationToken: string };
    expect(answer.preview.summary).toContain('commissionValue 20 → 35');
    expect(await stored()).toEqual(before);

    const done = await callTool(live, 'update_campaign', { id: campaign.id, commissionValue: 35, confirmationToken: answer.confirmationToken });
    expect(done.isError).toBe(false);
    expect(done.data).toMatchObject({ id: campaign.id, commissionValue: 35 });
    expect((await stored()).commission_value).toBe('35.000000');
    // The preview writes nothing and is not audited; the confirmed call is.
    const audit = await t.sql(`select status, error_code from audit_log where actor = 'assistant' and method = 'PATCH' and path = $1 order by created_at, id`, [
      `/api/v1/campaigns/${campaign.id}`,
    ]);
    expect(audit).toEqual([{ status: 200, error_code: null }]);
  });

  it('changes what moves no money without asking, and keeps the REST rules and gates', async () => {
    const renamed = await callTool(live, 'update_campaign', { id: campaign.id, name: 'Renamed by assistant' });
    expect(renamed.data.name).toBe('Renamed by assistant');
    const bad = await callTool(live, 'update_campaign', { id: campaign.id, name: 'x' });
    expect(bad.error?.code).toBe('validation_error');
    expect((await callTool(test, 'update_campaign', { id: campaign.id, name: 'Test key' })).error?.code).toBe('test_mode_unsupported');
    const other = await createMerchant(t, 'scale');
    const otherClient = await connectAssistant(http.baseUrl, other.liveKey);
    expect((await callTool(otherClient, 'update_campaign', { id: campaign.id, name: 'Not yours' })).error?.code).toBe('not_found');
    await otherClient.close();
  });

  it('asks before suspending an affiliate, then suspends and reinstates it', async () => {
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    const refused = await callTool(live, 'update_affiliate', { id: affiliate.id, campaignId: campaign.id, status: 'suspended' });
    expect(refused.error?.code).toBe('confirmation_required');
    expect((await t.sql(`select status from affiliate_memberships where affiliate_id = $1`, [affiliate.id]))[0].status).toBe('approved');
    const suspended = await callTool(live, 'update_affiliate', { id: affiliate.id, campaignId: campaign.id, status: 'suspended', confirm: true });
    expect(suspended.data).toMatchObject({ id: affiliate.id, status: 'suspended' });
    const reinstated = await callTool(live, 'update_affiliate', { id: affiliate.id, campaignId: campaign.id, status: 'approved' });
    expect(reinstated.data.status).toBe('approved');
    const illegal = await callTool(live, 'update_affiliate', { id: affiliate.id, campaignId: campaign.id, status: 'rejected' });
    expect(illegal.error?.code).toBe('invalid_transition');
  });
});
