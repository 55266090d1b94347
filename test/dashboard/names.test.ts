import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { signedInUser, type DashboardBrowser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let merchant: TestMerchant;
let other: TestMerchant;
let owner: DashboardBrowser;
let campaign: { id: string; name: string };
let ada: { id: string; email: string };
let grace: { id: string; email: string };

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** What a person reads: the text between tags, without scripts, attributes (links keep ids there) or entities. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ');

beforeAll(async () => {
  t = await startTestService();
  merchant = await createMerchant(t, 'scale', { automaticPayouts: true });
  other = await createMerchant(t, 'scale', { automaticPayouts: true });
  owner = (await signedInUser(t, merchant.id)).browser;
  campaign = await createCampaign(t, merchant.liveKey, { name: 'Spring launch' });
  ada = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Ada Lovelace', email: 'ada.names@example.com' });
  grace = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Grace Hopper', email: 'grace.names@example.com' });
  const sale = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: ada.id, amount: 80, orderId: 'names-1' });
  await t.api('PATCH', `/conversions/${sale.body.data.id}`, merchant.liveKey, { status: 'approved' });
  await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: grace.id, amount: 1250, currency: 'jpy', orderId: 'names-2' });
  await t.api('POST', '/coupons', merchant.liveKey, { code: 'ADA10', campaignId: campaign.id, affiliateId: ada.id });
  await t.admin('POST', '/jobs/run');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('people, not ids', () => {
  it('names and links the affiliate and campaign wherever a page names one, never a bare id', async () => {
    const [coupon] = await t.sql(`select id from coupons where code = 'ADA10'`);
    const pages = ['/dashboard', '/dashboard/conversions', '/dashboard/payouts', '/dashboard/coupons', `/dashboard/coupons/${coupon.id}`, `/dashboard/campaigns/${campaign.id}`, `/dashboard/affiliates/${ada.id}`, '/dashboard/affiliates'];
    for (const path of pages) {
      const page = await owner.get(path);
      expect(page.status, path).toBe(200);
      // Addresses (a portal's join link holds the merchant's id) are links to copy, not names.
      expect(visibleText(page.html).replace(/https?:\/\/\S+/g, ' '), path).not.toMatch(UUID);
    }
    const conversions = await owner.get('/dashboard/conversions');
    expect(conversions.html).toContain(`<a href="/dashboard/affiliates/${ada.id}">Ada Lovelace</a>`);
    expect(conversions.html).toContain(`<a href="/dashboard/affiliates/${grace.id}">Grace Hopper</a>`);
    expect(conversions.html).toContain(`<a href="/dashboard/campaigns/${campaign.id}">Spring launch</a>`);
    // Money with its currency's decimals: yen has none.
    expect(visibleText(conversions.html)).toMatch(/\b1,?250 JPY/);
    expect(visibleText(conversions.html)).toContain('80.00 USD');
    expect((await owner.get('/dashboard/payouts')).html).toContain(`<a href="/dashboard/affiliates/${ada.id}">Ada Lovelace</a>`);
    expect((await owner.get('/dashboard/coupons')).html).toContain(`<a href="/dashboard/affiliates/${ada.id}">Ada Lovelace</a>`);
    expect((await owner.get('/dashboard')).html).toContain(`<a href="/dashboard/affiliates/${grace.id}">Grace Hopper</a>`);
    // Counts are grammatical.
    expect(visibleText((await owner.get(`/dashboard/affiliates/${grace.id}`)).html)).toMatch(/\b1 conversion\b/);
  });

  it('records a sale and registers a coupon by the affiliate picked by name or email, without any script', async () => {
    const form = await owner.get('/dashboard/conversions');
    expect(form.html).toMatch(/<input name="affiliateId" list="affiliateId-options"/);
    expect(form.html).toContain('<option value="Ada Lovelace &lt;ada.names@example.com&gt;">');
    const picked = await owner.post('/dashboard/conversions', { campaignId: campaign.id, affiliateId: 'Ada Lovelace <ada.names@example.com>', amount: '30', currency: 'usd', orderId: 'picked-1' });
    expect(picked.status, picked.html.slice(0, 400)).toBe(303);
    const byEmail = await owner.post('/dashboard/conversions', { campaignId: campaign.id, affiliateId: 'GRACE.names@example.com', amount: '31', currency: 'usd', orderId: 'picked-2' });
    expect(byEmail.status).toBe(303);
    const byName = await owner.post('/dashboard/conversions', { campaignId: campaign.id, affiliateId: 'grace hopper', amount: '32', currency: 'usd', orderId: 'picked-3' });
    expect(byName.status).toBe(303);
    const rows = await t.sql(`select order_id, affiliate_id from conversions where order_id like 'picked-%' order by order_id`);
    expect(rows).toEqual([
      { order_id: 'picked-1', affiliate_id: ada.id },
      { order_id: 'picked-2', affiliate_id: grace.id },
      { order_id: 'picked-3', affiliate_id: grace.id },
    ]);
    const unknown = await owner.post('/dashboard/conversions', { campaignId: campaign.id, affiliateId: 'nobody@example.com', amount: '33', currency: 'usd' });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain('Choose an affiliate');
    expect(unknown.html).toContain('value="nobody@example.com"');
    const coupon = await owner.post('/dashboard/coupons', { code: 'GRACE5', campaignId: campaign.id, affiliateId: 'Grace Hopper <grace.names@example.com>' });
    expect(coupon.status, coupon.html.slice(0, 400)).toBe(303);
    expect((await t.sql(`select affiliate_id from coupons where code = 'GRACE5'`))[0].affiliate_id).toBe(grace.id);
  });

  it("suggests the merchant's own affiliates as one types, never another merchant's", async () => {
    const theirCampaign = await createCampaign(t, other.liveKey);
    await createAffiliate(t, other.liveKey, theirCampaign.id, { name: 'Ada Secret', email: 'ada.secret@example.com' });
    const found = await owner.get('/dashboard/pickers/affiliates?field=affiliateId&affiliateId=ada');
    expect(found.status).toBe(200);
    expect(found.html).toContain('Ada Lovelace &lt;ada.names@example.com&gt;');
    expect(found.html).not.toContain('Secret');
    // Another merchant's affiliate cannot be picked by email either.
    const theirs = await owner.post('/dashboard/conversions', { campaignId: campaign.id, affiliateId: 'ada.secret@example.com', amount: '5', currency: 'usd' });
    expect(theirs.status).toBe(400);
  });
});

describe('find and slice', () => {
  it('finds affiliates, campaigns, coupons, conversions and customers from the header search, linking to their pages', async () => {
    expect((await owner.get('/dashboard')).html).toMatch(/<form method="get" action="\/dashboard\/search" role="search"/);
    const found = await owner.get('/dashboard/search?q=ada');
    expect(found.status).toBe(200);
    expect(found.html).toContain(`<a href="/dashboard/affiliates/${ada.id}">Ada Lovelace &lt;ada.names@example.com&gt;</a>`);
    expect(found.html).toMatch(/<a href="\/dashboard\/coupons\/[0-9a-f-]{36}">ADA10/);
    expect((await owner.get('/dashboard/search?q=spring')).html).toContain(`<a href="/dashboard/campaigns/${campaign.id}">Spring launch</a>`);
    const order = await owner.get('/dashboard/search?q=names-1');
    const link = /href="(\/dashboard\/conversions\?id=[0-9a-f-]{36})"/.exec(order.html)![1]!;
    const one = await owner.get(link.replace('&amp;', '&'));
    expect(one.html).toContain('names-1');
    expect(one.html).not.toContain('names-2');
    expect((await owner.get('/dashboard/search?q=a')).html).toContain('Type at least 2 characters');
  });

  it('filters conversions by affiliate and period, and exports exactly the filtered rows with names', async () => {
    const byGrace = await owner.get('/dashboard/conversions?affiliate=grace.names%40example.com');
    expect(byGrace.html).toContain('names-2');
    expect(byGrace.html).not.toContain('names-1');
    expect(byGrace.html).toContain('value="Grace Hopper &lt;grace.names@example.com&gt;"');
    const longAgo = await owner.get('/dashboard/conversions?from=2020-01-01&to=2020-01-31');
    expect(longAgo.html).not.toContain('names-1');
    expect(longAgo.html).toContain('No conversions match these filters.');
    expect((await owner.get('/dashboard/conversions?range=7d')).html).toContain('names-1');
    const csv = await owner.get('/dashboard/conversions.csv?affiliate=grace.names%40example.com');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.html.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"id","createdAt","status","affiliateName","affiliateEmail","affiliateId","campaignName","campaignId","orderId","amount","taxAmount","commission","currency","conversionType","source"');
    expect(lines.slice(1).every((l) => l.includes('"Grace Hopper","grace.names@example.com"'))).toBe(true);
    expect(lines.some((l) => l.includes('"names-2"') && l.includes('"1250"') && l.includes('"JPY"'))).toBe(true);
    expect(lines.some((l) => l.includes('names-1'))).toBe(false);
  });

  it('exports every conversion of a long list through its cursor, each once', async () => {
    const many = await createCampaign(t, merchant.liveKey, { name: 'Many' });
    const who = await createAffiliate(t, merchant.liveKey, many.id, { name: '=cmd|evil', email: 'formula@example.com' });
    // Rows sharing one creation time: the cursor must order ties by id, neither skipping nor repeating one.
    const first = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: many.id, affiliateId: who.id, amount: 10, orderId: 'bulk-0' });
    await t.sql(
      `insert into conversions
       select (jsonb_populate_record(null::conversions, to_jsonb(c) || jsonb_build_object('id', gen_random_uuid(), 'order_id', 'bulk-' || g, 'created_at', '2026-01-05T00:00:00Z'))).*
       from conversions c, generate_series(1, 1202) g where c.id = $1`,
      [first.body.data.id],
    );
    await t.sql(`update conversions set created_at = '2026-01-05T00:00:00Z' where id = $1`, [first.body.data.id]);
    const csv = await owner.get(`/dashboard/conversions.csv?campaignId=${many.id}`);
    const lines = csv.html.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(1203);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(1203);
    // A cell that a spreadsheet would run as a formula is neutralised.
    expect(lines[0]).toContain(`"'=cmd|evil"`);
  });

  it('exports payouts with the affiliate, their payout email and the filters of the page', async () => {
    const all = await owner.get('/dashboard/payouts.csv');
    const [head, ...rows] = all.html.trimEnd().split('\r\n');
    expect(head).toBe('"id","conversionId","campaignId","affiliateId","amount","currency","status","scheduledDate","attempts","completedAt","failureReason","createdAt","affiliateName","affiliateEmail","payoutEmail"');
    expect(rows.some((l) => l.includes('"Ada Lovelace","ada.names@example.com"'))).toBe(true);
    const none = await owner.get('/dashboard/payouts.csv?affiliate=grace.names%40example.com&status=scheduled');
    expect(none.html.trimEnd().split('\r\n')).toHaveLength(1);
    // The award ledger exports as filtered (no awards here: the header alone), linked from its page.
    expect((await owner.get('/dashboard/awards?status=approved')).html).toContain('href="/dashboard/awards.csv?status=approved"');
    const awards = await owner.get('/dashboard/awards.csv?status=approved');
    expect(awards.html).toBe('"id","createdAt","status","teamName","teamId","goalName","periodKey","affiliateName","affiliateEmail","affiliateId","amount","currency","payableAfter","approvedAt","paidAt"\r\n');
    // By the period of the award, carried on to the export.
    const ranged = await owner.get('/dashboard/awards?range=30d');
    expect(ranged.html).toContain('href="/dashboard/awards.csv?range=30d"');
    expect(ranged.html).toContain('<option value="30d" selected="">');
    expect((await owner.get('/dashboard/awards.csv?from=2026-01-01&to=2026-01-31')).status).toBe(200);
    const affiliates = await owner.get(`/dashboard/affiliates.csv?campaignId=${campaign.id}`);
    expect(affiliates.html).toContain('"Grace Hopper","grace.names@example.com","Spring launch"');
  });
});

describe("an affiliate's and a campaign's page", () => {
  it('shows links, coupons, rate, earnings per click, commissions by status and currency, what is owed and payouts', async () => {
    const page = await owner.get(`/dashboard/affiliates/${ada.id}`);
    expect(page.status).toBe(200);
    const text = visibleText(page.html).replace(/\s+/g, ' ');
    expect(text).toContain('Tracking links');
    expect(page.html).toMatch(/<code>https?:\/\/[^<]+<\/code>/);
    expect(text).toContain('ADA10');
    expect(text).toMatch(/Approved USD 16\.00 USD 1/);
    expect(text).toMatch(/conversion rate/);
    expect(text).toMatch(/Owed now: (nothing|[\d.]+ USD)/);
    expect(page.html).toContain(`/dashboard/conversions.csv?affiliateId=${ada.id}`);
  });

  it("offers a campaign's invite button and, once public, its join link", async () => {
    const page = await owner.get(`/dashboard/campaigns/${campaign.id}`);
    expect(page.html).toContain(`/dashboard/affiliates?invite=${campaign.id}#invite-affiliate`);
    await t.api('PATCH', `/campaigns/${campaign.id}`, merchant.liveKey, { isPublic: true });
    const open = await owner.get(`/dashboard/campaigns/${campaign.id}`);
    expect(open.html).toMatch(/Public join link: <code>[^<]+\/c\/[^<]+<\/code>/);
    const invite = await owner.get(`/dashboard/affiliates?invite=${campaign.id}`);
    expect(invite.html).toContain(`<option value="${campaign.id}" selected="">Spring launch</option>`);
  });
});
