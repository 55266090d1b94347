import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { signedInUser, type DashboardBrowser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let merchant: TestMerchant;
let owner: DashboardBrowser;
let campaign: { id: string; name: string };
let ada: { id: string };
let grace: { id: string };

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const click = (affiliateId: string, at: Date) =>
  t.sql(`insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, created_at) values ($1, $2, 'live', $3, $4, $5, $6)`, [randomUUID(), merchant.id, campaign.id, affiliateId, randomUUID(), at]);
const sale = async (affiliateId: string, at: Date, orderId: string) => {
  const res = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId, amount: 100, orderId });
  await t.sql(`update conversions set created_at = $1 where id = $2`, [at, res.body.data.id]);
};
const text = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');

beforeAll(async () => {
  t = await startTestService();
  merchant = await createMerchant(t, 'scale');
  owner = (await signedInUser(t, merchant.id)).browser;
  campaign = await createCampaign(t, merchant.liveKey, { name: 'Autumn push' });
  ada = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Ada Lovelace', email: 'ada.camp@example.com' });
  grace = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Grace Hopper', email: 'grace.camp@example.com' });
  // This period (last 7 days): 4 clicks, 2 sales (Ada 2); the 7 days before: 2 clicks, 1 sale.
  for (const n of [1, 1, 2, 3]) await click(n < 3 ? ada.id : grace.id, daysAgo(n));
  await sale(ada.id, daysAgo(1), 'camp-1');
  await sale(ada.id, daysAgo(2), 'camp-2');
  for (const n of [9, 10]) await click(grace.id, daysAgo(n));
  await sale(grace.id, daysAgo(9), 'camp-3');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("a campaign's page", () => {
  it('charts clicks and conversions per day with a table, the rate, the change against the previous period and the top affiliates', async () => {
    const page = await owner.get(`/dashboard/campaigns/${campaign.id}?range=7d`);
    expect(page.status).toBe(200);
    const words = text(page.html);
    expect(words).toMatch(/Clicks 4 \+100 % vs the previous 7 days/);
    expect(words).toMatch(/Conversions 2 \+100 % vs the previous 7 days/);
    expect(words).toMatch(/Conversion rate 50 %/);
    expect(page.html).toContain('<svg class="bars"');
    expect(page.html).toContain('<caption class="sr-only">Clicks and conversions per day</caption>');
    // Ada (2 sales) before Grace (1 click, no sale), each linked by name.
    const top = page.html.slice(page.html.indexOf('Top affiliates in this period'));
    expect(top.indexOf(`/dashboard/affiliates/${ada.id}`)).toBeLessThan(top.indexOf(`/dashboard/affiliates/${grace.id}`));
    expect(top).toContain('Ada Lovelace');
    // The invite button and, while not public, what to do instead of a join link.
    expect(page.html).toContain(`/dashboard/affiliates?invite=${campaign.id}#invite-affiliate`);
    // The default period is the last 30 days, compared with the 30 before.
    expect(text((await owner.get(`/dashboard/campaigns/${campaign.id}`)).html)).toMatch(/Clicks 6 none in the previous 30 days/);
  });

  it('the overview compares the span with the one before it', async () => {
    const words = text((await owner.get('/dashboard?days=30')).html);
    expect(words).toMatch(/Clicks, last 30 days 6 none in the previous 30 days/);
    expect(words).toMatch(/Conversions, last 30 days 3 none in the previous 30 days/);
    await click(ada.id, daysAgo(40));
    expect(text((await owner.get('/dashboard?days=30')).html)).toMatch(/Clicks, last 30 days 6 \+500 % vs the previous 30 days/);
  });

  it('exports clicks as CSV, filtered by period, campaign and affiliate, with names; another merchant gets none of them', async () => {
    const all = await owner.get(`/dashboard/clicks.csv?campaignId=${campaign.id}&range=7d`);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toContain('text/csv');
    const lines = all.html.trim().split('\r\n');
    expect(lines[0]).toBe('"id","createdAt","campaignName","campaignId","affiliateName","affiliateEmail","affiliateId","landingUrl","referrer"');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain('"Autumn push"');
    const adas = (await owner.get(`/dashboard/clicks.csv?affiliateId=${ada.id}&range=7d`)).html.trim().split('\r\n');
    expect(adas).toHaveLength(4);
    expect(adas.slice(1).every((l) => l.includes('"Ada Lovelace"') && l.includes('ada.camp@example.com'))).toBe(true);
    expect((await owner.get(`/dashboard/clicks.csv?from=2000-01-01&to=2000-01-31`)).html.trim().split('\r\n')).toHaveLength(1);
    const stranger = await createMerchant(t, 'scale');
    const theirs = (await signedInUser(t, stranger.id)).browser;
    expect((await theirs.get(`/dashboard/clicks.csv?campaignId=${campaign.id}`)).html.trim().split('\r\n')).toHaveLength(1);
    expect((await owner.get(`/dashboard/campaigns/${campaign.id}`)).html).toContain(`/dashboard/clicks.csv?campaignId=${campaign.id}`);
  });
});
