import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { callTool, confirmedCall, connectAssistant, listen } from './support.js';

describe('the spec tools say what they return', () => {
  let t: TestService;
  let http: { baseUrl: string; close(): Promise<void> };
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let affiliate: { id: string };
  let live: Client;

  beforeAll(async () => {
    t = await startTestService();
    http = await listen(t);
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant, { commissionType: 'fixed', commissionValue: 5 });
    affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    live = await connectAssistant(http.baseUrl, merchant.liveKey);
  });
  afterAll(async () => {
    await live?.close();
    await http?.close();
    await t?.close();
  });

  it('types autoApproveCommissionsAfterDays as 7, 14, 30, 60, 90 or null, and declares the output of fetch', async () => {
    const { tools } = await live.listTools();
    const update = tools.find((tool) => tool.name === 'update_campaign')!;
    expect(update.inputSchema.properties?.autoApproveCommissionsAfterDays).toMatchObject({ anyOf: [{ enum: [7, 14, 30, 60, 90] }, { type: 'null' }] });
    const refused = await callTool(live, 'update_campaign', { id: campaign.id, autoApproveCommissionsAfterDays: 8 });
    expect(refused.error?.code).toBe('validation_error');
    const fetch = tools.find((tool) => tool.name === 'fetch')!;
    expect(fetch.outputSchema?.properties?.data).toHaveProperty('anyOf');
    const sale = await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 10 });
    // The SDK client checks structured content against the declared schema.
    const fetched = (await live.callTool({ name: 'fetch', arguments: { id: `conversion:${sale.body.data.id}` } })) as CallToolResult;
    expect(fetched.structuredContent).toMatchObject({ data: { id: sale.body.data.id } });
  });

  it('get_program_overview says when its single totals add currencies, beside the per-currency breakdown', async () => {
    const one = await live.callTool({ name: 'get_program_overview', arguments: {} });
    expect(one.structuredContent).toMatchObject({ totals: { addsCurrencies: false, currencies: ['usd'] } });
    await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 1000, currency: 'jpy' });
    const two = (await live.callTool({ name: 'get_program_overview', arguments: {} })) as CallToolResult;
    const content = two.structuredContent as { data: { byCurrency: { currency: string }[] }; totals: { addsCurrencies: boolean; currencies: string[]; note: string } };
    expect(content.totals.addsCurrencies).toBe(true);
    expect([...content.totals.currencies].sort()).toEqual(['jpy', 'usd']);
    expect(content.totals.note).toContain('data.byCurrency');
    expect(content.data.byCurrency.map((row) => row.currency).sort()).toEqual(['jpy', 'usd']);
  });

  it('asks about a zero sale without calling the commission "above 5 times" it', async () => {
    const zero = await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 0 });
    const refused = await confirmedCall(live, 'update_conversion', { id: zero.body.data.id, status: 'approved' });
    expect(refused.error?.code).toBe('commission_above_sale');
    expect(refused.error?.message).toMatch(/^The sale is zero/);
    expect(refused.error?.message).not.toContain('5 times');
  });
});
