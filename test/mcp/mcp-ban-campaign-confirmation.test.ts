import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, clockOf, headlessAffiliate, payoutCampaign, payoutOf } from '../support/payout-mother.js';
import { createCampaign, postConversion, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { callTool, connectAssistant, listen } from './support.js';

interface PreviewAnswer {
  preview: { summary: string; rows: any[]; totals: any[]; warnings: string[] };
  confirmationToken: string;
  expiresAt: string;
}

describe('a ban and a campaign money term are previewed, then made on the preview token', () => {
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

  const preview = async (client: Client, name: string, args: Record<string, unknown>): Promise<PreviewAnswer> => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(result.structuredContent).toHaveProperty('confirmationToken');
    return result.structuredContent as unknown as PreviewAnswer;
  };
  const sale = async (affiliateId: string, amount: number, currency = 'usd') =>
    (await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId, amount, currency })).body.data.id as string;
  const statusOf = async (id: string) => (await t.api('GET', `/conversions/${id}`, merchant.liveKey)).body.data.status as string;
  const banned = async (affiliateId: string) =>
    (await t.sql(`select 1 from affiliate_bans where affiliate_id = $1`, [affiliateId])).length === 1;

  describe('ban_affiliate', () => {
    it('previews every row the ban changes with totals per currency, changes nothing, then bans with the token', async () => {
      const affiliate = await headlessAffiliate(t, merchant.liveKey, campaign.id);
      const pending = await sale(affiliate.id, 15);
      const approvedUsd = await approvedSale(t, merchant.liveKey, campaign.id, affiliate.id, 40);
      const approvedEur = await approvedSale(t, merchant.liveKey, campaign.id, affiliate.id, 9.5, 'eur');
      const payout = (await payoutOf(t, merchant.liveKey, approvedUsd))!;
      expect(payout).toBeDefined();

      const args = { id: affiliate.id, reason: 'Self-referred sales' };
      const answer = await preview(live, 'ban_affiliate', args);
      const { rows, totals } = answer.preview;
      expect(rows.filter((r) => r.type === 'membership')).toEqual([
        expect.objectContaining({ currency: null, before: expect.objectContaining({ campaignId: campaign.id, status: 'approved' }), after: expect.objectContaining({ status: 'suspended' }) }),
      ]);
      const row = (id: string) => rows.find((r) => r.type === 'conversion' && r.id === id);
      expect(row(pending)).toMatchObject({ currency: 'usd', before: { status: 'pending', amount: '15', commission: '15' }, after: { status: 'rejected' }, owedBefore: '0', owedAfter: '0' });
      expect(row(approvedUsd)).toMatchObject({ currency: 'usd', before: { status: 'approved', commission: '40' }, after: { status: 'held' }, owedBefore: '40', owedAfter: '0' });
      expect(row(approvedEur)).toMatchObject({ currency: 'eur', before: { status: 'approved', commission: '9.5' }, after: { status: 'held' }, owedBefore: '9.5', owedAfter: '0' });
      expect(rows.find((r) => r.type === 'payout' && r.id === payout.id)).toMatchObject({
        currency: 'usd',
        before: { status: payout.status, amount: '40', conversionId: approvedUsd },
        after: { status: 'cancelled' },
        owedBefore: null,
      });
      expect([...totals].sort((a, b) => a.currency.localeCompare(b.currency))).toEqual([
        { currency: 'eur', rows: 1, owedBefore: '9.5', owedAfter: '0', change: '-9.5' },
        { currency: 'usd', rows: 2, owedBefore: '40', owedAfter: '0', change: '-40' },
      ]);
      expect(answer.preview.summary).toContain('1 membership(s) suspended');
      expect(await banned(affiliate.id)).toBe(false);
      expect(await statusOf(approvedUsd)).toBe('approved');

      const done = await callTool(live, 'ban_affiliate', { ...args, confirmationToken: answer.confirmationToken });
      expect(done.error).toBeUndefined();
      expect(done.data).toMatchObject({ affiliateId: affiliate.id, banned: true, suspendedMemberships: 1, rejectedConversions: 1, heldConversions: 2, cancelledPayouts: 2 });
      expect(await statusOf(pending)).toBe('rejected');
      expect(await statusOf(approvedUsd)).toBe('held');
      expect(await payoutOf(t, merchant.liveKey, approvedUsd)).toBeUndefined();

      // Single use.
      const again = await callTool(live, 'ban_affiliate', { ...args, confirmationToken: answer.confirmationToken });
      expect(again.error?.code).toMatch(/confirmation_invalid|invalid_transition/);
      // A banned affiliate's ban is refused at the preview with the call's own error.
      expect((await callTool(live, 'ban_affiliate', args)).error?.code).toBe('invalid_transition');
    });

    it('refuses the token for another reason, once expired, and when the rows changed (stale)', async () => {
      const affiliate = await headlessAffiliate(t, merchant.liveKey, campaign.id);
      const first = await sale(affiliate.id, 20);
      const args = { id: affiliate.id, reason: 'Coupon site' };

      const answer = await preview(live, 'ban_affiliate', args);
      const otherReason = await callTool(live, 'ban_affiliate', { id: affiliate.id, reason: 'Another reason', confirmationToken: answer.confirmationToken });
      expect(otherReason.error).toMatchObject({ code: 'confirmation_invalid', message: expect.stringContaining('other arguments') });
      expect(await banned(affiliate.id)).toBe(false);

      await clockOf(t).advance(10 * 60_000 + 1000);
      const late = await callTool(live, 'ban_affiliate', { ...args, confirmationToken: answer.confirmationToken });
      expect(late.error).toMatchObject({ code: 'confirmation_invalid', message: expect.stringContaining('expired') });
      expect(await banned(affiliate.id)).toBe(false);

      const fresh = await preview(live, 'ban_affiliate', args);
      // A new sale after the preview is a row the user did not see.
      await sale(affiliate.id, 5);
      const stale = await callTool(live, 'ban_affiliate', { ...args, confirmationToken: fresh.confirmationToken });
      expect(stale.error?.code).toBe('stale_preview');
      expect(await banned(affiliate.id)).toBe(false);
      expect(await statusOf(first)).toBe('pending');
    });

    it('shows a sale whose payout is with the provider as left unchanged, with a warning, and the ban skips it', async () => {
      const affiliate = await headlessAffiliate(t, merchant.liveKey, campaign.id);
      const inFlight = await approvedSale(t, merchant.liveKey, campaign.id, affiliate.id, 12);
      const payout = (await payoutOf(t, merchant.liveKey, inFlight))!;
      await t.sql(`update payouts set status = 'processing', next_check_at = now() + interval '5 minutes' where id = $1`, [payout.id]);
      const args = { id: affiliate.id, reason: 'Chargebacks' };
      const answer = await preview(live, 'ban_affiliate', args);
      expect(answer.preview.rows.find((r) => r.id === inFlight)).toMatchObject({ before: { status: 'approved' }, after: { status: 'approved' }, owedBefore: '12', owedAfter: '12' });
      expect(answer.preview.rows.some((r) => r.type === 'payout')).toBe(false);
      expect(answer.preview.warnings).toEqual([expect.stringContaining(`Conversion ${inFlight} stays approved`)]);
      expect(answer.preview.totals).toEqual([{ currency: 'usd', rows: 1, owedBefore: '12', owedAfter: '12', change: '0' }]);
      const done = await callTool(live, 'ban_affiliate', { ...args, confirmationToken: answer.confirmationToken });
      expect(done.data).toMatchObject({ heldConversions: 0, skippedConversions: 1 });
      expect(await statusOf(inFlight)).toBe('approved');
    });

    it("gives no preview to a read-only key, nor of another merchant's affiliate; unban needs no token", async () => {
      const affiliate = await headlessAffiliate(t, merchant.liveKey, campaign.id);
      expect((await callTool(readOnly, 'ban_affiliate', { id: affiliate.id, reason: 'x' })).error?.code).toBe('insufficient_permissions');
      expect((await callTool(otherLive, 'ban_affiliate', { id: affiliate.id, reason: 'x' })).error?.code).toBe('not_found');
      expect((await callTool(live, 'ban_affiliate', { id: affiliate.id, reason: '   ' })).error?.code).toBe('validation_error');
      const answer = await preview(live, 'ban_affiliate', { id: affiliate.id, reason: 'Bots' });
      await callTool(live, 'ban_affiliate', { id: affiliate.id, reason: 'Bots', confirmationToken: answer.confirmationToken });
      expect(await banned(affiliate.id)).toBe(true);
      const { tools } = await live.listTools();
      expect(tools.find((tool) => tool.name === 'unban_affiliate')?.inputSchema.properties).not.toHaveProperty('confirmationToken');
      const unbanned = await callTool(live, 'unban_affiliate', { id: affiliate.id });
      expect(unbanned.data).toMatchObject({ affiliateId: affiliate.id, banned: false });
    });
  });

  describe('update_campaign', () => {
    let rated: TestCampaign;
    beforeAll(async () => {
      rated = await createCampaign(t, merchant, { commissionType: 'percentage', commissionValue: 20 });
    });
    const stored = async () =>
      (await t.sql(`select commission_type, commission_value::text, auto_approve_commissions_after_days, name from campaigns where id = $1`, [rated.id]))[0];

    it('previews each changed money term before and after, then changes it with the token; other fields need none', async () => {
      const before = await stored();
      const args = { id: rated.id, commissionType: 'fixed', commissionValue: 7.5, autoApproveCommissionsAfterDays: 30 };
      const answer = await preview(live, 'update_campaign', args);
      expect(answer.preview.rows).toEqual([
        expect.objectContaining({ type: 'campaign_term', id: rated.id, currency: null, before: expect.objectContaining({ term: 'commissionType', value: 'percentage' }), after: { term: 'commissionType', value: 'fixed' } }),
        expect.objectContaining({ before: expect.objectContaining({ term: 'commissionValue', value: '20' }), after: { term: 'commissionValue', value: '7.5' } }),
        expect.objectContaining({ before: expect.objectContaining({ term: 'autoApproveCommissionsAfterDays', value: null }), after: { term: 'autoApproveCommissionsAfterDays', value: '30' } }),
      ]);
      expect(answer.preview.totals).toEqual([]);
      expect(answer.preview.summary).toContain('commissionValue 20 → 7.5');
      expect(await stored()).toEqual(before);

      const done = await callTool(live, 'update_campaign', { ...args, confirmationToken: answer.confirmationToken });
      expect(done.error).toBeUndefined();
      expect(done.data).toMatchObject({ id: rated.id, commissionType: 'fixed', commissionValue: 7.5, autoApproveCommissionsAfterDays: 30 });
      expect(await stored()).toMatchObject({ commission_type: 'fixed', commission_value: '7.500000', auto_approve_commissions_after_days: 30 });
      const reused = await callTool(live, 'update_campaign', { ...args, confirmationToken: answer.confirmationToken });
      expect(reused.error).toMatchObject({ code: 'confirmation_invalid', message: expect.stringContaining('used already') });

      const renamed = await callTool(live, 'update_campaign', { id: rated.id, name: 'Renamed at once' });
      expect(renamed.data).toMatchObject({ name: 'Renamed at once' });
      // The confirmed call is audited; its preview is not.
      const audit = await t.sql(`select status, error_code from audit_log where actor = 'assistant' and method = 'PATCH' and path = $1 order by created_at, id`, [
        `/api/v1/campaigns/${rated.id}`,
      ]);
      expect(audit).toEqual([
        { status: 200, error_code: null },
        { status: 200, error_code: null },
      ]);
    });

    it('refuses the token for other arguments, once expired, and after the campaign changed (stale)', async () => {
      const args = { id: rated.id, commissionValue: 9 };
      const answer = await preview(live, 'update_campaign', args);
      const otherArgs = await callTool(live, 'update_campaign', { id: rated.id, commissionValue: 90, confirmationToken: answer.confirmationToken });
      expect(otherArgs.error?.code).toBe('confirmation_invalid');
      await clockOf(t).advance(10 * 60_000 + 1000);
      const late = await callTool(live, 'update_campaign', { ...args, confirmationToken: answer.confirmationToken });
      expect(late.error).toMatchObject({ code: 'confirmation_invalid', message: expect.stringContaining('expired') });

      const fresh = await preview(live, 'update_campaign', args);
      expect((await t.api('PATCH', `/campaigns/${rated.id}`, merchant.liveKey, { commissionValue: 8 })).status).toBe(200);
      const stale = await callTool(live, 'update_campaign', { ...args, confirmationToken: fresh.confirmationToken });
      expect(stale.error?.code).toBe('stale_preview');
      expect((await stored()).commission_value).toBe('8.000000');
    });

    it("refuses at the preview what the call would refuse: a bad rate, another merchant's campaign, a read-only key", async () => {
      expect((await callTool(live, 'update_campaign', { id: rated.id, commissionType: 'percentage', commissionValue: 150 })).error?.code).toBe('validation_error');
      expect((await callTool(otherLive, 'update_campaign', { id: rated.id, commissionValue: 10 })).error?.code).toBe('not_found');
      expect((await callTool(readOnly, 'update_campaign', { id: rated.id, commissionValue: 10 })).error?.code).toBe('insufficient_permissions');
      expect((await callTool(live, 'update_campaign', { id: rated.id, commissionValue: 10, confirm: true })).error?.code).toBe('validation_error');
    });
  });
});
