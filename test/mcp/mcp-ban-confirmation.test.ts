import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, headlessAffiliate, payoutCampaign, payoutOf } from '../support/payout-mother.js';
import { postConversion, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { callTool, connectAssistant, listen } from './support.js';

/** A ban moves money (sales rejected, payouts cancelled): the assistant previews it, then confirms with the token. */
describe('ban_affiliate through the assistant: preview, then confirm', () => {
  let t: TestService;
  let http: { baseUrl: string; close(): Promise<void> };
  let merchant: TestMerchant;
  let other: TestMerchant;
  let campaign: TestCampaign;
  let live: Client;
  let readOnly: Client;
  let otherLive: Client;

  beforeAll(async () => {
    t = await startTestService();
    http = await listen(t);
    merchant = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    other = await createMerchant(t, 'scale');
    campaign = await payoutCampaign(t, merchant);
    live = await connectAssistant(http.baseUrl, merchant.liveKey);
    readOnly = await connectAssistant(http.baseUrl, merchant.liveReadKey);
    otherLive = await connectAssistant(http.baseUrl, other.liveKey);
  });
  afterAll(async () => {
    for (const client of [live, readOnly, otherLive]) await client?.close();
    await http?.close();
    await t?.close();
  });

  const previewOf = async (client: Client, args: Record<string, unknown>) => (await client.callTool({ name: 'ban_affiliate', arguments: args })) as any;
  const banned = async (id: string) => (await t.sql(`select 1 from affiliate_bans where affiliate_id = $1`, [id])).length === 1;

  it('previews every membership and sale the ban moves, changes nothing, then bans with the token once', async () => {
    const affiliate = await headlessAffiliate(t, merchant.liveKey, campaign.id);
    const pending = (await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 12 })).body.data.id as string;
    const approved = await approvedSale(t, merchant.liveKey, campaign.id, affiliate.id, 30);
    const args = { id: affiliate.id, reason: 'Self-referred sales' };

    const first = await previewOf(live, args);
    expect(first.isError).toBeFalsy();
    const answer = first.structuredContent;
    expect(answer.preview.summary).toBe(`Ban affiliate ${affiliate.id}: 1 membership(s) closed, 1 sale(s) rejected, 1 held`);
    const byId = new Map(answer.preview.rows.map((r: any) => [r.id, r]));
    expect(byId.get(pending)).toMatchObject({ type: 'conversion', before: { status: 'pending' }, after: { status: 'rejected' } });
    expect(byId.get(approved)).toMatchObject({ type: 'conversion', before: { status: 'approved' }, after: { status: 'held' }, owedBefore: '30', owedAfter: '0' });
    expect(answer.preview.rows.filter((r: any) => r.type === 'membership')).toEqual([
      expect.objectContaining({ before: { campaignId: campaign.id, status: 'approved' }, after: { campaignId: campaign.id, status: 'suspended' } }),
    ]);
    expect(answer.preview.totals).toEqual([{ currency: 'usd', rows: 2, owedBefore: '30', owedAfter: '0', change: '-30' }]);
    expect(await banned(affiliate.id)).toBe(false);
    expect(await payoutOf(t, merchant.liveKey, approved)).toBeDefined();

    const otherReason = await callTool(live, 'ban_affiliate', { ...args, reason: 'Another reason', confirmationToken: answer.confirmationToken });
    expect(otherReason.error?.code).toBe('confirmation_invalid');
    const again = (await previewOf(live, args)).structuredContent;
    const done = await callTool(live, 'ban_affiliate', { ...args, confirmationToken: again.confirmationToken });
    expect(done.isError).toBe(false);
    expect(done.data).toMatchObject({ affiliateId: affiliate.id, banned: true, rejectedConversions: 1, heldConversions: 1, cancelledPayouts: 1 });
    expect(await banned(affiliate.id)).toBe(true);
    expect(await payoutOf(t, merchant.liveKey, approved)).toBeUndefined();
    // A repeat is refused by the preview itself: the affiliate is banned already.
    expect((await callTool(live, 'ban_affiliate', { ...args, confirmationToken: again.confirmationToken })).error?.code).toBe('invalid_transition');
    const audit = await t.sql(`select status from audit_log where actor = 'assistant' and path = $1 and status = 200`, [`/api/v1/affiliates/${affiliate.id}/ban`]);
    expect(audit).toHaveLength(1);

    // Unbanning moves no money: no preview, done at once.
    const lifted = await callTool(live, 'unban_affiliate', { id: affiliate.id });
    expect(lifted.data).toMatchObject({ affiliateId: affiliate.id, banned: false });
  });

  it("refuses a read-only key, another merchant's affiliate and a blank reason at the preview", async () => {
    const affiliate = await headlessAffiliate(t, merchant.liveKey, campaign.id);
    expect((await callTool(readOnly, 'ban_affiliate', { id: affiliate.id, reason: 'x' })).error?.code).toBe('insufficient_permissions');
    expect((await callTool(otherLive, 'ban_affiliate', { id: affiliate.id, reason: 'x' })).error?.code).toBe('not_found');
    expect((await callTool(live, 'ban_affiliate', { id: affiliate.id, reason: '   ' })).error?.code).toBe('validation_error');
    expect(await banned(affiliate.id)).toBe(false);
  });

  it('lists the review queue as a read tool', async () => {
    const res = await callTool(live, 'list_risk_reviews', { kind: 'affiliate' });
    expect(res.isError).toBe(false);
    expect(Array.isArray(res.data)).toBe(true);
  });
});
