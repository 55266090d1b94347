import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { callTool, connectAssistant, listen } from './support.js';

describe('assistant tools refuse unknown arguments and unstorable text, as the REST API does', () => {
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
    campaign = await createCampaign(t, merchant);
    affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    live = await connectAssistant(http.baseUrl, merchant.liveKey);
  });
  afterAll(async () => {
    await live?.close();
    await http?.close();
    await t?.close();
  });

  const conversions = async () => Number((await t.sql(`select count(*)::int as n from conversions where merchant_id = $1`, [merchant.id]))[0].n);

  it('declares closed input schemas', async () => {
    const { tools } = await live.listTools();
    for (const tool of tools) expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
  });

  it('refuses an unknown argument by name and writes nothing', async () => {
    const before = await conversions();
    const out = await callTool(live, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 10, order_id: 'o-1' });
    expect(out.error?.code).toBe('validation_error');
    expect(out.error?.details).toEqual([{ field: 'order_id', message: 'is not a known field' }]);
    expect(await conversions()).toBe(before);
  });

  it('refuses a NUL byte in an argument', async () => {
    const out = await callTool(live, 'search', { q: 'ab\u0000c' });
    expect(out.error?.code).toBe('validation_error');
    expect(out.error?.details?.map((d) => d.field)).toEqual(['q']);
  });

  it('reports an unknown tool once, without a doubled "MCP error" prefix', async () => {
    const failure = await live.callTool({ name: 'no_such_tool', arguments: {} }).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure?.message).toBe('MCP error -32602: Tool no_such_tool not found');
  });
});
