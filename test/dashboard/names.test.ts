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
      expect(visibleText(page.html), path).not.toMatch(UUID);
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
