import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { CHROMIUM, DashboardChromium } from '../support/dashboard-chromium.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { signUpAffiliate } from '../support/program-mother.js';
import { createGoal, createTeam, runJobs, setClock, staffTeam } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

if (!CHROMIUM) console.warn('SKIPPED the dashboard teams browser test: chromium was not found; install it with `apt-get install -y chromium`.');

/**
 * The team actions of the API, done from the dashboard in headless chromium at 375 px: team edit and
 * delete, members' own rates, tiered goal bonuses (with and without JavaScript), the award ledger.
 * Each checks the page, the API and the database, and every new page state passes axe.
 */
describe.skipIf(!CHROMIUM)('team actions in the dashboard, in a real browser', () => {
  let t: TestService;
  let chrome: DashboardChromium;
  let merchant: TestMerchant;
  let other: TestMerchant;
  let page: Page;
  let userId: string;

  const open = async (path: string) => {
    const response = await page.goto(`${chrome.base}${path}`);
    expect(response?.status(), path).toBe(200);
  };
  const alertText = () => page.getByRole('alert').first().innerText();
  const lastAudit = async (path: string) =>
    (await t.sql<{ actor: string; status: number; error_code: string | null }>(`select actor, status, error_code from audit_log where path = $1 order by created_at desc, id desc limit 1`, [path]))[0];
  const sale = async (m: TestMerchant, campaignId: string, affiliateId: string, amount = 40) => {
    const res = await t.api('POST', '/conversions', m.liveKey, { campaignId, affiliateId, amount });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; commission: number };
  };
  /** A team whose one-sale goal was hit and closed: it has a `pending_window` award. */
  const teamWithAward = async (m: TestMerchant, name: string) => {
    const campaign = await createCampaign(t, m.liveKey, { name: `${name} shop` });
    const member = await createAffiliate(t, m.liveKey, campaign.id, { name: `${name} member` });
    const team = await createTeam(t, m, { name });
    await staffTeam(t, m, team.id, [member.id], [campaign.id]);
    const goal = await createGoal(t, m, team.id, { name: `${name} goal`, metric: 'conversions', targetValue: 1, bonusType: 'flat', bonusValue: 10, refundSafeDays: 7 });
    await sale(m, campaign.id, member.id);
    expect((await t.api('PATCH', `/teams/${team.id}/goals/${goal.id}`, m.liveKey, { action: 'close_now' })).status).toBe(200);
    const awards = (await t.api('GET', `/teams/${team.id}/awards`, m.liveKey)).body.data;
    expect(awards).toEqual([expect.objectContaining({ status: 'pending_window', amount: '10.00' })]);
    return { team, campaign, member, goal, award: awards[0] as { id: string } };
  };

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    other = await createMerchant(t, 'scale');
    chrome = await DashboardChromium.start(t, 'dashboard-teams');
    ({ page, userId } = await chrome.signedIn(t, merchant.id));
  }, 120_000);

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  it('renames a team and picks its leader, shows a locked currency, and deletes a team only when it has no awards', async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Leader shop', autoApproveAffiliates: true });
    const leader = await signUpAffiliate(t, merchant.id, campaign.id);
    expect(leader.status).toBe('approved');
    const headless = await createAffiliate(t, merchant.liveKey, campaign.id);
    const team = await createTeam(t, merchant, { name: 'Before rename' });
    await staffTeam(t, merchant, team.id, [leader.id, headless.id], [campaign.id]);

    await open(`/dashboard/teams/${team.id}`);
    await page.getByRole('link', { name: 'Edit or delete the team' }).click();
    await page.waitForURL(/\/edit$/);
    await chrome.check(page, 'team-edit');
    // Only a member with a login account may lead, as the API rules.
    expect(await page.locator('select[name="leaderAffiliateId"] option').evaluateAll((options: any[]) => options.map((o) => o.value))).toEqual(['', leader.id]);
    await page.getByLabel('Name', { exact: true }).fill('After rename');
    await page.getByLabel('Leader').selectOption(leader.id);
    await page.getByLabel('Team commission type').selectOption('percentage');
    await page.getByLabel('Team commission value').fill('12');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/dashboard\/teams\/[0-9a-f-]{36}\?notice=Team%20saved/);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('After rename');
    expect((await t.api('GET', `/teams/${team.id}`, merchant.liveKey)).body.data).toMatchObject({ name: 'After rename', leaderAffiliateId: leader.id, baseCommissionType: 'percentage', baseCommissionValue: '12.00' });
    expect(await lastAudit(`/dashboard/teams/${team.id}/edit`)).toEqual({ actor: `user:${userId}`, status: 303, error_code: null });

    // Once the team has a goal its currency is locked: the API's refusal, in words, beside the form.
    await createGoal(t, merchant, team.id, { metric: 'conversions', targetValue: 5, bonusType: 'flat', bonusValue: 10 });
    await open(`/dashboard/teams/${team.id}/edit`);
    await page.getByLabel('Currency (3 letters)').fill('eur');
    await page.getByLabel('Team commission type').selectOption('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForLoadState('load');
    await expect(alertText()).resolves.toContain("currency cannot change once the team has a goal");
    await chrome.check(page, 'team-edit-currency-locked');
    expect(await lastAudit(`/dashboard/teams/${team.id}/edit`)).toMatchObject({ status: 409, error_code: 'currency_locked' });
    expect((await t.api('GET', `/teams/${team.id}`, merchant.liveKey)).body.data).toMatchObject({ currency: 'usd', baseCommissionValue: '12.00' });
    // The same form without the currency change clears the team rate.
    await page.getByLabel('Currency (3 letters)').fill('usd');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/notice=Team%20saved/);
    expect((await t.api('GET', `/teams/${team.id}`, merchant.liveKey)).body.data).toMatchObject({ baseCommissionType: null, baseCommissionValue: null });

    // A team with awards is not deleted: asked first, then refused as the API refuses it.
    const awarded = await teamWithAward(merchant, 'Awarded team');
    await open(`/dashboard/teams/${awarded.team.id}/edit`);
    await page.getByRole('button', { name: 'Delete team Awarded team' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete Awarded team?' });
    await expect(ask.isVisible()).resolves.toBe(true);
    await chrome.check(page, 'team-delete-dialog');
    await ask.getByRole('button', { name: 'Delete team' }).click();
    await page.waitForLoadState('load');
    await expect(alertText()).resolves.toContain('award history and cannot be deleted');
    await chrome.check(page, 'team-delete-refused');
    expect(await lastAudit(`/dashboard/teams/${awarded.team.id}/delete`)).toMatchObject({ actor: `user:${userId}`, status: 409, error_code: 'team_has_awards' });
    expect((await t.api('GET', `/teams/${awarded.team.id}`, merchant.liveKey)).status).toBe(200);

    // Without awards: "Keep it" changes nothing; confirming deletes, and the member's sales earn the campaign's rate again.
    const doomed = await createTeam(t, merchant, { name: 'Short-lived team' });
    const member = await createAffiliate(t, merchant.liveKey, campaign.id);
    await staffTeam(t, merchant, doomed.id, [member.id], [campaign.id]);
    await open(`/dashboard/teams/${doomed.id}/edit`);
    await page.getByRole('button', { name: 'Delete team Short-lived team' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Keep it' }).click();
    expect((await t.api('GET', `/teams/${doomed.id}`, merchant.liveKey)).status).toBe(200);
    await open(`/dashboard/teams/${doomed.id}/edit`);
    await page.getByRole('button', { name: 'Delete team Short-lived team' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete team' }).click();
    await page.waitForURL(/\/dashboard\/teams\?notice=Team%20deleted/);
    await expect(page.getByRole('link', { name: 'Short-lived team' }).count()).resolves.toBe(0);
    expect((await t.api('GET', `/teams/${doomed.id}`, merchant.liveKey)).status).toBe(404);
    expect(await t.sql(`select team_id from affiliate_memberships where affiliate_id = $1`, [member.id])).toEqual([{ team_id: null }]);
    expect(await lastAudit(`/dashboard/teams/${doomed.id}/delete`)).toEqual({ actor: `user:${userId}`, status: 303, error_code: null });
    expect(chrome.violations).toEqual([]);
  }, 180_000);

  it("sets a member's own rate from the roster, which the next sale earns, and says why a membership of another team gets none", async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Override shop', commissionType: 'percentage', commissionValue: 10 });
    const member = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Rita Rate' });
    const elsewhere = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Otto Other' });
    const otherTeam = await createTeam(t, merchant, { name: 'First team of Otto' });
    await staffTeam(t, merchant, otherTeam.id, [elsewhere.id], [campaign.id]);
    const team = await createTeam(t, merchant, { name: 'Rates team' });
    await staffTeam(t, merchant, team.id, [member.id, elsewhere.id], [campaign.id]);

    await open(`/dashboard/teams/${team.id}`);
    await page.getByRole('link', { name: 'Own rates of Rita Rate' }).click();
    await page.waitForURL(new RegExp(`/members/${member.id}$`));
    await chrome.check(page, 'team-member-rates');
    await page.getByLabel('Commission type').selectOption('percentage');
    await page.getByLabel('Commission value').fill('150');
    await page.getByRole('button', { name: 'Save rate' }).click();
    await page.waitForLoadState('load');
    await expect(page.locator('[id="commissionValue-error"]').isVisible()).resolves.toBe(true);
    await chrome.check(page, 'team-member-rates-error');
    expect(await t.sql(`select 1 from team_overrides where affiliate_id = $1`, [member.id])).toEqual([]);

    await page.getByLabel('Commission type').selectOption('fixed');
    await page.getByLabel('Commission value').fill('7');
    await page.getByRole('button', { name: 'Save rate' }).click();
    await page.waitForURL(/notice=Own%20rate%20on%20Override%20shop%20saved/);
    await expect(page.getByRole('cell', { name: '7.00 fixed' }).count()).resolves.toBe(1);
    expect((await t.api('GET', `/teams/${team.id}`, merchant.liveKey)).body.data.overrides).toEqual([
      { campaignId: campaign.id, affiliateId: member.id, commissionType: 'fixed', commissionValue: '7.00', recurringValue: null },
    ]);
    expect(await t.sql(`select affiliate_id, commission_type, commission_value = 7 as seven from team_overrides where team_id = $1`, [team.id])).toEqual([{ affiliate_id: member.id, commission_type: 'fixed', seven: true }]);
    expect(await lastAudit(`/dashboard/teams/${team.id}/members/${member.id}/rates`)).toEqual({ actor: `user:${userId}`, status: 303, error_code: null });
    expect((await sale(merchant, campaign.id, member.id, 100)).commission).toBe(7);
    await open(`/dashboard/teams/${team.id}`);
    await expect(page.getByRole('cell', { name: 'Override shop: 7.00 fixed' }).count()).resolves.toBe(1);

    // Otto's membership on the campaign earns his first team's rates: the API skips him, the page says why.
    await open(`/dashboard/teams/${team.id}/members/${elsewhere.id}`);
    await page.getByLabel('Commission value').fill('5');
    await page.getByRole('button', { name: 'Save rate' }).click();
    await page.waitForLoadState('load');
    await expect(alertText()).resolves.toContain("Not saved: Otto Other's membership on Override shop is not linked to this team");
    expect(await t.sql(`select 1 from team_overrides where affiliate_id = $1`, [elsewhere.id])).toEqual([]);
    expect(chrome.violations).toEqual([]);
  }, 120_000);

  it('defines a tiered bonus with rows added and removed through htmx, and shows the tiers the period has reached', async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Tier shop' });
    const member = await createAffiliate(t, merchant.liveKey, campaign.id);
    const team = await createTeam(t, merchant, { name: 'Tier team' });
    await staffTeam(t, merchant, team.id, [member.id], [campaign.id]);
    const teamUrl = `${chrome.base}/dashboard/teams/${team.id}`;
    const focused = (target: ReturnType<Page['getByLabel']>) => target.evaluate((el: any) => el === el.ownerDocument.activeElement);

    await open(`/dashboard/teams/${team.id}`);
    await page.getByLabel('Goal name').fill('Tiered sales');
    await page.locator('#goal-form select[name="metric"]').selectOption('conversions');
    await page.getByLabel('Target', { exact: true }).fill('2');
    await page.locator('#goal-form select[name="bonusType"]').selectOption('tiered');
    await page.getByLabel('Tier 1 threshold').fill('2');
    await page.getByLabel('Tier 1 bonus').fill('50');
    await page.getByRole('button', { name: 'Add a tier' }).click();
    await page.getByLabel('Tier 2 threshold').waitFor();
    // htmx focuses the autofocus element once the swap has settled.
    await expect.poll(() => focused(page.getByLabel('Tier 2 threshold'))).toBe(true);
    await page.getByLabel('Tier 2 threshold').fill('4');
    await page.getByLabel('Tier 2 bonus').fill('120');
    await page.getByRole('button', { name: 'Add a tier' }).click();
    await page.getByLabel('Tier 3 threshold').waitFor();
    await page.getByLabel('Tier 3 threshold').fill('999');
    await page.getByRole('button', { name: 'Remove tier 3' }).click();
    await page.getByLabel('Tier 3 threshold').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page.getByRole('button', { name: 'Add a tier' }))).toBe(true);
    // htmx swapped the tiers only: same address, and what was typed elsewhere is still there.
    expect(page.url()).toBe(teamUrl);
    await expect(page.getByLabel('Goal name').inputValue()).resolves.toBe('Tiered sales');
    await expect(page.getByLabel('Tier 1 threshold').inputValue()).resolves.toBe('2');
    await expect(page.getByLabel('Tier 2 bonus').inputValue()).resolves.toBe('120');
    await chrome.check(page, 'team-goal-tiers-form');
    await page.getByRole('button', { name: 'Create goal' }).click();
    await page.waitForURL(/notice=Goal%20created/);
    const goals = (await t.api('GET', `/teams/${team.id}/goals`, merchant.liveKey)).body.data;
    expect(goals).toEqual([
      expect.objectContaining({
        name: 'Tiered sales',
        bonusType: 'tiered',
        bonusValue: null,
        bonusTiers: [
          { threshold: '2', amount: '50.00' },
          { threshold: '4', amount: '120.00' },
        ],
      }),
    ]);
    expect(await lastAudit(`/dashboard/teams/${team.id}/goals`)).toEqual({ actor: `user:${userId}`, status: 303, error_code: null });

    const goalRow = page
      .getByRole('list', { name: "Goals with this period's progress" })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Tiered sales' }) });
    await expect(goalRow.innerText()).resolves.toContain('Tiers reached: 0 of 2');
    await sale(merchant, campaign.id, member.id);
    await sale(merchant, campaign.id, member.id);
    await open(`/dashboard/teams/${team.id}`);
    let row = await goalRow.innerText();
    expect(row).toContain('Tiers reached: 1 of 2');
    expect(row).toContain('Tier 1: from 2, 50.00 USD (reached)');
    expect(row).not.toContain('120.00 USD (reached)');
    expect(row).toContain('Bonus if it closed now: 50.00 USD');
    await sale(merchant, campaign.id, member.id);
    await sale(merchant, campaign.id, member.id);
    await open(`/dashboard/teams/${team.id}`);
    row = await goalRow.innerText();
    expect(row).toContain('Tiers reached: 2 of 2');
    expect(row).toContain('Bonus if it closed now: 120.00 USD');
    await chrome.check(page, 'team-goal-tiers-progress');
    expect(chrome.violations).toEqual([]);
  }, 120_000);

  it('adds and removes tier rows without JavaScript, and shows a refused tier beside its row', async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Plain shop' });
    const team = await createTeam(t, merchant, { name: 'Plain team' });
    await staffTeam(t, merchant, team.id, [], [campaign.id]);
    const { page: plain } = await chrome.signedIn(t, merchant.id, { javaScriptEnabled: false });
    await plain.goto(`${chrome.base}/dashboard/teams/${team.id}`);
    await plain.getByLabel('Goal name').fill('Plain tiers');
    await plain.locator('#goal-form select[name="bonusType"]').selectOption('tiered');
    await plain.getByLabel('Tier 1 threshold').fill('500');
    await plain.getByLabel('Tier 1 bonus').fill('10');
    await plain.getByRole('button', { name: 'Add a tier' }).click();
    await plain.waitForURL(/\/goals\/tiers$/);
    await expect(plain.getByLabel('Tier 1 threshold').inputValue()).resolves.toBe('500');
    await expect(plain.getByLabel('Goal name').inputValue()).resolves.toBe('Plain tiers');
    await plain.getByLabel('Tier 2 threshold').fill('500');
    await plain.getByLabel('Tier 2 bonus').fill('20');
    await plain.getByRole('button', { name: 'Add a tier' }).click();
    await plain.waitForLoadState('load');
    await plain.getByRole('button', { name: 'Remove tier 3' }).click();
    await plain.waitForLoadState('load');
    await expect(plain.getByLabel('Tier 3 threshold').count()).resolves.toBe(0);
    await plain.getByLabel('Target', { exact: true }).fill('400');
    await plain.getByRole('button', { name: 'Create goal' }).click();
    await plain.waitForLoadState('load');
    await expect(plain.locator('[id="bonusTiers.1.threshold-error"]').innerText()).resolves.toContain('must differ');
    await expect(plain.getByLabel('Tier 2 threshold').getAttribute('aria-invalid')).resolves.toBe('true');
    await chrome.checkScriptless(plain, 'team-goal-tiers-refused-without-js');
    expect((await t.api('GET', `/teams/${team.id}/goals`, merchant.liveKey)).body.data).toEqual([]);
    await plain.getByLabel('Tier 2 threshold').fill('800');
    // Enter in a tier's field creates the goal (the form's first button), not a Remove.
    await plain.getByLabel('Tier 2 threshold').press('Enter');
    await plain.waitForURL(/notice=Goal%20created/);
    expect((await t.api('GET', `/teams/${team.id}/goals`, merchant.liveKey)).body.data[0].bonusTiers).toEqual([
      { threshold: '500.00', amount: '10.00' },
      { threshold: '800.00', amount: '20.00' },
    ]);
    await plain.context().close();
    expect(chrome.violations).toEqual([]);
  }, 120_000);

  it("answers 404 for another merchant's teams, members, goals and awards, and changes nothing of theirs", async () => {
    const theirs = await teamWithAward(other, 'Their team');
    const mine = await createTeam(t, merchant, { name: 'Mine for 404s' });
    for (const path of [`/dashboard/teams/${theirs.team.id}/edit`, `/dashboard/teams/${theirs.team.id}/members/${theirs.member.id}`, `/dashboard/teams/${mine.id}/members/${theirs.member.id}`]) {
      expect((await page.goto(`${chrome.base}${path}`))?.status(), path).toBe(404);
    }
    await open('/dashboard/teams');
    const posts: [string, Record<string, string>][] = [
      [`/dashboard/teams/${theirs.team.id}/edit`, { name: 'Taken' }],
      [`/dashboard/teams/${theirs.team.id}/delete`, {}],
      [`/dashboard/teams/${theirs.team.id}/delete`, { confirm: 'true' }],
      [`/dashboard/teams/${theirs.team.id}/members/${theirs.member.id}/rates`, { campaignId: theirs.campaign.id, commissionType: 'fixed', commissionValue: '1' }],
      [`/dashboard/teams/${mine.id}/members/${theirs.member.id}/rates`, { campaignId: theirs.campaign.id, commissionType: 'fixed', commissionValue: '1' }],
      [`/dashboard/teams/${theirs.team.id}/goals/tiers`, { tiers: 'add' }],
      [`/dashboard/teams/${theirs.team.id}/goals`, { name: 'Taken', targetValue: '1', bonusType: 'tiered', tierThreshold: '1', tierAmount: '5' }],
      [`/dashboard/teams/${theirs.team.id}/awards/${theirs.award.id}`, { action: 'cancel', back: '/dashboard/awards' }],
      [`/dashboard/teams/${mine.id}/awards/${theirs.award.id}`, { action: 'cancel', back: '/dashboard/awards' }],
    ];
    for (const [path, fields] of posts) expect((await chrome.postForm(page, path, fields)).status(), path).toBe(404);
    const after = (await t.api('GET', `/teams/${theirs.team.id}`, other.liveKey)).body.data;
    expect(after).toMatchObject({ name: 'Their team', overrides: [] });
    expect(after.goals).toHaveLength(1);
    expect((await t.api('GET', `/teams/${theirs.team.id}/awards`, other.liveKey)).body.data[0].status).toBe('pending_window');
    // The ledger filtered on their team shows nothing.
    await open(`/dashboard/awards?teamId=${theirs.team.id}`);
    await expect(page.getByText('Their team').count()).resolves.toBe(0);

    // Below Scale the new pages are refused as the API refuses every Teams route, whatever the id.
    const ultimate = await createMerchant(t, 'ultimate');
    const { page: below } = await chrome.signedIn(t, ultimate.id);
    for (const path of ['/dashboard/awards', `/dashboard/teams/${mine.id}/edit`, `/dashboard/teams/${mine.id}/members/${theirs.member.id}`]) {
      const response = await below.goto(`${chrome.base}${path}`);
      expect(response?.status(), path).toBe(403);
      await expect(below.getByText('Teams needs the Scale plan').count(), path).resolves.toBe(1);
    }
    await below.context().close();
  }, 120_000);

  // Last: it moves the service clock past the refund-safe window.
  it('runs awards from the ledger: a refused approval is explained, an approval and a payment go through the award use case', async () => {
    const { team, award } = await teamWithAward(merchant, 'Ledger team');
    await open('/dashboard/teams');
    await page.getByRole('link', { name: 'Award ledger' }).click();
    await page.waitForURL(/\/dashboard\/awards$/);
    await page.locator('select[name="teamId"]').selectOption(team.id);
    await page.locator('select[name="status"]').selectOption('pending_window');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/status=pending_window/);
    await expect(page.getByRole('row', { name: /Ledger team member/ }).count()).resolves.toBe(1);
    await chrome.check(page, 'award-ledger');
    await page.getByRole('button', { name: /^Approve: award of 10\.00 USD/ }).click();
    await page.waitForLoadState('load');
    await expect(alertText()).resolves.toContain('A pending_window award cannot take the action "approve"');
    // Shown again with its filters.
    await expect(page.locator('select[name="status"]').inputValue()).resolves.toBe('pending_window');
    await expect(page.getByRole('row', { name: /Ledger team member/ }).count()).resolves.toBe(1);
    await chrome.check(page, 'award-ledger-refused');
    expect(await lastAudit(`/dashboard/teams/${team.id}/awards/${award.id}`)).toMatchObject({ actor: `user:${userId}`, status: 409, error_code: 'invalid_transition' });

    // Past the 7-day window the award waits for approval (and the week-long session has ended: signed in again).
    const now = new Date((await t.admin('GET', '/clock')).body.data.now);
    await setClock(t, new Date(now.getTime() + 8 * 86_400_000).toISOString());
    await runJobs(t);
    ({ page, userId } = await chrome.signedIn(t, merchant.id));
    await open(`/dashboard/awards?status=pending_approval&teamId=${team.id}`);
    await page.getByRole('button', { name: /^Approve: award of 10\.00 USD/ }).click();
    await page.waitForURL(/\/dashboard\/awards\?status=pending_approval&teamId=.*notice=Award%20approved/);
    expect((await t.api('GET', `/teams/${team.id}/awards`, merchant.liveKey)).body.data[0]).toMatchObject({ status: 'approved', approvedBy: `user:${userId}` });

    // From the team page, filtered on approved awards: mark paid; the award's event is emitted as through the API.
    await open(`/dashboard/teams/${team.id}?awardStatus=approved`);
    await page.getByRole('button', { name: /^Mark paid: award of 10\.00 USD/ }).click();
    await page.waitForURL(/notice=Award%20marked%20paid/);
    expect((await t.api('GET', `/teams/${team.id}/awards`, merchant.liveKey)).body.data[0].status).toBe('paid');
    expect(await t.sql(`select type from outbox_events where type = 'bonus.paid' and payload->>'awardId' = $1`, [award.id])).toHaveLength(1);

    await page.getByLabel('Months (1 to 36)').fill('12');
    await page.getByRole('button', { name: 'Show history' }).click();
    await page.waitForURL(/months=12/);
    await expect(page.getByRole('heading', { name: 'History (last 12 months)' }).count()).resolves.toBe(1);
    await chrome.check(page, 'team-detail-filtered');
    expect(chrome.violations).toEqual([]);
  }, 120_000);
});
