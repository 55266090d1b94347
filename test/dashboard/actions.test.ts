import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { DashboardBrowser, signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let merchant: TestMerchant;
let other: TestMerchant;
let owner: DashboardBrowser;
let ownerId: string;

beforeAll(async () => {
  t = await startTestService();
  // Automatic payouts: approvals queue payout rows (what mark-paid marks).
  merchant = await createMerchant(t, 'scale', { automaticPayouts: true });
  other = await createMerchant(t, 'scale', { automaticPayouts: true });
  const signedIn = await signedInUser(t, merchant.id);
  owner = signedIn.browser;
  ownerId = signedIn.userId;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const lastAudit = async (path: string) =>
  (await t.sql(`select actor, status, error_code from audit_log where merchant_id = $1 and path = $2 order by created_at desc, id desc limit 1`, [merchant.id, path]))[0];
const eventTypes = async (key: string, id: string) => (await t.sql(`select type from outbox_events where payload->>'${key}' = $1 order by occurred_at, id`, [id])).map((r) => r.type as string);
const statusOf = async (key: string, id: string) => (await t.api('GET', `/conversions/${id}`, key)).body.data.status as string;

describe('coupons', () => {
  it('registers a coupon with every API field, then changes and clears its provider id through PATCH /coupons/:id', async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Coupon campaign' });
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    await owner.get('/dashboard/coupons');
    const registered = await owner.post('/dashboard/coupons', {
      code: 'autumn20',
      provider: 'mor_a',
      campaignId: campaign.id,
      affiliateId: affiliate.id,
      merchantAdiscountId: 'disc_first',
      percentOff: '20',
      amountOff: '',
      currency: '',
    });
    expect(registered.status, registered.html.slice(0, 2000)).toBe(303);
    const id = /\/dashboard\/coupons\/([0-9a-f-]{36})/.exec(registered.location!)![1]!;
    expect((await t.api('GET', `/coupons/${id}`, merchant.liveKey)).body.data).toMatchObject({ code: 'AUTUMN20', provider: 'mor_a', merchantAdiscountId: 'disc_first', percentOff: '20.00', amountOff: null });

    const detail = await owner.get(`/dashboard/coupons/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.html).toContain('name="merchantAdiscountId"');
    expect(detail.html).not.toContain('name="cardPromotionCodeId"');
    expect(detail.html).toContain('20.00% off');

    const saved = await owner.post(`/dashboard/coupons/${id}/edit`, { merchantAdiscountId: 'disc_second' });
    expect(saved.status).toBe(303);
    expect((await t.api('GET', `/coupons/${id}`, merchant.liveKey)).body.data.merchantAdiscountId).toBe('disc_second');
    expect(await eventTypes('couponId', id)).toEqual(['coupon.created', 'coupon.updated']);
    expect(await lastAudit(`/dashboard/coupons/${id}/edit`)).toMatchObject({ actor: `user:${ownerId}`, status: 303, error_code: null });

    // Another provider's field: the domain's refusal, beside the field; nothing changes.
    const refused = await owner.post(`/dashboard/coupons/${id}/edit`, { cardPromotionCodeId: 'promo_x' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('only merchantAdiscountId can');
    expect((await t.api('GET', `/coupons/${id}`, merchant.liveKey)).body.data.merchantAdiscountId).toBe('disc_second');

    // An empty field clears the id, as `null` does in the API.
    expect((await owner.post(`/dashboard/coupons/${id}/edit`, { merchantAdiscountId: '' })).status).toBe(303);
    expect((await t.api('GET', `/coupons/${id}`, merchant.liveKey)).body.data.merchantAdiscountId).toBeNull();

    // Filters as the API's.
    const filtered = await owner.get(`/dashboard/coupons?provider=mor_a&code=autumn20`);
    expect(filtered.html).toContain('AUTUMN20');
    expect((await owner.get(`/dashboard/coupons?provider=card&code=autumn20`)).html).toContain('No coupons match these filters.');
  });

  it('shows the register form the API refusal field by field, and offers an app_store coupon nothing to change', async () => {
    const campaign = await createCampaign(t, merchant.liveKey);
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    await owner.get('/dashboard/coupons');
    const wrong = await owner.post('/dashboard/coupons', { code: 'APPLE1', provider: 'app_store', campaignId: campaign.id, affiliateId: affiliate.id, cardPromotionCodeId: 'promo_1', percentOff: '150' });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toMatch(/id="cardPromotionCodeId-error"[^>]*>is only for provider card/);
    expect(wrong.html).toMatch(/id="percentOff-error"/);
    expect((await t.api('GET', `/coupons?code=APPLE1&provider=app_store`, merchant.liveKey)).body.data).toEqual([]);

    const made = await owner.post('/dashboard/coupons', { code: 'Apple1', provider: 'app_store', campaignId: campaign.id, affiliateId: affiliate.id, appleOfferType: '3' });
    expect(made.status).toBe(303);
    const id = /\/dashboard\/coupons\/([0-9a-f-]{36})/.exec(made.location!)![1]!;
    expect((await t.api('GET', `/coupons/${id}`, merchant.liveKey)).body.data).toMatchObject({ code: 'Apple1', appleOfferType: 3 });
    const detail = await owner.get(`/dashboard/coupons/${id}`);
    expect(detail.html).toContain('has nothing to change');
    expect(detail.html).not.toContain(`/dashboard/coupons/${id}/edit`);
    expect((await owner.post(`/dashboard/coupons/${id}/edit`, { cardPromotionCodeId: 'promo_1' })).status).toBe(400);

    expect((await owner.post(`/dashboard/coupons/${id}/delete`)).status).toBe(303);
    expect((await t.api('GET', `/coupons/${id}`, merchant.liveKey)).status).toBe(404);
    expect(await eventTypes('couponId', id)).toEqual(['coupon.created', 'coupon.deleted']);
  });

  it("answers 404 for another merchant's coupon and 403 below Ultimate, changing nothing", async () => {
    const campaign = await createCampaign(t, other.liveKey);
    const affiliate = await createAffiliate(t, other.liveKey, campaign.id);
    const theirs = (await t.api('POST', '/coupons', other.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, code: 'THEIRS', cardPromotionCodeId: 'promo_theirs' })).body.data;
    expect((await owner.get(`/dashboard/coupons/${theirs.id}`)).status).toBe(404);
    await owner.get('/dashboard/coupons');
    expect((await owner.post(`/dashboard/coupons/${theirs.id}/edit`, { cardPromotionCodeId: 'promo_taken' })).status).toBe(404);
    expect((await owner.post(`/dashboard/coupons/${theirs.id}/delete`)).status).toBe(404);
    expect((await owner.post('/dashboard/coupons/not-an-id/edit', { cardPromotionCodeId: 'promo_taken' })).status).toBe(404);
    expect((await t.api('GET', `/coupons/${theirs.id}`, other.liveKey)).body.data.cardPromotionCodeId).toBe('promo_theirs');
    expect((await owner.post(`/dashboard/coupons/${theirs.id}/edit`, { cardPromotionCodeId: 'promo_taken' }, { csrf: false })).status).toBe(403);

    const pro = await createMerchant(t, 'professional');
    const proOwner = (await signedInUser(t, pro.id)).browser;
    await proOwner.get('/dashboard/coupons');
    const gated = await proOwner.post(`/dashboard/coupons/${crypto.randomUUID()}/edit`, { cardPromotionCodeId: 'promo_x' });
    expect(gated.status).toBe(403);
    // The API route's guards in its order: the write key first, then the plan.
    const api = await t.api('PATCH', `/coupons/${crypto.randomUUID()}`, pro.liveKey, { cardPromotionCodeId: 'promo_x' });
    expect(api.status).toBe(403);
    expect(gated.html).toContain(api.body.error.message);
  });
});

describe('conversions in bulk', () => {
  const sales = async (key: string, amounts: readonly number[], fields: Record<string, unknown> = {}) => {
    const campaign = await createCampaign(t, key, { commissionType: 'fixed', commissionValue: 50, ...fields });
    const affiliate = await createAffiliate(t, key, campaign.id);
    const ids: string[] = [];
    for (const [i, amount] of amounts.entries()) {
      const sale = await t.api('POST', '/conversions', key, { campaignId: campaign.id, affiliateId: affiliate.id, amount, orderId: `bulk-${Date.now()}-${i}` });
      expect(sale.status).toBe(201);
      ids.push(sale.body.data.id);
    }
    return ids;
  };

  it('approves the selected rows, asks once for those above 5x and resends only them, and says what happened to each', async () => {
    // A fixed 50 commission: above 5x a sale of 5, not of 100.
    const [fine, alsoFine, aboveSale] = await sales(merchant.liveKey, [100, 200, 5]);
    const rejectedAlready = (await sales(merchant.liveKey, [300]))[0]!;
    expect((await t.api('PATCH', `/conversions/${rejectedAlready}`, merchant.liveKey, { status: 'rejected' })).status).toBe(200);
    const page = await owner.get('/dashboard/conversions');
    expect(page.html).toContain(`name="ids" value="${fine}" form="bulk-status"`);
    expect(page.html).not.toContain(`name="ids" value="${rejectedAlready}"`);

    const first = await owner.post('/dashboard/conversions/bulk-status', [
      ['status', 'approved'],
      ['ids', fine!],
      ['ids', alsoFine!],
      ['ids', aboveSale!],
      ['ids', rejectedAlready],
      ['back', '/dashboard/conversions?status=pending'],
    ]);
    expect(first.status).toBe(200);
    expect(first.html).toContain('2 approved, 1 wait for your confirmation, 1 refused.');
    expect(first.html).toContain('Refused: ');
    expect(await statusOf(merchant.liveKey, fine!)).toBe('approved');
    expect(await statusOf(merchant.liveKey, alsoFine!)).toBe('approved');
    expect(await statusOf(merchant.liveKey, aboveSale!)).toBe('pending');
    expect(await statusOf(merchant.liveKey, rejectedAlready)).toBe('rejected');
    expect(await eventTypes('conversionId', fine!)).toEqual(['conversion.created', 'conversion.approved', 'conversion.updated']);
    expect(await lastAudit('/dashboard/conversions/bulk-status')).toMatchObject({ actor: `user:${ownerId}`, status: 200 });

    // The dialog resends only the row that waits, with the confirmation.
    const dialog = /<dialog[^>]*id="bulk-above-sale"[\s\S]*?<\/dialog>/.exec(first.html)![0];
    const resent = [...dialog.matchAll(/name="ids" value="([^"]+)"/g)].map((m) => m[1]);
    expect(resent).toEqual([aboveSale]);
    // Rows left unchanged are named by their sale, as the list names them.
    expect(dialog).toMatch(/<li>5(\.\d+)? [A-Z]{3}/);
    expect(dialog).toContain('name="confirmAboveSale" value="true"');
    const confirmed = await owner.post('/dashboard/conversions/bulk-status', [
      ['status', 'approved'],
      ['ids', aboveSale!],
      ['confirmAboveSale', 'true'],
      ['back', '/dashboard/conversions?status=pending'],
    ]);
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toMatch(/^\/dashboard\/conversions\?status=pending&notice=1%20conversion%20approved/);
    expect(await statusOf(merchant.liveKey, aboveSale!)).toBe('approved');
  });

  it('rejects the selected rows; only the 5x rows wait, so nothing changes until confirmed', async () => {
    const ids = await sales(merchant.liveKey, [100, 120]);
    await owner.get('/dashboard/conversions');
    const rejected = await owner.post('/dashboard/conversions/bulk-status', [['status', 'rejected'], ...ids.map((id): [string, string] => ['ids', id])]);
    expect(rejected.status).toBe(303);
    expect(decodeURIComponent(rejected.location!)).toContain('2 conversions rejected.');
    for (const id of ids) expect(await statusOf(merchant.liveKey, id)).toBe('rejected');

    const [above] = await sales(merchant.liveKey, [1]);
    const asked = await owner.post('/dashboard/conversions/bulk-status', [['status', 'approved'], ['ids', above!]]);
    expect(asked.status).toBe(409);
    expect(asked.html).toContain('Approve anyway');
    expect(await lastAudit('/dashboard/conversions/bulk-status')).toMatchObject({ status: 409, error_code: 'commission_above_sale' });
    expect(await statusOf(merchant.liveKey, above!)).toBe('pending');
  });

  it("answers 404 for another merchant's ids and leaves them alone; refuses other statuses, empty and oversized selections", async () => {
    const [theirs] = await sales(other.liveKey, [100]);
    const [mine] = await sales(merchant.liveKey, [100]);
    await owner.get('/dashboard/conversions');
    expect((await owner.post('/dashboard/conversions/bulk-status', [['status', 'approved'], ['ids', theirs!]])).status).toBe(404);
    expect((await owner.post('/dashboard/conversions/bulk-status', [['status', 'approved'], ['ids', 'not-a-uuid']])).status).toBe(404);
    const mixed = await owner.post('/dashboard/conversions/bulk-status', [['status', 'approved'], ['ids', mine!], ['ids', theirs!]]);
    expect(mixed.status).toBe(200);
    expect(mixed.html).toContain('1 approved, 1 refused.');
    expect(mixed.html).toContain('Conversion not found');
    expect(await statusOf(merchant.liveKey, mine!)).toBe('approved');
    expect(await statusOf(other.liveKey, theirs!)).toBe('pending');

    expect((await owner.post('/dashboard/conversions/bulk-status', [['status', 'held'], ['ids', mine!]])).status).toBe(400);
    expect((await owner.post('/dashboard/conversions/bulk-status', [['status', 'approved']])).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (): [string, string] => ['ids', crypto.randomUUID()]);
    expect((await owner.post('/dashboard/conversions/bulk-status', [['status', 'rejected'], ...tooMany])).status).toBe(400);
    expect((await owner.post('/dashboard/conversions/bulk-status', [['status', 'rejected'], ['ids', mine!]], { csrf: false })).status).toBe(403);
    expect(await statusOf(merchant.liveKey, mine!)).toBe('approved');
  });
});

describe('marking several payouts paid', () => {
  const queuedPayouts = async (key: string, count: number) => {
    const campaign = await createCampaign(t, key);
    const affiliate = await createAffiliate(t, key, campaign.id);
    const conversions: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const sale = await t.api('POST', '/conversions', key, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 40 + i });
      expect((await t.api('PATCH', `/conversions/${sale.body.data.id}`, key, { status: 'approved' })).status).toBe(200);
      conversions.push(sale.body.data.id);
    }
    await t.admin('POST', '/jobs/run');
    const payouts = [];
    for (const id of conversions) payouts.push((await t.sql(`select id from payouts where conversion_id = $1`, [id]))[0].id as string);
    return { conversions, payouts };
  };

  it("marks the rows of the page's CSV export paid, shows each row's outcome, and refuses a batch with a paid row as a whole", async () => {
    const { conversions, payouts } = await queuedPayouts(merchant.liveKey, 2);
    const csv = await owner.get('/dashboard/payouts.csv');
    // The merchant keeps the rows it paid (the header and this program's two).
    const lines = csv.html.split('\r\n');
    const file = [lines[0], ...lines.filter((l) => payouts.some((p) => l.startsWith(`"${p}"`)))].join('\r\n');
    await owner.get('/dashboard/payouts');
    const marked = await owner.postMultipart('/dashboard/payouts/mark-paid', { ids: '', payoutMethod: 'wallet_a' }, { file: { name: 'paid.csv', text: file } });
    expect(marked.status, marked.html.slice(0, 3000)).toBe(200);
    expect(marked.html).toContain('2 payouts marked paid.');
    expect(marked.html.match(/Marked paid/g)).toHaveLength(2);
    for (const id of conversions) expect(await statusOf(merchant.liveKey, id)).toBe('paid');
    const completed = (await t.api('GET', '/payouts?status=completed&limit=100', merchant.liveKey)).body.data.map((p: { id: string }) => p.id);
    expect(completed).toEqual(expect.arrayContaining(payouts));
    expect(await lastAudit('/dashboard/payouts/mark-paid')).toMatchObject({ actor: `user:${ownerId}`, status: 200 });

    // All or nothing: one completed row among open ones stops the batch, and the page says which.
    const fresh = await queuedPayouts(merchant.liveKey, 1);
    const refused = await owner.post('/dashboard/payouts/mark-paid', { ids: `${fresh.payouts[0]}, ${payouts[0]}`, payoutMethod: 'wallet_a' });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain('Cannot be marked paid: it is completed');
    expect(refused.html).toContain('Not changed');
    expect(await statusOf(merchant.liveKey, fresh.conversions[0]!)).toBe('approved');
    expect(await lastAudit('/dashboard/payouts/mark-paid')).toMatchObject({ status: 409, error_code: 'invalid_transition' });

    // Pasted ids, one per line.
    expect((await owner.post('/dashboard/payouts/mark-paid', { ids: `${fresh.payouts[0]}\n`, payoutMethod: 'transfer_b' })).status).toBe(200);
    expect(await statusOf(merchant.liveKey, fresh.conversions[0]!)).toBe('paid');
    expect((await owner.post('/dashboard/payouts/mark-paid', { ids: ' \n ' })).status).toBe(400);
    expect((await owner.post('/dashboard/payouts/mark-paid', { ids: fresh.payouts[0]!, payoutMethod: 'connect' })).status).toBe(400);
  });

  it("answers 404 for another merchant's payout or an id that is none, and refuses a member without Manage payouts", async () => {
    const theirs = await queuedPayouts(other.liveKey, 1);
    const mine = await queuedPayouts(merchant.liveKey, 1);
    await owner.get('/dashboard/payouts');
    const foreign = await owner.post('/dashboard/payouts/mark-paid', { ids: `${mine.payouts[0]}\n${theirs.payouts[0]}`, payoutMethod: 'wallet_a' });
    expect(foreign.status).toBe(404);
    expect(foreign.html).toContain('Not found: no payout of this program');
    expect((await owner.post('/dashboard/payouts/mark-paid', { ids: 'pay-123', payoutMethod: 'wallet_a' })).status).toBe(404);
    expect(await statusOf(other.liveKey, theirs.conversions[0]!)).toBe('approved');
    expect(await statusOf(merchant.liveKey, mine.conversions[0]!)).toBe('approved');

    const member = (await signedInUser(t, merchant.id, { role: 'member', managePayouts: false })).browser;
    const queue = await member.get('/dashboard/payouts');
    expect(queue.html).not.toContain('Mark several paid');
    const refused = await member.post('/dashboard/payouts/mark-paid', { ids: mine.payouts[0]!, payoutMethod: 'wallet_a' });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('Manage payouts');
    expect(await statusOf(merchant.liveKey, mine.conversions[0]!)).toBe('approved');
    expect((await owner.post('/dashboard/payouts/mark-paid', { ids: mine.payouts[0]! }, { csrf: false })).status).toBe(403);
    expect(await statusOf(merchant.liveKey, mine.conversions[0]!)).toBe('approved');
  });
});

describe('deleting an integration', () => {
  it('asks once, then deletes through DELETE /integrations/:id: the API and the endpoint no longer know it', async () => {
    const created = (await t.api('POST', '/integrations', merchant.liveKey, { provider: 'card', name: 'Old card account', signingSecret: 'whsec_old' })).body.data;
    await owner.get(`/dashboard/integrations/${created.id}`);
    const asked = await owner.post(`/dashboard/integrations/${created.id}/delete`);
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Delete Old card account?');
    expect((await t.api('GET', `/integrations/${created.id}`, merchant.liveKey)).status).toBe(200);

    const deleted = await owner.post(`/dashboard/integrations/${created.id}/delete`, { confirm: 'true' });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toMatch(/^\/dashboard\/integrations\?notice=/);
    expect((await t.api('GET', `/integrations/${created.id}`, merchant.liveKey)).status).toBe(404);
    expect((await owner.get(`/dashboard/integrations/${created.id}`)).status).toBe(404);
    expect((await t.request('POST', new URL(created.endpointUrl).pathname, { body: {} })).status).toBe(404);
    expect(await lastAudit(`/dashboard/integrations/${created.id}/delete`)).toMatchObject({ actor: `user:${ownerId}`, status: 303 });
  });

  it("answers 404 for another merchant's integration and refuses a live one to a member without Manage payouts", async () => {
    const theirs = (await t.api('POST', '/integrations', other.liveKey, { provider: 'card', signingSecret: 'whsec_theirs' })).body.data;
    await owner.get('/dashboard/integrations');
    expect((await owner.post(`/dashboard/integrations/${theirs.id}/delete`, { confirm: 'true' })).status).toBe(404);
    expect((await t.api('GET', `/integrations/${theirs.id}`, other.liveKey)).status).toBe(200);

    const mine = (await t.api('POST', '/integrations', merchant.liveKey, { provider: 'card', signingSecret: 'whsec_mine' })).body.data;
    const member = (await signedInUser(t, merchant.id, { role: 'member', managePayouts: false })).browser;
    await member.get(`/dashboard/integrations/${mine.id}`);
    const refused = await member.post(`/dashboard/integrations/${mine.id}/delete`, { confirm: 'true' });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('Manage payouts');
    expect((await t.api('GET', `/integrations/${mine.id}`, merchant.liveKey)).status).toBe(200);
    expect((await owner.post(`/dashboard/integrations/${mine.id}/delete`, { confirm: 'true' }, { csrf: false })).status).toBe(403);
    expect((await t.api('GET', `/integrations/${mine.id}`, merchant.liveKey)).status).toBe(200);
  });
});
