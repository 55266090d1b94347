import { describe, expect, it } from 'vitest';
import { OperatorPayoutActions } from '../../../application/payouts/operator-payout-actions.js';
import type { PaidAmount } from '../../../application/payouts/payout-mail.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Affiliate } from '../../../domain/index.js';
import { anAffiliate } from '../../mothers/sale-context.mother.js';
import { DUE_AT, payoutJobWorld } from './payout-job-world.js';

/**
 * What the merchant does by hand with a payout row, on the in-memory stores the payout job runs on:
 * marking a row paid outside the service (how a headless affiliate's money completes) and scheduling
 * a failed row again. Each move goes through the payout machine; money is marked paid once.
 */
const operatorWorld = async () => {
  const w = await payoutJobWorld();
  const saved = new Map<string, Affiliate>();
  const affiliates = { findById: async (tenant: Tenant, id: string) => (saved.get(id)?.merchantId === tenant.merchantId ? saved.get(id)! : null) };
  const completedMail: { readonly tenant: Tenant; readonly paid: PaidAmount }[] = [];
  const invoiced: string[] = [];
  const actions = new OperatorPayoutActions(
    w.world.uow,
    { payouts: w.rows, conversions: w.world.conversions, awards: w.world.awards, outbox: w.world.outbox },
    affiliates,
    w.world.clock,
    { completed: async (tenant, paid) => void completedMail.push({ tenant, paid }) },
    { forPayout: async (_tenant, payoutId) => void invoiced.push(`payout:${payoutId}`), forPayment: async (_tenant, paymentId) => void invoiced.push(`payment:${paymentId}`) },
  );
  /** A headless affiliate (the merchant pays it) with a due approved sale, released by the job for the merchant. */
  const headlessRow = async (commission: string, payoutMethod: Affiliate['payoutMethod'] = null) => {
    const affiliateId = w.affiliate({ headless: true });
    saved.set(affiliateId, anAffiliate(affiliateId, w.tenant.merchantId, { payoutMethod }));
    const sale = await w.sale(affiliateId, commission);
    w.world.clock.set(DUE_AT);
    await w.job.runDue(DUE_AT);
    return { affiliateId, sale, payout: w.rowOf(sale.id)! };
  };
  return { ...w, actions, completedMail, invoiced, headlessRow };
};

describe('OperatorPayoutActions on the in-memory stores', () => {
  it('marks a released row paid: the row completes, its sale becomes paid, the events and the mail go out once', async () => {
    const w = await operatorWorld();
    const { sale, payout, affiliateId } = await w.headlessRow('12.50', 'transfer_b');
    expect(payout.status).toBe('scheduled');

    const paid = await w.actions.markPaid(payout.id, { payoutMethod: null, cardTransferId: null, cardPaymentId: null }, w.tenant);

    expect(paid._unsafeUnwrap()).toMatchObject({ status: 'completed', payoutMethod: 'transfer_b', completedAt: DUE_AT });
    expect(w.rowOf(sale.id)?.status).toBe('completed');
    expect((await w.conversionOf(sale.id)).status).toBe('paid');
    expect(w.world.outbox.ofType('payout.completed')).toHaveLength(1);
    expect(w.world.outbox.ofType('conversion.paid')).toHaveLength(1);
    expect(w.completedMail.map((m) => [m.paid.affiliateId, String(m.paid.amount), m.paid.method])).toEqual([[affiliateId, '12.5', 'transfer_b']]);
    expect(w.invoiced).toEqual([`payout:${payout.id}`]);
    // The provider was never asked: the merchant paid.
    expect(w.provider.requests).toHaveLength(0);

    // A second mark is refused by the machine and changes nothing.
    const again = await w.actions.markPaid(payout.id, { payoutMethod: 'transfer_b', cardTransferId: null, cardPaymentId: null }, w.tenant);
    expect(again._unsafeUnwrapErr().code).toBe('invalid_transition');
    expect(w.world.outbox.ofType('payout.completed')).toHaveLength(1);
    expect(w.completedMail).toHaveLength(1);
  });

  it('refuses a mark without a method when the affiliate has none saved, and leaves the row open', async () => {
    const w = await operatorWorld();
    const { sale, payout } = await w.headlessRow('5.00');
    const refused = await w.actions.markPaid(payout.id, { payoutMethod: null, cardTransferId: null, cardPaymentId: null }, w.tenant);
    expect(refused._unsafeUnwrapErr()).toMatchObject({ code: 'validation_error' });
    expect(w.rowOf(sale.id)?.status).toBe('scheduled');
    expect((await w.conversionOf(sale.id)).status).toBe('approved');
    expect(w.world.outbox.ofType('payout.completed')).toHaveLength(0);
    expect(w.completedMail).toHaveLength(0);
  });

  it("answers not found for another merchant's or mode's row, and changes nothing", async () => {
    const w = await operatorWorld();
    const { sale, payout } = await w.headlessRow('5.00', 'wallet_a');
    for (const tenant of [{ merchantId: 'another-merchant', mode: 'live' as const }, { ...w.tenant, mode: 'test' as const }]) {
      expect((await w.actions.markPaid(payout.id, { payoutMethod: 'wallet_a', cardTransferId: null, cardPaymentId: null }, tenant))._unsafeUnwrapErr().code).toBe('not_found');
      expect((await w.actions.retry(payout.id, tenant))._unsafeUnwrapErr().code).toBe('not_found');
    }
    expect(w.rowOf(sale.id)?.status).toBe('scheduled');
  });

  it('schedules a failed row again, due now with a fresh failure budget, and the job then pays it once', async () => {
    const w = await operatorWorld();
    const ann = w.affiliate();
    const sale = await w.sale(ann, '10.00');
    w.provider.answer({ kind: 'failed', reason: 'account_closed', retryable: false });
    w.world.clock.set(DUE_AT);
    await w.job.runDue(DUE_AT);
    const failed = w.rowOf(sale.id)!;
    expect(failed.status).toBe('failed');

    // Only a failed row can be retried: a completed or scheduled one is refused by the machine.
    const retried = await w.actions.retry(failed.id, w.tenant);
    expect(retried._unsafeUnwrap()).toMatchObject({ status: 'scheduled', failedAttempts: 0, scheduledDate: DUE_AT });
    expect((await w.actions.retry(failed.id, w.tenant))._unsafeUnwrapErr().code).toBe('invalid_transition');

    await w.job.runDue(DUE_AT);
    expect(w.completedTransfers().map((t) => t.request.amount.toFixed(2))).toEqual(['10.00']);
    expect(w.rowOf(sale.id)?.status).toBe('completed');
    expect((await w.conversionOf(sale.id)).status).toBe('paid');
  });
});
