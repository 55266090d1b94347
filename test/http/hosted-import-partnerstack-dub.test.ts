import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpHostedApi } from '../../adapters/porting/hosted/http-hosted-api.js';
import { dubProgram, partnerstackProgram } from '../fixtures/partnerstack-dub-programs.js';
import { startHostedStub, type HostedStub } from '../support/hosted-api-stubs.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { runJobs, setClock } from '../support/team-mother.js';
import { peerEnv, startTestService, type TestService } from '../support/test-service.js';

/** Moving from PartnerStack and from Dub: each program read through its API and carried by the same writer. */
describe('POST /imports (partnerstack, dub)', () => {
  let t: TestService;
  let ps: HostedStub;
  let dub: HostedStub;

  beforeAll(async () => {
    ps = await startHostedStub({ source: 'partnerstack', data: partnerstackProgram(), apiKey: 'pk_public', privateKey: 'sk_private', maxPage: 2 });
    dub = await startHostedStub({ source: 'dub', data: dubProgram(), apiKey: 'dub_key' });
    t = await startTestService({}, undefined, { hostedApi: new HttpHostedApi({ partnerstack: ps.url, dub: dub.url }) });
  });
  afterAll(async () => {
    await t.close();
    await ps.close();
    await dub.close();
  });

  const importFrom = async (merchant: TestMerchant, body: Record<string, unknown>) => {
    const started = await t.api('POST', '/imports', merchant.liveKey, body);
    expect(started.status).toBe(202);
    await runJobs(t);
    return (await t.api('GET', `/imports/${started.body.data.id}`, merchant.liveKey)).body.data;
  };

  it('PartnerStack: one request a second, partnerships with their status and partner key, customers, rewards as commissions', async () => {
    const m = await createMerchant(t, 'scale');
    let run = await importFrom(m, { source: 'partnerstack', credentials: { publicKey: 'pk_public', privateKey: 'sk_private' } });
    // No limit is published: one request a second by the service clock, so each round reads one page.
    expect(run.state).toBe('queued');
    let now = new Date((await t.admin('GET', '/clock')).body.data.now).getTime();
    for (let i = 0; i < 12 && run.state !== 'completed'; i += 1) {
      now += 1_500;
      await setClock(t, new Date(now).toISOString());
      await runJobs(t);
      run = (await t.api('GET', `/imports/${run.id}`, m.liveKey)).body.data;
    }
    expect(run).toMatchObject({ state: 'completed', failure: null });
    expect(run.progress.affiliates).toMatchObject({ read: 3, created: 3 });
    const members = await t.sql('select a.email, a.created_at, ms.status from affiliates a join affiliate_memberships ms on ms.affiliate_id = a.id where a.merchant_id = $1 order by a.email', [m.id]);
    expect(members.map((r: { email: string; status: string }) => [r.email, r.status])).toEqual([
      ['ana@example.com', 'approved'],
      ['ben@example.com', 'rejected'],
      ['cy@example.com', 'pending'],
    ]);
    expect(new Date(members[0].created_at).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    const conversions = await t.sql('select status, amount::float as amount, commission::float as commission from conversions where merchant_id = $1 order by created_at', [m.id]);
    expect(conversions).toEqual([
      { status: 'paid', amount: 100, commission: 15 },
      { status: 'pending', amount: 100, commission: 15 },
      { status: 'rejected', amount: 100, commission: 15 },
    ]);
    // The vendor API lists no payouts (`/payouts` is the partner API's): the paid reward stays paid, with no row to pay.
    expect(run.progress.payouts).toBeUndefined();
    expect(await t.sql('select count(*)::int as n from payouts where merchant_id = $1', [m.id])).toEqual([{ n: 0 }]);
    const [campaign] = await t.sql('select tracking_code from campaigns where merchant_id = $1', [m.id]);
    // `?ps_partner_key=ana-g`, as the tracking script sends it.
    expect((await t.request('POST', '/t/v1/clicks', { body: { merchantId: m.id, trackingCode: campaign.tracking_code, refCode: 'ana-g' } })).status).toBe(201);
    expect(ps.log.some((r) => r.path.includes('starting_after=part_2'))).toBe(true);
    // Each partnership's group is a team on the program's campaign, its partners the members.
    expect(run.progress.teams).toMatchObject({ read: 3, created: 2, matched: 1, failed: 0 });
    const teams = await t.sql(
      `select tm.name, array_agg(a.email order by a.email) as members, count(distinct tc.campaign_id)::int as campaigns
         from teams tm join team_members mb on mb.team_id = tm.id join affiliates a on a.id = mb.affiliate_id
         left join team_campaigns tc on tc.team_id = tm.id
        where tm.merchant_id = $1 group by tm.name order by tm.name`,
      [m.id],
    );
    expect(teams).toEqual([
      { name: 'Agencies', members: ['ben@example.com', 'cy@example.com'], campaigns: 1 },
      { name: 'Default', members: ['ana@example.com'], campaigns: 1 },
    ]);
  });

  it('Dub: every partner (dormant ones too), each short-link key an old code, customers with a partner, commissions', async () => {
    const m = await createMerchant(t, 'scale');
    const run = await importFrom(m, { source: 'dub', credentials: { apiKey: 'dub_key' } });
    expect(run).toMatchObject({ state: 'completed', failure: null });
    expect(run.progress.affiliates).toMatchObject({ read: 3, created: 3 });
    expect(run.progress.customers).toMatchObject({ read: 1, created: 1 });
    const statuses = await t.sql('select status from conversions where merchant_id = $1 order by created_at', [m.id]);
    expect(statuses.map((s: { status: string }) => s.status)).toEqual(['pending', 'approved', 'paid', 'refunded', 'rejected']);
    // The completed payout is placed on the paid commission of its period; the pending one is owed here, its commission queued once.
    expect(run.progress.payouts).toMatchObject({ read: 2, created: 1, skipped: 1, failed: 0 });
    expect(run.progress.payouts.problems).toEqual([expect.objectContaining({ externalId: 'po_2', reason: expect.stringContaining('owed here and queued') })]);
    const payouts = await t.sql(
      'select c.order_id, c.status as commission, p.status, p.amount::float as amount, p.completed_at, p.provider_reference from payouts p join conversions c on c.id = p.conversion_id where p.merchant_id = $1 order by c.order_id',
      [m.id],
    );
    expect(payouts).toEqual([
      { order_id: 'in_1', commission: 'approved', status: 'pending', amount: 9.8, completed_at: null, provider_reference: null },
      { order_id: 'in_2', commission: 'paid', status: 'completed', amount: 9.8, completed_at: new Date('2025-06-05T09:00:00.000Z'), provider_reference: 'inv_po_1' },
    ]);
    const [campaign] = await t.sql('select tracking_code from campaigns where merchant_id = $1', [m.id]);
    const [eli] = await t.sql('select id, ref_code from affiliates where merchant_id = $1 and email = $2', [m.id, 'eli@example.com']);
    // `eli-2025` cannot be one of our codes: Eli gets a new one, and both keys stay his old codes.
    expect(eli.ref_code).not.toBe('eli');
    expect(await t.sql('select alias from ref_code_aliases where affiliate_id = $1 order by alias', [eli.id])).toEqual([{ alias: 'eli' }, { alias: 'eli-2025' }]);
    // Both short links' keys land on Eli: through the redirect path (`/r/<tracking code>/eli-2025`, the
    // short domain pointed here) and as the tracking script sends them; a sale on the click is his.
    for (const key of ['eli-2025', 'eli']) {
      const redirect = await t.service.app.request(`/r/${campaign.tracking_code}/${key}`, {}, peerEnv());
      expect(redirect.status, key).toBe(302);
      const clickId = new URL(redirect.headers.get('location')!).searchParams.get('click_id');
      expect(clickId, key).toBeTruthy();
      const sale = await t.request('POST', '/t/v1/sales', { body: { merchantId: m.id, clickId, orderId: `after-move-${key}`, amount: 50 } });
      expect(sale.status, key).toBe(201);
      expect((await t.api('GET', `/conversions/${sale.body.data.conversionId}`, m.liveKey)).body.data.affiliateId, key).toBe(eli.id);
      const click = await t.request('POST', '/t/v1/clicks', { body: { merchantId: m.id, trackingCode: campaign.tracking_code, refCode: key } });
      expect(click.status, key).toBe(201);
    }
    const [fay] = await t.sql(`select ms.status from affiliates a join affiliate_memberships ms on ms.affiliate_id = a.id where a.email = 'fay@example.com' and a.merchant_id = $1`, [m.id]);
    expect(fay.status).toBe('suspended');
  });

  it("Dub: the default group's sale reward is the campaign's terms, every group a team with its own sale rate, partners' descriptions their notes", async () => {
    const m = await createMerchant(t, 'scale');
    const run = await importFrom(m, { source: 'dub', credentials: { apiKey: 'dub_key' } });
    expect(run).toMatchObject({ state: 'completed', failure: null });
    // The default group's 20 % for 12 months, its 30-day holding period and partner auto-approval.
    const campaigns = await t.sql(
      `select name, description, commission_type, commission_value::float as value, enable_recurring_commissions as recurring, recurring_commission_months as months,
              auto_approve_affiliates, auto_approve_commissions_after_days as approve_after
         from campaigns where merchant_id = $1`,
      [m.id],
    );
    expect(campaigns).toEqual([
      expect.objectContaining({ name: 'Dub program', commission_type: 'percentage', value: 20, recurring: true, months: 12, auto_approve_affiliates: true, approve_after: 30 }),
    ]);
    expect(campaigns[0].description).toContain('lead rewards are not carried');
    // Influencers earn a flat $25 a sale there: the team's rate on the campaign; the default group has none of its own.
    const teams = await t.sql(
      `select tm.name, tc.commission_type, tc.commission_value::float as value, array_agg(a.email order by a.email) as members
         from teams tm join team_campaigns tc on tc.team_id = tm.id
         join team_members mb on mb.team_id = tm.id join affiliates a on a.id = mb.affiliate_id
        where tm.merchant_id = $1 group by tm.name, tc.commission_type, tc.commission_value order by tm.name`,
      [m.id],
    );
    expect(teams).toEqual([
      { name: 'Default Group', commission_type: null, value: null, members: ['dana@example.com', 'fay@example.com'] },
      { name: 'Influencers', commission_type: 'fixed', value: 25, members: ['eli@example.com'] },
    ]);
    // The members' memberships are linked to their team, so its rate applies to their next sale.
    const [eli] = await t.sql(
      `select a.id, ms.campaign_id, ms.status, tm.name as team from affiliates a join affiliate_memberships ms on ms.affiliate_id = a.id
         left join teams tm on tm.id = ms.team_id where a.email = 'eli@example.com' and a.merchant_id = $1`,
      [m.id],
    );
    expect([eli.team, eli.status]).toEqual(['Influencers', 'approved']);
    const sale = await t.request('POST', '/api/v1/conversions', { key: m.liveKey, body: { campaignId: eli.campaign_id, affiliateId: eli.id, amount: 200 } });
    expect([sale.status, sale.body.data.commission]).toEqual([201, 25]);
    const affiliates = await t.sql('select email, notes, payout_method, payout_email from affiliates where merchant_id = $1 order by email', [m.id]);
    expect(affiliates).toEqual([
      { email: 'dana@example.com', notes: 'Writes a weekly newsletter on indie SaaS', payout_method: null, payout_email: null },
      { email: 'eli@example.com', notes: '', payout_method: 'wallet_a', payout_email: 'eli.pp@example.com' },
      { email: 'fay@example.com', notes: '', payout_method: null, payout_email: null },
    ]);
    // The groups are read twice (the campaign's terms, then the teams), paged like every other list.
    const groupReads = dub.log.filter((r) => r.path.startsWith('/groups'));
    expect(groupReads.length).toBeGreaterThanOrEqual(2);
    for (const read of groupReads) expect(read.path).toBe('/groups?page=1&pageSize=100');
  });
});
