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
  '/dashboard/payouts',
  '/dashboard/coupons',
  '/dashboard/keys',
  '/dashboard/webhooks',
  '/dashboard/integrations',
  '/dashboard/users',
  '/dashboard/audit-log',
  '/dashboard/teams',
  '/dashboard/account',
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
  it('renders every page for a signed-in owner, and sends everyone else to sign in', async () => {
    for (const path of PAGES) {
      const res = await owner.get(path);
      expect(res.status, path).toBe(200);
      expect(res.html, path).toContain('<nav class="main"');
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
    expect(csv.html.split('\r\n')[0]).toBe('id,conversionId,campaignId,affiliateId,amount,currency,status,scheduledDate,attempts,completedAt,failureReason,createdAt');
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
    expect(first.html).toContain(`<td>${email}</td>`);
    expect(first.html).not.toContain(invited[5]);
    const next = nextLink(first.html);
    expect(next).toBe('/dashboard/users?page=2');
    const second = await browser.get(`${next}&limit=5`);
    expect(second.html).toContain(invited[4]);
    expect(second.html).toContain(invited[5]);
    expect(second.html).not.toContain(`<td>${email}</td>`);
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

  it('throttles brute-force sign-in per account, whatever the address', async () => {
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
