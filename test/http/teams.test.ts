import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, signUpAffiliate, type TestCampaign } from '../support/program-mother.js';
import { connectedAffiliate, createGoal, createTeam, staffTeam } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('teams: rosters, campaigns and rates', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let campaign: TestCampaign;

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant, { commissionType: 'percentage', commissionValue: 10 });
  });
  afterAll(() => t.close());

  const commissionOf = async (campaignId: string, affiliateId: string, amount = 100) => {
    const res = await postConversion(t, merchant.liveKey, { campaignId, affiliateId, amount });
    expect(res.status).toBe(201);
    return res.body.data.commission as number;
  };

  describe('access', () => {
    it('answers 403 plan_insufficient below Scale, for reads and writes', async () => {
      for (const plan of ['professional', 'ultimate'] as const) {
        const other = await createMerchant(t, plan);
        for (const [method, path, key] of [
          ['GET', '/teams', other.liveReadKey],
          ['GET', '/awards', other.liveReadKey],
          ['POST', '/teams', other.liveKey],
          ['GET', '/teams/00000000-0000-7000-8000-000000000000/history', other.liveReadKey],
        ] as const) {
          const res = await t.api(method, path, key, method === 'POST' ? { name: 'x' } : undefined);
          expect(res.status).toBe(403);
          expect(res.body.error.code).toBe('plan_insufficient');
        }
      }
    });

    it('refuses team writes with a test key (403 test_mode_unsupported) and a read key (403 insufficient_permissions)', async () => {
      const team = await createTeam(t, merchant);
      for (const [method, path, body] of [
        ['POST', '/teams', { name: 'Test team' }],
        ['PATCH', `/teams/${team.id}`, { name: 'x' }],
        ['DELETE', `/teams/${team.id}`, undefined],
        ['POST', `/teams/${team.id}/members`, { affiliateIds: ['00000000-0000-7000-8000-000000000000'] }],
        ['POST', `/teams/${team.id}/goals`, { name: 'g', targetValue: 1, bonusValue: 1 }],
      ] as const) {
        const test = await t.api(method, path, merchant.testKey, body);
        expect(test.status).toBe(403);
        expect(test.body.error.code).toBe('test_mode_unsupported');
        const read = await t.api(method, path, merchant.liveReadKey, body);
        expect(read.status).toBe(403);
        expect(read.body.error.code).toBe('insufficient_permissions');
      }
      expect((await t.sql(`select count(*)::int as n from teams where merchant_id = $1`, [merchant.id]))[0].n).toBeGreaterThan(0);
      expect((await t.sql(`select count(*)::int as n from teams where mode = 'test'`))[0].n).toBe(0);
    });

    it('returns nothing to test-key reads', async () => {
      const team = await createTeam(t, merchant);
      const list = await t.api('GET', '/teams', merchant.testKey);
      expect(list.status).toBe(200);
      expect(list.body).toEqual({ data: [], pagination: { page: 1, limit: 25, total: 0, totalPages: 0 } });
      expect((await t.api('GET', `/teams/${team.id}`, merchant.testKey)).status).toBe(404);
      expect((await t.api('GET', `/teams/${team.id}/goals`, merchant.testKey)).status).toBe(404);
      expect((await t.api('GET', '/awards', merchant.testKey)).body.data).toEqual([]);
      // Another merchant's team is not found either.
      const other = await createMerchant(t, 'scale');
      expect((await t.api('GET', `/teams/${team.id}`, other.liveKey)).status).toBe(404);
      expect((await t.api('PATCH', `/teams/${team.id}`, other.liveKey, { name: 'mine' })).status).toBe(404);
    });
  });

  describe('POST /teams and GET /teams', () => {
    it('creates a team with defaults, a chat thread, and lists it with its summary fields', async () => {
      const fresh = await createMerchant(t, 'scale');
      const res = await t.api('POST', '/teams', fresh.liveKey, { name: '  North  ', currency: 'EUR', baseCommissionType: 'percentage', baseCommissionValue: 12.5 });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        id: expect.any(String),
        name: 'North',
        currency: 'eur',
        leaderAffiliateId: null,
        baseCommissionType: 'percentage',
        baseCommissionValue: '12.50',
        memberCount: 0,
        campaignCount: 0,
        createdAt: expect.any(String),
      });
      const plain = await t.api('POST', '/teams', fresh.liveKey, { name: 'South' });
      expect(plain.body.data).toMatchObject({ currency: 'usd', baseCommissionType: null, baseCommissionValue: null });
      expect(await t.sql(`select status, team_name from team_chat_threads where team_id = $1`, [res.body.data.id])).toEqual([
        { status: 'open', team_name: 'North' },
      ]);
      const list = await t.api('GET', '/teams?limit=1', fresh.liveReadKey);
      expect(list.status).toBe(200);
      expect(list.body.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
      expect(list.body.data[0]).toEqual({
        ...plain.body.data,
        customRateCount: 0,
        activeTarget: null,
        pendingAwards: { count: 0, total: '0.00' },
      });
    });

    it('validates name, currency and the base rate', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, 'name'],
        [{ name: 'x'.repeat(121) }, 'name'],
        [{ name: 'ok', currency: 'EURO' }, 'currency'],
        [{ name: 'ok', baseCommissionValue: 10 }, 'baseCommissionType'],
        [{ name: 'ok', baseCommissionType: 'fixed' }, 'baseCommissionValue'],
        [{ name: 'ok', baseCommissionType: 'percentage', baseCommissionValue: 100.01 }, 'baseCommissionValue'],
        [{ name: 'ok', baseCommissionType: 'fixed', baseCommissionValue: 100000.5 }, 'baseCommissionValue'],
        [{ name: 'ok', baseCommissionType: 'fixed', baseCommissionValue: -1 }, 'baseCommissionValue'],
        [{ name: 'ok', baseCommissionType: 'bonus', baseCommissionValue: 1 }, 'baseCommissionType'],
      ];
      for (const [body, field] of cases) {
        const res = await t.api('POST', '/teams', merchant.liveKey, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
        expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      }
      expect((await t.api('POST', '/teams', merchant.liveKey, { name: 'x'.repeat(120), baseCommissionType: 'fixed', baseCommissionValue: 100000 })).status).toBe(201);
    });
  });

  describe('members', () => {
    it('adds eligible affiliates and skips the others with the reason', async () => {
      const team = await createTeam(t, merchant);
      const approved = await createAffiliate(t, merchant.liveKey, campaign.id);
      const pending = await signUpAffiliate(t, merchant.id, campaign.id);
      expect(pending.status).toBe('pending');
      const rejected = await signUpAffiliate(t, merchant.id, campaign.id);
      expect((await t.api('PATCH', `/affiliates/${rejected.id}`, merchant.liveKey, { campaignId: campaign.id, status: 'rejected' })).status).toBe(200);
      const testOne = await createAffiliate(t, merchant.testKey, campaign.id);
      const unknown = '00000000-0000-7000-8000-000000000001';
      const res = await t.api('POST', `/teams/${team.id}/members`, merchant.liveKey, {
        affiliateIds: [approved.id, pending.id, rejected.id, testOne.id, unknown, 'not-an-id', approved.id.toUpperCase()],
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        added: 1,
        alreadyMembers: 0,
        skipped: 5,
        results: [
          { affiliateId: approved.id, outcome: 'added' },
          { affiliateId: pending.id, outcome: 'skipped', reason: 'pending' },
          { affiliateId: rejected.id, outcome: 'skipped', reason: 'suspended' },
          { affiliateId: testOne.id, outcome: 'skipped', reason: 'test_affiliate' },
          { affiliateId: unknown, outcome: 'skipped', reason: 'no_relationship' },
          { affiliateId: 'not-an-id', outcome: 'skipped', reason: 'ineligible' },
        ],
      });
      const again = await t.api('POST', `/teams/${team.id}/members`, merchant.liveKey, { affiliateIds: [approved.id] });
      expect(again.body.data).toMatchObject({ added: 0, alreadyMembers: 1, skipped: 0, results: [{ affiliateId: approved.id, outcome: 'already_member' }] });
      for (const affiliateIds of [[], Array.from({ length: 101 }, (_, i) => `id-${i}`)]) {
        const bad = await t.api('POST', `/teams/${team.id}/members`, merchant.liveKey, { affiliateIds });
        expect(bad.status).toBe(400);
        expect(bad.body.error.code).toBe('validation_error');
      }
      const detail = await t.api('GET', `/teams/${team.id}`, merchant.liveReadKey);
      expect(detail.body.data.members).toEqual([
        { affiliateId: approved.id, name: expect.any(String), email: approved.email, role: 'member', isHeadless: true },
      ]);
      expect(detail.body.data.memberCount).toBe(1);
    });

    it('places members on every team campaign (auto-approved) and tallies how each membership fared', async () => {
      const teamCampaign = await createCampaign(t, merchant, { commissionType: 'percentage', commissionValue: 10 });
      const a = await createAffiliate(t, merchant.liveKey, campaign.id); // no membership on teamCampaign yet → created
      const b = await createAffiliate(t, merchant.liveKey, teamCampaign.id); // approved → linked
      const c = await createAffiliate(t, merchant.liveKey, campaign.id);
      const pendingJoin = await t.admin('POST', `/merchants/${merchant.id}/affiliate-signups`, { email: c.email, campaignId: teamCampaign.id });
      expect(pendingJoin.body.data.status).toBe('pending'); // pending → linked and approved
      const d = await createAffiliate(t, merchant.liveKey, campaign.id);
      await t.admin('POST', `/merchants/${merchant.id}/affiliate-signups`, { email: d.email, campaignId: teamCampaign.id });
      await t.api('PATCH', `/affiliates/${d.id}`, merchant.liveKey, { campaignId: teamCampaign.id, status: 'rejected' }); // rejected
      const e = await createAffiliate(t, merchant.liveKey, teamCampaign.id); // linked to another team → conflict
      const otherTeam = await createTeam(t, merchant);
      await staffTeam(t, merchant, otherTeam.id, [e.id], [teamCampaign.id]);

      const team = await createTeam(t, merchant);
      await staffTeam(t, merchant, team.id, [a.id, b.id, c.id, d.id, e.id], []);
      const res = await t.api('POST', `/teams/${team.id}/campaigns`, merchant.liveKey, { campaignId: teamCampaign.id, baseCommissionType: 'fixed', baseCommissionValue: 3 });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ teamId: team.id, campaignId: teamCampaign.id, created: true, tally: { created: 1, linked: 2, already: 0, rejected: 1, conflict: 1 } });
      const again = await t.api('POST', `/teams/${team.id}/campaigns`, merchant.liveKey, { campaignId: teamCampaign.id });
      expect(again.body.data).toEqual({ teamId: team.id, campaignId: teamCampaign.id, created: false, tally: { created: 0, linked: 0, already: 3, rejected: 1, conflict: 1 } });

      const statuses = await t.sql(
        `select affiliate_id, status, team_id from affiliate_memberships where campaign_id = $1 and affiliate_id = any($2::uuid[]) order by affiliate_id`,
        [teamCampaign.id, [a.id, b.id, c.id, d.id, e.id]],
      );
      const byId = Object.fromEntries(statuses.map((r) => [r.affiliate_id, r]));
      expect(byId[a.id]).toMatchObject({ status: 'approved', team_id: team.id });
      expect(byId[b.id]).toMatchObject({ status: 'approved', team_id: team.id });
      expect(byId[c.id]).toMatchObject({ status: 'approved', team_id: team.id });
      expect(byId[d.id]).toMatchObject({ status: 'rejected', team_id: null });
      expect(byId[e.id]).toMatchObject({ status: 'approved', team_id: otherTeam.id });
      const approvedEvents = await t.sql(`select payload from outbox_events where type = 'affiliate.approved' and payload->>'affiliateId' = $1`, [c.id]);
      expect(approvedEvents).toHaveLength(1);

      const detail = await t.api('GET', `/teams/${team.id}`, merchant.liveReadKey);
      expect(detail.body.data.campaigns).toEqual([
        {
          campaignId: teamCampaign.id,
          name: teamCampaign.name,
          baseCommissionType: 'fixed',
          baseCommissionValue: '3.00',
          campaignCommissionType: 'percentage',
          campaignCommissionValue: '10.00',
        },
      ]);

      // Later members are placed on the team's campaigns as they join.
      const late = await createAffiliate(t, merchant.liveKey, campaign.id);
      await staffTeam(t, merchant, team.id, [late.id], []);
      expect(await t.sql(`select status, team_id from affiliate_memberships where campaign_id = $1 and affiliate_id = $2`, [teamCampaign.id, late.id])).toEqual([
        { status: 'approved', team_id: team.id },
      ]);
      const foreign = await createCampaign(t, await createMerchant(t, 'scale'));
      expect((await t.api('POST', `/teams/${team.id}/campaigns`, merchant.liveKey, { campaignId: foreign.id })).status).toBe(404);
      expect((await t.api('POST', `/teams/${team.id}/campaigns`, merchant.liveKey, { campaignId: 'nope' })).status).toBe(404);
    });
  });

  describe('rates feed the commission calculation with the spec precedence', () => {
    it('override > team campaign rate > team base > campaign rate, and reverts when links go', async () => {
      const shop = await createCampaign(t, merchant, { commissionType: 'percentage', commissionValue: 10 });
      const member = await createAffiliate(t, merchant.liveKey, shop.id);
      const colleague = await createAffiliate(t, merchant.liveKey, shop.id);
      const outsider = await createAffiliate(t, merchant.liveKey, shop.id);
      const team = await createTeam(t, merchant, { baseCommissionType: 'percentage', baseCommissionValue: 15 });
      await staffTeam(t, merchant, team.id, [member.id, colleague.id], [shop.id]);
      expect(await commissionOf(shop.id, member.id)).toBe(15);
      expect(await commissionOf(shop.id, outsider.id)).toBe(10);

      await t.api('POST', `/teams/${team.id}/campaigns`, merchant.liveKey, { campaignId: shop.id, baseCommissionType: 'percentage', baseCommissionValue: 20 });
      expect(await commissionOf(shop.id, member.id)).toBe(20);

      const overrides = await t.api('POST', `/teams/${team.id}/overrides`, merchant.liveKey, {
        campaignId: shop.id,
        affiliateIds: [member.id, outsider.id],
        commissionType: 'fixed',
        commissionValue: 7,
      });
      expect(overrides.status).toBe(200);
      expect(overrides.body.data).toEqual({ campaignId: shop.id, updated: 1, skipped: [outsider.id] });
      expect((await t.api('GET', `/teams/${team.id}`, merchant.liveReadKey)).body.data.overrides).toEqual([
        { campaignId: shop.id, affiliateId: member.id, commissionType: 'fixed', commissionValue: '7.00', recurringValue: null },
      ]);
      expect(await commissionOf(shop.id, member.id)).toBe(7);
      expect(await commissionOf(shop.id, colleague.id)).toBe(20);
      const list = await t.api('GET', '/teams', merchant.liveReadKey);
      expect(list.body.data.find((x: { id: string }) => x.id === team.id)).toMatchObject({ customRateCount: 2, memberCount: 2, campaignCount: 1 });

      // Removing the member clears its linkage and override: campaign rate again.
      const removed = await t.api('DELETE', `/teams/${team.id}/members/${member.id}`, merchant.liveKey);
      expect(removed.body.data).toEqual({ teamId: team.id, affiliateId: member.id, removed: true });
      expect(await commissionOf(shop.id, member.id)).toBe(10);
      expect(await t.sql(`select 1 from team_overrides where affiliate_id = $1`, [member.id])).toEqual([]);
      expect((await t.api('DELETE', `/teams/${team.id}/members/${member.id}`, merchant.liveKey)).status).toBe(404);

      // Removing the campaign unlinks everyone on it.
      const unassigned = await t.api('DELETE', `/teams/${team.id}/campaigns/${shop.id}`, merchant.liveKey);
      expect(unassigned.body.data).toEqual({ teamId: team.id, campaignId: shop.id, removed: true });
      expect(await commissionOf(shop.id, colleague.id)).toBe(10);
      expect((await t.api('DELETE', `/teams/${team.id}/campaigns/${shop.id}`, merchant.liveKey)).status).toBe(404);
    });

    it('validates overrides: the campaign must be the team’s and the rate within bounds', async () => {
      const shop = await createCampaign(t, merchant);
      const elsewhere = await createCampaign(t, merchant);
      const member = await createAffiliate(t, merchant.liveKey, shop.id);
      const team = await createTeam(t, merchant);
      await staffTeam(t, merchant, team.id, [member.id], [shop.id]);
      const notOnTeam = await t.api('POST', `/teams/${team.id}/overrides`, merchant.liveKey, {
        campaignId: elsewhere.id,
        affiliateIds: [member.id],
        commissionType: 'percentage',
        commissionValue: 5,
      });
      expect(notOnTeam.status).toBe(400);
      expect(notOnTeam.body.error.details[0].field).toBe('campaignId');
      const tooHigh = await t.api('POST', `/teams/${team.id}/overrides`, merchant.liveKey, {
        campaignId: shop.id,
        affiliateIds: [member.id],
        commissionType: 'percentage',
        commissionValue: 101,
      });
      expect(tooHigh.status).toBe(400);
      expect(tooHigh.body.error.details[0].field).toBe('commissionValue');
    });
  });

  describe('PATCH /teams/:id', () => {
    it('sets a leader only among current members with a login account, and clears it', async () => {
      const auto = await createCampaign(t, merchant, { autoApproveAffiliates: true });
      const headless = await createAffiliate(t, merchant.liveKey, auto.id);
      const person = await connectedAffiliate(t, merchant, auto.id);
      const outsider = await connectedAffiliate(t, merchant, auto.id);
      const team = await createTeam(t, merchant);
      await staffTeam(t, merchant, team.id, [headless.id, person.id], [auto.id]);
      for (const leaderAffiliateId of [headless.id, outsider.id, 'not-an-id']) {
        const res = await t.api('PATCH', `/teams/${team.id}`, merchant.liveKey, { leaderAffiliateId });
        expect(res.status).toBe(400);
        expect(res.body.error.details[0].field).toBe('leaderAffiliateId');
      }
      const ok = await t.api('PATCH', `/teams/${team.id}`, merchant.liveKey, { leaderAffiliateId: person.id, name: 'Renamed' });
      expect(ok.body).toEqual({ data: { id: team.id, updated: true } });
      const detail = (await t.api('GET', `/teams/${team.id}`, merchant.liveReadKey)).body.data;
      expect(detail).toMatchObject({ name: 'Renamed', leaderAffiliateId: person.id });
      expect(detail.members.find((m: { affiliateId: string }) => m.affiliateId === person.id)).toMatchObject({ role: 'leader', isHeadless: false });
      // The leader leaving clears the pointer.
      await t.api('DELETE', `/teams/${team.id}/members/${person.id}`, merchant.liveKey);
      expect((await t.api('GET', `/teams/${team.id}`, merchant.liveReadKey)).body.data.leaderAffiliateId).toBeNull();
    });

    it('changes the currency until the team has a goal, then answers 409 currency_locked', async () => {
      const team = await createTeam(t, merchant);
      expect((await t.api('PATCH', `/teams/${team.id}`, merchant.liveKey, { currency: 'GBP' })).status).toBe(200);
      await createGoal(t, merchant, team.id, { targetValue: 100, bonusValue: 10 });
      const locked = await t.api('PATCH', `/teams/${team.id}`, merchant.liveKey, { currency: 'usd' });
      expect(locked.status).toBe(409);
      expect(locked.body.error.code).toBe('currency_locked');
      expect((await t.api('PATCH', `/teams/${team.id}`, merchant.liveKey, { currency: 'gbp', baseCommissionType: 'fixed', baseCommissionValue: 2 })).status).toBe(200);
      const detail = (await t.api('GET', `/teams/${team.id}`, merchant.liveReadKey)).body.data;
      expect(detail).toMatchObject({ currency: 'gbp', baseCommissionType: 'fixed', baseCommissionValue: '2.00' });
      expect((await t.api('PATCH', `/teams/${team.id}`, merchant.liveKey, { baseCommissionValue: null })).status).toBe(200);
      expect((await t.api('GET', `/teams/${team.id}`, merchant.liveReadKey)).body.data.baseCommissionValue).toBeNull();
    });
  });

  describe('DELETE /teams/:id', () => {
    it('unlinks every membership (rates revert), removes the team and archives its chat thread', async () => {
      const shop = await createCampaign(t, merchant, { commissionType: 'percentage', commissionValue: 10 });
      const member = await createAffiliate(t, merchant.liveKey, shop.id);
      const team = await createTeam(t, merchant, { baseCommissionType: 'percentage', baseCommissionValue: 30 });
      await staffTeam(t, merchant, team.id, [member.id], [shop.id]);
      await createGoal(t, merchant, team.id, { targetValue: 100, bonusValue: 10 });
      expect(await commissionOf(shop.id, member.id)).toBe(30);
      const res = await t.api('DELETE', `/teams/${team.id}`, merchant.liveKey);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ id: team.id, deleted: true });
      expect(await commissionOf(shop.id, member.id)).toBe(10);
      expect((await t.api('GET', `/teams/${team.id}`, merchant.liveReadKey)).status).toBe(404);
      expect(await t.sql(`select status, archived_at is not null as archived from team_chat_threads where team_id = $1`, [team.id])).toEqual([
        { status: 'archived', archived: true },
      ]);
      expect(await t.sql(`select 1 from affiliate_memberships where team_id = $1`, [team.id])).toEqual([]);
      expect((await t.api('DELETE', `/teams/${team.id}`, merchant.liveKey)).status).toBe(404);
    });
  });
});
