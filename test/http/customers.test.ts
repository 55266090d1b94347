import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, cardIntegration, click, customer, deliver, paidInvoice } from '../support/card-events.js';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Leads: customers linked to the affiliate who referred them, listed, counted, isolated. */
describe('customers (leads)', () => {
  let t: TestService;
  let m: TestMerchant;
  let other: TestMerchant;
  let campaign: { id: string; trackingCode: string };
  let affiliate: { id: string; name: string; email: string; trackingLink: string };

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    other = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m.liveKey, { commissionValue: 10, enableRecurringCommissions: true });
    affiliate = (await createAffiliate(t, m.liveKey, campaign.id, { name: 'Robin Referrer' })) as any;
  });
  afterAll(() => t.close());

  it('POST /customers by clickId links the customer; its provider sales are then attributed without a click', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const res = await t.api('POST', '/customers', m.liveKey, { clickId, email: 'Grace@Example.com', providerCustomerId: 'cus_server_1' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email: 'grace@example.com', provider: 'card', providerCustomerId: 'cus_server_1', affiliateId: affiliate.id, campaignId: campaign.id, clickId, source: 'api', isTest: false });
    const again = await t.api('POST', '/customers', m.liveKey, { clickId, providerCustomerId: 'cus_server_1' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(res.body.data.id);

    const integration = await cardIntegration(t, m.liveKey);
    const sale = await deliver(t, integration.id, cardEvent('invoice.paid', paidInvoice({ total: 3_000, customer: 'cus_server_1', billingReason: 'manual' })), integration.secret);
    expect(sale.body.data.outcome).toBe('created');
    expect((await t.api('GET', `/conversions/${sale.body.data.conversionId}`, m.liveKey)).body.data).toMatchObject({ affiliateId: affiliate.id, clickId });
  });

  it('POST /customers by affiliateId and campaignId, for server-side integrations without a click', async () => {
    const res = await t.api('POST', '/customers', m.liveKey, { affiliateId: affiliate.id, campaignId: campaign.id, email: 'direct@example.com' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ clickId: null, affiliateId: affiliate.id, source: 'api', provider: null, providerCustomerId: null });
  });

  it('refuses what names nobody, mixes both ways, or carries unknown fields; changes nothing', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const before = (await t.sql('select count(*)::int as n from customers'))[0].n;
    const cases: [unknown, number, string][] = [
      [{ clickId }, 400, 'validation_error'],
      [{ email: 'x@example.com' }, 400, 'validation_error'],
      [{ clickId, affiliateId: affiliate.id, campaignId: campaign.id, email: 'x@example.com' }, 400, 'validation_error'],
      [{ clickId, email: 'x@example.com', plan: 'gold' }, 400, 'validation_error'],
      [{ clickId: '0193a5b0-7e1c-7c3a-9f00-3d2f8c1b2a10', email: 'x@example.com' }, 404, 'not_found'],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.api('POST', '/customers', m.liveKey, body);
      expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    // Another merchant cannot link through this merchant's click.
    const foreign = await t.api('POST', '/customers', other.liveKey, { clickId, email: 'x@example.com' });
    expect(foreign.status).toBe(404);
    // A test key cannot use a live click.
    expect((await t.api('POST', '/customers', m.testKey, { clickId, email: 'x@example.com' })).status).toBe(404);
    // Read keys and Pro plans do not write.
    expect((await t.api('POST', '/customers', m.liveReadKey, { clickId, email: 'x@example.com' })).status).toBe(403);
    expect((await t.sql('select count(*)::int as n from customers'))[0].n).toBe(before);
  });

  it("a provider's customer notification with the click links a lead too", async () => {
    const integration = await cardIntegration(t, m.liveKey, 'Stripe 2');
    const clickId = await click(t, affiliate.trackingLink);
    const cus = customer({ clickId, email: 'Provider@Example.net' });
    const linked = await deliver(t, integration.id, cardEvent('customer.created', cus), integration.secret);
    expect(linked.body.data.outcome).toBe('customer_linked');
    const listed = (await t.api('GET', '/customers?limit=100', m.liveKey)).body.data;
    expect(listed).toContainEqual(expect.objectContaining({ providerCustomerId: cus.id, provider: 'card', source: 'card', clickId, email: 'provider@example.net' }));
  });

  it('GET /customers lists newest first with the affiliate and first click, paginated, one tenant only', async () => {
    const first = await t.api('GET', '/customers?limit=2&page=1', m.liveKey);
    expect(first.status).toBe(200);
    expect(first.body.pagination).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    const all = (await t.api('GET', '/customers', m.liveKey)).body.data;
    expect(all.map((c: { createdAt: string }) => c.createdAt)).toEqual([...all.map((c: { createdAt: string }) => c.createdAt)].sort().reverse());
    const byClick = all.find((c: { clickId: string | null }) => c.clickId !== null);
    expect(byClick).toMatchObject({ affiliateName: 'Robin Referrer', affiliateEmail: affiliate.email, campaignName: expect.any(String) });
    expect(Date.parse(byClick.clickedAt)).toBeLessThanOrEqual(Date.parse(byClick.createdAt));
    expect((await t.api('GET', '/customers', m.testKey)).body.data).toEqual([]);
    expect((await t.api('GET', '/customers', other.liveKey)).body.data).toEqual([]);
    expect((await t.api('GET', '/customers?limit=101', m.liveKey)).status).toBe(400);
  });

  it('GET /stats counts leads as totalLeads, per mode and period', async () => {
    const stats = (await t.api('GET', '/stats', m.liveKey)).body.data;
    expect(stats.totalLeads).toBe(3);
    expect((await t.api('GET', '/stats', m.testKey)).body.data.totalLeads).toBe(0);
    expect((await t.api('GET', '/stats', other.liveKey)).body.data.totalLeads).toBe(0);
    expect((await t.api('GET', '/stats?from=2020-01-01&to=2020-02-01', m.liveKey)).body.data.totalLeads).toBe(0);
    const testAffiliate = await createAffiliate(t, m.testKey, campaign.id);
    const testClick = await click(t, testAffiliate.trackingLink);
    expect((await t.api('POST', '/customers', m.testKey, { clickId: testClick, email: 'sandbox@example.com' })).status).toBe(201);
    expect((await t.api('GET', '/stats', m.testKey)).body.data.totalLeads).toBe(1);
    expect((await t.api('GET', '/stats', m.liveKey)).body.data.totalLeads).toBe(3);
  });
});
