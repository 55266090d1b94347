import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { clockOf, HOUR, payableAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import type { TestCampaign } from '../support/program-mother.js';
import { startPayPalStub, type PayPalStub } from '../support/provider-stubs/paypal-stub.js';
import { startStripeStub, type StripeStub } from '../support/provider-stubs/stripe-stub.js';
import { createGoal, createTeam, staffTeam } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const SECRET = 'sk_live_51TeamAwardsE2eSecret00000001';
const DAY = 24 * HOUR;

/**
 * Team bonus awards go out the way commissions do: in the payout job's one transfer per affiliate and
 * currency, through the merchant's own provider (here a local stub of the card processor), `bonus.paid`
 * only once the provider confirmed; by hand through the batch file and mark-paid when the merchant has
 * no provider; through the sandbox in test mode only.
 */
describe('team bonus awards paid with the commissions', () => {
  let stub: StripeStub;
  let paypal: PayPalStub;
  let t: TestService;

  const inScope = <T>(work: () => Promise<T>) => t.service.container.resolve(TOKENS.RequestScope)(work);
  const clock = () => clockOf(t);

  /** A signed-up affiliate whose Express account has payouts enabled at the stub. */
  const connectedAffiliate = async (m: TestMerchant, campaign: TestCampaign) => {
    const a = await payableAffiliate(t, m.id, campaign.id, null);
    const link = await t.admin('POST', `/affiliates/${a.id}/connect-onboarding`, {
      merchantId: m.id,
      mode: 'live',
      returnUrl: 'https://portal.example.com/payouts/connected',
      refreshUrl: 'https://portal.example.com/payouts/connect',
    });
    expect(link.status).toBe(200);
    const accountId = link.body.data.accountId as string;
    const onboarding = t.service.container.resolve(TOKENS.ConnectOnboarding);
    const updated = await inScope(() => onboarding.accountUpdated({ merchantId: m.id, mode: 'live' }, { id: accountId, payoutsEnabled: true }));
    expect(updated._unsafeUnwrap()).toBe('completed');
    return { id: a.id, accountId };
  };

  const sale = async (key: string, campaignId: string, affiliateId: string, amount: number) => {
    const res = await t.api('POST', '/conversions', key, { campaignId, affiliateId, amount, currency: 'usd' });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };

  /**
   * The affiliate's sale of `saleAmount` hits a one-member team's goal worth `bonus`; the goal is
   * closed now and its refund-safe window runs out, so the award awaits approval. Then the sale and
   * the award are approved together: both are due now.
   */
  const commissionAndAwardDue = async (
    m: TestMerchant,
    key: string,
    campaign: TestCampaign,
    affiliateId: string,
    saleAmount: number,
    bonus: number,
    approveSale = true,
  ) => {
    const team = await createTeam(t, m, {}, key);
    await staffTeam(t, m, team.id, [affiliateId], [campaign.id], key);
    const goal = await createGoal(t, m, team.id, { targetValue: 1, bonusValue: bonus, refundSafeDays: 7 }, key);
    const conversionId = await sale(key, campaign.id, affiliateId, saleAmount);
    expect((await t.api('PATCH', `/teams/${team.id}/goals/${goal.id}`, key, { action: 'close_now' })).status).toBe(200);
    await clock().advance(7 * DAY + 60_000);
    await runJobs(t);
    const [award] = (await t.api('GET', `/teams/${team.id}/awards`, key)).body.data;
    expect(award).toMatchObject({ status: 'pending_approval', amount: bonus.toFixed(2) });
    if (approveSale) expect((await t.api('PATCH', `/conversions/${conversionId}`, key, { status: 'approved' })).status).toBe(200);
    const approved = await t.api('PATCH', `/teams/${team.id}/awards/${award.id}`, key, { action: 'approve' });
    expect(approved.body.data.status).toBe('approved');
    const awardNow = async () => (await t.api('GET', `/teams/${team.id}/awards`, key)).body.data[0] as Record<string, any>;
    return { teamId: team.id, awardId: award.id as string, conversionId, awardNow };
  };

  const bonusPaid = (merchantId: string, mode = 'live') =>
    t.sql(`select payload from outbox_events where merchant_id = $1 and mode = $2 and type = 'bonus.paid'`, [merchantId, mode]);

  beforeAll(async () => {
    stub = await startStripeStub();
    stub.keys.add(SECRET);
    paypal = await startPayPalStub();
    t = await startTestService({ payoutApiBases: { stripe: stub.base, paypal: paypal.base, wise: null } });
    await clock().set(new Date('2031-05-03T10:00:00.000Z'));
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
    await paypal.close();
  });

  it('pays a commission and an award due together in ONE transfer of their sum; bonus.paid once the provider confirmed', async () => {
    const m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    const campaign = await payoutCampaign(t, m);
    expect((await t.api('PUT', '/payout-providers/connect', m.liveKey, { secretKey: SECRET })).status).toBe(200);
    const a = await connectedAffiliate(m, campaign);
    const due = await commissionAndAwardDue(m, m.liveKey, campaign, a.id, 12.34, 20);
    const before = stub.transfers.size;

    await runJobs(t);
    const made = [...stub.transfers.values()].slice(before);
    expect(made.map((tr) => [tr.destination, tr.currency, tr.amount])).toEqual([[a.accountId, 'usd', 3234]]);
    expect(made[0]!.description).toBe('Affiliate commissions (1 sale, 1 team bonus)');
    const transferId = made[0]!.id as string;
    for (const [key, count] of stub.transferRequestsByKey) expect(count, key).toBe(1);

    const award = await due.awardNow();
    expect(award).toMatchObject({ status: 'paid', payoutMethod: 'connect', cardTransferId: transferId, failureReason: null, paidAt: expect.any(String) });
    expect(award.cardTransferId).not.toMatch(/^tr_sbx_/);
    const row = await payoutOf(t, m.liveKey, due.conversionId);
    expect(row).toMatchObject({ status: 'completed', payment: { gross: '32.34', bonus: '20.00', clawback: '0.00', amount: '32.34' } });
    expect((await t.api('GET', `/conversions/${due.conversionId}`, m.liveKey)).body.data).toMatchObject({ status: 'paid', cardTransferId: transferId });
    const events = await bonusPaid(m.id);
    expect(events.map((e) => [e.payload.awardId, e.payload.status, e.payload.payoutMethod, e.payload.amount])).toEqual([[due.awardId, 'paid', 'connect', '20.00']]);
    // One payment, one email for it.
    const mails = await t.sql(`select subject from mail_outbox where merchant_id = $1 and kind = 'payout_completed'`, [m.id]);
    expect(mails.map((x) => x.subject.replace(/^.* paid you /, ''))).toEqual(['32.34 USD']);
    // Nothing is paid twice.
    await runJobs(t);
    expect(stub.transfers.size).toBe(before + 1);
    expect(await bonusPaid(m.id)).toHaveLength(1);
  });

  it('wallet_a: one PayPal batch of the sum; the award stays processing while the transfer is in transit and is paid when it settles', async () => {
    const m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    const campaign = await payoutCampaign(t, m);
    expect((await t.api('PUT', '/payout-providers/wallet_a', m.liveKey, { clientId: paypal.clientId, clientSecret: paypal.clientSecret })).status).toBe(200);
    const a = await payableAffiliate(t, m.id, campaign.id, 'wallet_a');
    const due = await commissionAndAwardDue(m, m.liveKey, campaign, a.id, 3.1, 6.25);
    const before = paypal.batches.size;

    await runJobs(t);
    const batches = [...paypal.batches.values()].slice(before);
    expect(batches.map((b) => [b.receiver, b.value, b.currency])).toEqual([[`pay-${a.id}@example.com`, '9.35', 'USD']]);
    expect(await due.awardNow()).toMatchObject({ status: 'processing', payoutMethod: 'wallet_a', paidAt: null });
    expect(await bonusPaid(m.id)).toEqual([]);

    batches[0]!.status = 'SUCCESS';
    await clock().advance(HOUR);
    await runJobs(t);
    expect(await due.awardNow()).toMatchObject({ status: 'paid', payoutMethod: 'wallet_a', cardTransferId: null });
    expect(await payoutOf(t, m.liveKey, due.conversionId)).toMatchObject({ status: 'completed', payment: { gross: '9.35', bonus: '6.25' } });
    expect((await bonusPaid(m.id)).map((e) => [e.payload.awardId, e.payload.payoutMethod])).toEqual([[due.awardId, 'wallet_a']]);
    for (const count of paypal.batchRequestsByKey.values()) expect(count).toBe(1);
  });

  it('a refused transfer leaves the award unpaid and queued, the merchant is told, and the retry pays it with the commission', async () => {
    const m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    const campaign = await payoutCampaign(t, m);
    expect((await t.api('PUT', '/payout-providers/connect', m.liveKey, { secretKey: SECRET })).status).toBe(200);
    const a = await connectedAffiliate(m, campaign);
    const due = await commissionAndAwardDue(m, m.liveKey, campaign, a.id, 5, 7.5);
    stub.balance.set('usd', 100);
    const before = stub.transfers.size;

    await runJobs(t);
    expect(stub.transfers.size).toBe(before);
    expect(await due.awardNow()).toMatchObject({ status: 'approved', failureReason: 'insufficient_funds', paidAt: null, cardTransferId: null });
    expect(await payoutOf(t, m.liveKey, due.conversionId)).toMatchObject({ status: 'awaiting_funds', failureReason: 'insufficient_funds' });
    expect(await bonusPaid(m.id)).toEqual([]);
    const notices = (await t.api('GET', '/notifications?limit=100', m.liveKey)).body.data as { kind: string; message: string }[];
    expect(notices.filter((n) => n.kind === 'payout_failed').map((n) => n.message)).toEqual([expect.stringContaining('12.50 USD')]);
    // Asked again only once the funds check is due, and then both go in one transfer.
    const requests = () => [...stub.transferRequestsByKey.values()].reduce((a, b) => a + b, 0);
    const asked = requests();
    await runJobs(t);
    expect(requests()).toBe(asked);
    stub.balance.delete('usd');
    await clock().advance(6 * HOUR);
    await runJobs(t);
    const made = [...stub.transfers.values()].slice(before);
    expect(made.map((tr) => [tr.destination, tr.amount])).toEqual([[a.accountId, 1250]]);
    expect(await due.awardNow()).toMatchObject({ status: 'paid', cardTransferId: made[0]!.id, failureReason: null });
    expect((await bonusPaid(m.id)).map((e) => e.payload.awardId)).toEqual([due.awardId]);
  });

  it('a permanent refusal fails the award with its reason, without bonus.paid; approving it again queues a fresh attempt', async () => {
    const m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    const campaign = await payoutCampaign(t, m);
    expect((await t.api('PUT', '/payout-providers/connect', m.liveKey, { secretKey: SECRET })).status).toBe(200);
    // Connect saved as the method, but no connected account at the processor.
    const a = await payableAffiliate(t, m.id, campaign.id, 'connect');
    const due = await commissionAndAwardDue(m, m.liveKey, campaign, a.id, 2, 3);
    await runJobs(t);
    expect(await due.awardNow()).toMatchObject({ status: 'failed', failureReason: 'connect_account_missing', paidAt: null });
    expect(await payoutOf(t, m.liveKey, due.conversionId)).toMatchObject({ status: 'failed', failureReason: 'connect_account_missing' });
    expect(await bonusPaid(m.id)).toEqual([]);
    const retried = await t.api('PATCH', `/teams/${due.teamId}/awards/${due.awardId}`, m.liveKey, { action: 'approve' });
    expect(retried.body.data).toMatchObject({ status: 'approved', failureReason: null, idempotent: false });
    await runJobs(t);
    expect(await due.awardNow()).toMatchObject({ status: 'failed', failureReason: 'connect_account_missing' });
    expect(await bonusPaid(m.id)).toEqual([]);
  });

  it('an award whose request was never answered (the process died) is sent again after its lease, with the same key, and paid once', async () => {
    const m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    const campaign = await payoutCampaign(t, m);
    expect((await t.api('PUT', '/payout-providers/connect', m.liveKey, { secretKey: SECRET })).status).toBe(200);
    const a = await connectedAffiliate(m, campaign);
    // The sale stays pending: the award is due alone.
    const due = await commissionAndAwardDue(m, m.liveKey, campaign, a.id, 8, 9, false);
    // A run claimed it in a payment and died before its request left.
    const startedAt = await clock().now();
    const paymentId = crypto.randomUUID();
    await t.sql(
      `insert into payout_payments (id, merchant_id, mode, affiliate_id, method, currency, gross, bonus, clawback, amount, destination, status, retryable, created_at, updated_at)
       values ($1, $2, 'live', $3, 'connect', 'usd', 9, 9, 0, 9, $4, 'processing', false, $5, $5)`,
      [paymentId, m.id, a.id, a.accountId, startedAt],
    );
    await t.sql(
      `update team_awards set status = 'processing', payout_method = 'connect', payment_id = $2, payout_attempts = 1, next_payout_attempt_at = $3 where id = $1`,
      [due.awardId, paymentId, new Date(startedAt.getTime() + 5 * 60_000)],
    );
    await runJobs(t);
    expect(stub.transferRequestsByKey.get(paymentId)).toBeUndefined();
    expect((await due.awardNow()).status).toBe('processing');
    await clock().advance(5 * 60_000);
    await runJobs(t);
    expect(stub.transferRequestsByKey.get(paymentId)).toBe(1);
    const transfer = [...stub.transfers.values()].find((tr) => tr.transfer_group === `payment_${paymentId}`)!;
    expect(transfer).toMatchObject({ destination: a.accountId, amount: 900, description: 'Affiliate commissions (1 team bonus)' });
    expect(await due.awardNow()).toMatchObject({ status: 'paid', cardTransferId: transfer.id });
    await runJobs(t);
    expect((await bonusPaid(m.id)).map((e) => e.payload.awardId)).toEqual([due.awardId]);
    expect(await t.sql(`select status, bonus::text as bonus from payout_payments where id = $1`, [paymentId])).toEqual([{ status: 'completed', bonus: '9.000000' }]);
  });

  it('without a provider in live mode nothing is sent: the batch file carries the award with the commission, and mark-paid pays both', async () => {
    const m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    const campaign = await payoutCampaign(t, m);
    const a = await payableAffiliate(t, m.id, campaign.id, 'wallet_a');
    const due = await commissionAndAwardDue(m, m.liveKey, campaign, a.id, 10, 15.25);

    await runJobs(t);
    expect(await due.awardNow()).toMatchObject({ status: 'approved', failureReason: 'payout_provider_not_configured', paidAt: null });
    expect(await bonusPaid(m.id)).toEqual([]);
    expect(await t.sql(`select 1 from sandbox_payout_transfers where merchant_id = $1`, [m.id])).toEqual([]);

    const file = await t.api('GET', '/payouts/export?method=wallet_a&currency=usd', m.liveKey);
    expect(file.status).toBe(200);
    expect(String(file.body)).toContain(`pay-${a.id}@example.com,25.25,USD`);
    const row = await payoutOf(t, m.liveKey, due.conversionId);
    const ids = (file.headers.get('x-payout-ids') ?? '').split(',');
    expect(ids.sort()).toEqual([row!.id, due.awardId].sort());

    const marked = await t.api('POST', '/payouts/mark-paid', m.liveKey, { ids });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ markedPaid: 2 });
    expect(await due.awardNow()).toMatchObject({ status: 'paid', payoutMethod: 'wallet_a', cardTransferId: null });
    expect(await payoutOf(t, m.liveKey, due.conversionId)).toMatchObject({ status: 'completed', payment: { gross: '25.25', bonus: '15.25', amount: '25.25' } });
    expect((await bonusPaid(m.id)).map((e) => [e.payload.awardId, e.payload.payoutMethod])).toEqual([[due.awardId, 'wallet_a']]);
    // Paid: not in the next file, and not paid again.
    expect((await t.api('GET', '/payouts/export?method=wallet_a&currency=usd', m.liveKey)).body ?? '').toBe('');
    const again = await t.api('POST', '/payouts/mark-paid', m.liveKey, { ids: [due.awardId] });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('invalid_transition');
    // Another merchant's key does not find the award.
    const other = await createMerchant(t, 'scale');
    expect((await t.api('POST', '/payouts/mark-paid', other.liveKey, { ids: [due.awardId] })).status).toBe(404);
  });

  it('test mode pays through the sandbox, in one transfer with the commission, as it pays conversions', async () => {
    const m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    const campaign = await payoutCampaign(t, m);
    const a = await payableAffiliate(t, m.id, campaign.id, 'connect', 'test');
    // Teams are written with live keys only: a test-mode award is made beside a live goal's closed period.
    const team = await createTeam(t, m);
    const goal = await createGoal(t, m, team.id, { targetValue: 1, bonusValue: 4, refundSafeDays: 7 });
    expect((await t.api('PATCH', `/teams/${team.id}/goals/${goal.id}`, m.liveKey, { action: 'close_now' })).status).toBe(200);
    const [period] = await t.sql(`select period_key from team_goal_periods where goal_id = $1`, [goal.id]);
    const awardId = crypto.randomUUID();
    const now = await clock().now();
    await t.sql(
      `insert into team_awards (id, merchant_id, mode, team_id, goal_id, period_key, affiliate_id, amount, currency, status, payable_after,
         contributing_count, contributing_amount, approved_at, approved_by, payout_attempts, next_payout_attempt_at, created_at, updated_at)
       values ($1, $2, 'test', $3, $4, $5, $6, 4, 'usd', 'approved', $7, 1, 3, $7, 'apikey:test', 0, $7, $7, $7)`,
      [awardId, m.id, team.id, goal.id, period.period_key, a.id, now],
    );
    const conversionId = await sale(m.testKey, campaign.id, a.id, 3);
    expect((await t.api('PATCH', `/conversions/${conversionId}`, m.testKey, { status: 'approved' })).status).toBe(200);

    await runJobs(t);
    const [award] = (await t.api('GET', '/awards', m.testKey)).body.data;
    expect(award).toMatchObject({ id: awardId, status: 'paid', payoutMethod: 'connect', cardTransferId: expect.stringMatching(/^tr_sbx_/) });
    const transfers = await t.sql(`select id, amount::text as amount, status from sandbox_payout_transfers where merchant_id = $1 and mode = 'test'`, [m.id]);
    expect(transfers.map((x) => [Number(x.amount), x.status])).toEqual([[7, 'completed']]);
    expect(award.cardTransferId).toBe(transfers[0].id);
    expect((await bonusPaid(m.id, 'test')).map((e) => e.payload.awardId)).toEqual([awardId]);
    expect(await bonusPaid(m.id, 'live')).toEqual([]);
  });
});
