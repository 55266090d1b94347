import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { callTool, confirmedCall, connectAssistant, listen } from './support.js';

describe('the assistant tool interface (MCP over Streamable HTTP)', () => {
  let t: TestService;
  let http: { baseUrl: string; close(): Promise<void> };
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let affiliate: { id: string };
  let testAffiliate: { id: string };
  let live: Client;
  let test: Client;

  beforeAll(async () => {
    t = await startTestService();
    http = await listen(t);
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant, { commissionType: 'percentage', commissionValue: 20 });
    affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    testAffiliate = await createAffiliate(t, merchant.testKey, campaign.id);
    live = await connectAssistant(http.baseUrl, merchant.liveKey);
    test = await connectAssistant(http.baseUrl, merchant.testKey);
  });
  afterAll(async () => {
    await live?.close();
    await test?.close();
    await http?.close();
    await t?.close();
  });

  const auditRows = (where: string, params: unknown[] = []) =>
    t.sql(`select actor, api_key_id, merchant_id, method, path, status, error_code, address, user_agent from audit_log where ${where} order by created_at, id`, params);
  const keyIdOf = async (m: TestMerchant, mode: 'live' | 'test', write: boolean) =>
    (await t.sql(`select id from api_keys where merchant_id = $1 and mode = $2 and can_write = $3`, [m.id, mode, write]))[0]?.id as string;

  it('lists the tools with the REST schemas and truthful annotations', async () => {
    const { tools } = await live.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].slice(0, 7)).toEqual(['create_conversion', 'update_conversion', 'get_program_overview', 'search', 'fetch', 'update_campaign', 'update_affiliate']);

    const create = byName.get('create_conversion')!;
    expect(create.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(create.inputSchema.required).toEqual(['campaignId', 'affiliateId', 'amount']);
    expect(create.inputSchema.properties).toMatchObject({
      amount: { type: 'number', minimum: 0 },
      currency: { type: 'string', pattern: '^[A-Za-z]{3}$' },
      customerEmail: { type: 'string', format: 'email' },
    });
    expect(create.outputSchema?.properties).toHaveProperty('data');

    const update = byName.get('update_conversion')!;
    expect(update.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(update.inputSchema.required).toEqual(['id', 'status']);
    expect(update.inputSchema.properties).toMatchObject({ status: { enum: ['approved', 'rejected', 'held', 'released', 'pending'] }, confirmAboveSale: { type: 'boolean' } });

    for (const name of ['get_program_overview', 'search']) {
      expect(byName.get(name)!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    }
    expect(byName.get('get_program_overview')!.inputSchema.properties).toEqual({});
    expect(byName.get('search')!.inputSchema.required).toEqual(['q']);
    expect(byName.get('search')!.inputSchema.properties).toMatchObject({ q: { type: 'string', minLength: 2 }, limit: { maximum: 20, default: 5 } });

    const fetch = byName.get('fetch')!;
    expect(fetch.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(fetch.inputSchema.required).toEqual(['id']);
  });

  it('create_conversion records a sale as POST /conversions does, and audits it with the actor `assistant`', async () => {
    const out = await callTool(live, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 80, orderId: 'mcp-1', customerName: 'Ada' });
    expect(out.isError).toBe(false);
    expect(out.data).toMatchObject({ campaignId: campaign.id, affiliateId: affiliate.id, amount: 80, commission: 16, status: 'pending', isTest: false, orderId: 'mcp-1', source: 'api' });
    const rest = await t.api('GET', `/conversions/${out.data.id}`, merchant.liveKey);
    expect(rest.body.data).toMatchObject({ id: out.data.id, amount: 80, commission: 16, status: 'pending' });

    const [row] = await auditRows(`path = '/api/v1/conversions' and actor = 'assistant' and status = 201`);
    expect(row).toMatchObject({ actor: 'assistant', merchant_id: merchant.id, method: 'POST', error_code: null, address: '127.0.0.1', user_agent: 'mcp-test-client/1.0' });
    expect(row.api_key_id).toBe(await keyIdOf(merchant, 'live', true));

    // Same checks: a reused orderId is the REST API's 409 duplicate, audited as a refused write.
    const again = await callTool(live, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 80, orderId: 'mcp-1' });
    expect(again.isError).toBe(true);
    expect(again.error?.code).toBe('duplicate');
    expect(await auditRows(`actor = 'assistant' and error_code = 'duplicate' and status = 409`)).toHaveLength(1);
  });

  it('answers schema failures with validation_error and field details, like the REST API', async () => {
    const out = await callTool(live, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: -5, currency: 'dollars' });
    expect(out.isError).toBe(true);
    expect(out.error?.code).toBe('validation_error');
    expect(out.error?.details?.map((d) => d.field).sort()).toEqual(['amount', 'currency']);
    const rest = await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: -5, currency: 'dollars' });
    expect(rest.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['amount', 'currency']);
    // A malformed id names nothing: not_found, as in the REST API.
    const unknown = await callTool(live, 'create_conversion', { campaignId: 'nope', affiliateId: affiliate.id, amount: 5 });
    expect(unknown.error?.code).toBe('not_found');
  });

  it('update_conversion approves and rejects as PATCH /conversions/:id does', async () => {
    const created = await callTool(live, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 50 });
    const approved = await confirmedCall(live, 'update_conversion', { id: created.data.id, status: 'approved' });
    expect(approved.isError).toBe(false);
    expect(approved.data).toEqual({ id: created.data.id, status: 'approved', amount: 50, commission: 10, updatedAt: expect.any(String) });
    const rejected = await confirmedCall(live, 'update_conversion', { id: created.data.id, status: 'rejected' });
    expect(rejected.data.status).toBe('rejected');
    expect((await t.api('GET', `/conversions/${created.data.id}`, merchant.liveKey)).body.data.status).toBe('rejected');
    expect(await auditRows(`actor = 'assistant' and method = 'PATCH' and path = $1`, [`/api/v1/conversions/${created.data.id}`])).toEqual([
      expect.objectContaining({ status: 200, error_code: null }),
      expect.objectContaining({ status: 200, error_code: null }),
    ]);
    const unknown = await callTool(live, 'update_conversion', { id: '00000000-0000-7000-8000-000000000000', status: 'approved' });
    expect(unknown.error?.code).toBe('not_found');
  });

  it('round-trips the 5x guard: refuses, tells the assistant to ask the user, changes nothing, then approves when confirmed', async () => {
    const fixed = await createCampaign(t, merchant, { commissionType: 'fixed', commissionValue: 60 });
    const seller = await createAffiliate(t, merchant.liveKey, fixed.id);
    const created = await callTool(live, 'create_conversion', { campaignId: fixed.id, affiliateId: seller.id, amount: 10 });
    expect(created.data.commission).toBe(60);

    const refused = await confirmedCall(live, 'update_conversion', { id: created.data.id, status: 'approved' });
    expect(refused.isError).toBe(true);
    expect(refused.error?.code).toBe('commission_above_sale');
    expect(refused.error?.message).toMatch(/ask/i);
    expect(refused.error?.message).toMatch(/user/);
    expect(refused.error?.message).toContain('confirmAboveSale: true');
    const unchanged = await callTool(live, 'fetch', { id: `conversion:${created.data.id}` });
    expect(unchanged.data.status).toBe('pending');
    expect(await t.sql(`select type from outbox_events where payload->>'conversionId' = $1`, [created.data.id])).toEqual([{ type: 'conversion.created' }]);

    const confirmed = await confirmedCall(live, 'update_conversion', { id: created.data.id, status: 'approved', confirmAboveSale: true });
    expect(confirmed.isError).toBe(false);
    expect(confirmed.data).toMatchObject({ id: created.data.id, status: 'approved', commission: 60 });
    expect(await auditRows(`actor = 'assistant' and path = $1`, [`/api/v1/conversions/${created.data.id}`])).toEqual([
      expect.objectContaining({ method: 'PATCH', status: 409, error_code: 'commission_above_sale' }),
      expect.objectContaining({ method: 'PATCH', status: 200, error_code: null }),
    ]);
  });

  it('fetch returns each kind of object exactly as its GET-by-id endpoint does', async () => {
    const sale = await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 12.5, customerEmail: 'buyer@example.com' });
    const coupon = await t.api('POST', '/coupons', merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, code: 'mcp10' });
    expect(coupon.status).toBe(201);
    const pairs: [string, string][] = [
      [`campaign:${campaign.id}`, `/campaigns/${campaign.id}`],
      [`affiliate:${affiliate.id}`, `/affiliates/${affiliate.id}`],
      [`coupon:${coupon.body.data.id}`, `/coupons/${coupon.body.data.id}`],
      [`conversion:${sale.body.data.id}`, `/conversions/${sale.body.data.id}`],
    ];
    for (const [composite, path] of pairs) {
      const [out, rest] = await Promise.all([callTool(live, 'fetch', { id: composite }), t.api('GET', path, merchant.liveKey)]);
      expect(rest.status).toBe(200);
      expect(out.isError).toBe(false);
      expect(out.data).toEqual(rest.body.data);
    }
    expect((await callTool(live, 'fetch', { id: 'conversion:not-a-uuid' })).error?.code).toBe('not_found');
    expect((await callTool(live, 'fetch', { id: `payout:${sale.body.data.id}` })).error?.code).toBe('validation_error');
  });

  it('get_program_overview answers as GET /stats/overview, in the key mode', async () => {
    const withoutNow = (o: any) => ({ ...o, period: { from: o.period.from } });
    for (const [client, key] of [[live, merchant.liveKey], [test, merchant.testKey]] as const) {
      const out = await callTool(client, 'get_program_overview', {});
      const rest = await t.api('GET', '/stats/overview', key);
      expect(rest.status).toBe(200);
      expect(out.isError).toBe(false);
      expect(withoutNow(out.data)).toEqual(withoutNow(rest.body.data));
    }
    const sale = await callTool(test, 'create_conversion', { campaignId: campaign.id, affiliateId: testAffiliate.id, amount: 7, orderId: 'overview-test-1' });
    const testView = await callTool(test, 'get_program_overview', {});
    expect(testView.data.recentConversions[0]).toMatchObject({ id: sale.data.id, orderId: 'overview-test-1', amount: 7 });
    const liveView = await callTool(live, 'get_program_overview', {});
    expect(liveView.data.recentConversions.map((c: { id: string }) => c.id)).not.toContain(sale.data.id);
    expect(liveView.data.conversionsCount).toBe((await t.api('GET', '/stats/overview', merchant.liveKey)).body.data.conversionsCount);
  });

  it('search answers as GET /search, and each result id feeds fetch', async () => {
    const sale = await callTool(live, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 21, orderId: 'findme-77', customerName: 'Grace Findme' });
    const out = await callTool(live, 'search', { q: 'findme' });
    const rest = await t.api('GET', '/search?q=findme', merchant.liveKey);
    expect(rest.status).toBe(200);
    expect(out.data).toEqual(rest.body.data);
    const hit = out.data.results.find((r: { id: string }) => r.id === `conversion:${sale.data.id}`);
    expect(hit).toMatchObject({ type: 'conversion', url: expect.stringContaining(`/api/v1/conversions/${sale.data.id}`) });
    expect((await callTool(live, 'fetch', { id: hit.id })).data).toEqual((await t.api('GET', `/conversions/${sale.data.id}`, merchant.liveKey)).body.data);

    const byCampaign = await callTool(live, 'search', { q: campaign.name, limit: 1 });
    expect(byCampaign.data.results).toContainEqual(expect.objectContaining({ id: `campaign:${campaign.id}`, type: 'campaign' }));
    // The test key does not find the live sale; too short a query is the REST validation_error.
    expect((await callTool(test, 'search', { q: 'findme' })).data.results).toEqual([]);
    const short = await callTool(live, 'search', { q: 'f' });
    expect(short.error?.code).toBe('validation_error');
    expect(short.error?.details?.[0]?.field).toBe('q');
    expect((await callTool(live, 'search', { q: 'findme', limit: 21 })).error?.code).toBe('validation_error');
  });

  it('keeps live and test apart: a test key writes test data and neither mode sees the other', async () => {
    const testSale = await callTool(test, 'create_conversion', { campaignId: campaign.id, affiliateId: testAffiliate.id, amount: 30 });
    expect(testSale.isError).toBe(false);
    expect(testSale.data.isTest).toBe(true);
    const liveSale = await callTool(live, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 30 });

    expect((await callTool(test, 'fetch', { id: `conversion:${testSale.data.id}` })).data.id).toBe(testSale.data.id);
    expect((await callTool(live, 'fetch', { id: `conversion:${testSale.data.id}` })).error?.code).toBe('not_found');
    expect((await callTool(test, 'fetch', { id: `conversion:${liveSale.data.id}` })).error?.code).toBe('not_found');
    // A live affiliate is not approved in test mode, and a test key cannot approve a live sale.
    expect((await callTool(test, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 5 })).error?.code).toBe('not_found');
    expect((await callTool(test, 'update_conversion', { id: liveSale.data.id, status: 'approved' })).error?.code).toBe('not_found');
    expect((await t.api('GET', `/conversions/${liveSale.data.id}`, merchant.liveKey)).body.data.status).toBe('pending');
    // Figures follow the key's mode: the campaign's recent conversions hold the test sale for the test key only.
    const testView = (await callTool(test, 'fetch', { id: `campaign:${campaign.id}` })).data.recentConversions.map((c: { id: string }) => c.id);
    const liveView = (await callTool(live, 'fetch', { id: `campaign:${campaign.id}` })).data.recentConversions.map((c: { id: string }) => c.id);
    expect(testView).toContain(testSale.data.id);
    expect(testView).not.toContain(liveSale.data.id);
    expect(liveView).toContain(liveSale.data.id);
    expect(liveView).not.toContain(testSale.data.id);
  });

  it('refuses a write with a read-only key (insufficient_permissions) and audits the refusal; reads still work', async () => {
    const reader = await connectAssistant(http.baseUrl, merchant.liveReadKey);
    try {
      const out = await callTool(reader, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 10 });
      expect(out.isError).toBe(true);
      expect(out.error?.code).toBe('insufficient_permissions');
      // The guard runs before validation, as the route's guard middleware does.
      expect((await callTool(reader, 'update_conversion', { id: 'x', status: 'nope' })).error?.code).toBe('insufficient_permissions');
      expect((await callTool(reader, 'fetch', { id: `campaign:${campaign.id}` })).isError).toBe(false);
      const rows = await auditRows(`actor = 'assistant' and error_code = 'insufficient_permissions'`);
      expect(rows.map((r) => [r.method, r.path, r.status])).toEqual([
        ['POST', '/api/v1/conversions', 403],
        ['PATCH', '/api/v1/conversions/x', 403],
      ]);
      const readerKeyId = await keyIdOf(merchant, 'live', false);
      expect(readerKeyId).toEqual(expect.any(String));
      expect(rows.every((r) => r.api_key_id === readerKeyId)).toBe(true);
    } finally {
      await reader.close();
    }
  });

  it('on a Pro plan every key is read-only, so assistant writes are refused', async () => {
    const pro = await createMerchant(t, 'professional');
    const client = await connectAssistant(http.baseUrl, pro.liveKey);
    try {
      const out = await callTool(client, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 10 });
      expect(out.error?.code).toBe('insufficient_permissions');
    } finally {
      await client.close();
    }
  });

  it('refuses a missing or invalid key with 401 before any tool runs, and audits the failed authentication', async () => {
    await expect(connectAssistant(http.baseUrl, undefined, 'mcp-no-key/1.0')).rejects.toMatchObject({ code: 401, message: /unauthorized/ });
    await expect(connectAssistant(http.baseUrl, 'svc_pk_live_' + 'Q'.repeat(43), 'mcp-bad-key/1.0')).rejects.toMatchObject({
      code: 401,
      message: /unauthorized/,
    });
    const rows = await auditRows(`path = '/mcp' and user_agent like 'mcp-%-key/1.0'`);
    expect(rows).toEqual([
      expect.objectContaining({ actor: 'anonymous', method: 'POST', status: 401, error_code: 'unauthorized', api_key_id: null, merchant_id: null }),
      expect.objectContaining({ actor: 'anonymous', method: 'POST', status: 401, error_code: 'unauthorized', api_key_id: null, merchant_id: null }),
    ]);
  });

  it('writes no audit row for protocol traffic and reads (initialize, tools/list, fetch)', async () => {
    const before = (await auditRows(`merchant_id = $1`, [merchant.id])).length;
    const client = await connectAssistant(http.baseUrl, merchant.liveKey);
    await client.listTools();
    await callTool(client, 'fetch', { id: `campaign:${campaign.id}` });
    await client.close();
    expect(await auditRows(`merchant_id = $1`, [merchant.id])).toHaveLength(before);
  });

  it('applies the rate limit and its headers to /mcp, and answers GET with 405 (stateless server)', async () => {
    const post = (key: string) =>
      fetch(`${http.baseUrl}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
    const res = await post(merchant.liveKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeLessThan(1000);
    expect(res.headers.get('x-api-version')).toBe('1');
    expect(((await res.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThanOrEqual(3);

    // A Pro merchant has 60 a minute, shared with its REST calls: the 61st request is refused 429.
    const pro = await createMerchant(t, 'professional');
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await post(pro.liveKey)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await post(pro.liveKey);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
    expect(await auditRows(`merchant_id = $1 and path = '/mcp' and status = 429`, [pro.id])).toEqual(
      expect.arrayContaining([expect.objectContaining({ actor: 'assistant', error_code: 'rate_limit_exceeded' })]),
    );

    const get = await fetch(`${http.baseUrl}/mcp`, { headers: { authorization: `Bearer ${merchant.liveKey}`, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
  });
});
