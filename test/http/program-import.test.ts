import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipEntries } from '../../adapters/porting/zip-entries.js';
import { isWebhookEventType } from '../../domain/webhook/index.js';
import { cardEvent, cardIntegration, deliver, paidInvoice } from '../support/card-events.js';
import { createAffiliate, createCampaign, insertConversion } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { runJobs } from '../support/payout-mother.js';
import { peerEnv, startTestService, type TestService } from '../support/test-service.js';

const exportZip = async (t: TestService, key: string) => {
  const res = await t.service.app.request('/api/v1/exports', { headers: { authorization: `Bearer ${key}` } }, peerEnv());
  return Buffer.from(await res.arrayBuffer());
};

/** The columns documented as regenerated on import: ids (and references), a campaign's tracking code taken elsewhere, a commission's source. */
const REGENERATED = /^(id|affiliate_id|campaign_id|parent_commission_id|commission_id|tracking_code|source|team_id|leader_affiliate_id|goal_id)$/;

const comparable = (zip: Buffer, names: readonly string[]) =>
  Object.fromEntries(
    names.map((name) => {
      const rows = parse(zipEntries(zip).get(name) ?? '', { columns: true }) as Record<string, string>[];
      return [name, rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !REGENERATED.test(k)))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))];
    }),
  );

const CARRIED = ['campaigns.csv', 'affiliates.csv', 'referral_links.csv', 'customers.csv', 'commissions.csv', 'coupons.csv', 'payouts.csv', 'webhooks.csv', 'clicks.csv', 'teams.csv', 'team_members.csv', 'team_campaigns.csv', 'team_goals.csv', 'team_awards.csv'];

/** Moving in: the export's files imported into an empty merchant, as a job, dry run first, safe to repeat. */
describe('POST /imports (csv)', () => {
  let t: TestService;
  let from: TestMerchant;
  let into: TestMerchant;
  let zip: Buffer;
  let affiliateEmail: string;

  beforeAll(async () => {
    t = await startTestService();
    from = await createMerchant(t, 'scale');
    into = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, from.liveKey, { commissionValue: 25, enableRecurringCommissions: true });
    const affiliate = await createAffiliate(t, from.liveKey, campaign.id, { name: '-Robin, "the" Referrer' });
    affiliateEmail = affiliate.email;
    // Private notes (a formula, a comma, a line break) and tags travel with the affiliate.
    await t.sql('update affiliates set notes = $2, tags = $3 where id = $1', [affiliate.id, '=HYPERLINK("x") met at SaaSConf,\nprefers email', JSON.stringify(['vip', 'conference 2026'])]);
    await t.api('POST', '/customers', from.liveKey, { affiliateId: affiliate.id, campaignId: campaign.id, email: 'grace@example.com', providerCustomerId: 'cus_moved_1' });
    const paid = await insertConversion(t, { merchantId: from.id, campaignId: campaign.id, affiliateId: affiliate.id, amount: '80', commission: '20', status: 'paid', orderId: 'ord-1', createdAt: '2026-10-01T10:00:00.000Z' });
    // The rest of a program: a coupon, a payout already made, a webhook, a click, a team with its member and campaign.
    await t.sql(
      `insert into coupons (id, merchant_id, mode, campaign_id, affiliate_id, provider, code, percent_off, card_promotion_code_id, created_at, updated_at)
       values (gen_random_uuid(), $1, 'live', $2, $3, 'card', 'ROBIN20', 20, 'promo_moved', '2026-10-01T09:00:00Z', now())`,
      [from.id, campaign.id, affiliate.id],
    );
    await t.sql(
      `insert into payouts (id, merchant_id, mode, conversion_id, campaign_id, affiliate_id, amount, currency, status, scheduled_date, completed_at, payout_method, provider_reference, created_at, updated_at)
       values (gen_random_uuid(), $1, 'live', $2, $3, $4, 20, 'usd', 'completed', '2026-10-20T00:00:00Z', '2026-10-21T00:00:00Z', 'wallet_a', 'tr_moved_1', '2026-10-20T00:00:00Z', now())`,
      [from.id, paid, campaign.id, affiliate.id],
    );
    await t.sql(
      `insert into webhook_subscriptions (id, merchant_id, mode, url, events, secret, active, max_retries, created_at, updated_at)
       values (gen_random_uuid(), $1, 'live', 'https://hooks.example.com/in', '["conversion.created", "conversion.approved"]', $2, true, 3, '2026-10-01T08:00:00Z', now())`,
      [from.id, 'ab'.repeat(32)],
    );
    await t.sql(
      `insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, landing_url, referrer, created_at)
       values (gen_random_uuid(), $1, 'live', $2, $3, 'v1', 'https://shop.example.com/landing?via=robin', 'https://blog.example.com/', '2026-09-30T12:00:00Z')`,
      [from.id, campaign.id, affiliate.id],
    );
    const [team] = await t.sql(
      `insert into teams (id, merchant_id, mode, name, currency, leader_affiliate_id, base_commission_type, base_commission_value, created_at, updated_at)
       values (gen_random_uuid(), $1, 'live', 'Robin''s crew', 'usd', $2, 'percentage', 30, '2026-09-01T00:00:00Z', now()) returning id`,
      [from.id, affiliate.id],
    );
    await t.sql(`insert into team_members (team_id, affiliate_id, merchant_id, mode, joined_at) values ($1, $2, $3, 'live', '2026-09-02T00:00:00Z')`, [team.id, affiliate.id, from.id]);
    await t.sql(
      `insert into team_campaigns (team_id, campaign_id, merchant_id, mode, commission_type, commission_value, created_at, updated_at) values ($1, $2, $3, 'live', 'fixed', 5, '2026-09-03T00:00:00Z', now())`,
      [team.id, campaign.id, from.id],
    );
    // A goal of the team and the bonus it paid for September: carried as the rule and as history.
    const [goal] = await t.sql(
      `insert into team_goals (id, team_id, merchant_id, mode, name, scope, campaign_id, metric, target_value, period_mode, period_start, period_end,
         bonus_type, bonus_value, bonus_tiers, bonus_cap, bonus_scope, bonus_split, bonus_visibility, refund_safe_days, status,
         current_period_key, current_period_start, current_period_end, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, 'live', 'Autumn push', 'campaign', $3, 'revenue', 500, 'monthly', '2026-09-01T00:00:00Z', null,
         'flat', 50, null, 100, 'team', 'equal', 'all', 14, 'active', '2026-10', '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', '2026-09-01T00:00:00Z', now())
       returning id`,
      [team.id, from.id, campaign.id],
    );
    await t.sql(
      `insert into team_goal_periods (id, goal_id, team_id, merchant_id, mode, period_key, period_start, period_end, closed_at, window_ends_at, settled_at,
         member_ids, campaign_ids, target_value, aggregate, hit, by_member, excluded_by_currency, bonus_total, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, $3, 'live', '2026-09', '2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z', '2026-10-01T00:00:00Z', '2026-10-15T00:00:00Z',
         '2026-10-15T00:00:00Z', $4, $5, 500, 800, true, '[]', '{}', 50, now(), now())`,
      [goal.id, team.id, from.id, JSON.stringify([affiliate.id]), JSON.stringify([campaign.id])],
    );
    await t.sql(
      `insert into team_awards (id, merchant_id, mode, team_id, goal_id, period_key, affiliate_id, amount, currency, status, payable_after, contributing_count,
         contributing_amount, approved_at, paid_at, payout_method, payout_reference, created_at, updated_at)
       values (gen_random_uuid(), $1, 'live', $2, $3, '2026-09', $4, 50, 'usd', 'paid', '2026-10-15T00:00:00Z', 1, 80, '2026-10-16T00:00:00Z',
         '2026-10-20T00:00:00Z', 'wallet_a', 'tr_award_1', '2026-10-01T00:00:00Z', now())`,
      [from.id, team.id, goal.id, affiliate.id],
    );
    // An approved commission not paid yet, its queue row due later (so no payout run touches it here): owed money moves too.
    const owed = await insertConversion(t, { merchantId: from.id, campaignId: campaign.id, affiliateId: affiliate.id, amount: '40', commission: '10', status: 'approved', orderId: 'ord-2', createdAt: '2026-10-02T10:00:00.000Z' });
    await t.sql(
      `insert into payouts (id, merchant_id, mode, conversion_id, campaign_id, affiliate_id, amount, currency, status, scheduled_date, created_at, updated_at)
       values (gen_random_uuid(), $1, 'live', $2, $3, $4, 10, 'usd', 'pending', '2030-01-01T10:00:00Z', '2026-10-02T10:00:00Z', now())`,
      [from.id, owed, campaign.id, affiliate.id],
    );
    zip = await exportZip(t, from.liveKey);
  });
  afterAll(() => t.close());

  const count = async (table: string, merchant: TestMerchant) => (await t.sql(`select count(*)::int as n from ${table} where merchant_id = $1`, [merchant.id]))[0].n as number;

  it('a dry run writes nothing and previews every record it would create', async () => {
    const started = await t.api('POST', '/imports', into.liveKey, { source: 'csv', dryRun: true, file: zip.toString('base64') });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ state: 'queued', dryRun: true, rowCount: 16 });
    await runJobs(t);
    const run = (await t.api('GET', `/imports/${started.body.data.id}`, into.liveKey)).body.data;
    expect(run.state).toBe('completed');
    expect(run.preview.map((p: { resource: string }) => p.resource).sort()).toEqual([
      'affiliates', 'campaigns', 'clicks', 'commissions', 'commissions', 'coupons', 'customers', 'payouts', 'referral_links', 'team_awards', 'team_campaigns', 'team_goals', 'team_members', 'teams', 'webhooks',
    ]);
    expect(run.progress.affiliates).toMatchObject({ read: 1, created: 1, failed: 0 });
    for (const table of ['campaigns', 'affiliates', 'conversions', 'customers', 'import_mappings', 'coupons', 'payouts', 'webhook_subscriptions', 'clicks', 'teams', 'team_goals', 'team_awards']) expect(await count(table, into), table).toBe(0);
  });

  it('imports everything, then a second run changes nothing; the export of the result gives the same files but for regenerated columns', async () => {
    const first = await t.api('POST', '/imports', into.liveKey, { source: 'csv', file: zip.toString('base64') });
    await runJobs(t);
    const done = (await t.api('GET', `/imports/${first.body.data.id}`, into.liveKey)).body.data;
    expect(done).toMatchObject({ state: 'completed', rowsRead: 16, failure: null });
    expect(done.progress.commissions).toMatchObject({ read: 2, created: 2, failed: 0 });
    const conversions = await t.sql('select status, source from conversions where merchant_id = $1 order by created_at', [into.id]);
    expect(conversions).toEqual([{ status: 'paid', source: 'import' }, { status: 'approved', source: 'import' }]);
    // The paid commission's payout is history; the approved one is owed and queued once, on the file's schedule.
    expect(done.progress.payouts).toMatchObject({ read: 2, created: 1, matched: 1, failed: 0 });
    expect(await t.sql('select p.status, c.status as commission, p.amount::text, p.scheduled_date from payouts p join conversions c on c.id = p.conversion_id where p.merchant_id = $1 order by p.status', [into.id])).toEqual([
      { status: 'completed', commission: 'paid', amount: '20.000000', scheduled_date: new Date('2026-10-20T00:00:00Z') },
      { status: 'pending', commission: 'approved', amount: '10.000000', scheduled_date: new Date('2030-01-01T10:00:00Z') },
    ]);
    // The award is history: paid, its period settled, nothing for the payout job; the goal runs on from this month.
    expect(await t.sql('select a.status, a.next_payout_attempt_at, p.settled_at is not null as settled from team_awards a join team_goal_periods p on p.goal_id = a.goal_id and p.period_key = a.period_key where a.merchant_id = $1', [into.id])).toEqual([
      { status: 'paid', next_payout_attempt_at: null, settled: true },
    ]);
    const [carriedGoal] = await t.sql('select status, current_period_key from team_goals where merchant_id = $1', [into.id]);
    expect(carriedGoal).toEqual({ status: 'active', current_period_key: new Date().toISOString().slice(0, 7) });
    // History publishes nothing live: no conversion, affiliate, payout, bonus or team event, no webhook delivery; only the import's own events.
    const published = (await t.sql('select distinct type from outbox_events where merchant_id = $1', [into.id])).map((r: { type: string }) => r.type);
    expect(published.filter((type: string) => isWebhookEventType(type) || type.startsWith('team'))).toEqual([]);
    expect(await count('webhook_deliveries', into)).toBe(0);
    const [hook] = await t.sql('select secret from webhook_subscriptions where merchant_id = $1', [into.id]);
    expect(hook.secret).not.toBe('ab'.repeat(32));
    const [event] = await t.sql(`select payload from outbox_events where merchant_id = $1 and type = 'import.completed' and payload->>'importId' = $2`, [into.id, first.body.data.id]);
    expect(event.payload).toMatchObject({ importId: first.body.data.id, dryRun: false });
    expect((await t.api('GET', '/notifications', into.liveKey)).body.data.some((n: { message: string }) => n.message.includes('import is done'))).toBe(true);

    const before = Object.fromEntries(await Promise.all(['campaigns', 'affiliates', 'conversions', 'customers', 'affiliate_memberships', 'coupons', 'payouts', 'webhook_subscriptions', 'clicks', 'teams', 'team_members', 'team_goals', 'team_awards', 'team_goal_periods'].map(async (tb) => [tb, await count(tb, into)])));
    const again = await t.api('POST', '/imports', into.liveKey, { source: 'csv', file: zip.toString('base64') });
    await runJobs(t);
    const rerun = (await t.api('GET', `/imports/${again.body.data.id}`, into.liveKey)).body.data;
    for (const p of Object.values<any>(rerun.progress)) expect(p.created).toBe(0);
    expect(rerun.progress.commissions).toMatchObject({ matched: 2 });
    for (const [tb, n] of Object.entries(before)) expect(await count(tb, into), tb).toBe(n);

    expect(comparable(await exportZip(t, into.liveKey), CARRIED)).toEqual(comparable(zip, CARRIED));
    const [moved] = await t.sql('select notes, tags from affiliates where merchant_id = $1 and email = $2', [into.id, affiliateEmail]);
    expect(moved).toEqual({ notes: '=HYPERLINK("x") met at SaaSConf,\nprefers email', tags: ['vip', 'conference 2026'] });
  });

  it("an imported customer's renewal at the payment provider attributes to its affiliate", async () => {
    const integration = await cardIntegration(t, into.liveKey);
    const sale = await deliver(t, integration.id, cardEvent('invoice.paid', paidInvoice({ total: 5_000, customer: 'cus_moved_1', billingReason: 'subscription_cycle' })), integration.secret);
    expect(sale.body.data.outcome).toBe('created');
    const conversion = (await t.api('GET', `/conversions/${sale.body.data.conversionId}`, into.liveKey)).body.data;
    const [mine] = await t.sql('select id from affiliates where merchant_id = $1 and lower(email) = lower($2)', [into.id, affiliateEmail]);
    expect(conversion.affiliateId).toBe(mine.id);
  });

  it('reports bad rows with their reason and carries the rest', async () => {
    const files = {
      'campaigns.csv': 'id,name,commission_type,commission_value\r\nc-1,Spring,percentage,10\r\nc-2,Broken,percentage,-5\r\n',
      'affiliates.csv': 'id,email,name\r\na-1,ann@example.com,Ann\r\na-2,,No Email\r\n',
      'referral_links.csv': 'affiliate_id,campaign_id,status\r\na-1,c-1,approved\r\na-1,c-404,approved\r\n',
      'coupons.csv': 'id,campaign_id,affiliate_id,provider,code\r\nk-1,c-1,a-1,card,ANN10\r\n',
    };
    const started = await t.api('POST', '/imports', into.testKey, { source: 'csv', files });
    await runJobs(t);
    const run = (await t.api('GET', `/imports/${started.body.data.id}`, into.testKey)).body.data;
    expect(run.state).toBe('completed');
    expect(run.progress.campaigns).toMatchObject({ created: 1, failed: 1 });
    expect(run.progress.campaigns.problems[0]).toMatchObject({ row: 2, externalId: 'c-2' });
    expect(run.progress.affiliates).toMatchObject({ created: 1, failed: 1, problems: [{ row: 2, externalId: 'a-2', reason: 'email is required' }] });
    expect(run.progress.referral_links.problems[0].reason).toContain('c-404');
    expect(run.progress.coupons).toMatchObject({ created: 1 });
  });

  it('carries a batch together: rows bad on their face or naming nothing are reported, a row the database refuses fails alone, a re-run and a dry run agree', async () => {
    const mover = await createMerchant(t, 'scale');
    const commissions = [
      'id,campaign_id,affiliate_id,status,amount,commission,currency,order_id,parent_commission_id,created_at',
      'v-1,c-1,a-1,paid,80,8,usd,o-1,,2026-10-01T10:00:00Z',
      'v-2,c-1,a-1,refunded,80,8,usd,o-2,v-1,2026-10-02T10:00:00Z',
      'v-3,c-1,a-1,approved,-5,1,usd,o-3,,2026-10-03T10:00:00Z',
      'v-4,c-1,a-404,approved,10,1,usd,o-4,,2026-10-04T10:00:00Z',
      'v-1,c-1,a-1,paid,80,8,usd,o-1,,2026-10-01T10:00:00Z',
      'v-5,c-1,a-2,held,10,1,usd,o-5,,2026-10-05T10:00:00Z',
      'v-6,c-1,a-2,approved,10,1,usd,o-1,,2026-10-06T10:00:00Z',
      'v-7,c-1,a-2,approved,12.5,2.5,EUR,o-7,,2026-10-07T10:00:00Z',
    ];
    const files = {
      'campaigns.csv': 'id,name,commission_type,commission_value\r\nc-1,Batch,percentage,10\r\n',
      'affiliates.csv': 'id,email,name,ref_code\r\na-1,one@example.com,One,oldcode-1\r\na-2,two@example.com,Two,two\r\na-3,ONE@example.com,Same as one,\r\n',
      'referral_links.csv': 'affiliate_id,campaign_id,status\r\na-1,c-1,approved\r\na-2,c-1,approved\r\na-1,c-1,approved\r\n',
      'commissions.csv': `${commissions.join('\r\n')}\r\n`,
      'customers.csv': 'id,email,provider,provider_customer_id,affiliate_id,campaign_id\r\nu-1,grace@example.com,card,cus_b1,a-1,c-1\r\nu-2,ada@example.com,,,a-2,c-1\r\nu-3,ADA@example.com,,,a-2,c-1\r\nu-4,,,,a-2,c-1\r\n',
      'clicks.csv': 'id,campaign_id,affiliate_id,landing_url,created_at\r\nk-1,c-1,a-2,https://shop.example.com/,2026-10-01T10:00:00Z\r\nk-2,c-1,a-2,https://shop.example.com/,yesterday\r\n',
    };
    const carried = async (dryRun: boolean) => {
      const started = await t.api('POST', '/imports', mover.liveKey, { source: 'csv', dryRun, files });
      await runJobs(t);
      return (await t.api('GET', `/imports/${started.body.data.id}`, mover.liveKey)).body.data;
    };
    const dry = await carried(true);
    expect(await count('conversions', mover)).toBe(0);
    const run = await carried(false);
    expect(run.state).toBe('completed');
    // The email of a-3 is a-1's: matched, not a second affiliate; a-1's old code stays a link to it.
    expect(run.progress.affiliates).toMatchObject({ read: 3, created: 2, matched: 1, failed: 0 });
    expect(run.progress.referral_links).toMatchObject({ read: 3, created: 2, matched: 1, failed: 0 });
    expect(run.progress.commissions).toMatchObject({ read: 8, created: 3, matched: 1, failed: 4 });
    const reasons = Object.fromEntries(run.progress.commissions.problems.map((p: { externalId: string; reason: string }) => [p.externalId, p.reason]));
    expect(reasons['v-3']).toContain('amount');
    expect(reasons['v-4']).toBe('affiliate_id a-404 names no imported affiliate');
    expect(reasons['v-5']).toContain('held');
    // The order id o-1 is taken: only the database sees it, so the batch is carried again row by row and this row alone fails.
    expect(reasons['v-6']).toContain('duplicate key');
    expect(Object.keys(reasons).sort()).toEqual(['v-3', 'v-4', 'v-5', 'v-6']);
    // u-3 is u-2's customer by email: matched; u-4 names nobody to know the customer by.
    expect(run.progress.customers).toMatchObject({ read: 4, created: 2, matched: 1, failed: 1 });
    expect((await t.sql('select affiliate_id is not null as linked from provider_customers where merchant_id = $1 and provider_customer_id = $2', [mover.id, 'cus_b1']))).toEqual([{ linked: true }]);
    expect(run.progress.clicks).toMatchObject({ read: 2, created: 1, failed: 1, problems: [{ row: 2, externalId: 'k-2', reason: 'created_at is not an ISO 8601 time (yesterday)' }] });
    for (const resource of ['affiliates', 'referral_links', 'customers', 'commissions', 'clicks']) {
      expect(dry.progress[resource], resource).toMatchObject({ read: run.progress[resource].read, created: run.progress[resource].created, matched: run.progress[resource].matched, failed: run.progress[resource].failed });
    }
    expect(dry.preview.filter((p: { resource: string }) => p.resource === 'commissions').map((p: { externalId: string }) => p.externalId).sort()).toEqual(['v-1', 'v-2', 'v-7']);
    const rows = await t.sql('select order_id, status, currency, parent_conversion_id is not null as has_parent from conversions where merchant_id = $1 order by order_id', [mover.id]);
    expect(rows).toEqual([
      { order_id: 'o-1', status: 'paid', currency: 'usd', has_parent: false },
      { order_id: 'o-2', status: 'refunded', currency: 'usd', has_parent: true },
      { order_id: 'o-7', status: 'approved', currency: 'eur', has_parent: false },
    ]);
    // The approved commission is owed and queued once, also when its batch was carried again row by row.
    const queued = 'select c.order_id, p.status, p.amount::text, p.currency from payouts p join conversions c on c.id = p.conversion_id where p.merchant_id = $1';
    expect(await t.sql(queued, [mover.id])).toEqual([{ order_id: 'o-7', status: 'pending', amount: '2.500000', currency: 'eur' }]);
    const [alias] = await t.sql('select a.email from ref_code_aliases r join affiliates a on a.id = r.affiliate_id where r.merchant_id = $1 and r.alias = $2', [mover.id, 'oldcode-1']);
    expect(alias).toEqual({ email: 'one@example.com' });

    const again = await carried(false);
    for (const p of Object.values<any>(again.progress)) expect(p.created).toBe(0);
    expect(again.progress.commissions).toMatchObject({ matched: 4, failed: 4 });
    expect(await count('conversions', mover)).toBe(3);
    expect(await count('affiliates', mover)).toBe(2);
    expect(await count('clicks', mover)).toBe(1);
    expect(await t.sql(queued, [mover.id])).toHaveLength(1);
  });

  it('places each payout row by its state: paid is history, still to pay is the owed queue row, in flight is not paid here, cancelled is skipped', async () => {
    const mover = await createMerchant(t, 'scale');
    const commission = (id: string, status: string) => `${id},c-1,a-1,${status},80,8,usd,o-${id.slice(2)},2026-10-0${id.slice(2)}T10:00:00Z`;
    const payout = (id: string, commissionId: string, status: string, rest = ',,,,') => `${id},${commissionId},,,8,usd,${status},${rest}`;
    const files: Record<string, string> = {
      'campaigns.csv': 'id,name,commission_type,commission_value\r\nc-1,States,percentage,10\r\n',
      'affiliates.csv': 'id,email,name\r\na-1,states@example.com,States\r\n',
      'referral_links.csv': 'affiliate_id,campaign_id,status\r\na-1,c-1,approved\r\n',
      'commissions.csv': `${['id,campaign_id,affiliate_id,status,amount,commission,currency,order_id,created_at', commission('v-1', 'approved'), commission('v-2', 'approved'), commission('v-3', 'approved'), commission('v-4', 'approved'), commission('v-5', 'pending')].join('\r\n')}\r\n`,
      'payouts.csv': `${[
        'id,commission_id,affiliate_id,campaign_id,amount,currency,status,payout_method,scheduled_date,completed_at,provider_reference,created_at',
        payout('p-1', 'v-1', 'paid', 'wallet_a,,2026-10-21T00:00:00.000Z,tr_1,2026-10-20T00:00:00.000Z'),
        payout('p-2', 'v-2', 'pending', ',2030-01-01T00:00:00.000Z,,,2026-10-20T00:00:00.000Z'),
        payout('p-3', 'v-3', 'processing'),
        payout('p-4', 'v-4', 'cancelled'),
        payout('p-5', 'v-5', 'pending'),
      ].join('\r\n')}\r\n`,
    };
    const carried = async () => {
      const started = await t.api('POST', '/imports', mover.liveKey, { source: 'csv', files });
      await runJobs(t);
      return (await t.api('GET', `/imports/${started.body.data.id}`, mover.liveKey)).body.data;
    };
    const run = await carried();
    expect(run.progress.payouts).toMatchObject({ read: 5, created: 1, matched: 1, skipped: 1, failed: 2 });
    const reasons = Object.fromEntries(run.progress.payouts.problems.map((p: { externalId: string; reason: string }) => [p.externalId, p.reason]));
    expect(reasons).toEqual({
      'p-3': expect.stringContaining('being paid at the source'),
      'p-4': 'cancelled at the source: nothing was paid',
      'p-5': expect.stringContaining('its commission is pending here'),
    });
    const rows = await t.sql(
      `select c.order_id, c.status as commission, p.status, p.scheduled_date, p.completed_at, p.payout_method, p.provider_reference
         from conversions c left join payouts p on p.conversion_id = c.id where c.merchant_id = $1 order by c.order_id`,
      [mover.id],
    );
    expect(rows).toEqual([
      { order_id: 'o-1', commission: 'paid', status: 'completed', scheduled_date: new Date('2026-10-20T00:00:00.000Z'), completed_at: new Date('2026-10-21T00:00:00.000Z'), payout_method: 'wallet_a', provider_reference: 'tr_1' },
      { order_id: 'o-2', commission: 'approved', status: 'pending', scheduled_date: new Date('2030-01-01T00:00:00.000Z'), completed_at: null, payout_method: null, provider_reference: null },
      // Being paid at the old product: not queued here, so it is not paid twice.
      { order_id: 'o-3', commission: 'approved', status: null, scheduled_date: null, completed_at: null, payout_method: null, provider_reference: null },
      // Cancelled there, so still owed: its queue row stays.
      expect.objectContaining({ order_id: 'o-4', commission: 'approved', status: 'pending' }),
      { order_id: 'o-5', commission: 'pending', status: null, scheduled_date: null, completed_at: null, payout_method: null, provider_reference: null },
    ]);
    const again = await carried();
    for (const p of Object.values<any>(again.progress)) expect(p.created).toBe(0);
    expect(again.progress.payouts).toMatchObject({ matched: 2, skipped: 1, failed: 2 });
    expect(await count('payouts', mover)).toBe(3);

    // Imported again once the old product paid what was owed: the queue row becomes that history, never paid here;
    // one our payout run already worked on is reported, not recorded twice.
    await t.sql(`update payouts p set attempts = 1 from conversions c where c.id = p.conversion_id and c.order_id = 'o-4' and p.merchant_id = $1`, [mover.id]);
    files['payouts.csv'] = files['payouts.csv']!
      .replace(payout('p-2', 'v-2', 'pending', ',2030-01-01T00:00:00.000Z,,,2026-10-20T00:00:00.000Z'), payout('p-2', 'v-2', 'paid', 'wallet_a,,2026-11-02T00:00:00.000Z,tr_2,2026-10-20T00:00:00.000Z'))
      .replace(payout('p-4', 'v-4', 'cancelled'), payout('p-4', 'v-4', 'paid', ',,2026-11-02T00:00:00.000Z,,'));
    const later = await carried();
    expect(later.progress.payouts).toMatchObject({ created: 1, matched: 1, failed: 3 });
    expect(later.progress.payouts.problems.find((p: { externalId: string }) => p.externalId === 'p-4').reason).toContain('also being paid or paid here');
    const [settled] = await t.sql(`select c.status as commission, p.status, p.completed_at, p.provider_reference from payouts p join conversions c on c.id = p.conversion_id where c.merchant_id = $1 and c.order_id = 'o-2'`, [mover.id]);
    expect(settled).toEqual({ commission: 'paid', status: 'completed', completed_at: new Date('2026-11-02T00:00:00.000Z'), provider_reference: 'tr_2' });
    expect(await count('payouts', mover)).toBe(3);
  });

  it("a paid payout row that leaves out its amount and currency records its commission's, in the commission's currency", async () => {
    const m = await createMerchant(t, 'scale');
    const files = {
      'campaigns.csv': 'id,name,commission_type,commission_value\r\nc-1,Euro,percentage,10\r\n',
      'affiliates.csv': 'id,email,name\r\na-1,euro@example.com,Euro\r\n',
      'referral_links.csv': 'affiliate_id,campaign_id,status\r\na-1,c-1,approved\r\n',
      'commissions.csv': 'id,campaign_id,affiliate_id,status,amount,commission,currency,order_id,created_at\r\nv-1,c-1,a-1,approved,80,8.40,eur,o-1,2026-10-01T10:00:00Z\r\n',
      'payouts.csv': 'id,commission_id,amount,currency,status,completed_at\r\np-1,v-1,,,paid,2026-10-21T00:00:00.000Z\r\n',
    };
    await t.api('POST', '/imports', m.liveKey, { source: 'csv', files });
    await runJobs(t);
    const rows = await t.sql(`select p.amount::text as amount, p.currency, p.status, c.status as commission from payouts p join conversions c on c.id = p.conversion_id where p.merchant_id = $1`, [m.id]);
    expect(rows).toEqual([{ amount: '8.400000', currency: 'eur', status: 'completed', commission: 'paid' }]);
  });

  it("imported history this month does not consume the merchant's monthly earnings cap", async () => {
    const capped = await createMerchant(t, 'scale');
    const now = new Date().toISOString();
    const files = {
      'campaigns.csv': 'id,name,commission_type,commission_value\r\nc-1,Capped,percentage,10\r\n',
      'affiliates.csv': 'id,email,name\r\na-1,cap@example.com,Cap\r\n',
      'referral_links.csv': 'affiliate_id,campaign_id,status\r\na-1,c-1,approved\r\n',
      'commissions.csv': `id,campaign_id,affiliate_id,status,amount,commission,currency,created_at\r\nv-1,c-1,a-1,approved,80,8,usd,${now}\r\nv-2,c-1,a-1,paid,40,4,usd,${now}\r\n`,
    };
    await t.api('POST', '/imports', capped.liveKey, { source: 'csv', files });
    await runJobs(t);
    expect((await t.admin('PATCH', `/merchants/${capped.id}`, { monthlyEarningsCap: 100 })).status).toBe(200);
    const [ids] = await t.sql('select c.id as campaign, a.id as affiliate from campaigns c, affiliates a where c.merchant_id = $1 and a.merchant_id = $1', [capped.id]);
    const sale = await t.api('POST', '/conversions', capped.liveKey, { campaignId: ids.campaign, affiliateId: ids.affiliate, amount: 90 });
    expect(sale.status).toBe(201);
    expect((await t.api('POST', '/conversions', capped.liveKey, { campaignId: ids.campaign, affiliateId: ids.affiliate, amount: 20 })).body.error.code).toBe('earnings_limit_reached');
  });

  it("imported history this month does not count towards the campaign's volume tiers", async () => {
    const tiered = await createMerchant(t, 'scale');
    const now = new Date().toISOString();
    // From the third sale of the affiliate's month on, 20 % (the tiers as the export writes them).
    const tiers = JSON.stringify({ basis: 'conversions', tiers: [{ threshold: '2', type: 'percentage', value: '20' }] }).replaceAll('"', '""');
    const files = {
      'campaigns.csv': `id,name,commission_type,commission_value,commission_tiers\r\nc-1,Tiered,percentage,10,"${tiers}"\r\n`,
      'affiliates.csv': 'id,email,name\r\na-1,tier@example.com,Tier\r\n',
      'referral_links.csv': 'affiliate_id,campaign_id,status\r\na-1,c-1,approved\r\n',
      'commissions.csv': `id,campaign_id,affiliate_id,status,amount,commission,currency,created_at\r\nv-1,c-1,a-1,approved,100,10,usd,${now}\r\nv-2,c-1,a-1,paid,100,10,usd,${now}\r\n`,
    };
    await t.api('POST', '/imports', tiered.liveKey, { source: 'csv', files });
    await runJobs(t);
    expect(await count('conversions', tiered)).toBe(2);
    const [ids] = await t.sql('select c.id as campaign, a.id as affiliate from campaigns c, affiliates a where c.merchant_id = $1 and a.merchant_id = $1', [tiered.id]);
    expect((await t.api('GET', `/campaigns/${ids.campaign}`, tiered.liveKey)).body.data.commissionTiers).toEqual({ basis: 'conversions', tiers: [{ threshold: 2, commissionType: 'percentage', commissionValue: 20 }] });
    // Counted, the two imported this month would make the first new sale the third.
    const commissions: number[] = [];
    for (let i = 0; i < 3; i += 1) commissions.push((await t.api('POST', '/conversions', tiered.liveKey, { campaignId: ids.campaign, affiliateId: ids.affiliate, amount: 100 })).body.data.commission);
    expect(commissions).toEqual([10, 10, 20]);
  });

  it('a campaign whose volume tiers are not tiers the service pays is reported with its reason, not carried to break every later sale', async () => {
    const m = await createMerchant(t, 'scale');
    const cell = (tiers: unknown) => `"${JSON.stringify(tiers).replaceAll('"', '""')}"`;
    const bad = [
      { basis: 'weekly', tiers: [{ threshold: '2', type: 'percentage', value: '20' }] },
      { basis: 'conversions', tiers: 'many' },
      { basis: 'conversions', tiers: [] },
      { basis: 'conversions', tiers: [{ threshold: '2', type: 'percentage', value: '120' }] },
      { basis: 'conversions', tiers: [{ threshold: 'two', type: 'percentage', value: '20' }] },
      { basis: 'conversions', tiers: [{ threshold: '2', type: 'share', value: '20' }] },
      'not json',
    ];
    const rows = bad.map((tiers, i) => `c-${i + 2},Bad ${i},percentage,10,${typeof tiers === 'string' ? tiers : cell(tiers)}`);
    const files = {
      'campaigns.csv': `id,name,commission_type,commission_value,commission_tiers\r\nc-1,Good,percentage,10,${cell({ basis: 'revenue', tiers: [{ threshold: '1000.50', type: 'fixed', value: '15' }] })}\r\n${rows.join('\r\n')}\r\n`,
    };
    const started = await t.api('POST', '/imports', m.liveKey, { source: 'csv', files });
    await runJobs(t);
    const run = (await t.api('GET', `/imports/${started.body.data.id}`, m.liveKey)).body.data;
    expect(run.progress.campaigns).toMatchObject({ read: 1 + bad.length, created: 1, failed: bad.length });
    for (const problem of run.progress.campaigns.problems) expect(problem.reason).toMatch(/commission_tiers/);
    const campaigns = (await t.api('GET', '/campaigns', m.liveKey)).body.data;
    expect(campaigns.map((c: { name: string; commissionTiers: unknown }) => [c.name, c.commissionTiers])).toEqual([
      ['Good', { basis: 'revenue', tiers: [{ threshold: 1000.5, commissionType: 'fixed', commissionValue: 15 }] }],
    ]);
  });

  it("a team goal whose bonus tiers are not tiers the goal pays by is reported with its reason; good ones are carried as the API keeps them", async () => {
    const m = await createMerchant(t, 'scale');
    const cell = (tiers: unknown) => `"${JSON.stringify(tiers).replaceAll('"', '""')}"`;
    const bad: [string, string][] = [
      ['tiered', cell([])],
      ['tiered', cell([{ threshold: '10', amount: '0' }])],
      ['tiered', cell([{ threshold: 'ten', amount: '5' }])],
      ['tiered', cell([{ threshold: '10', amount: '5' }, { threshold: '10.0', amount: '6' }])],
      ['tiered', ''],
      ['tiered', 'not json'],
      ['flat', cell([{ threshold: '10', amount: '5' }])],
    ];
    const goals = bad.map(([type, tiers], i) => `g-${i + 2},t-1,Bad ${i},team,,revenue,500,monthly,${type},${type === 'flat' ? 50 : ''},${tiers}`);
    const files = {
      'teams.csv': 'id,name,currency\r\nt-1,Crew,usd\r\n',
      'team_goals.csv': `id,team_id,name,scope,campaign_id,metric,target_value,period_mode,bonus_type,bonus_value,bonus_tiers\r\ng-1,t-1,Good,team,,revenue,500,monthly,tiered,,${cell([{ threshold: '1000.50', amount: '75' }, { threshold: '500', amount: '25' }])}\r\n${goals.join('\r\n')}\r\n`,
    };
    const started = await t.api('POST', '/imports', m.liveKey, { source: 'csv', files });
    await runJobs(t);
    const run = (await t.api('GET', `/imports/${started.body.data.id}`, m.liveKey)).body.data;
    expect(run.progress.team_goals).toMatchObject({ read: 1 + bad.length, created: 1, failed: bad.length });
    for (const problem of run.progress.team_goals.problems) expect(problem.reason).toMatch(/bonus_tiers/);
    const [team] = await t.sql(`select id from teams where merchant_id = $1`, [m.id]);
    const listed = (await t.api('GET', `/teams/${team.id}/goals`, m.liveKey)).body.data;
    expect(listed.map((g: { name: string; bonusTiers: unknown }) => [g.name, g.bonusTiers])).toEqual([
      ['Good', [{ threshold: '500.00', amount: '25.00' }, { threshold: '1000.50', amount: '75.00' }]],
    ]);
  });

  it('refuses what is not the format, changes nothing; read keys cannot import; another merchant sees no run', async () => {
    const runs = (await t.sql('select count(*)::int as n from imports'))[0].n;
    const cases: [unknown, string][] = [
      [{ source: 'csv', files: { 'people.csv': 'id\r\n1\r\n' } }, 'validation_error'],
      [{ source: 'csv', file: Buffer.from('not a zip').toString('base64') }, 'validation_error'],
      [{ source: 'csv' }, 'validation_error'],
      [{ source: 'csv', files: { 'affiliates.csv': 'id,email\r\n' } }, 'validation_error'],
    ];
    for (const [body, code] of cases) expect((await t.api('POST', '/imports', into.liveKey, body)).body.error?.code, JSON.stringify(body)).toBe(code);
    expect((await t.api('POST', '/imports', into.liveReadKey, { source: 'csv', file: zip.toString('base64') })).status).toBe(403);
    expect((await t.sql('select count(*)::int as n from imports'))[0].n).toBe(runs);
    const mine = await t.api('POST', '/imports', into.liveKey, { source: 'csv', dryRun: true, file: zip.toString('base64') });
    expect((await t.api('GET', `/imports/${mine.body.data.id}`, from.liveKey)).status).toBe(404);
    expect((await t.api('GET', `/imports/${mine.body.data.id}`, into.testKey)).status).toBe(404);
  });

  it('a cancelled import stops and carries nothing more; cancelling again is refused', async () => {
    const started = await t.api('POST', '/imports', from.testKey, { source: 'csv', file: zip.toString('base64') });
    const cancelled = await t.api('POST', `/imports/${started.body.data.id}/cancel`, from.testKey);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.state).toBe('cancelled');
    await runJobs(t);
    expect((await t.api('GET', `/imports/${started.body.data.id}`, from.testKey)).body.data).toMatchObject({ state: 'cancelled', rowsRead: 0 });
    expect((await t.api('POST', `/imports/${started.body.data.id}/cancel`, from.testKey)).body.error.code).toBe('invalid_transition');
  });
});
