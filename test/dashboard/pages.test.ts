import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { DashboardBrowser, signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

let t: TestService;
let receiver: WebhookReceiver;
let merchant: TestMerchant;
let other: TestMerchant;
let owner: DashboardBrowser;

const PAGES = [
  '/dashboard',
  '/dashboard?days=90',
  '/dashboard/campaigns',
  '/dashboard/affiliates',
  '/dashboard/conversions',
  '/dashboard/review',
  '/dashboard/risk-settings',
  '/dashboard/payouts',
  '/dashboard/coupons',
  '/dashboard/keys',
  '/dashboard/webhooks',
  '/dashboard/integrations',
  '/dashboard/users',
  '/dashboard/audit-log',
  '/dashboard/teams',
  '/dashboard/account',
  '/dashboard/payout-settings',
  '/dashboard/affiliates/invitations',
];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestService({ webhookDevAllowedHosts: [receiver.host] });
  // Automatic payouts: approvals queue payout rows (the payout page's subject).
  merchant = await createMerchant(t, 'scale', { automaticPayouts: true });
  other = await createMerchant(t, 'scale', { automaticPayouts: true });
  owner = (await signedInUser(t, merchant.id)).browser;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const idFromLocation = (location: string | null) => /\/([0-9a-f-]{36})/.exec(location ?? '')![1]!;

describe('dashboard pages', () => {
  it('refuse to be framed and to be read from another origin, and style nothing inline', async () => {
    for (const path of PAGES) {
      const res = await owner.get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("style-src 'self'");
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
      // The policy refuses style attributes and inline scripts: a page that used one would break.
      expect(res.html, path).not.toMatch(/ style="|<script(?![^>]*\b(?:src|type="application\/json")=?)/);
    }
    const signIn = await new DashboardBrowser(t).get('/dashboard/sign-in');
    expect(signIn.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // The API still answers any origin (scripts and the tracking script call it from other sites).
    const api = await t.request('GET', '/api/v1/me', { key: merchant.liveKey, headers: { origin: 'https://shop.example' } });
    expect(api.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('keeps the user on the list when the live/test switch leaves a record the other mode lacks', async () => {
    const { browser } = await signedInUser(t, merchant.id);
    const integration = await t.api('POST', '/integrations', merchant.liveKey, { provider: 'card', signingSecret: 'whsec_switch', name: 'Live only' });
    const detail = `/dashboard/integrations/${integration.body.data.id}`;
    expect((await browser.get(detail)).status).toBe(200);
    const switched = await browser.post('/dashboard/mode', { mode: 'test' }, { referer: detail });
    expect(switched.location).toBe(`${detail}?switched=test`);
    const landed = await browser.get(switched.location!);
    expect(landed.status).toBe(303);
    expect(landed.location).toMatch(/^\/dashboard\/integrations\?notice=/);
    expect((await browser.get(landed.location!)).html).toContain('not in test data');
    // A list stays a list, and a plain not-found page names the way back to its list.
    expect((await browser.post('/dashboard/mode', { mode: 'live' }, { referer: '/dashboard/integrations' })).location).toBe('/dashboard/integrations');
    const missing = await browser.get('/dashboard/integrations/00000000-0000-7000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('href="/dashboard/integrations"');
  });

  it('carry a favicon', async () => {
    expect((await owner.get('/dashboard')).html).toContain('rel="icon"');
    const icon = await t.service.app.request('/dashboard/assets/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('renders every page for a signed-in owner, and sends everyone else to sign in', async () => {
    for (const path of PAGES) {
      const res = await owner.get(path);
      expect(res.status, path).toBe(200);
      expect(res.html, path).toContain('<nav class="main"');
      expect(res.html, path).not.toContain('PAYOUT_LIVE_SANDBOX');
      expect((await new DashboardBrowser(t).get(path)).status, path).toBe(303);
    }
    const team = await t.api('POST', '/teams', merchant.liveKey, { name: 'Closers' });
    const teamPage = await owner.get(`/dashboard/teams/${team.body.data.id}`);
    expect(teamPage.status).toBe(200);
    expect(teamPage.html).toContain('Closers');
    expect((await owner.get('/dashboard/teams')).html).toContain('Closers');

    // A notice the service raised (a paused webhook, say) shows on the overview until marked read.
    await t.sql(`insert into notifications (id, merchant_id, kind, message, created_at) values (gen_random_uuid(), $1, 'webhook_paused', 'Your webhook to example.com was paused', now())`, [merchant.id]);
    expect((await owner.get('/dashboard')).html).toContain('Your webhook to example.com was paused');
    expect((await owner.post('/dashboard/notifications/read')).status).toBe(303);
    expect((await owner.get('/dashboard')).html).not.toContain('Your webhook to example.com was paused');

    await owner.get('/dashboard/integrations');
    const connected = await owner.post('/dashboard/integrations', { provider: 'card', name: 'Main card account', signingSecret: 'whsec_dashboard_test' });
    expect(connected.status).toBe(303);
    const detail = await owner.get(connected.location!.split('?')[0]!);
    expect(detail.html).toContain('/ingest/v1/');
    expect(detail.html).toContain('Events log');
    expect((await owner.post(`${connected.location!.split('?')[0]!}/pause`)).status).toBe(303);
    expect((await t.api('GET', '/integrations', merchant.liveKey)).body.data[0].active).toBe(false);
  });

  it('creates a campaign and an affiliate through the same use cases, audited as the user', async () => {
    await owner.get('/dashboard/campaigns');
    const created = await owner.post('/dashboard/campaigns', { name: 'Spring sale', commissionType: 'percentage', commissionValue: '15' });
    expect(created.status).toBe(303);
    const campaignId = idFromLocation(created.location);
    const api = await t.api('GET', `/campaigns/${campaignId}`, merchant.liveKey);
    expect(api.body.data).toMatchObject({ name: 'Spring sale', commissionValue: 15 });
    const invalid = await owner.post('/dashboard/campaigns', { name: 'x', commissionType: 'percentage', commissionValue: '150' });
    expect(invalid.status).toBe(400);

    await owner.get('/dashboard/affiliates');
    const affiliate = await owner.post('/dashboard/affiliates/create', { email: 'ada@example.com', name: 'Ada', campaignId, kind: 'create' });
    expect(affiliate.status).toBe(303);
    const listed = await t.api('GET', `/affiliates?campaignId=${campaignId}`, merchant.liveKey);
    expect(listed.body.data.map((a: { email: string }) => a.email)).toContain('ada@example.com');
    const detail = await owner.get(affiliate.location!.split('?')[0]!);
    expect(detail.html).toContain('Ada');
    const affiliateId = idFromLocation(affiliate.location);
    const suspended = await owner.post(`/dashboard/affiliates/${affiliateId}/decision`, { campaignId, status: 'suspended', back: `/dashboard/affiliates/${affiliateId}` });
    expect(suspended.status).toBe(303);
    expect(suspended.location).toContain(`/dashboard/affiliates/${affiliateId}`);
    expect((await t.api('GET', `/affiliates/${affiliateId}`, merchant.liveKey)).body.data.campaigns[0].status).toBe('suspended');
    expect((await owner.get(`/dashboard/affiliates/${affiliateId}`)).html).toContain('Reinstate');
    await owner.post(`/dashboard/affiliates/${affiliateId}/decision`, { campaignId, status: 'approved' });
    expect((await t.api('GET', `/affiliates/${affiliateId}`, merchant.liveKey)).body.data.campaigns[0].status).toBe('approved');

    const audit = await t.sql(`select actor, method, path, status from audit_log where merchant_id = $1 and path like '/dashboard/%' and method = 'POST' order by created_at`, [merchant.id]);
    expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/dashboard/campaigns', status: 303 }), expect.objectContaining({ path: '/dashboard/campaigns', status: 400 })]));
    expect(audit.every((r) => r.actor.startsWith('user:'))).toBe(true);
  });

  it("shows the daily table's money to its currency's places, as the page's other figures", async () => {
    const shop = await createMerchant(t, 'ultimate');
    const { browser } = await signedInUser(t, shop.id);
    const campaign = await createCampaign(t, shop.liveKey, { commissionType: 'percentage', commissionValue: 10 });
    const affiliate = await createAffiliate(t, shop.liveKey, campaign.id);
    expect((await t.api('POST', '/conversions', shop.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 120, orderId: 'places-1' })).status).toBe(201);
    const day = new Date().toISOString().slice(0, 10);
    const html = (await browser.get('/dashboard')).html;
    expect(html).toContain(`<tr><td>${day}</td><td class="num">120.00</td><td class="num">12.00</td></tr>`);
  });

  it('approves a commission above 5x its sale only after the confirmation, and hides live rows in test mode', async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { commissionType: 'fixed', commissionValue: 100 });
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    const sale = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 10, orderId: 'five-x-1' });
    expect(sale.status).toBe(201);
    await owner.get('/dashboard/conversions');
    const asked = await owner.post(`/dashboard/conversions/${sale.body.data.id}/status`, { status: 'approved' });
    expect(asked.status).toBe(409);
    expect(asked.html).toContain('Approve anyway');
    expect((await t.api('GET', `/conversions/${sale.body.data.id}`, merchant.liveKey)).body.data.status).toBe('pending');
    const confirmed = await owner.post(`/dashboard/conversions/${sale.body.data.id}/status`, { status: 'approved', confirmAboveSale: 'true' });
    expect(confirmed.status).toBe(303);
    expect((await t.api('GET', `/conversions/${sale.body.data.id}`, merchant.liveKey)).body.data.status).toBe('approved');
    // Hold and release go through the same use case; a release back to approved asks again.
    expect((await owner.post(`/dashboard/conversions/${sale.body.data.id}/status`, { status: 'held' })).status).toBe(303);
    expect((await t.api('GET', `/conversions/${sale.body.data.id}`, merchant.liveKey)).body.data.status).toBe('held');
    const release = await owner.post(`/dashboard/conversions/${sale.body.data.id}/status`, { status: 'released' });
    expect(release.status).toBe(409);
    expect(release.html).toContain('name="status" value="released"');
    expect((await owner.post(`/dashboard/conversions/${sale.body.data.id}/status`, { status: 'released', confirmAboveSale: 'true' })).status).toBe(303);
    expect((await t.api('GET', `/conversions/${sale.body.data.id}`, merchant.liveKey)).body.data.status).toBe('approved');

    expect((await owner.get('/dashboard/conversions')).html).toContain('five-x-1');
    await owner.post('/dashboard/mode', { mode: 'test' });
    const testView = await owner.get('/dashboard/conversions');
    expect(testView.html).toContain('Test mode');
    expect(testView.html).not.toContain('five-x-1');
    // An empty, filtered list says so rather than "nothing here".
    const filtered = await owner.get('/dashboard/conversions?status=paid&campaignId=0192f0c4-6c1e-7d2a-9b1e-000000000000');
    expect(filtered.html).toContain('No conversions match these filters.');
    await owner.post('/dashboard/mode', { mode: 'live' });
    expect((await owner.get('/dashboard/conversions')).html).not.toContain('Test mode');
  });

  it('creates a key shown once and revokes it; the revoked key gets 401 from the API', async () => {
    await owner.get('/dashboard/keys');
    const created = await owner.post('/dashboard/keys', { name: 'CI key', mode: 'live', write: 'on' });
    expect(created.status).toBe(201);
    const token = /<code class="secret" id="new-key">([^<]+)</.exec(created.html)![1]!;
    expect((await t.api('GET', '/me', token)).status).toBe(200);
    const listed = await owner.get('/dashboard/keys');
    expect(listed.html).not.toContain(token);
    const keyId = (await t.sql(`select id from api_keys where merchant_id = $1 and name = 'CI key'`, [merchant.id]))[0].id;
    expect((await owner.post(`/dashboard/keys/${keyId}/revoke`)).status).toBe(303);
    expect((await t.api('GET', '/me', token)).status).toBe(401);
  });

  it('resends a failed delivery from the log', async () => {
    receiver.reply = () => ({ status: 500, body: 'down' });
    await owner.get('/dashboard/webhooks');
    const created = await t.api('POST', '/webhooks', merchant.liveKey, { url: receiver.url('/dash'), events: ['conversion.created'] });
    expect(created.status).toBe(201);
    const campaign = await createCampaign(t, merchant.liveKey);
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 50 });
    await t.admin('POST', '/jobs/run');
    await receiver.waitFor(1);
    const log = await owner.get(`/dashboard/webhooks/${created.body.data.id}`);
    expect(log.html).toContain('failed');
    const resend = /action="(\/dashboard\/webhooks\/[^"]+\/resend)"/.exec(log.html)![1]!;
    receiver.reply = () => ({ status: 200, body: 'ok' });
    const before = receiver.received.length;
    const resent = await owner.post(resend);
    expect(resent.status).toBe(303);
    expect(decodeURIComponent(resent.location!)).toContain('delivered');
    expect(receiver.received.length).toBe(before + 1);
  });

  it('gives a member without Manage payouts exactly the restrictions of a team-member key', async () => {
    const member = (await signedInUser(t, merchant.id, { role: 'member', managePayouts: false })).browser;
    await member.get('/dashboard/campaigns');
    const autoApproval = await member.post('/dashboard/campaigns', { name: 'Auto', commissionType: 'percentage', commissionValue: '10', autoApproveCommissionsAfterDays: '30' });
    expect(autoApproval.status).toBe(403);
    expect(autoApproval.html).toContain('Manage payouts');
    expect((await member.post('/dashboard/campaigns', { name: 'Manual', commissionType: 'percentage', commissionValue: '10' })).status).toBe(303);

    const campaign = await createCampaign(t, merchant.liveKey);
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    await member.get('/dashboard/conversions');
    const live = await member.post('/dashboard/conversions', { campaignId: campaign.id, affiliateId: affiliate.id, amount: '20', currency: 'usd' });
    expect(live.status).toBe(403);
    expect(live.html).toContain('Manage payouts');
    // A member with the permission may.
    const trusted = (await signedInUser(t, merchant.id, { role: 'member', managePayouts: true })).browser;
    await trusted.get('/dashboard/conversions');
    expect((await trusted.post('/dashboard/conversions', { campaignId: campaign.id, affiliateId: affiliate.id, amount: '20', currency: 'usd' })).status).toBe(303);
  });
});

describe('payouts, coupons, users', () => {
  it('marks a payout paid by hand and exports the queue as CSV', async () => {
    const campaign = await createCampaign(t, merchant.liveKey);
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    const sale = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 80, orderId: 'csv-1' });
    const approval = await t.api('PATCH', `/conversions/${sale.body.data.id}`, merchant.liveKey, { status: 'approved' });
    expect(approval.status, JSON.stringify(approval.body)).toBe(200);
    await t.admin('POST', '/jobs/run');
    const [payout] = await t.sql(`select id from payouts where conversion_id = $1`, [sale.body.data.id]);
    const csv = await owner.get('/dashboard/payouts.csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.html.split('\r\n')[0]).toBe('"id","conversionId","campaignId","affiliateId","amount","currency","status","scheduledDate","attempts","completedAt","failureReason","createdAt","affiliateName","affiliateEmail","payoutEmail"');
    expect(csv.html).toContain(`"${payout.id}"`);
    await owner.get('/dashboard/payouts');
    const paid = await owner.post(`/dashboard/payouts/${payout.id}/mark-paid`, { payoutMethod: 'wallet_a' });
    expect(paid.status).toBe(303);
    expect((await t.api('GET', `/conversions/${sale.body.data.id}`, merchant.liveKey)).body.data.status).toBe('paid');
  });

  it("refuses mark-paid to a member without Manage payouts, as POST /payouts/mark-paid does, and changes nothing", async () => {
    const campaign = await createCampaign(t, merchant.liveKey);
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    const sale = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 60, orderId: 'member-mark-paid' });
    expect((await t.api('PATCH', `/conversions/${sale.body.data.id}`, merchant.liveKey, { status: 'approved' })).status).toBe(200);
    await t.admin('POST', '/jobs/run');
    const [payout] = await t.sql(`select id, status from payouts where conversion_id = $1`, [sale.body.data.id]);
    const events = async () => (await t.sql(`select count(*)::int as n from outbox_events where merchant_id = $1`, [merchant.id]))[0].n as number;

    const member = (await signedInUser(t, merchant.id, { role: 'member', managePayouts: false })).browser;
    const queue = await member.get('/dashboard/payouts');
    expect(queue.status).toBe(200);
    expect(queue.html).not.toContain(`/dashboard/payouts/${payout.id}/mark-paid`);
    const before = await events();
    const refused = await member.post(`/dashboard/payouts/${payout.id}/mark-paid`, { payoutMethod: 'wallet_a' });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('Manage payouts');
    expect((await t.sql(`select status from payouts where id = $1`, [payout.id]))[0].status).toBe(payout.status);
    expect((await t.api('GET', `/conversions/${sale.body.data.id}`, merchant.liveKey)).body.data.status).toBe('approved');
    expect(await events()).toBe(before);
    const [audited] = await t.sql(`select actor, status, error_code from audit_log where merchant_id = $1 and path = $2 order by created_at desc limit 1`, [merchant.id, `/dashboard/payouts/${payout.id}/mark-paid`]);
    expect(audited).toMatchObject({ status: 403, error_code: 'insufficient_permissions' });

    // The same use case as the API: a connected-account method is not one a merchant pays by hand.
    const trusted = (await signedInUser(t, merchant.id, { role: 'member', managePayouts: true })).browser;
    await trusted.get('/dashboard/payouts');
    expect((await trusted.post(`/dashboard/payouts/${payout.id}/mark-paid`, { payoutMethod: 'connect' })).status).toBe(400);
    expect((await trusted.post(`/dashboard/payouts/${payout.id}/mark-paid`, { payoutMethod: 'transfer_b' })).status).toBe(303);
    expect((await t.api('GET', `/conversions/${sale.body.data.id}`, merchant.liveKey)).body.data.status).toBe('paid');
    expect((await t.api('GET', `/payouts?status=completed`, merchant.liveKey)).body.data.map((p: { id: string }) => p.id)).toContain(payout.id);
  });

  it('meets the API routes\' plan gates, in their order, below Ultimate', async () => {
    const pro = await createMerchant(t, 'professional');
    const proOwner = (await signedInUser(t, pro.id)).browser;
    await proOwner.get('/dashboard/campaigns');
    const campaign = await proOwner.post('/dashboard/campaigns', { name: 'Pro campaign', commissionType: 'percentage', commissionValue: '10' });
    expect(campaign.status).toBe(403);
    // The API answers the plan first, not the read-only key.
    expect(campaign.html).toContain('needs the Ultimate plan');
    expect((await t.api('POST', '/campaigns', pro.liveKey, { name: 'Pro campaign', commissionType: 'percentage', commissionValue: 10 })).body.error.code).toBe('plan_insufficient');
    expect((await t.api('GET', '/campaigns', pro.liveReadKey)).body.data).toHaveLength(0);
    const queue = await proOwner.get('/dashboard/payouts');
    expect(queue.status).toBe(200);
    expect(queue.html).toContain('needs the Ultimate plan or above');
    const markPaid = await proOwner.post(`/dashboard/payouts/${crypto.randomUUID()}/mark-paid`, {});
    expect(markPaid.status).toBe(403);
    expect(markPaid.html).toContain('Payout actions needs the Ultimate plan');
  });

  it('registers and deletes a coupon; an owner invites a user, a member cannot', async () => {
    const campaign = await createCampaign(t, merchant.liveKey);
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    await owner.get('/dashboard/coupons');
    expect((await owner.post('/dashboard/coupons', { code: 'spring10', provider: 'card', campaignId: campaign.id, affiliateId: affiliate.id })).status).toBe(303);
    const coupons = await t.api('GET', '/coupons', merchant.liveKey);
    const coupon = coupons.body.data.find((k: { code: string }) => k.code === 'SPRING10');
    expect(coupon).toBeDefined();
    expect((await owner.post(`/dashboard/coupons/${coupon.id}/delete`)).status).toBe(303);
    expect((await t.api('GET', `/coupons/${coupon.id}`, merchant.liveKey)).status).toBe(404);

    await owner.get('/dashboard/users');
    const invited = await owner.post('/dashboard/users', { email: `invited-${Date.now()}@shop.example`, role: 'member' });
    expect(invited.status).toBe(303);
    const member = (await signedInUser(t, merchant.id, { role: 'member' })).browser;
    await member.get('/dashboard/users');
    expect((await member.post('/dashboard/users', { email: `nope-${Date.now()}@shop.example`, role: 'owner' })).status).toBe(403);
  });
});

describe('pagination', () => {
  const nextLink = (html: string, target = 'list') => new RegExp(`rel="next" hx-get="([^"]+)" hx-target="#${target}"`).exec(html.replace(/&amp;/g, '&'))?.[1];

  it('pages the users list with an htmx pager', async () => {
    const shop = await createMerchant(t, 'scale');
    const { browser, email } = await signedInUser(t, shop.id);
    const invited: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      invited.push(`paged-${i}-${Date.now()}@shop.example`);
      expect((await t.admin('POST', `/merchants/${shop.id}/users`, { email: invited[i], role: 'member' })).status).toBe(201);
    }
    const first = await browser.get('/dashboard/users?limit=5');
    expect(first.html).toContain('Page 1 of 2 · 7 in all');
    expect(first.html).toContain(`<td data-label="Email">${email}</td>`);
    expect(first.html).not.toContain(invited[5]);
    const next = nextLink(first.html);
    expect(next).toBe('/dashboard/users?page=2');
    const second = await browser.get(`${next}&limit=5`);
    expect(second.html).toContain(invited[4]);
    expect(second.html).toContain(invited[5]);
    expect(second.html).not.toContain(`<td data-label="Email">${email}</td>`);
    expect(nextLink(second.html)).toBeUndefined();
  });

  it("pages a campaign's tracking links past the first page, and conversions and affiliates without counting them all", async () => {
    const shop = await createMerchant(t, 'scale');
    const { browser } = await signedInUser(t, shop.id);
    const campaign = await createCampaign(t, shop.liveKey);
    const members: { id: string }[] = [];
    for (let i = 0; i < 3; i += 1) members.push(await createAffiliate(t, shop.liveKey, campaign.id));
    const first = await browser.get(`/dashboard/campaigns/${campaign.id}?limit=2`);
    expect(first.status).toBe(200);
    const links = (html: string) => members.filter((m) => html.includes(`/dashboard/affiliates/${m.id}`)).length;
    expect(links(first.html)).toBe(2);
    expect(first.html).toContain('Page 1');
    const next = nextLink(first.html, 'links');
    expect(next).toBe(`/dashboard/campaigns/${campaign.id}?page=2`);
    const second = await browser.get(`${next}&limit=2`);
    expect(links(second.html)).toBe(1);
    expect(nextLink(second.html, 'links')).toBeUndefined();
    expect(second.html).toContain('rel="prev"');

    for (const [i, m] of members.entries()) await t.api('POST', '/conversions', shop.liveKey, { campaignId: campaign.id, affiliateId: m.id, amount: 10, orderId: `paged-${i}` });
    const sales = await browser.get('/dashboard/conversions?limit=2');
    expect(sales.html).toContain('paged-2');
    expect(sales.html).toContain('paged-1');
    expect(sales.html).not.toContain('in all');
    const lastSales = await browser.get(nextLink(sales.html)! + '&limit=2');
    expect(lastSales.html).toContain('paged-0');
    expect(nextLink(lastSales.html)).toBeUndefined();
    const affiliatesPage = await browser.get('/dashboard/affiliates?limit=3');
    expect(links(affiliatesPage.html)).toBe(3);
    expect(nextLink(affiliatesPage.html)).toBeUndefined();
    expect(nextLink((await browser.get('/dashboard/affiliates?limit=2')).html)).toContain('page=2');
  });

  it('pages the audit log with previous / next, without counting the whole log', async () => {
    const shop = await createMerchant(t, 'ultimate');
    const { browser } = await signedInUser(t, shop.id);
    const campaign = await createCampaign(t, shop.liveKey);
    await createAffiliate(t, shop.liveKey, campaign.id);
    const [{ n }] = await t.sql(`select count(*)::int as n from audit_log where merchant_id = $1`, [shop.id]);
    expect(n).toBeGreaterThanOrEqual(2);
    const first = await browser.get(`/dashboard/audit-log?limit=${n - 1}`);
    expect(first.html).not.toContain('in all');
    const second = await browser.get(`${nextLink(first.html)}&limit=${n - 1}`);
    expect(second.html).toContain('rel="prev"');
    expect(nextLink(second.html)).toBeUndefined();
    expect(nextLink((await browser.get(`/dashboard/audit-log?limit=${n}`)).html)).toBeUndefined();
  });
});

describe('dashboard security', () => {
  it('refuses a state-changing request without the CSRF token, with another token, or from another origin', async () => {
    await owner.get('/dashboard/campaigns');
    const body = { name: 'Forged', commissionType: 'percentage', commissionValue: '10' };
    expect((await owner.post('/dashboard/campaigns', body, { csrf: false })).status).toBe(403);
    expect((await owner.post('/dashboard/campaigns', body, { csrf: 'A'.repeat(43) })).status).toBe(403);
    expect((await owner.post('/dashboard/campaigns', body, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await owner.post('/dashboard/campaigns', body, { origin: null })).status).toBe(403);
    const campaigns = await t.api('GET', '/campaigns?limit=100', merchant.liveKey);
    expect(campaigns.body.data.map((c: { name: string }) => c.name)).not.toContain('Forged');
  });

  it('issues a new session id at sign-in, never the one the browser brought (no fixation)', async () => {
    const { browser, email, password } = await signedInUser(t, merchant.id);
    const planted = browser.cookies.get('dashboard_session')!;
    await browser.get('/dashboard/account');
    await browser.post('/dashboard/sign-out');
    // An attacker plants a known session id, then the victim signs in.
    browser.cookies.set('dashboard_session', planted);
    await browser.get('/dashboard/sign-in');
    expect((await browser.post('/dashboard/sign-in', { email, password })).status).toBe(303);
    expect(browser.cookies.get('dashboard_session')).not.toBe(planted);
    const attacker = new DashboardBrowser(t);
    attacker.cookies.set('dashboard_session', planted);
    expect((await attacker.get('/dashboard')).status).toBe(303);
  });

  it("answers 404 for another merchant's ids on every dashboard route", async () => {
    const campaign = await createCampaign(t, other.liveKey);
    const affiliate = await createAffiliate(t, other.liveKey, campaign.id);
    const sale = await t.api('POST', '/conversions', other.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 10 });
    const hook = await t.api('POST', '/webhooks', other.liveKey, { url: receiver.url('/other'), events: ['conversion.created'] });
    const key = (await t.sql(`select id from api_keys where merchant_id = $1 limit 1`, [other.id]))[0].id;
    const hookId = hook.body.data.id;
    await t.api('PATCH', `/conversions/${sale.body.data.id}`, other.liveKey, { status: 'approved' });
    await t.admin('POST', '/jobs/run');
    const payoutOfOther = (await t.sql(`select id from payouts where conversion_id = $1`, [sale.body.data.id]))[0].id;
    const couponOfOther = (await t.api('POST', '/coupons', other.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, code: 'OTHER1' })).body.data.id;
    const team = await t.api('POST', '/teams', other.liveKey, { name: 'Other team' });
    expect(team.status).toBe(201);
    const integration = await t.api('POST', '/integrations', other.liveKey, { provider: 'card', signingSecret: 'whsec_other' });
    expect(integration.status).toBe(201);
    const gets = [`/dashboard/integrations/${integration.body.data.id}`, `/dashboard/campaigns/${campaign.id}`, `/dashboard/affiliates/${affiliate.id}`, `/dashboard/webhooks/${hookId}`, `/dashboard/teams/${team.body.data.id}`];
    for (const path of gets) expect((await owner.get(path)).status, path).toBe(404);
    await owner.get('/dashboard');
    const posts: [string, Record<string, string>][] = [
      [`/dashboard/affiliates/${affiliate.id}/decision`, { campaignId: campaign.id, status: 'approved' }],
      [`/dashboard/conversions/${sale.body.data.id}/status`, { status: 'rejected' }],
      [`/dashboard/keys/${key}/revoke`, {}],
      [`/dashboard/webhooks/${hookId}/rotate`, {}],
      [`/dashboard/webhooks/${hookId}/test`, {}],
      [`/dashboard/webhooks/${hookId}/resume`, {}],
      [`/dashboard/webhooks/${hookId}/deactivate`, {}],
      [`/dashboard/webhooks/${hookId}/deliveries/${sale.body.data.id}/resend`, {}],
      [`/dashboard/payouts/${payoutOfOther}/mark-paid`, {}],
      [`/dashboard/coupons/${couponOfOther}/delete`, {}],
      [`/dashboard/teams/${team.body.data.id}/awards/${sale.body.data.id}`, { action: 'approve' }],
      [`/dashboard/integrations/${integration.body.data.id}/pause`, {}],
    ];
    for (const [path, fields] of posts) expect((await owner.post(path, fields)).status, path).toBe(404);
    // Nothing changed at the other merchant.
    expect((await t.api('GET', `/conversions/${sale.body.data.id}`, other.liveKey)).body.data.status).toBe('approved');
    expect((await t.api('GET', `/coupons/${couponOfOther}`, other.liveKey)).status).toBe(200);
    expect((await t.api('GET', '/me', other.liveKey)).status).toBe(200);
  });

  it('throttles brute-force sign-in per account and address', async () => {
    const { email, password } = await signedInUser(t, merchant.id);
    const attacker = new DashboardBrowser(t);
    await attacker.get('/dashboard/sign-in');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await attacker.post('/dashboard/sign-in', { email, password: `guess number ${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password waits until the window passes.
    expect((await attacker.post('/dashboard/sign-in', { email, password })).status).toBe(429);
  });
});

describe('running the program without the API', () => {
  const errorOf = (html: string, field: string) => new RegExp(`id="${field.replace('.', '\\.')}-error"[^>]*>([^<]+)<`).exec(html)?.[1];

  it('edits a campaign, pauses, resumes and ends it (after the confirmation) through PATCH /campaigns/:id', async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Editable', commissionType: 'percentage', commissionValue: 10 });
    const edit = await owner.get(`/dashboard/campaigns/${campaign.id}/edit`);
    expect(edit.status).toBe(200);
    expect(edit.html).toContain('value="Editable"');
    const fields = {
      name: 'Edited campaign',
      description: 'Summer terms',
      targetUrl: 'https://shop.example/summer',
      commissionType: 'fixed',
      commissionValue: '12.5',
      autoApproveCommissionsAfterDays: '30',
      isPublic: 'on',
      enableRecurringCommissions: 'on',
      recurringCommissionMonths: '12',
      attributionWindowDays: '45',
      endsAt: '2099-12-31T23:59',
      endsAtWas: '',
    };
    const saved = await owner.post(`/dashboard/campaigns/${campaign.id}/edit`, fields);
    expect(saved.status, saved.html.slice(0, 300)).toBe(303);
    const api = (await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey)).body.data;
    expect(api).toMatchObject({ name: 'Edited campaign', description: 'Summer terms', commissionType: 'fixed', commissionValue: 12.5, autoApproveCommissionsAfterDays: 30, isPublic: true, enableRecurringCommissions: true, recurringCommissionMonths: 12, attributionWindowDays: 45, endsAt: '2099-12-31T23:59:00.000Z' });
    // The form as shown, sent back unchanged, changes nothing (the end date keeps its exact instant).
    const again = await owner.get(`/dashboard/campaigns/${campaign.id}/edit`);
    expect(again.html).toContain('value="2099-12-31T23:59"');
    expect((await owner.post(`/dashboard/campaigns/${campaign.id}/edit`, { ...fields, endsAtWas: '2099-12-31T23:59:00.000Z' })).status).toBe(303);
    expect((await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey)).body.data.updatedAt).toBe(api.updatedAt);

    const invalid = await owner.post(`/dashboard/campaigns/${campaign.id}/edit`, { ...fields, commissionType: 'percentage', commissionValue: '150', attributionWindowDays: '0' });
    expect(invalid.status).toBe(400);
    expect(errorOf(invalid.html, 'commissionValue')).toBeTruthy();
    expect(invalid.html).toContain('aria-describedby="commissionValue-error"');
    expect(invalid.html).toContain('value="150"');
    expect((await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey)).body.data.commissionValue).toBe(12.5);

    const detail = await owner.get(`/dashboard/campaigns/${campaign.id}`);
    expect(detail.html).toContain('Edit campaign');
    expect((await owner.post(`/dashboard/campaigns/${campaign.id}/status`, { status: 'inactive' })).status).toBe(303);
    expect((await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey)).body.data.status).toBe('inactive');
    expect((await owner.post(`/dashboard/campaigns/${campaign.id}/status`, { status: 'active' })).status).toBe(303);
    expect((await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey)).body.data.status).toBe('active');
    const asked = await owner.post(`/dashboard/campaigns/${campaign.id}/status`, { status: 'expired' });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('End campaign');
    expect((await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey)).body.data.status).toBe('active');
    expect((await owner.post(`/dashboard/campaigns/${campaign.id}/status`, { status: 'expired', confirm: 'true' })).status).toBe(303);
    expect((await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey)).body.data.status).toBe('expired');
    const final = await owner.post(`/dashboard/campaigns/${campaign.id}/status`, { status: 'active' });
    expect(final.status).toBe(409);
    expect(final.html).toContain('role="alert"');

    // Test mode refuses campaign changes, as test keys are refused.
    await owner.post('/dashboard/mode', { mode: 'test' });
    const other = await createCampaign(t, merchant.liveKey);
    expect((await owner.post(`/dashboard/campaigns/${other.id}/status`, { status: 'inactive' })).status).toBe(403);
    await owner.post('/dashboard/mode', { mode: 'live' });
    expect((await t.api('GET', `/campaigns/${other.id}`, merchant.liveKey)).body.data.status).toBe('active');

    const audit = await t.sql(`select actor, status from audit_log where merchant_id = $1 and path = $2 and method = 'POST'`, [merchant.id, `/dashboard/campaigns/${campaign.id}/edit`]);
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(audit.every((r) => r.actor.startsWith('user:'))).toBe(true);
  });

  it('keeps a member without Manage payouts from changing auto-approval, payout settings and providers', async () => {
    const member = (await signedInUser(t, merchant.id, { role: 'member', managePayouts: false })).browser;
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Member edit' });
    const form = await member.get(`/dashboard/campaigns/${campaign.id}/edit`);
    expect(form.status).toBe(200);
    const base = { name: 'Member edit 2', commissionType: 'percentage', commissionValue: String((await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey)).body.data.commissionValue), attributionWindowDays: '30', endsAtWas: '' };
    const refused = await member.post(`/dashboard/campaigns/${campaign.id}/edit`, { ...base, autoApproveCommissionsAfterDays: '14' });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('Manage payouts');
    expect((await member.post(`/dashboard/campaigns/${campaign.id}/edit`, base)).status).toBe(303);
    expect((await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey)).body.data).toMatchObject({ name: 'Member edit 2', autoApproveCommissionsAfterDays: null });

    expect((await member.get('/dashboard/payout-settings')).status).toBe(200);
    expect((await member.post('/dashboard/payout-settings', { payoutDay: '3' })).status).toBe(403);
    const provider = await member.post('/dashboard/payout-providers/connect', { secretKey: 'sk_live_member0000' });
    expect(provider.status).toBe(403);
    expect(provider.html).toContain('Manage payouts');
    expect((await t.api('GET', '/payout-settings', merchant.liveKey)).body.data.payoutDay).not.toBe(3);
    expect((await t.api('GET', '/payout-providers', merchant.liveKey)).body.data).toEqual([]);
  });

  it('sets the payout day and minimums, and saves and removes provider credentials that are never shown back', async () => {
    await owner.get('/dashboard/payout-settings');
    const saved = await owner.post('/dashboard/payout-settings', { payoutDay: '15', newCurrency: 'USD', newMinimum: '50' });
    expect(saved.status, saved.html.slice(0, 500)).toBe(303);
    expect((await t.api('GET', '/payout-settings', merchant.liveKey)).body.data).toMatchObject({ payoutDay: 15, minimumPayout: { usd: '50.00' } });
    const shown = await owner.get('/dashboard/payout-settings');
    expect(shown.html).toContain('name="min_usd"');
    const invalid = await owner.post('/dashboard/payout-settings', { payoutDay: '40', min_usd: '50.001' });
    expect(invalid.status).toBe(400);
    expect(errorOf(invalid.html, 'payoutDay')).toContain('1 to 28');
    expect(errorOf(invalid.html, 'minimumPayout.usd')).toBeTruthy();
    expect((await owner.post('/dashboard/payout-settings', { payoutDay: '', min_usd: '' })).status).toBe(303);
    expect((await t.api('GET', '/payout-settings', merchant.liveKey)).body.data).toMatchObject({ payoutDay: null, minimumPayout: {} });

    const secret = 'sk_live_dashboardsecret000';
    const wrongMode = await owner.post('/dashboard/payout-providers/connect', { secretKey: 'sk_test_dashboard0000' });
    expect(wrongMode.status).toBe(400);
    expect(errorOf(wrongMode.html, 'secretKey')).toContain('test key');
    expect((await owner.post('/dashboard/payout-providers/connect', { secretKey: secret })).status).toBe(303);
    expect((await t.api('GET', '/payout-providers', merchant.liveKey)).body.data).toEqual([expect.objectContaining({ method: 'connect', configured: true })]);
    const page = await owner.get('/dashboard/payout-settings');
    expect(page.html).not.toContain(secret);
    expect(page.html).toContain('Remove credentials');
    expect((await owner.post('/dashboard/payout-providers/connect/remove')).status).toBe(303);
    expect((await t.api('GET', '/payout-providers', merchant.liveKey)).body.data).toEqual([]);
    expect((await owner.post('/dashboard/payout-providers/bank/remove')).status).toBe(404);
  });

  it("adds an affiliate whose email another merchant's affiliate has, as a new one, and refuses this merchant's own again", async () => {
    const theirs = await createAffiliate(t, other.liveKey, (await createCampaign(t, other.liveKey)).id, { name: 'Known elsewhere' });
    const campaign = await createCampaign(t, merchant.liveKey);
    await owner.get('/dashboard/affiliates');
    const added = await owner.post('/dashboard/affiliates/create', { email: theirs.email, name: '', campaignId: campaign.id });
    expect(added.status).toBe(303);
    const id = added.location!.split('/').pop()!;
    expect(id).not.toBe(theirs.id);
    const page = await owner.get(`/dashboard/affiliates/${id}`);
    expect(page.html).toContain(theirs.email);
    expect(page.html).not.toContain('Known elsewhere');
    await owner.get('/dashboard/affiliates');
    const again = await owner.post('/dashboard/affiliates/create', { email: theirs.email.toUpperCase(), name: '', campaignId: campaign.id });
    expect(again.status).toBe(409);
  });

  it('lists invitations with their status, sends one again and revokes one', async () => {
    const campaign = await createCampaign(t, merchant.liveKey);
    await owner.get('/dashboard/affiliates');
    const email = `invitee-${Date.now()}@example.com`;
    expect((await owner.post('/dashboard/affiliates/invite', { email, campaignId: campaign.id, kind: 'invite' })).status).toBe(303);
    const listed = await owner.get('/dashboard/affiliates/invitations?status=pending');
    expect(listed.status).toBe(200);
    expect(listed.html).toContain(email);
    const invitation = (await t.api('GET', '/affiliates/invitations?status=pending', merchant.liveKey)).body.data.find((i: { email: string }) => i.email === email);
    const resent = await owner.post(`/dashboard/affiliates/invitations/${invitation.id}/resend`, { back: '/dashboard/affiliates/invitations?status=pending' });
    expect(resent.status).toBe(303);
    expect(resent.location).toContain('/dashboard/affiliates/invitations?status=pending');
    const after = (await t.api('GET', '/affiliates/invitations', merchant.liveKey)).body.data.find((i: { id: string }) => i.id === invitation.id);
    expect(after.sendCount).toBe(2);
    expect((await owner.post(`/dashboard/affiliates/invitations/${invitation.id}/revoke`)).status).toBe(303);
    expect((await t.api('GET', '/affiliates/invitations?status=revoked', merchant.liveKey)).body.data.map((i: { id: string }) => i.id)).toContain(invitation.id);
    const revokedAgain = await owner.post(`/dashboard/affiliates/invitations/${invitation.id}/resend`);
    expect(revokedAgain.status).toBe(409);
    expect((await owner.get('/dashboard/affiliates/invitations?status=revoked')).html).toContain(email);
  });

  it('creates a team, assigns a campaign, adds and removes members, and creates and closes a goal', async () => {
    await owner.get('/dashboard/teams');
    const invalid = await owner.post('/dashboard/teams', { name: '', currency: 'dollars' });
    expect(invalid.status).toBe(400);
    const created = await owner.post('/dashboard/teams', { name: 'Dashboard closers', currency: 'usd', baseCommissionType: '', baseCommissionValue: '' });
    expect(created.status, created.html.slice(0, 400)).toBe(303);
    const teamId = idFromLocation(created.location);
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Team campaign' });
    const [a, b] = [await createAffiliate(t, merchant.liveKey, campaign.id), await createAffiliate(t, merchant.liveKey, campaign.id)];
    const page = await owner.get(`/dashboard/teams/${teamId}`);
    expect(page.html).toContain('Add to the team');
    expect((await owner.post(`/dashboard/teams/${teamId}/campaigns`, { campaignId: campaign.id, baseCommissionType: 'percentage', baseCommissionValue: '25' })).status).toBe(303);
    const added = await owner.post(`/dashboard/teams/${teamId}/members`, [
      ['affiliateIds', a!.id],
      ['affiliateIds', b!.id],
    ]);
    expect(added.status).toBe(303);
    expect(decodeURIComponent(added.location!)).toContain('2 added');
    let team = (await t.api('GET', `/teams/${teamId}`, merchant.liveKey)).body.data;
    expect(team.members.map((m: { affiliateId: string }) => m.affiliateId).sort()).toEqual([a!.id, b!.id].sort());
    expect(team.campaigns).toEqual([expect.objectContaining({ campaignId: campaign.id, baseCommissionValue: '25.00' })]);
    expect((await owner.post(`/dashboard/teams/${teamId}/members/${b!.id}/remove`)).status).toBe(303);
    team = (await t.api('GET', `/teams/${teamId}`, merchant.liveKey)).body.data;
    expect(team.members.map((m: { affiliateId: string }) => m.affiliateId)).toEqual([a!.id]);

    const badGoal = await owner.post(`/dashboard/teams/${teamId}/goals`, { name: 'Q', metric: 'revenue', targetValue: 'lots', bonusType: 'flat', bonusValue: '100' });
    expect(badGoal.status).toBe(400);
    expect(errorOf(badGoal.html, 'targetValue')).toBeTruthy();
    const goal = await owner.post(`/dashboard/teams/${teamId}/goals`, { name: 'Monthly 5k', metric: 'revenue', targetValue: '5000', periodMode: 'monthly', campaignId: '', bonusType: 'flat', bonusValue: '200', bonusCap: '', bonusSplit: 'equal', refundSafeDays: '' });
    expect(goal.status, goal.html.slice(0, 600)).toBe(303);
    const goals = (await t.api('GET', `/teams/${teamId}/goals`, merchant.liveKey)).body.data;
    expect(goals).toEqual([expect.objectContaining({ name: 'Monthly 5k', status: 'active', bonusValue: '200.00' })]);
    const detail = await owner.get(`/dashboard/teams/${teamId}`);
    expect(detail.html).toContain('Close now');
    expect((await owner.post(`/dashboard/teams/${teamId}/goals/${goals[0].id}`, { action: 'close_now' })).status).toBe(303);
    expect((await t.api('GET', `/teams/${teamId}/goals`, merchant.liveKey)).body.data[0].status).toBe('ended');
    const reactivate = await owner.post(`/dashboard/teams/${teamId}/goals/${goals[0].id}`, { action: 'reactivate', expectedUpdatedAt: '2000-01-01T00:00:00.000Z' });
    expect(reactivate.status).toBe(409);
  });

  it('records a part refund and then a whole one, through the refund use case', async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { commissionType: 'percentage', commissionValue: 10 });
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    const sale = (await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 100, orderId: 'refund-me' })).body.data;
    expect((await owner.get('/dashboard/conversions')).html).toContain(`/dashboard/conversions/${sale.id}/refund`);
    const form = await owner.get(`/dashboard/conversions/${sale.id}/refund`);
    expect(form.status).toBe(200);
    expect(form.html).toContain('100.00 USD');
    const tooMuch = await owner.post(`/dashboard/conversions/${sale.id}/refund`, { amount: '150' });
    expect(tooMuch.status).toBe(400);
    expect(errorOf(tooMuch.html, 'amount')).toBeTruthy();
    expect((await owner.post(`/dashboard/conversions/${sale.id}/refund`, { amount: 'some' })).status).toBe(400);
    expect((await owner.post(`/dashboard/conversions/${sale.id}/refund`, { amount: '30' })).status).toBe(303);
    expect((await t.api('GET', `/conversions/${sale.id}`, merchant.liveKey)).body.data).toMatchObject({ status: 'pending', refundedAmount: 30, commission: 7 });
    expect((await owner.post(`/dashboard/conversions/${sale.id}/refund`, { amount: '' })).status).toBe(303);
    expect((await t.api('GET', `/conversions/${sale.id}`, merchant.liveKey)).body.data.status).toBe('refunded');
    const again = await owner.post(`/dashboard/conversions/${sale.id}/refund`, {});
    expect(again.status).toBe(409);
    expect(again.html).toContain('cannot be refunded');
  });

  it("changes a webhook subscription's URL, events and retries", async () => {
    const hook = (await t.api('POST', '/webhooks', merchant.liveKey, { url: receiver.url('/before'), events: ['conversion.created'] })).body.data;
    const shown = await owner.get(`/dashboard/webhooks/${hook.id}`);
    expect(shown.html).toContain('Change URL, events or retries');
    const saved = await owner.post(`/dashboard/webhooks/${hook.id}/edit`, [
      ['url', receiver.url('/after')],
      ['events', 'conversion.approved'],
      ['events', 'conversion.rejected'],
      ['maxRetries', '3'],
    ]);
    expect(saved.status, saved.html.slice(0, 400)).toBe(303);
    expect((await t.api('GET', `/webhooks/${hook.id}`, merchant.liveKey)).body.data).toMatchObject({ url: receiver.url('/after'), events: ['conversion.approved', 'conversion.rejected'], maxRetries: 3 });
    const invalid = await owner.post(`/dashboard/webhooks/${hook.id}/edit`, [['url', receiver.url('/after')]]);
    expect(invalid.status).toBe(400);
    expect(errorOf(invalid.html, 'events')).toBeTruthy();
    expect((await t.api('GET', `/webhooks/${hook.id}`, merchant.liveKey)).body.data.events).toHaveLength(2);
  });

  it('refuses every new action without the CSRF token, and answers 404 for another merchant ids', async () => {
    const mine = await createCampaign(t, merchant.liveKey);
    await owner.get('/dashboard/payout-settings');
    const forged: [string, Record<string, string>][] = [
      [`/dashboard/campaigns/${mine.id}/edit`, { name: 'Forged', commissionType: 'percentage', commissionValue: '10', attributionWindowDays: '30' }],
      [`/dashboard/campaigns/${mine.id}/status`, { status: 'inactive' }],
      ['/dashboard/payout-settings', { payoutDay: '9' }],
      ['/dashboard/payout-providers/connect', { secretKey: 'sk_live_forged0000' }],
      ['/dashboard/payout-providers/connect/remove', {}],
      ['/dashboard/teams', { name: 'Forged team' }],
      [`/dashboard/conversions/${(await t.api('POST', '/conversions', merchant.liveKey, { campaignId: mine.id, affiliateId: (await createAffiliate(t, merchant.liveKey, mine.id)).id, amount: 10 })).body.data.id}/refund`, {}],
    ];
    for (const [path, fields] of forged) expect((await owner.post(path, fields, { csrf: false })).status, path).toBe(403);
    expect((await t.api('GET', `/campaigns/${mine.id}`, merchant.liveKey)).body.data.status).toBe('active');
    expect((await t.api('GET', '/payout-settings', merchant.liveKey)).body.data.payoutDay).not.toBe(9);

    const campaign = await createCampaign(t, other.liveKey);
    const affiliate = await createAffiliate(t, other.liveKey, campaign.id);
    const team = (await t.api('POST', '/teams', other.liveKey, { name: 'Theirs' })).body.data;
    expect((await t.api('POST', `/teams/${team.id}/campaigns`, other.liveKey, { campaignId: campaign.id })).status).toBe(200);
    expect((await t.api('POST', `/teams/${team.id}/members`, other.liveKey, { affiliateIds: [affiliate.id] })).status).toBe(200);
    const goal = (await t.api('POST', `/teams/${team.id}/goals`, other.liveKey, { name: 'Theirs', targetValue: 10, metric: 'conversions', bonusType: 'flat', bonusValue: 5 })).body.data;
    expect(goal.id).toBeDefined();
    const invited = await t.api('POST', '/affiliates/invite', other.liveKey, { email: `theirs-${Date.now()}@example.com`, campaignId: campaign.id });
    expect(invited.status).toBe(201);
    const invitation = (await t.api('GET', '/affiliates/invitations', other.liveKey)).body.data[0];
    expect((await owner.get(`/dashboard/campaigns/${campaign.id}/edit`)).status).toBe(404);
    const myCampaign = await createCampaign(t, merchant.liveKey);
    const posts: [string, Record<string, string>][] = [
      [`/dashboard/campaigns/${campaign.id}/edit`, { name: 'Taken', commissionType: 'percentage', commissionValue: '10', attributionWindowDays: '30' }],
      [`/dashboard/campaigns/${campaign.id}/status`, { status: 'inactive' }],
      [`/dashboard/campaigns/${campaign.id}/status`, { status: 'expired', confirm: 'true' }],
      [`/dashboard/teams/${team.id}/members`, { affiliateIds: affiliate.id }],
      [`/dashboard/teams/${team.id}/members/${affiliate.id}/remove`, {}],
      [`/dashboard/teams/${team.id}/campaigns`, { campaignId: myCampaign.id }],
      [`/dashboard/teams/${team.id}/campaigns/${campaign.id}/remove`, {}],
      [`/dashboard/teams/${team.id}/goals`, { name: 'Taken', targetValue: '10', bonusType: 'flat', bonusValue: '5' }],
      [`/dashboard/teams/${team.id}/goals/${goal.id}`, { action: 'cancel' }],
      [`/dashboard/affiliates/invitations/${invitation.id}/resend`, {}],
      [`/dashboard/affiliates/invitations/${invitation.id}/revoke`, {}],
      [`/dashboard/webhooks/${(await t.api('POST', '/webhooks', other.liveKey, { url: receiver.url('/theirs'), events: ['conversion.created'] })).body.data.id}/edit`, { url: receiver.url('/taken'), events: 'conversion.created' }],
      [`/dashboard/conversions/${(await t.api('POST', '/conversions', other.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 10 })).body.data.id}/refund`, {}],
    ];
    for (const [path, fields] of posts) expect((await owner.post(path, fields)).status, path).toBe(404);
    expect((await t.api('GET', `/campaigns/${campaign.id}`, other.liveKey)).body.data).toMatchObject({ status: 'active' });
    const theirs = (await t.api('GET', `/teams/${team.id}`, other.liveKey)).body.data;
    expect(theirs.members).toHaveLength(1);
    expect(theirs.campaigns).toHaveLength(1);
    expect((await t.api('GET', `/teams/${team.id}/goals`, other.liveKey)).body.data[0].status).toBe('active');
    expect((await t.api('GET', '/affiliates/invitations', other.liveKey)).body.data[0]).toMatchObject({ status: 'pending', sendCount: 1 });
  });
});

describe('names a person reads', () => {
  it('show providers and payout methods by their real names, never the API tokens, on any page', async () => {
    // Data for every page that names a provider or a method: an integration, a coupon, a payout.
    const integration = await t.api('POST', '/integrations', merchant.liveKey, { provider: 'mor_a', signingSecret: 'pdl_ntfset_names', name: 'Billing' });
    const campaign = await createCampaign(t, merchant.liveKey);
    const coupon = await t.api('POST', '/coupons', merchant.liveKey, { code: 'NAMES10', provider: 'mor_b', campaignId: campaign.id, affiliateId: (await createAffiliate(t, merchant.liveKey, campaign.id)).id });
    const details = [`/dashboard/integrations/${integration.body.data.id}`, `/dashboard/coupons/${coupon.body.data.id}`];
    const visibleText = (html: string) =>
      html
        .replace(/<script[\s\S]*?<\/script>/g, ' ')
        .replace(/<[^>]*>/g, ' ')
        .replace(/&[a-z]+;/g, ' ');
    const tokens = /\b(?:mor_[abc]|app_store|wallet_a|transfer_b|Wallet A|Transfer B)\b/;
    for (const path of [...PAGES, ...details]) {
      const page = await owner.get(path);
      expect(page.status, path).toBe(200);
      expect(visibleText(page.html), path).not.toMatch(tokens);
      // `card` is an English word (a merchant may name an integration "Main card account"): refused as a whole cell or option.
      expect(page.html, path).not.toMatch(/>\s*card\s*</);
    }
    const integrations = visibleText((await owner.get('/dashboard/integrations')).html);
    expect(integrations).toContain('Paddle');
    expect(visibleText((await owner.get('/dashboard/coupons')).html)).toContain('Lemon Squeezy');
    expect(visibleText((await owner.get('/dashboard/payout-settings')).html)).toMatch(/PayPal[\s\S]*Wise/);
  });
});
