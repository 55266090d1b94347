import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { callTool, connectAssistant, listen } from './support.js';

describe('generated tools answer as their API operations, through the same routes', () => {
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
    merchant = await createMerchant(t, 'scale');
    other = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant, { commissionType: 'percentage', commissionValue: 10 });
    affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    live = await connectAssistant(http.baseUrl, merchant.liveKey);
    readOnly = await connectAssistant(http.baseUrl, merchant.liveReadKey);
    otherLive = await connectAssistant(http.baseUrl, other.liveKey);
  });
  afterAll(async () => {
    for (const client of [live, readOnly, otherLive]) await client?.close();
    await http?.close();
    await t?.close();
  });

  it('lists conversions with the API filters and pagination, the same page the API gives (the SDK checks the output schema)', async () => {
    const ids: string[] = [];
    for (const amount of [10, 20, 30]) ids.push((await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount })).body.data.id);
    await t.api('PATCH', `/conversions/${ids[0]}`, merchant.liveKey, { status: 'approved' });
    const pending = await callTool(live, 'list_conversions', { status: 'pending', campaignId: campaign.id, limit: 1, page: 2 });
    expect(pending.isError).toBe(false);
    const rest = await t.api('GET', `/conversions?status=pending&campaignId=${campaign.id}&limit=1&page=2`, merchant.liveKey);
    expect(JSON.parse(pending.text)).toEqual(rest.body);
    expect(rest.body.pagination).toMatchObject({ page: 2, limit: 1, total: 2 });
    const one = await callTool(live, 'get_conversion', { id: ids[0] });
    expect(one.data).toMatchObject({ id: ids[0], status: 'approved' });
  });

  it("answers the API's refusals as tool errors with its code and message: validation, guards, another merchant's ids", async () => {
    const bad = await callTool(live, 'list_conversions', { status: 'lost', limit: 1000 });
    expect(bad.error?.code).toBe('validation_error');
    expect(bad.error?.details?.map((d) => d.field).sort()).toEqual(['limit', 'status']);
    const unknown = await callTool(live, 'list_conversions', { state: 'pending' });
    expect(unknown.error).toMatchObject({ code: 'validation_error', details: [{ field: 'state', message: 'is not a known field' }] });
    const missing = await callTool(live, 'get_conversion', {});
    expect(missing.error).toMatchObject({ code: 'validation_error', details: [{ field: 'id', message: 'Required' }] });

    const sale = (await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 40 })).body.data;
    const refusedWrite = await callTool(readOnly, 'create_coupon', { campaignId: campaign.id, affiliateId: affiliate.id, code: 'RO10' });
    expect(refusedWrite.error?.code).toBe('insufficient_permissions');
    const elsewhere = await callTool(otherLive, 'get_conversion', { id: sale.id });
    expect(elsewhere.error?.code).toBe('not_found');
    const elsewhereRefund = await callTool(otherLive, 'refund_conversion', { id: sale.id });
    expect(elsewhereRefund.error?.code).toBe('not_found');
    expect((await t.api('GET', `/conversions/${sale.id}`, merchant.liveKey)).body.data.status).toBe('pending');
  });

  it('writes through the route: its audit row names the assistant, the key and the API path', async () => {
    const created = await callTool(live, 'create_coupon', { campaignId: campaign.id, affiliateId: affiliate.id, code: 'ASSIST10' });
    expect(created.isError).toBe(false);
    expect((await t.api('GET', `/coupons/${created.data.id}`, merchant.liveKey)).body.data.code).toBe(created.data.code);
    const rows = await t.sql(`select actor, method, path, status, address, user_agent from audit_log where path = '/api/v1/coupons' and merchant_id = $1 order by status`, [merchant.id]);
    // The read-only key's refused write (above) and this one, each once, as the REST write would be.
    expect(rows).toEqual([
      expect.objectContaining({ actor: 'assistant', method: 'POST', status: 201, user_agent: 'mcp-test-client/1.0' }),
      expect.objectContaining({ actor: 'assistant', method: 'POST', status: 403 }),
    ]);
    expect(rows[0].address).toBeTruthy();
  });

  it('returns a file operation as text with the headers that belong to the answer', async () => {
    const result = (await live.callTool({ name: 'export_payouts', arguments: { method: 'wallet_a', currency: 'usd' } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0]).toMatchObject({ type: 'text' });
    expect(JSON.parse((result.content[1] as { text: string }).text)).toMatchObject({ contentType: expect.stringContaining('text/csv'), headers: { 'x-payout-ids': expect.any(String) } });
  });

  it('counts one /mcp request once against the rate limit, however the tool reaches the API', async () => {
    const before = await t.api('GET', '/me', merchant.liveKey);
    await callTool(live, 'list_campaigns', {});
    const after = await t.api('GET', '/me', merchant.liveKey);
    // The REST call, the /mcp request, the REST call: two apart, not three.
    expect(Number(before.headers.get('x-ratelimit-remaining')) - Number(after.headers.get('x-ratelimit-remaining'))).toBe(2);
  });
});
