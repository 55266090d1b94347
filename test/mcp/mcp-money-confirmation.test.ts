import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, clockOf, headlessAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import { postConversion, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { callTool, connectAssistant, listen } from './support.js';

interface PreviewAnswer {
  preview: { summary: string; rows: any[]; totals: any[]; warnings: string[] };
  confirmationToken: string;
  expiresAt: string;
}

describe('money moves answer a preview first, then act on its confirmation token', () => {
  let t: TestService;
  let http: { baseUrl: string; close(): Promise<void> };
  let merchant: TestMerchant;
  let other: TestMerchant;
  let campaign: TestCampaign;
  let affiliate: { id: string };
  let live: Client;
  let readOnly: Client;
  let otherLive: Client;

  beforeAll(async () => {
    t = await startTestService();
    http = await listen(t);
    merchant = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    other = await createMerchant(t, 'scale');
    campaign = await payoutCampaign(t, merchant);
    affiliate = await headlessAffiliate(t, merchant.liveKey, campaign.id);
    live = await connectAssistant(http.baseUrl, merchant.liveKey);
    readOnly = await connectAssistant(http.baseUrl, merchant.liveReadKey);
    otherLive = await connectAssistant(http.baseUrl, other.liveKey);
  });
  afterAll(async () => {
    for (const client of [live, readOnly, otherLive]) await client?.close();
    await http?.close();
    await t?.close();
  });

  const sale = async (amount: number, currency = 'usd') =>
    (await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount, currency })).body.data.id as string;
  const statusOf = async (id: string) => (await t.api('GET', `/conversions/${id}`, merchant.liveKey)).body.data.status as string;
  const preview = async (client: Client, name: string, args: Record<string, unknown>): Promise<PreviewAnswer> => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return result.structuredContent as unknown as PreviewAnswer;
  };

  it('previews an approval row by row with totals per currency, changes nothing, then approves with the token', async () => {
    const id = await sale(40);
    const answer = await preview(live, 'update_conversion', { id, status: 'approved' });
    expect(answer.preview.rows).toEqual([
      expect.objectContaining({ type: 'conversion', id, currency: 'usd', before: expect.objectContaining({ status: 'pending', commission: '40' }), after: expect.objectContaining({ status: 'approved', commission: '40' }), owedBefore: '0', owedAfter: '40' }),
    ]);
    expect(answer.preview.totals).toEqual([{ currency: 'usd', rows: 1, owedBefore: '0', owedAfter: '40', change: '40' }]);
    const clock = await clockOf(t).now();
    expect(Date.parse(answer.expiresAt) - clock.getTime()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(answer.expiresAt) - clock.getTime()).toBeLessThanOrEqual(10 * 60_000);
    expect(await statusOf(id)).toBe('pending');

    const done = await callTool(live, 'update_conversion', { id, status: 'approved', confirmationToken: answer.confirmationToken });
    expect(done.data).toMatchObject({ id, status: 'approved' });
    expect(await statusOf(id)).toBe('approved');

    // Single use: the same token again is refused, whatever the state.
    const again = await callTool(live, 'update_conversion', { id, status: 'approved', confirmationToken: answer.confirmationToken });
    expect(again.error).toMatchObject({ code: 'confirmation_invalid', message: expect.stringContaining('used already') });
  });

  it('refuses a token for other arguments, and a token past its ten minutes on the service clock', async () => {
    const id = await sale(25);
    const answer = await preview(live, 'update_conversion', { id, status: 'approved' });
    const other = await callTool(live, 'update_conversion', { id, status: 'rejected', confirmationToken: answer.confirmationToken });
    expect(other.error).toMatchObject({ code: 'confirmation_invalid', message: expect.stringContaining('other arguments') });
    expect(await statusOf(id)).toBe('pending');

    await clockOf(t).advance(10 * 60_000 + 1000);
    const late = await callTool(live, 'update_conversion', { id, status: 'approved', confirmationToken: answer.confirmationToken });
    expect(late.error).toMatchObject({ code: 'confirmation_invalid', message: expect.stringContaining('expired') });
    expect(await statusOf(id)).toBe('pending');
    const made = await callTool(live, 'update_conversion', { id, status: 'approved', confirmationToken: 'not-a-token' });
    expect(made.error?.code).toBe('confirmation_invalid');
  });

  it('answers stale_preview when the rows changed after the preview, and nothing moves', async () => {
    const id = await sale(30);
    const answer = await preview(live, 'update_conversion', { id, status: 'approved' });
    expect((await t.api('PATCH', `/conversions/${id}`, merchant.liveKey, { status: 'held' })).status).toBe(200);
    const stale = await callTool(live, 'update_conversion', { id, status: 'approved', confirmationToken: answer.confirmationToken });
    expect(stale.error?.code).toBe('stale_preview');
    expect(await statusOf(id)).toBe('held');
  });

  it('previews a partial refund as the domain computes it, then refunds', async () => {
    const id = await approvedSale(t, merchant.liveKey, campaign.id, affiliate.id, 80);
    const answer = await preview(live, 'refund_conversion', { id, amount: 20 });
    expect(answer.preview.rows[0]).toMatchObject({ before: { status: 'approved', commission: '80' }, after: { commission: '60', refundedAmount: '20' }, owedBefore: '80', owedAfter: '60' });
    expect(answer.preview.totals).toEqual([{ currency: 'usd', rows: 1, owedBefore: '80', owedAfter: '60', change: '-20' }]);
    const done = await callTool(live, 'refund_conversion', { id, amount: 20, confirmationToken: answer.confirmationToken });
    expect(done.isError).toBe(false);
    expect((await t.api('GET', `/conversions/${id}`, merchant.liveKey)).body.data.commission).toBe(60);
  });

  it('previews marking payout rows paid with totals per currency, then marks them', async () => {
    const usd = await approvedSale(t, merchant.liveKey, campaign.id, affiliate.id, 12.5);
    const eur = await approvedSale(t, merchant.liveKey, campaign.id, affiliate.id, 7, 'eur');
    await runJobs(t);
    const ids = [(await payoutOf(t, merchant.liveKey, usd))!.id, (await payoutOf(t, merchant.liveKey, eur))!.id];
    const answer = await preview(live, 'mark_payouts_paid', { ids, payoutMethod: 'wallet_a' });
    expect(answer.preview.rows.map((row) => row.after.status)).toEqual(['completed', 'completed']);
    expect([...answer.preview.totals].sort((a, b) => a.currency.localeCompare(b.currency))).toEqual([
      { currency: 'eur', rows: 1, owedBefore: '7', owedAfter: '0', change: '-7' },
      { currency: 'usd', rows: 1, owedBefore: '12.5', owedAfter: '0', change: '-12.5' },
    ]);
    const done = await callTool(live, 'mark_payouts_paid', { ids, payoutMethod: 'wallet_a', confirmationToken: answer.confirmationToken });
    expect(done.error).toBeUndefined();
    expect(done.data).toEqual({ markedPaid: 2 });
  });

  it("gives no preview to a caller who may not make the change, nor of another merchant's rows", async () => {
    const id = await sale(10);
    const refused = await callTool(readOnly, 'update_conversion', { id, status: 'approved' });
    expect(refused.error?.code).toBe('insufficient_permissions');
    const refusedRefund = await callTool(readOnly, 'refund_conversion', { id });
    expect(refusedRefund.error?.code).toBe('insufficient_permissions');
    const elsewhere = await callTool(otherLive, 'update_conversion', { id, status: 'approved' });
    expect(elsewhere.error?.code).toBe('not_found');
    // A token of one merchant confirms nothing at another.
    const answer = await preview(live, 'update_conversion', { id, status: 'approved' });
    const borrowed = await callTool(otherLive, 'update_conversion', { id, status: 'approved', confirmationToken: answer.confirmationToken });
    expect(borrowed.error?.code).toMatch(/not_found|confirmation_invalid/);
    expect(await statusOf(id)).toBe('pending');
  });

  it('forgets expired tokens with its job, and keeps live ones', async () => {
    const id = await sale(5);
    await preview(live, 'update_conversion', { id, status: 'approved' });
    const rows = async () => t.sql<{ expires_at: Date }>(`select expires_at from assistant_confirmations where merchant_id = $1`, [merchant.id]);
    await runJobs(t);
    const now = await clockOf(t).now();
    const kept = await rows();
    // The earlier tests' tokens, made before the clock moved ten minutes on, are gone; the live ones stay.
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((row) => new Date(row.expires_at).getTime() > now.getTime())).toBe(true);
    await clockOf(t).advance(10 * 60_000 + 1000);
    await runJobs(t);
    expect(await rows()).toEqual([]);
  });
});
