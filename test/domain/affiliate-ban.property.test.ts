import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_STATUSES, type Membership } from '../../domain/affiliate/membership.js';
import { CONVERSION_STATUSES, checkNotBanned, liftBan, planBan, type Conversion, type ConversionStatus } from '../../domain/index.js';
import { buildConversion, saleFiguresArb, T0 } from '../arbitraries/conversion.js';

const NOW = new Date(T0.getTime() + 86_400_000);

const membershipsArb = fc.array(fc.constantFrom(...MEMBERSHIP_STATUSES), { maxLength: 5 }).map((statuses) =>
  statuses.map(
    (status, i): Membership => ({
      id: `m_${i}`,
      merchantId: 'mer_1',
      mode: 'live',
      affiliateId: 'aff_1',
      campaignId: `cmp_${i}`,
      status,
      joinedAt: T0,
      decidedAt: status === 'pending' ? null : T0,
      updatedAt: T0,
    }),
  ),
);

const saleArb = fc.tuple(saleFiguresArb, fc.constantFrom(...CONVERSION_STATUSES), fc.constantFrom<'pending' | 'approved'>('pending', 'approved')).map(
  ([figures, status, heldFrom]): Conversion => {
    const c = buildConversion(figures);
    return { ...c, status, heldFrom: status === 'held' ? heldFrom : null, approvedAt: status === 'approved' ? T0 : null };
  },
);

const inputArb = fc.record({ memberships: membershipsArb, conversions: fc.array(saleArb, { maxLength: 8 }) });

describe('banning an affiliate (pure plan)', () => {
  it('leaves no membership earning and no sale open for payment, touches paid and refunded history not at all', () => {
    fc.assert(
      fc.property(inputArb, ({ memberships, conversions }) => {
        const plan = planBan({ affiliateId: 'aff_1', reason: 'fraud', current: null, memberships, conversions, now: NOW })._unsafeUnwrap();
        // Every approved membership is suspended, every pending one rejected; the others are not moved.
        const moved = new Map(plan.memberships.map((c) => [c.membership.id, c.membership.status]));
        for (const m of memberships) {
          const expected = m.status === 'approved' ? 'suspended' : m.status === 'pending' ? 'rejected' : undefined;
          expect(moved.get(m.id)).toBe(expected);
        }
        const count = (s: ConversionStatus) => conversions.filter((c) => c.status === s).length;
        expect(plan.rejected).toHaveLength(count('pending') + count('held'));
        expect(plan.held).toHaveLength(count('approved'));
        for (const change of plan.rejected) {
          expect(change.conversion.status).toBe('rejected');
          expect(change.events.map((e) => e.type)).toContain('conversion.rejected');
        }
        for (const change of plan.held) {
          expect(change.conversion.status).toBe('held');
          expect(change.cancelsQueuedPayout).toBe(true);
        }
        const changed = new Set([...plan.rejected, ...plan.held].map((c) => c.conversion));
        expect([...changed].every((c) => c.status !== 'paid' && c.status !== 'refunded')).toBe(true);
        expect(plan.ban).toEqual({ affiliateId: 'aff_1', reason: 'fraud', bannedAt: NOW });
      }),
    );
  });

  it('refuses a second ban, a blank or too long reason; unban only a banned affiliate; approval only when not banned', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (reason) => {
        const result = planBan({ affiliateId: 'aff_1', reason, current: null, memberships: [], conversions: [], now: NOW });
        const trimmed = reason.trim();
        expect(result.isOk()).toBe(trimmed.length > 0 && trimmed.length <= 500);
        if (result.isErr()) expect(result.error.code).toBe('validation_error');
      }),
    );
    const ban = { affiliateId: 'aff_1', reason: 'x', bannedAt: T0 };
    expect(planBan({ affiliateId: 'aff_1', reason: 'again', current: ban, memberships: [], conversions: [], now: NOW })._unsafeUnwrapErr().code).toBe('invalid_transition');
    expect(liftBan(null)._unsafeUnwrapErr().code).toBe('invalid_transition');
    expect(liftBan(ban)._unsafeUnwrap()).toBe(ban);
    expect(checkNotBanned(ban).isErr()).toBe(true);
    expect(checkNotBanned(null).isOk()).toBe(true);
  });
});
