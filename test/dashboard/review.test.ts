import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { signedInUser, type DashboardBrowser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let merchant: TestMerchant;
let owner: DashboardBrowser;
let ann: { id: string; email: string };
let bob: { id: string; email: string };
const sales: Record<string, string> = {};

/** A flag as the affiliate signals leave one (the sign-up checks are another part's; the page only reads flags). */
const flagAffiliate = (merchantId: string, affiliateId: string, code: string, message: string, evidence: string[]) =>
  t.sql(
    `insert into risk_flags (id, merchant_id, mode, subject_kind, subject_id, code, message, evidence, action, created_at)
     values (gen_random_uuid(), $1, 'live', 'affiliate', $2, $3, $4, $5::jsonb, 'flag', now())`,
    [merchantId, affiliateId, code, message, JSON.stringify(evidence)],
  );

const statusOf = async (id: string) => (await t.api('GET', `/conversions/${id}`, merchant.liveKey)).body.data.status as string;
const badge = (html: string) => /href="\/dashboard\/review"[^>]*>Review <span class="badge">(\d+)/.exec(html)?.[1] ?? null;

beforeAll(async () => {
  t = await startTestService();
  merchant = await createMerchant(t, 'ultimate');
  owner = (await signedInUser(t, merchant.id)).browser;
  const campaign = await createCampaign(t, merchant.liveKey, { name: 'Spring sale', commissionValue: 10 });
  ann = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Ann Archer' });
  bob = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Bob Baker' });
  const sale = async (name: string, affiliateId: string, body: Record<string, unknown>) => {
    const res = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId, ...body });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    sales[name] = res.body.data.id;
  };
  await sale('throwaway', ann.id, { amount: 40, orderId: 'A-100', customerEmail: 'buyer@mailinator.com' });
  await sale('clean', bob.id, { amount: 70, orderId: 'B-200' });
  await sale('held', bob.id, { amount: 55.5, orderId: 'B-300' });
  expect((await t.api('PATCH', `/conversions/${sales.held}`, merchant.liveKey, { status: 'held' })).status).toBe(200);
  await flagAffiliate(merchant.id, bob.id, 'shared_payout_details', 'Another affiliate of yours has the same payout email.', [bob.id, ann.id]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the Review page', () => {
  it('lists flagged and held sales and flagged affiliates by name, with each finding in words, and counts them in the navigation', async () => {
    const page = await owner.get('/dashboard/review');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Sale of 40.00 USD (order A-100)');
    expect(page.html).toContain('Throwaway email');
    expect(page.html).toContain('a throwaway mail service');
    expect(page.html).toContain('Spring sale');
    expect(page.html).toContain('Ann Archer');
    expect(page.html).toContain('Sale of 55.50 USD (order B-300)');
    expect(page.html).toContain('No check flagged it');
    expect(page.html).toContain('Shared payout details');
    expect(page.html).toContain('Another affiliate of yours has the same payout email.');
    // The evidence names the other affiliate, never by id alone.
    expect(page.html).toMatch(/Evidence: <a href="\/dashboard\/affiliates\/[^"]+">Ann Archer<\/a>/);
    // A sale no check flagged and nobody held is not for review.
    expect(page.html).not.toContain('order B-200');
    expect(badge(page.html)).toBe('3');
    expect(badge((await owner.get('/dashboard/conversions')).html)).toBe('3');
  });

  it('filters by check, kind and status, and says what an empty list means', async () => {
    const affiliates = await owner.get('/dashboard/review?kind=affiliate');
    expect(affiliates.html).toContain('Shared payout details');
    expect(affiliates.html).not.toContain('Sale of');
    const throwaway = await owner.get('/dashboard/review?signal=disposable_email');
    expect(throwaway.html).toContain('order A-100');
    expect(throwaway.html).not.toContain('order B-300');
    const held = await owner.get('/dashboard/review?status=held');
    expect(held.html).toContain('order B-300');
    expect(held.html).not.toContain('order A-100');
    expect((await owner.get('/dashboard/review?status=banned')).html).toContain('Nothing here yet.');
    expect((await owner.get('/dashboard/review?signal=fast_conversion')).html).toContain('Nothing matches these filters.');
    const fresh = await createMerchant(t, 'ultimate');
    const other = (await signedInUser(t, fresh.id)).browser;
    const empty = await other.get('/dashboard/review');
    expect(empty.html).toContain('Nothing waits for review');
    expect(badge(empty.html)).toBeNull();
    await other.post('/dashboard/mode', { mode: 'test' });
    expect((await other.get('/dashboard/review')).html).toContain('Test data skips the risk checks');
    // A member reviews too, without the owners' link to the rules.
    const member = (await signedInUser(t, merchant.id, { role: 'member' })).browser;
    const seen = await member.get('/dashboard/review');
    expect(seen.html).toContain('order A-100');
    expect(seen.html).not.toContain('href="/dashboard/risk-settings"');
  });

  it('asks before a bulk approve, then approves through the conversions use case, releasing a held sale first', async () => {
    const asked = await owner.post('/dashboard/review/decide', [
      ['ids', sales.throwaway!],
      ['ids', sales.held!],
      ['status', 'approved'],
      ['back', '/dashboard/review'],
    ]);
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Approve 2 sales?');
    expect(asked.html).toContain('40.00 USD (order A-100)');
    expect(await statusOf(sales.throwaway!)).toBe('pending');

    const decided = await owner.post('/dashboard/review/decide', [
      ['ids', sales.throwaway!],
      ['ids', sales.held!],
      ['status', 'approved'],
      ['back', '/dashboard/review'],
      ['confirmed', 'true'],
    ]);
    expect(decided.status).toBe(303);
    expect(decodeURIComponent(decided.location ?? '')).toContain('2 conversions approved');
    expect(decided.location).toMatch(/^\/dashboard\/review/);
    expect(await statusOf(sales.throwaway!)).toBe('approved');
    expect(await statusOf(sales.held!)).toBe('approved');
    const after = await owner.get('/dashboard/review');
    expect(after.html).not.toContain('order A-100');
    expect(badge(after.html)).toBe('1');
    expect((await owner.get('/dashboard/review?status=approved')).html).toContain('order A-100');
    const audit = await t.sql(`select status from audit_log where merchant_id = $1 and path = '/dashboard/review/decide' order by created_at`, [merchant.id]);
    expect(audit.map((a) => a.status)).toEqual([200, 303]);
  });

  it("asks the 5x guard's question for a commission above five times its sale, and approves once confirmed", async () => {
    const rich = await createCampaign(t, merchant.liveKey, { name: 'Big bounty', commissionType: 'fixed', commissionValue: 300 });
    const carl = await createAffiliate(t, merchant.liveKey, rich.id, { name: 'Carl Cole' });
    const created = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: rich.id, affiliateId: carl.id, amount: 10, orderId: 'C-5X', customerEmail: 'x@mailinator.com' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const waiting = await owner.post('/dashboard/review/decide', [
      ['ids', id],
      ['status', 'approved'],
      ['back', '/dashboard/review'],
      ['confirmed', 'true'],
    ]);
    expect(waiting.status).toBe(409);
    expect(waiting.html).toContain('above 5×');
    expect(waiting.html).toContain('action="/dashboard/review/decide"');
    expect(await statusOf(id)).toBe('pending');
    const approved = await owner.post('/dashboard/review/decide', [
      ['ids', id],
      ['status', 'approved'],
      ['confirmAboveSale', 'true'],
      ['back', '/dashboard/review'],
    ]);
    expect(approved.status).toBe(303);
    expect(await statusOf(id)).toBe('approved');
  });

  it('asks before a ban with its reason, then bans through the ban use case', async () => {
    const noReason = await owner.post('/dashboard/review/ban', { affiliateIds: bob.id, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.html).toContain('id="reason-error"');
    const asked = await owner.post('/dashboard/review/ban', { affiliateIds: bob.id, reason: 'Shares a payout email with Ann' });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Ban 1 affiliate?');
    expect(asked.html).toContain('Bob Baker');
    expect(await t.sql('select 1 from affiliate_bans where affiliate_id = $1', [bob.id])).toHaveLength(0);

    const banned = await owner.post('/dashboard/review/ban', { affiliateIds: bob.id, reason: 'Shares a payout email with Ann', confirmed: 'true', back: '/dashboard/review' });
    expect(banned.status).toBe(303);
    expect(decodeURIComponent(banned.location ?? '')).toContain('1 affiliate banned: 1 sale rejected, 1 sale held for your decision');
    expect(await t.sql('select reason from affiliate_bans where affiliate_id = $1', [bob.id])).toEqual([{ reason: 'Shares a payout email with Ann' }]);
    // The ban's own moves: Bob's pending sale is rejected.
    expect(await statusOf(sales.clean!)).toBe('rejected');
    const page = await owner.get('/dashboard/review?status=banned');
    expect(page.html).toContain('Bob Baker');
    expect(page.html).toContain('Shares a payout email with Ann');
    // Bob's approved, unpaid sale is held by the ban and now waits for a decision.
    const waiting = await owner.get('/dashboard/review');
    expect(badge(waiting.html)).toBe('1');
    expect(waiting.html).toContain('Sale of 55.50 USD (order B-300)');
    expect(await statusOf(sales.held!)).toBe('held');

    // Lifting the ban is asked too, and moves nothing else.
    expect(page.html).toContain('aria-label="Lift the ban on Bob Baker"');
    const unbanAsked = await owner.post('/dashboard/review/unban', { affiliateId: bob.id, back: '/dashboard/review?status=banned' });
    expect(unbanAsked.status).toBe(200);
    expect(unbanAsked.html).toContain('Lift the ban?');
    expect(await t.sql('select 1 from affiliate_bans where affiliate_id = $1', [bob.id])).toHaveLength(1);
    const lifted = await owner.post('/dashboard/review/unban', { affiliateId: bob.id, confirmed: 'true', back: '/dashboard/review?status=banned' });
    expect(lifted.status).toBe(303);
    expect(await t.sql('select 1 from affiliate_bans where affiliate_id = $1', [bob.id])).toHaveLength(0);
    expect(await statusOf(sales.held!)).toBe('held');
  });

  it("refuses another merchant's sale and changes nothing", async () => {
    const other = await createMerchant(t, 'ultimate');
    const campaign = await createCampaign(t, other.liveKey);
    const affiliate = await createAffiliate(t, other.liveKey, campaign.id);
    const theirs = (await t.api('POST', '/conversions', other.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 10 })).body.data.id as string;
    const refused = await owner.post('/dashboard/review/decide', [
      ['ids', theirs],
      ['status', 'rejected'],
      ['confirmed', 'true'],
    ]);
    expect(refused.status).toBe(404);
    expect((await t.api('GET', `/conversions/${theirs}`, other.liveKey)).body.data.status).toBe('pending');
    const ban = await owner.post('/dashboard/review/ban', { affiliateIds: affiliate.id, reason: 'Not mine', confirmed: 'true' });
    expect(ban.status).toBe(404);
    expect(await t.sql('select 1 from affiliate_bans where affiliate_id = $1', [affiliate.id])).toHaveLength(0);
    expect((await owner.post('/dashboard/review/unban', { affiliateId: affiliate.id, confirmed: 'true' })).status).toBe(404);
  });
});
