import { describe, expect, it } from 'vitest';
import type { InvoiceSettings } from '../../../application/ports/invoice-store.js';
import { Decimal, type TaxDetailsRequirement } from '../../../domain/index.js';
import { DUE_AT, EUR, HOUR, payoutJobWorld, USD } from './payout-job-world.js';

const later = (hours: number) => new Date(DUE_AT.getTime() + hours * HOUR);
const sum = (amounts: readonly Decimal[]) => amounts.reduce((a, b) => a.plus(b), new Decimal(0)).toFixed();

describe('ProcessPayouts on the in-memory stores', () => {
  it("pays each affiliate's due approved commissions in one payment per currency, and nothing else", async () => {
    const w = await payoutJobWorld();
    const ann = w.affiliate();
    const bob = w.affiliate();
    const merchantPays = w.affiliate({ headless: true });
    const annUsd = [await w.sale(ann, '10.00'), await w.sale(ann, '5.50')];
    const annEur = await w.sale(ann, '3.25', { currency: EUR });
    const bobUsd = await w.sale(bob, '7.00');
    const held = await w.sale(ann, '4.00', { status: 'pending' });
    const notYetDue = await w.sale(bob, '2.00', { at: new Date('2026-11-20T00:00:00.000Z') });
    const headless = await w.sale(merchantPays, '9.00');

    await w.job.runDue(DUE_AT);

    const sent = w.provider.requests.map((r) => `${r.affiliateId}:${r.currency}:${r.amount.toFixed()}:${r.payoutIds.length}`).sort();
    expect(sent).toEqual([`${ann}:eur:3.25:1`, `${ann}:usd:15.5:2`, `${bob}:usd:7:1`].sort());
    expect(w.payments.all().map((p) => p.status)).toEqual(['completed', 'completed', 'completed']);
    for (const paid of [...annUsd, annEur, bobUsd]) {
      expect(w.rowOf(paid.id)?.status).toBe('completed');
      expect((await w.conversionOf(paid.id)).status).toBe('paid');
    }
    expect(w.rowOf(held.id)).toBeUndefined();
    expect(w.rowOf(notYetDue.id)?.status).toBe('pending');
    // A headless affiliate's row is released for the merchant to pay; the job never sends it.
    expect(w.rowOf(headless.id)?.status).toBe('scheduled');
    expect(w.mailed.map((m) => m.outcome.kind)).toEqual(['completed', 'completed', 'completed']);
    expect(w.world.outbox.ofType('payout.completed')).toHaveLength(4);
  });

  it("reads the merchant's tax rule and invoice settings once per run, not once per payment, and again on the next run", async () => {
    const asked = { rule: 0, settings: 0 };
    const rule: TaxDetailsRequirement = { kind: 'off' };
    const settings: InvoiceSettings = { rule: { kind: 'none' }, issuer: { name: null, address: [], vatId: null } };
    const seen = { rules: [] as (TaxDetailsRequirement | undefined)[], settings: [] as (InvoiceSettings | undefined)[] };
    const w = await payoutJobWorld({}, {}, {
      taxDetails: {
        requirement: async () => {
          asked.rule += 1;
          return rule;
        },
        mustWait: async (_t, _a, _amount, _c, _now, known) => {
          seen.rules.push(known);
          return false;
        },
      },
      invoices: {
        settings: async () => {
          asked.settings += 1;
          return settings;
        },
        forPayment: async (_t, _id, _now, known) => void seen.settings.push(known),
      },
    });
    const [ann, bob] = [w.affiliate(), w.affiliate()];
    await w.sale(ann, '10.00');
    await w.sale(bob, '7.00');
    await w.job.runDue(DUE_AT);
    expect(w.payments.all().map((p) => p.status)).toEqual(['completed', 'completed']);
    expect(asked).toEqual({ rule: 1, settings: 1 });
    expect(seen).toEqual({ rules: [rule, rule], settings: [settings, settings] });

    await w.sale(ann, '3.00', { at: DUE_AT });
    await w.job.runDue(later(24 * 40));
    expect(asked).toEqual({ rule: 2, settings: 2 });
  });

  it("holds a group below the merchant's minimum until it reaches it, then pays it whole", async () => {
    const w = await payoutJobWorld();
    await w.world.uow.transaction(() => w.payoutSettings.save(w.tenant, { payoutDay: null, minimumPayout: new Map([[USD, new Decimal('20')]]), updatedAt: null }));
    const ann = w.affiliate();
    const first = await w.sale(ann, '12.00');

    await w.job.runDue(DUE_AT);
    expect(w.provider.requests).toHaveLength(0);
    expect(w.rowOf(first.id)).toMatchObject({ status: 'scheduled', failureReason: 'below_minimum_payout' });

    const second = await w.sale(ann, '8.00');
    await w.job.runDue(later(25));
    expect(w.provider.requests.map((r) => r.amount.toFixed())).toEqual(['20']);
    expect(w.rowOf(first.id)?.status).toBe('completed');
    expect(w.rowOf(second.id)?.status).toBe('completed');
  });

  it('leaves the money unpaid and retryable when the provider refuses for now, and pays it once on a later run', async () => {
    const w = await payoutJobWorld();
    const ann = w.affiliate();
    const sale = await w.sale(ann, '10.00');
    w.provider.answer({ kind: 'failed', reason: 'provider_unavailable', retryable: true });

    await w.job.runDue(DUE_AT);
    expect(w.rowOf(sale.id)).toMatchObject({ status: 'scheduled', failedAttempts: 1, failureReason: 'provider_unavailable' });
    expect((await w.conversionOf(sale.id)).status).toBe('approved');
    expect(w.completedTransfers()).toHaveLength(0);

    // Before the backoff has passed nothing is sent again; after it, a new payment pays the row.
    await w.job.runDue(later(0.5));
    expect(w.provider.requests).toHaveLength(1);
    await w.job.runDue(later(2));
    expect(w.rowOf(sale.id)?.status).toBe('completed');
    expect(w.completedTransfers().map((t) => t.request.amount.toFixed())).toEqual(['10']);
  });

  it('fails the rows for good on a permanent refusal: unpaid, never sent again, the affiliate told', async () => {
    const w = await payoutJobWorld();
    const sale = await w.sale(w.affiliate(), '10.00');
    w.provider.answer({ kind: 'failed', reason: 'account_closed', retryable: false });

    await w.job.runDue(DUE_AT);
    await w.job.runDue(later(48));
    expect(w.rowOf(sale.id)).toMatchObject({ status: 'failed', failureReason: 'account_closed' });
    expect((await w.conversionOf(sale.id)).status).toBe('approved');
    expect(w.provider.requests).toHaveLength(1);
    expect(w.mailed.map((m) => m.outcome)).toEqual([{ kind: 'failed', reason: 'account_closed', retryable: false }]);
  });

  it("holds the rows while the merchant's live provider is not configured, and sends nothing", async () => {
    const w = await payoutJobWorld();
    const sale = await w.sale(w.affiliate(), '10.00');
    w.providers.configure(w.tenant, 'connect');
    w.world.programs.addAffiliate({ ...w.world.programs.affiliate(sale.affiliateId)!, payoutMethod: 'transfer_b' });

    await w.job.runDue(DUE_AT);
    expect(w.rowOf(sale.id)).toMatchObject({ status: 'scheduled', failureReason: 'payout_provider_not_configured' });
    expect(w.providers.provider('transfer_b').requests).toHaveLength(0);
  });

  it('repeats an unanswered request under the same key after its lease, so the provider pays it once', async () => {
    const w = await payoutJobWorld();
    const ann = w.affiliate();
    const sale = await w.sale(ann, '10.00');
    w.provider.answer('throw');

    await w.job.runDue(DUE_AT);
    expect(w.rowOf(sale.id)?.status).toBe('processing');
    await w.job.runDue(later(0.01));
    expect(w.provider.requests).toHaveLength(1);

    await w.job.runDue(later(1));
    const keys = w.provider.requests.map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(w.rowOf(sale.id)?.status).toBe('completed');
    expect(w.completedTransfers()).toHaveLength(1);
  });

  it('gets the transfer already made when it repeats a request whose answer was lost, and pays the row once', async () => {
    const w = await payoutJobWorld();
    const sale = await w.sale(w.affiliate(), '10.00');
    w.provider.answer('lost');

    await w.job.runDue(DUE_AT);
    expect(w.rowOf(sale.id)?.status).toBe('processing');
    await w.job.runDue(later(1));
    expect(w.provider.requests).toHaveLength(2);
    expect(w.completedTransfers()).toHaveLength(1);
    expect(w.rowOf(sale.id)?.status).toBe('completed');
    expect(w.payments.all()).toHaveLength(1);
  });

  it('sends nothing more when it runs again, and follows a transfer in transit to its end', async () => {
    const w = await payoutJobWorld();
    const ann = w.affiliate();
    const sale = await w.sale(ann, '10.00');
    w.provider.answer({ kind: 'in_transit', reference: '', checkAfter: null });

    await w.job.runDue(DUE_AT);
    await w.job.runDue(DUE_AT);
    expect(w.provider.requests).toHaveLength(1);
    expect(w.rowOf(sale.id)?.status).toBe('processing');

    const [transfer] = w.provider.transfers();
    w.provider.settle((transfer!.outcome as { reference: string }).reference);
    await w.job.runDue(later(1));
    await w.job.runDue(later(48));
    expect(w.rowOf(sale.id)?.status).toBe('completed');
    expect((await w.conversionOf(sale.id)).status).toBe('paid');
    expect(w.provider.requests).toHaveLength(1);
    expect(sum(w.payments.all().map((p) => p.amount))).toBe('10');
  });

  it("nets what the affiliate owes back from its next payment", async () => {
    const w = await payoutJobWorld();
    const ann = w.affiliate();
    await w.sale(ann, '10.00');
    w.adjustments.addClawback({ id: w.world.ids.next(), ...w.tenant, affiliateId: ann, currency: USD, amount: new Decimal('2.50') });

    await w.job.runDue(DUE_AT);
    expect(w.provider.requests.map((r) => r.amount.toFixed())).toEqual(['7.5']);
    expect((await w.adjustments.owed(w.tenant, ann, USD)).toFixed()).toBe('0');
  });
});
