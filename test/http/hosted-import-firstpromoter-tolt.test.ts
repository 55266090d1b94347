import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpHostedApi } from '../../adapters/porting/hosted/http-hosted-api.js';
import { firstpromoterProgram, TOLT_PROGRAM_ID, toltProgram } from '../fixtures/firstpromoter-tolt-programs.js';
import { startHostedStub, type HostedStub } from '../support/hosted-api-stubs.js';
import { signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { runJobs } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Moving from FirstPromoter and from Tolt: each program read through its API and carried by the same writer. */
describe('POST /imports (firstpromoter, tolt)', () => {
  let t: TestService;
  let fp: HostedStub;
  let tolt: HostedStub;

  beforeAll(async () => {
    fp = await startHostedStub({ source: 'firstpromoter', data: firstpromoterProgram(), apiKey: 'fp_key', accountId: 'acc_1' });
    tolt = await startHostedStub({ source: 'tolt', data: toltProgram(), apiKey: 'tolt_key', maxPage: 2 });
    t = await startTestService({}, undefined, { hostedApi: new HttpHostedApi({ firstpromoter: fp.url, tolt: tolt.url }) });
  });
  afterAll(async () => {
    await t.close();
    await fp.close();
    await tolt.close();
  });

  const importFrom = async (merchant: TestMerchant, body: Record<string, unknown>) => {
    const started = await t.api('POST', '/imports', merchant.liveKey, body);
    expect(started.status).toBe(202);
    await runJobs(t);
    return (await t.api('GET', `/imports/${started.body.data.id}`, merchant.liveKey)).body.data;
  };

  it('FirstPromoter: campaigns with reward terms, promoters with each campaign membership and ref token, referrals, commissions', async () => {
    const m = await createMerchant(t, 'scale');
    expect((await t.api('POST', '/imports', m.liveKey, { source: 'firstpromoter', credentials: { apiKey: 'fp_key' } })).status).toBe(400);
    const run = await importFrom(m, { source: 'firstpromoter', credentials: { apiKey: 'fp_key', accountId: 'acc_1' } });
    expect(run).toMatchObject({ state: 'completed', failure: null });
    expect(run.progress.affiliates).toMatchObject({ created: 3, failed: 0 });
    const [campaign] = await t.sql('select commission_type, commission_value::float as value, enable_recurring_commissions, recurring_commission_months, attribution_window_days, tracking_code from campaigns where merchant_id = $1', [m.id]);
    expect(campaign).toMatchObject({ commission_type: 'percentage', value: 20, enable_recurring_commissions: true, recurring_commission_months: 6, attribution_window_days: 90 });
    const members = await t.sql('select a.email, a.ref_code, a.payout_method, a.notes, ms.status from affiliates a join affiliate_memberships ms on ms.affiliate_id = a.id where a.merchant_id = $1 order by a.email', [m.id]);
    expect(members).toEqual([
      { email: 'jiba@example.com', ref_code: 'tvo16', payout_method: 'wallet_a', notes: 'Runs the Jiba newsletter; pays out monthly', status: 'approved' },
      expect.objectContaining({ email: 'pending@example.com', status: 'pending' }),
      expect.objectContaining({ email: 'sub@example.com', status: 'approved' }),
    ]);
    // A sub-affiliate and its parent are a team on the sub-affiliate's campaign.
    const teams = await t.sql(
      `select tm.name, tm.leader_affiliate_id, array_agg(distinct a.email order by a.email) as members, array_agg(distinct c.name) as campaigns
         from teams tm join team_members mb on mb.team_id = tm.id join affiliates a on a.id = mb.affiliate_id
         join team_campaigns tc on tc.team_id = tm.id join campaigns c on c.id = tc.campaign_id
        where tm.merchant_id = $1 group by tm.name, tm.leader_affiliate_id`,
      [m.id],
    );
    expect(teams).toEqual([{ name: 'Sub-affiliates of Macaulay Jiba', leader_affiliate_id: null, members: ['jiba@example.com', 'sub@example.com'], campaigns: ['Partners'] }]);
    // The parent is asked for only on the second pass over the promoters.
    expect(fp.log.filter((r) => r.path.startsWith('/api/v2/company/promoters')).map((r) => r.path.includes('include_parent_promoter=true'))).toEqual([false, true]);
    // `pat_01` cannot be one of our referral codes, so it stays the affiliate's old code.
    expect(await t.sql('select alias from ref_code_aliases where merchant_id = $1', [m.id])).toEqual([{ alias: 'pat_01' }]);
    const conversions = await t.sql('select status, commission::float as commission, amount::float as amount from conversions where merchant_id = $1 order by created_at', [m.id]);
    expect(conversions).toEqual([
      { status: 'rejected', commission: 5, amount: 25 },
      { status: 'paid', commission: 14.7, amount: 49 },
      { status: 'approved', commission: 14.7, amount: 49 },
    ]);
    // A payout names none of its commissions: the one whose period's paid commissions add up to it is
    // placed on them; the one still pending is owed here (its commission queued); the one that adds up to nothing is reported.
    expect(run.progress.payouts).toMatchObject({ read: 3, created: 1, skipped: 1, failed: 1 });
    expect(run.progress.payouts.problems.map((p: { externalId: string; reason: string }) => [p.externalId, p.reason])).toEqual([
      ['9002', expect.stringContaining('owed here and queued')],
      ['9003', expect.stringContaining('add up to 0')],
    ]);
    const payouts = await t.sql(
      'select c.status as commission, p.status, p.amount::float as amount, p.completed_at, p.payout_method, p.provider_reference from payouts p join conversions c on c.id = p.conversion_id where p.merchant_id = $1 order by p.status',
      [m.id],
    );
    expect(payouts).toEqual([
      { commission: 'paid', status: 'completed', amount: 14.7, completed_at: new Date('2025-10-03T12:00:00.000Z'), payout_method: 'wallet_a', provider_reference: '9001' },
      { commission: 'approved', status: 'pending', amount: 14.7, completed_at: null, payout_method: null, provider_reference: null },
    ]);
    const [link] = await t.sql('select affiliate_id from provider_customers where merchant_id = $1 and provider_customer_id = $2', [m.id, 'cus_FP1']);
    expect(link).toBeDefined();
    // `?fpr=pat_01`, as the tracking script sends it.
    const click = await t.request('POST', '/t/v1/clicks', { body: { merchantId: m.id, trackingCode: campaign.tracking_code, refCode: 'pat_01' } });
    expect(click.status).toBe(404); // pending on the campaign: lands, records nothing
    const jiba = await t.request('POST', '/t/v1/clicks', { body: { merchantId: m.id, trackingCode: campaign.tracking_code, refCode: 'tvo16' } });
    expect(jiba.status).toBe(201);
    // FirstPromoter's terms came with the campaigns: the run's page asks nothing of them.
    const { browser } = await signedInUser(t, m.id);
    const runPage = await browser.get(`/dashboard/import/${run.id}`);
    expect(runPage.status).toBe(200);
    expect(runPage.html).not.toContain('publishes no reward terms');
  });

  it('Tolt: the program as a campaign, partners with status and payout email (never bank details), links, customers, commissions; bad rows reported', async () => {
    const m = await createMerchant(t, 'scale');
    const run = await importFrom(m, { source: 'tolt', credentials: { apiKey: 'tolt_key', programId: TOLT_PROGRAM_ID } });
    expect(run).toMatchObject({ state: 'completed', failure: null });
    expect(run.progress.affiliates).toMatchObject({ read: 3, created: 2, failed: 1 });
    expect(run.progress.affiliates.problems[0]).toMatchObject({ externalId: 'part_bad', reason: 'email is required' });
    const [campaign] = await t.sql('select name, description, commission_value::float as value, attribution_window_days, tracking_code from campaigns where merchant_id = $1', [m.id]);
    // Tolt's v1 API carries no reward terms: 0 %, and the campaign says the merchant sets them.
    expect(campaign).toMatchObject({ name: 'Paper partners', value: 0, attribution_window_days: 60 });
    expect(campaign.description).toContain('set the commission here');
    // The run's page on the dashboard says so too.
    const { browser } = await signedInUser(t, m.id);
    const runPage = await browser.get(`/dashboard/import/${run.id}`);
    expect(runPage.status).toBe(200);
    expect(runPage.html).toContain('API publishes no reward terms: the campaign this import makes pays 0 %');
    // The partners' group is a team on the program's campaign, its partners (those imported) the members.
    const teams = await t.sql(
      `select tm.name, array_agg(a.email order by a.email) as members, count(distinct tc.campaign_id)::int as campaigns
         from teams tm join team_members mb on mb.team_id = tm.id join affiliates a on a.id = mb.affiliate_id
         left join team_campaigns tc on tc.team_id = tm.id
        where tm.merchant_id = $1 group by tm.name`,
      [m.id],
    );
    expect(teams).toEqual([{ name: 'Tolt group grp_Zc2uw9zm1eyBiD3MHcjV3RDn', members: ['dwight@example.com', 'michael.scott@example.com'], campaigns: 1 }]);
    const members = await t.sql('select a.email, a.payout_method, a.payout_email, ms.status from affiliates a join affiliate_memberships ms on ms.affiliate_id = a.id where a.merchant_id = $1 order by a.email', [m.id]);
    expect(members).toEqual([
      { email: 'dwight@example.com', payout_method: null, payout_email: null, status: 'rejected' },
      { email: 'michael.scott@example.com', payout_method: 'wallet_a', payout_email: 'michael.paypal@example.com', status: 'approved' },
    ]);
    const statuses = await t.sql('select status from conversions where merchant_id = $1 order by created_at', [m.id]);
    expect(statuses.map((s: { status: string }) => s.status)).toEqual(['pending', 'approved', 'paid', 'rejected', 'refunded']);
    // Tolt's v1 API lists no payouts: the paid commission stays paid with no row, the approved one is owed and queued once.
    expect(run.progress.payouts).toBeUndefined();
    expect(await t.sql('select c.status as commission, p.status from payouts p join conversions c on c.id = p.conversion_id where p.merchant_id = $1', [m.id])).toEqual([
      { commission: 'approved', status: 'pending' },
    ]);
    // `?tolt_referral=michael_scott` (or `?ref=`) attributes to Michael.
    const click = await t.request('POST', '/t/v1/clicks', { body: { merchantId: m.id, trackingCode: campaign.tracking_code, refCode: 'michael_scott' } });
    expect(click.status).toBe(201);
    // Every list was asked with the program and paged after the last id.
    expect(tolt.log.some((r) => r.path.includes('starting_after=part_yP2D2oFyPsFUfkwzXCzRn3U2'))).toBe(true);
    const again = await importFrom(m, { source: 'tolt', credentials: { apiKey: 'tolt_key', programId: TOLT_PROGRAM_ID } });
    for (const p of Object.values<any>(again.progress)) expect(p.created).toBe(0);
  });
});
