import { describe, expect, it } from 'vitest';
// Only the public entry point: proves an embedder needs nothing else (no test helpers, no adapters).
import {
  Decimal,
  approveMembership,
  calculateCommission,
  changeConversionStatus,
  createConversion,
  isDueForAutoApproval,
  joinCampaign,
  markConversionPaid,
  parseCurrency,
  refundConversion,
} from '../../domain/index.js';

describe('the domain module on its own', () => {
  it('runs a sale from creation to payout through domain/index.ts alone', () => {
    const eur = parseCurrency('EUR')._unsafeUnwrap();
    const t0 = new Date('2026-05-01T10:00:00.000Z');

    const joined = joinCampaign({
      id: 'mem_1', merchantId: 'mer_1', mode: 'live', affiliateId: 'aff_1', campaignId: 'cmp_1', autoApprove: false, now: t0,
    });
    const membership = approveMembership(joined.membership, t0)._unsafeUnwrap();
    expect(membership.events.map((e) => e.type)).toEqual(['affiliate.approved']);

    const created = createConversion({
      id: 'conv_1', merchantId: 'mer_1', mode: 'live', campaignId: 'cmp_1', affiliateId: 'aff_1',
      amount: new Decimal('99.90'), taxAmount: new Decimal('18.98'), currency: eur,
      rates: { campaign: { type: 'percentage', value: new Decimal('12.5') } },
      source: 'api', orderId: 'order-1', now: t0,
    })._unsafeUnwrap();
    // 12.5% of the net 99.90 = 12.4875 → 12.49.
    expect(created.events).toEqual([
      {
        type: 'conversion.created',
        payload: {
          conversionId: 'conv_1', campaignId: 'cmp_1', affiliateId: 'aff_1',
          amount: '99.90', taxAmount: '18.98', commission: '12.49', currency: 'eur', status: 'pending',
        },
      },
    ]);
    expect(created.appliedCommission.rule).toBe('campaign');

    const later = new Date(t0.getTime() + 14 * 86_400_000);
    expect(isDueForAutoApproval(created.conversion, { campaignAutoApproveDays: 14, affiliateApproved: true, flagged: false, now: later })).toBe(true);

    const approved = changeConversionStatus(created.conversion, { to: 'approved', now: later })._unsafeUnwrap();
    const paid = markConversionPaid(approved.conversion, {
      payoutMethod: 'connect', payoutDate: later, cardTransferId: 'tr_123', now: later,
    })._unsafeUnwrap();
    expect(paid.events.map((e) => `${e.type}:${e.payload.status}`)).toEqual(['conversion.paid:paid', 'conversion.updated:paid']);
    expect(refundConversion(paid.conversion, { now: later })._unsafeUnwrapErr().code).toBe('invalid_transition');
  });

  it('exposes the commission calculator with its explanation', () => {
    const usd = parseCurrency('usd')._unsafeUnwrap();
    const applied = calculateCommission({
      amount: new Decimal('0.01'),
      currency: usd,
      rates: {
        campaign: { type: 'percentage', value: new Decimal(10) },
        teamBase: { type: 'percentage', value: new Decimal(50) },
      },
    });
    expect({ commission: applied.commission.toFixed(2), rule: applied.rule }).toEqual({ commission: '0.01', rule: 'team_base' });
  });
});
