import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommissionAdjustments } from '../../application/ports/commission-adjustments.js';
import { RefundConversion } from '../../application/conversions/refund-conversion.js';
import { UpdateConversionStatus } from '../../application/conversions/update-conversion-status.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { CONVERSION_PATCH_STATUSES, Decimal, type CommissionAdjustment, type ConversionPatchStatus } from '../../domain/index.js';
import { RequestAudit } from '../../application/shared/request-audit.js';
import { InMemoryAuditLog } from '../fakes/in-memory-audit-log.js';
import { inMemoryWorld } from '../fakes/in-memory-world.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { aMerchant } from '../mothers/merchant.mother.js';

const NOW = new Date('2026-11-15T12:00:00.000Z');

type Step =
  | { readonly kind: 'status'; readonly status: ConversionPatchStatus; readonly confirm: boolean }
  | { readonly kind: 'refund'; readonly cents: number | null }
  | { readonly kind: 'provider_has_it' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('status' as const), status: fc.constantFrom(...CONVERSION_PATCH_STATUSES), confirm: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), cents: fc.option(fc.integer({ min: 1, max: 12_000 }), { freq: 4 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'provider_has_it' as const }) },
);

/** A sale of a merchant with automatic payouts, the status and refund use cases over the fakes. */
const saleWorld = async (amountCents: number, percent: number) => {
  const world = inMemoryWorld(NOW);
  const merchant = aMerchant(world.ids.next(), { automaticPayouts: true });
  await world.merchants.insert(merchant);
  const tenant: Tenant = { merchantId: merchant.id, mode: 'live' };
  const sale = aConversion(world.ids.next(), { ...tenant, campaignId: 'campaign-1', affiliateId: 'affiliate-1' }, { amount: new Decimal(amountCents).div(100), percent });
  await world.conversions.recordSale(sale, []);
  const clawbacks: CommissionAdjustment[] = [];
  const adjustments: CommissionAdjustments = {
    insert: async (adjustment) => void clawbacks.push(adjustment),
    refundedAfterPayout: async () => new Decimal(0),
    listForAffiliate: async () => clawbacks,
  };
  const statuses = new UpdateConversionStatus(world.uow, world.merchants, world.changeSinks, world.clock, new RequestAudit(new InMemoryAuditLog(world.transactions), world.ids));
  const refunds = new RefundConversion(world.uow, world.merchants, world.changeSinks, adjustments, world.ids, world.clock);
  // Inputs built here only, so a change of the use cases' input shape is one edit.
  const patch = (status: ConversionPatchStatus, confirmAboveSale: boolean) => statuses.execute({ tenant, id: sale.id, status, confirmAboveSale });
  const refund = (cents: number | null) => refunds.execute({ tenant, id: sale.id, amount: cents === null ? null : new Decimal(cents).div(100) });
  const stored = async () => (await world.conversions.findById(tenant, sale.id))!;
  return { world, sale, patch, refund, stored };
};

describe('a sale and its payout queue row, through any sequence of status changes and refunds (in-memory stores)', () => {
  it('keeps one row while the sale is approved with a commission, of exactly its commission, and none otherwise; a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 100 }), fc.array(step, { maxLength: 12 }), async (amountCents, percent, steps) => {
        const { world, sale, patch, refund, stored } = await saleWorld(amountCents, percent);
        let withProvider = false;
        for (const s of steps) {
          if (s.kind === 'provider_has_it') {
            // The payout job took the row: from now on no change may move the money under it.
            if (world.payouts.queued(sale.id)) {
              world.payouts.markInProgress(sale.id);
              withProvider = true;
            }
            continue;
          }
          const before = { conversion: await stored(), row: world.payouts.queued(sale.id), events: world.outbox.events.length };
          const result = s.kind === 'status' ? await patch(s.status, s.confirm) : await refund(s.cents);
          const after = await stored();
          if (result.isErr()) {
            expect(after).toEqual(before.conversion);
            expect(world.payouts.queued(sale.id)).toEqual(before.row);
            expect(world.outbox.events.length).toBe(before.events);
            continue;
          }
          if (withProvider) {
            // Money with the provider: the sale's commission and the row it pays stay as they were.
            expect(after.commission.eq(before.conversion.commission)).toBe(true);
            expect(world.payouts.queued(sale.id)).toEqual(before.row);
            continue;
          }
          const row = world.payouts.queued(sale.id);
          if (after.status === 'approved' && after.commission.gt(0)) expect(row?.amount).toBe(after.commission.toFixed());
          else expect(row).toBeUndefined();
          // A refund never pays more: the commission only shrinks, and what is refunded never passes the sale.
          if (s.kind === 'refund') expect(after.commission.lte(before.conversion.commission)).toBe(true);
          expect((after.refundedAmount ?? new Decimal(0)).lte(after.amount)).toBe(true);
          expect(after.commission.gte(0)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
