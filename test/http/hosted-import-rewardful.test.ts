import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpHostedApi } from '../../adapters/porting/hosted/http-hosted-api.js';
import { isWebhookEventType } from '../../domain/webhook/index.js';
import { rewardfulProgram } from '../fixtures/rewardful-program.js';
import { cardEvent, cardIntegration, deliver, paidInvoice, paidSession } from '../support/card-events.js';
import { createCampaign } from '../support/campaign-mother.js';
import { startHostedStub, type HostedStub } from '../support/hosted-api-stubs.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { runJobs, setClock } from '../support/team-mother.js';
import { peerEnv, startTestService, type TestService } from '../support/test-service.js';

const KEY = 'rw_secret_123';

/** Moving from Rewardful: the program read through its API, page by page, carried by the import writer. */
describe('POST /imports (rewardful)', () => {
  let t: TestService;
  let stub: HostedStub;
  let into: TestMerchant;

  beforeAll(async () => {
    stub = await startHostedStub({ source: 'rewardful', data: rewardfulProgram(), apiKey: KEY, maxPage: 2 });
    t = await startTestService({}, undefined, { hostedApi: new HttpHostedApi({ rewardful: stub.url }) });
    into = await createMerchant(t, 'scale');
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const count = async (table: string, merchant: TestMerchant) => (await t.sql(`select count(*)::int as n from ${table} where merchant_id = $1`, [merchant.id]))[0].n as number;
  const runOf = async (id: string, key = into.liveKey) => (await t.api('GET', `/imports/${id}`, key)).body.data;

  it('refuses a start without the API key, changing nothing', async () => {
    const res = await t.api('POST', '/imports', into.liveKey, { source: 'rewardful', dryRun: true });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('credentials.apiKey');
    expect(await count('imports', into)).toBe(0);
  });

  it('a dry run reads every page and writes nothing but its preview; the key is never shown', async () => {
    const started = await t.api('POST', '/imports', into.liveKey, { source: 'rewardful', dryRun: true, credentials: { apiKey: KEY } });
    expect(started.status).toBe(202);
    expect(JSON.stringify(started.body)).not.toContain(KEY);
    const [sealed] = await t.sql('select credentials_sealed from imports where id = $1', [started.body.data.id]);
    expect(sealed.credentials_sealed).not.toContain(KEY);
    await runJobs(t);
    const run = await runOf(started.body.data.id);
    expect(run).toMatchObject({ state: 'completed', dryRun: true });
    expect(run.preview.filter((p: { resource: string }) => p.resource === 'affiliates').map((p: { summary: string }) => p.summary).sort()).toEqual(['Eve Moneypenny', 'James Bond']);
    for (const table of ['campaigns', 'affiliates', 'conversions', 'customers', 'affiliate_memberships', 'import_mappings']) expect(await count(table, into), table).toBe(0);
    const [after] = await t.sql('select credentials_sealed from imports where id = $1', [started.body.data.id]);
    expect(after.credentials_sealed).toBeNull();
  });

  it('imports every kind of record, reports the bad one, and a second run adds nothing', async () => {
    const started = await t.api('POST', '/imports', into.liveKey, { source: 'rewardful', credentials: { apiKey: KEY } });
    await runJobs(t);
    const run = await runOf(started.body.data.id);
    expect(run).toMatchObject({ state: 'completed', failure: null });
    expect(run.progress.campaigns).toMatchObject({ read: 2, created: 2, failed: 0 });
    expect(run.progress.affiliates).toMatchObject({ read: 3, created: 2, failed: 1 });
    expect(run.progress.affiliates.problems[0]).toMatchObject({ externalId: 'a0000000-0000-4000-8000-00000000bad1', reason: 'email is required' });
    expect(run.progress.customers).toMatchObject({ read: 1, created: 1 });
    expect(run.progress.coupons).toMatchObject({ read: 1, created: 1, failed: 0 });
    expect(run.progress.commissions).toMatchObject({ read: 4, created: 4, failed: 0 });

    const campaigns = await t.sql(
      'select name, commission_type, commission_value::text, enable_recurring_commissions, recurring_commission_months, attribution_window_days, is_public from campaigns where merchant_id = $1 order by name',
      [into.id],
    );
    expect(campaigns).toEqual([
      { name: 'Flat bounty', commission_type: 'fixed', commission_value: '25.000000', enable_recurring_commissions: false, recurring_commission_months: null, attribution_window_days: 60, is_public: false },
      { name: 'Friends Of MI6', commission_type: 'percentage', commission_value: '30.000000', enable_recurring_commissions: true, recurring_commission_months: 12, attribution_window_days: 45, is_public: true },
    ]);
    const affiliates = await t.sql(
      `select a.email, a.name, a.payout_method, a.payout_email, m.status from affiliates a join affiliate_memberships m on m.affiliate_id = a.id where a.merchant_id = $1 order by a.email`,
      [into.id],
    );
    expect(affiliates).toEqual([
      { email: 'eve@example.com', name: 'Eve Moneypenny', payout_method: 'transfer_b', payout_email: 'eve.wise@example.com', status: 'suspended' },
      { email: 'james@example.com', name: 'James Bond', payout_method: 'wallet_a', payout_email: 'james.paypal@example.com', status: 'approved' },
    ]);
    const conversions = await t.sql('select status, source, amount::text, commission::text, refunded_amount::text from conversions where merchant_id = $1 order by created_at', [into.id]);
    expect(conversions.map((c: { status: string }) => c.status)).toEqual(['pending', 'approved', 'paid', 'refunded']);
    expect(conversions.every((c: { source: string; amount: string; commission: string }) => c.source === 'import' && Number(c.amount) === 100 && Number(c.commission) === 30)).toBe(true);
    // Payout history lands, one row per commission the payout names: the paid one is history, the
    // one still due is the queue row of its owed commission; the payout of a commission never imported is reported.
    expect(run.progress.payouts).toMatchObject({ read: 3, created: 1, matched: 1, failed: 1 });
    expect(run.progress.payouts.problems).toEqual([
      expect.objectContaining({ externalId: '9e2d4c61-2b1a-4f3e-8c7d-3a5b6c7d8e9f:39e68c88-d84a-4510-b3b4-0000000000b1', reason: expect.stringContaining('names no imported commission') }),
    ]);
    const payouts = await t.sql(
      `select c.order_id, c.status as commission, p.status, p.amount::text, p.completed_at, p.provider_reference from payouts p join conversions c on c.id = p.conversion_id
        where p.merchant_id = $1 order by c.order_id`,
      [into.id],
    );
    expect(payouts).toEqual([
      { order_id: 'ch_ABC121', commission: 'approved', status: 'pending', amount: '30.000000', completed_at: null, provider_reference: null },
      { order_id: 'ch_ABC122', commission: 'paid', status: 'completed', amount: '30.000000', completed_at: new Date('2025-10-01T00:00:00.000Z'), provider_reference: '3b03791a-3fb5-4bd6-8ec3-614c9fd978ca' },
    ]);
    // History publishes nothing live: no conversion, affiliate or payout event, no webhook delivery.
    const published = (await t.sql('select distinct type from outbox_events where merchant_id = $1', [into.id])).map((r: { type: string }) => r.type);
    expect(published.filter((type: string) => isWebhookEventType(type))).toEqual([]);
    expect(await count('webhook_deliveries', into)).toBe(0);
    const [link] = await t.sql('select affiliate_id from provider_customers where merchant_id = $1 and provider_customer_id = $2', [into.id, 'cus_ABC123']);
    const [james] = await t.sql('select id from affiliates where merchant_id = $1 and email = $2', [into.id, 'james@example.com']);
    expect(link.affiliate_id).toBe(james.id);

    const tables = ['campaigns', 'affiliates', 'conversions', 'customers', 'affiliate_memberships', 'payouts'];
    const before = Object.fromEntries(await Promise.all(tables.map(async (tb) => [tb, await count(tb, into)])));
    const again = await t.api('POST', '/imports', into.liveKey, { source: 'rewardful', credentials: { apiKey: KEY } });
    await runJobs(t);
    const rerun = await runOf(again.body.data.id);
    expect(rerun.state).toBe('completed');
    for (const p of Object.values<any>(rerun.progress)) expect(p.created).toBe(0);
    for (const [tb, n] of Object.entries(before)) expect(await count(tb, into), tb).toBe(n);
  });

  it('after the move the payout run pays what Rewardful still owed, once, and never the paid history', async () => {
    const mover = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    await t.api('POST', '/imports', mover.liveKey, { source: 'rewardful', credentials: { apiKey: KEY } });
    await runJobs(t);
    await runJobs(t);
    const statusOf = async (orderId: string) => (await t.sql('select status from conversions where merchant_id = $1 and order_id = $2', [mover.id, orderId]))[0].status as string;
    expect(await statusOf('ch_ABC121')).toBe('approved');
    // The merchant pays James by hand (PayPal): the due list holds the owed commission only.
    const exported = await t.request('GET', '/api/v1/payouts/export?method=wallet_a&currency=usd', { key: mover.liveKey });
    expect(exported.status).toBe(200);
    expect(exported.body).toContain('james.paypal@example.com,30.00,USD');
    const ids = (exported.headers.get('x-payout-ids') ?? '').split(',');
    const [owed] = await t.sql(`select p.id from payouts p join conversions c on c.id = p.conversion_id where c.merchant_id = $1 and c.order_id = 'ch_ABC121'`, [mover.id]);
    expect(ids).toEqual([owed.id]);
    const marked = await t.api('POST', '/payouts/mark-paid', mover.liveKey, { ids });
    expect(marked.body.data).toEqual({ markedPaid: 1 });
    expect(await statusOf('ch_ABC121')).toBe('paid');

    // Nothing more to pay, a second run pays nothing, and the history was never paid here.
    await runJobs(t);
    expect((await t.request('GET', '/api/v1/payouts/export?method=wallet_a&currency=usd', { key: mover.liveKey })).body ?? '').toBe('');
    const rows = await t.sql(
      `select c.order_id, p.status, p.payment_id is not null as paid_here from payouts p join conversions c on c.id = p.conversion_id where p.merchant_id = $1 order by c.order_id`,
      [mover.id],
    );
    expect(rows).toEqual([
      { order_id: 'ch_ABC121', status: 'completed', paid_here: true },
      { order_id: 'ch_ABC122', status: 'completed', paid_here: false },
    ]);
    const paidEvents = await t.sql(`select c.order_id from outbox_events e join conversions c on c.id::text = e.payload->>'conversionId' where e.merchant_id = $1 and e.type = 'conversion.paid'`, [mover.id]);
    expect(paidEvents).toEqual([{ order_id: 'ch_ABC121' }]);
    // Importing again queues nothing new.
    await t.api('POST', '/imports', mover.liveKey, { source: 'rewardful', credentials: { apiKey: KEY } });
    await runJobs(t);
    expect(await count('payouts', mover)).toBe(2);
  });

  it("an imported affiliate's old links attribute a new sale, through the script and the redirect path", async () => {
    const [james] = await t.sql('select id, ref_code from affiliates where merchant_id = $1 and email = $2', [into.id, 'james@example.com']);
    const [campaign] = await t.sql(`select tracking_code from campaigns where merchant_id = $1 and name = 'Friends Of MI6'`, [into.id]);
    // `jb007` is a code our links carry, so it stays the referral code; `bond-james` stays an alias.
    expect(james.ref_code).toBe('jb007');
    const aliases = await t.sql('select alias from ref_code_aliases where affiliate_id = $1', [james.id]);
    expect(aliases).toEqual([{ alias: 'bond-james' }]);
    // What the tracking script sends for a landing with `?via=Bond-James`.
    const click = await t.request('POST', '/t/v1/clicks', { body: { merchantId: into.id, trackingCode: campaign.tracking_code, refCode: 'Bond-James' } });
    expect(click.status).toBe(201);
    const sale = await t.request('POST', '/t/v1/sales', { body: { merchantId: into.id, clickId: click.body.data.clickId, orderId: 'after-move-1', amount: 50 } });
    expect(sale.status).toBe(201);
    const conversion = (await t.api('GET', `/conversions/${sale.body.data.conversionId}`, into.liveKey)).body.data;
    expect(conversion).toMatchObject({ affiliateId: james.id, source: 'tracking_script' });
    // The redirect path takes the old code too.
    const redirect = await t.service.app.request(`/r/${campaign.tracking_code}/bond-james`, {}, peerEnv());
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toContain('click_id=');
    // A suspended affiliate's old link still lands, but records nothing.
    const eve = await t.request('POST', '/t/v1/clicks', { body: { merchantId: into.id, trackingCode: campaign.tracking_code, refCode: 'moneypenny' } });
    expect(eve.status).toBe(404);
  });

  let integration: Awaited<ReturnType<typeof cardIntegration>> | undefined;
  const cardOf = async () => {
    integration ??= await cardIntegration(t, into.liveKey);
    return integration;
  };

  it("an imported customer's renewal at the payment provider attributes to its affiliate", async () => {
    const integration = await cardOf();
    const sale = await deliver(t, integration.id, cardEvent('invoice.paid', paidInvoice({ total: 5_000, customer: 'cus_ABC123', billingReason: 'subscription_cycle' })), integration.secret);
    expect(sale.body.data.outcome).toBe('created');
    const conversion = (await t.api('GET', `/conversions/${sale.body.data.conversionId}`, into.liveKey)).body.data;
    const [james] = await t.sql('select id from affiliates where merchant_id = $1 and email = $2', [into.id, 'james@example.com']);
    expect(conversion.affiliateId).toBe(james.id);
  });

  it("an imported affiliate's coupon, listed without a campaign, takes the affiliate's and attributes a new sale", async () => {
    const [james] = await t.sql('select id from affiliates where merchant_id = $1 and email = $2', [into.id, 'james@example.com']);
    const [campaign] = await t.sql(`select id from campaigns where merchant_id = $1 and name = 'Friends Of MI6'`, [into.id]);
    // Rewardful lists coupons per affiliate with no campaign: the coupon joins the affiliate's only campaign.
    const coupons = await t.sql('select campaign_id, affiliate_id, provider, code, card_promotion_code_id from coupons where merchant_id = $1', [into.id]);
    expect(coupons).toEqual([{ campaign_id: campaign.id, affiliate_id: james.id, provider: 'card', code: 'BOND20', card_promotion_code_id: 'promo_1a2b3c' }]);
    const card = await cardOf();
    const sale = await deliver(t, card.id, cardEvent('checkout.session.completed', paidSession({ amountTotal: 4_000, customer: 'cus_new_after_move', promotionCode: 'promo_1a2b3c' })), card.secret);
    expect(sale.body.data.outcome).toBe('created');
    const conversion = (await t.api('GET', `/conversions/${sale.body.data.conversionId}`, into.liveKey)).body.data;
    // The imported terms apply: 30 % of the 40.00 sale.
    expect(conversion).toMatchObject({ affiliateId: james.id, campaignId: campaign.id, commission: 12, clickId: null });
  });

  it('waits out a 429 storm by the service clock, resuming at the page it stopped on', async () => {
    const other = await createMerchant(t, 'scale');
    const requestsBefore = stub.log.length;
    // Three pages go through, then eight 429s asking for 30 seconds each.
    stub.storm(8, 30, 3);
    const started = await t.api('POST', '/imports', other.liveKey, { source: 'rewardful', credentials: { apiKey: KEY } });
    await runJobs(t);
    expect((await runOf(started.body.data.id, other.liveKey)).state).toBe('queued');
    const [held] = await t.sql('select fetch_state, fetch_not_before, row_count from imports where id = $1', [started.body.data.id]);
    expect(held.row_count).toBeGreaterThan(0);
    expect(held.fetch_state.waits).toBe(1);
    let now = new Date((await t.admin('GET', '/clock')).body.data.now).getTime();
    for (let i = 0; i < 10; i += 1) {
      // The service clock keeps running between these calls: a step a little past each wait.
      now += 31_000;
      await setClock(t, new Date(now).toISOString());
      await runJobs(t);
    }
    const run = await runOf(started.body.data.id, other.liveKey);
    stub.storm(0, 0);
    expect(run.state).toBe('completed');
    expect(run.progress.commissions).toMatchObject({ created: 4 });
    const [ended] = await t.sql('select fetch_state from imports where id = $1', [started.body.data.id]);
    expect(ended.fetch_state.waits).toBe(8);
    // Every page but the throttled one was asked for once.
    const asked = stub.log.slice(requestsBefore).filter((r) => r.status === 200).map((r) => r.path);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('a connection lost mid-reading is waited out and the run resumes to the same result', async () => {
    const other = await createMerchant(t, 'scale');
    stub.drop(2, 4);
    const started = await t.api('POST', '/imports', other.liveKey, { source: 'rewardful', credentials: { apiKey: KEY } });
    await runJobs(t);
    const [held] = await t.sql('select fetch_state from imports where id = $1', [started.body.data.id]);
    expect(held.fetch_state).toMatchObject({ done: false, errors: 1 });
    let now = new Date((await t.admin('GET', '/clock')).body.data.now).getTime();
    for (let i = 0; i < 3; i += 1) {
      now += 31_000;
      await setClock(t, new Date(now).toISOString());
      await runJobs(t);
    }
    const run = await runOf(started.body.data.id, other.liveKey);
    expect(run.state).toBe('completed');
    const first = (await t.sql(`select progress from imports where merchant_id = $1 and dry_run = false and state = 'completed' order by created_at limit 1`, [into.id]))[0].progress;
    for (const [resource, p] of Object.entries<any>(first)) expect(run.progress[resource], resource).toMatchObject({ created: p.created, failed: p.failed });
  });

  it('cancelling while the source is read stops it and drops the keys', async () => {
    const other = await createMerchant(t, 'scale');
    const started = await t.api('POST', '/imports', other.liveKey, { source: 'rewardful', credentials: { apiKey: KEY } });
    expect((await t.api('POST', `/imports/${started.body.data.id}/cancel`, other.liveKey)).body.data.state).toBe('cancelled');
    await runJobs(t);
    expect(await count('campaigns', other)).toBe(0);
    const [run] = await t.sql('select credentials_sealed, row_count from imports where id = $1', [started.body.data.id]);
    expect(run).toEqual({ credentials_sealed: null, row_count: 0 });
  });

  it('a refused key stops the run with the reason, import.failed and a notice', async () => {
    const other = await createMerchant(t, 'scale');
    const started = await t.api('POST', '/imports', other.liveKey, { source: 'rewardful', credentials: { apiKey: 'wrong' } });
    await runJobs(t);
    const run = await runOf(started.body.data.id, other.liveKey);
    expect(run.state).toBe('failed');
    expect(run.failure).toContain('Invalid API Secret');
    const events = await t.sql(`select type from outbox_events where merchant_id = $1 and type = 'import.failed'`, [other.id]);
    expect(events).toHaveLength(1);
    // The merchant is told in the app too, with the source's reason.
    const notices = (await t.api('GET', '/notifications', other.liveKey)).body.data as { kind: string; message: string }[];
    expect(notices.filter((n) => n.kind === 'import_failed')).toEqual([expect.objectContaining({ message: expect.stringContaining('Invalid API Secret') })]);
  });

  it('campaignMap carries a source campaign into one of ours: previewed as a match, then nothing new made for it', async () => {
    const mover = await createMerchant(t, 'scale');
    const ours = await createCampaign(t, mover.liveKey, { name: 'Our MI6 campaign', commissionValue: 35 });
    const stranger = await createCampaign(t, (await createMerchant(t, 'scale')).liveKey);
    const MI6 = 'c3482343-8680-40c5-af9a-9efa119713b5';
    const start = (campaignMap: Record<string, string>, dryRun = false) => t.api('POST', '/imports', mover.liveKey, { source: 'rewardful', dryRun, credentials: { apiKey: KEY }, campaignMap });

    // Another merchant's campaign, or none at all, is not found; a value that is no id is refused; nothing is started.
    for (const id of [stranger.id, '0192f0c4-6c1e-7d2a-9b1e-2f3a4b5c6d7e']) {
      const res = await start({ [MI6]: id });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', details: [{ field: `campaignMap.${MI6}` }] });
    }
    const bad = await start({ [MI6]: 'not-an-id' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe(`campaignMap.${MI6}`);
    expect(await count('imports', mover)).toBe(0);

    const dry = await start({ [MI6]: ours.id.toUpperCase() }, true);
    expect(dry.status).toBe(202);
    await runJobs(t);
    const preview = (await runOf(dry.body.data.id, mover.liveKey)).preview.filter((p: { resource: string }) => p.resource === 'campaigns');
    expect(preview).toEqual([
      { resource: 'campaigns', externalId: MI6, summary: 'Friends Of MI6', action: 'match', matchedId: ours.id },
      { resource: 'campaigns', externalId: 'ceaef6d9-767e-49aa-a6ab-46c02aa79604', summary: 'Flat bounty', action: 'create', matchedId: null },
    ]);
    expect(await count('import_mappings', mover)).toBe(0);

    const real = await start({ [MI6]: ours.id });
    await runJobs(t);
    const run = await runOf(real.body.data.id, mover.liveKey);
    expect(run.progress.campaigns).toMatchObject({ read: 2, created: 1, matched: 1, failed: 0 });
    const names = await t.sql('select name, commission_value::text from campaigns where merchant_id = $1 order by name', [mover.id]);
    expect(names).toEqual([
      { name: 'Flat bounty', commission_value: '25.000000' },
      { name: 'Our MI6 campaign', commission_value: '35.000000' },
    ]);
    // James's membership, coupon and commissions are on our campaign, which keeps its own terms.
    const [james] = await t.sql('select id from affiliates where merchant_id = $1 and email = $2', [mover.id, 'james@example.com']);
    expect(await t.sql('select campaign_id from affiliate_memberships where affiliate_id = $1', [james.id])).toEqual([{ campaign_id: ours.id }]);
    expect(await t.sql('select campaign_id from coupons where affiliate_id = $1', [james.id])).toEqual([{ campaign_id: ours.id }]);
    const onOurs = await t.sql('select count(*)::int as n from conversions where merchant_id = $1 and campaign_id = $2', [mover.id, ours.id]);
    expect(onOurs[0].n).toBe(4);
    // A later run without the map finds the same campaign.
    const again = await t.api('POST', '/imports', mover.liveKey, { source: 'rewardful', credentials: { apiKey: KEY } });
    await runJobs(t);
    expect((await runOf(again.body.data.id, mover.liveKey)).progress.campaigns).toMatchObject({ created: 0, matched: 2 });
  });

  it("another merchant cannot read the run", async () => {
    const other = await createMerchant(t, 'scale');
    const started = await t.api('POST', '/imports', into.liveKey, { source: 'rewardful', dryRun: true, credentials: { apiKey: KEY } });
    expect((await t.api('GET', `/imports/${started.body.data.id}`, other.liveKey)).status).toBe(404);
    await runJobs(t);
  });
});
