import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approveAward,
  cancelAward,
  cancelAwardForDowngrade,
  closeAwardWindow,
  completeAwardPayout,
  computeShares,
  Decimal,
  failAwardPayout,
  holdAwardPayout,
  markAwardPaid,
  openAward,
  reconcilePeriodAwards,
  requeueAwardPayout,
  reviseAward,
  startAwardPayout,
  type Award,
  type AwardChange,
  type AwardEventType,
  type AwardStatus,
  type CurrencyCode,
  type DomainError,
  type MemberProgress,
} from '../../domain/index.js';
import { ok, type Result } from 'neverthrow';

/** The award table of the spec (plus this service's payout and downgrade moves), by hand. */
interface Model {
  status: AwardStatus;
  cents: number;
  approvedBy: string | null;
  clock: number;
  payableAfter: number;
  paidVia: 'manual' | 'connect' | null;
  /** The method of the payout in flight. */
  startedWith: 'connect' | 'wallet_a' | null;
  /** The failure reason the award shows. */
  reason: string | null;
}

interface Real {
  award: Award;
}

const T0 = Date.UTC(2026, 1, 1);
const DAY = 86_400_000;
const usd = 'usd' as CurrencyCode;

type Expected = { kind: 'error' } | { kind: 'noop'; idempotent: boolean } | { kind: 'moved'; to: AwardStatus; events: AwardEventType[] };

const settle = (m: Model, r: Real, outcome: Result<AwardChange, DomainError>, expected: Expected, now: Date) => {
  if (expected.kind === 'error') {
    expect(outcome.isErr() && outcome.error.code).toBe('invalid_transition');
    return false;
  }
  expect(outcome.isOk()).toBe(true);
  const change = outcome._unsafeUnwrap();
  if (expected.kind === 'noop') {
    expect(change.changed).toBe(false);
    expect(change.idempotent).toBe(expected.idempotent);
    expect(change.events).toEqual([]);
    expect(change.award).toBe(r.award);
    return false;
  }
  expect(change.changed).toBe(true);
  expect(change.award.status).toBe(expected.to);
  expect(change.events.map((e) => e.type)).toEqual(expected.events);
  for (const e of change.events) expect(e.award).toBe(change.award);
  expect(change.award.updatedAt).toEqual(now);
  m.status = expected.to;
  r.award = change.award;
  return true;
};

const invariants = (m: Model, r: Real) => {
  const a = r.award;
  expect(a.status).toBe(m.status);
  expect(Math.round(a.amount.toNumber() * 100)).toBe(m.cents);
  expect(a.amount.gt(0)).toBe(true);
  expect(a.approvedBy).toBe(m.approvedBy);
  expect(a.paidAt !== null).toBe(m.status === 'paid');
  expect(a.cardTransferId !== null).toBe(m.status === 'paid' && m.paidVia === 'connect');
  expect(a.failureReason).toBe(m.reason);
  if (m.status === 'failed') expect(a.failureReason).not.toBeNull();
};

const tick = (m: Model, ms = 60_000) => {
  m.clock += ms;
  return new Date(m.clock);
};

const share = (cents: number) => ({ affiliateId: 'aff_1', amount: new Decimal(cents).dividedBy(100), contributing: { count: 1, amount: new Decimal(10) } });

class Approve implements fc.Command<Model, Real> {
  constructor(readonly key: string) {}
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const result = approveAward(r.award, { approvedBy: `apikey:${this.key}`, now });
    let expected: Expected;
    if (['approved', 'processing', 'paid'].includes(m.status)) expected = { kind: 'noop', idempotent: true };
    else if (m.status === 'pending_approval' || m.status === 'failed') expected = { kind: 'moved', to: 'approved', events: [] };
    else expected = { kind: 'error' };
    if (settle(m, r, result, expected, now)) {
      m.approvedBy = `apikey:${this.key}`;
      m.reason = null;
    }
    invariants(m, r);
  }
  toString = () => `approve(${this.key})`;
}

class MarkPaid implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const result = markAwardPaid(r.award, { payoutMethod: 'wallet_a', now });
    const ok = m.status === 'approved' || m.status === 'failed';
    if (settle(m, r, result, ok ? { kind: 'moved', to: 'paid', events: ['bonus.paid'] } : { kind: 'error' }, now)) {
      m.paidVia = 'manual';
      m.reason = null;
    }
    invariants(m, r);
  }
  toString = () => 'mark_paid';
}

class Cancel implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const ok = ['pending_window', 'pending_approval', 'approved'].includes(m.status);
    settle(m, r, cancelAward(r.award, now), ok ? { kind: 'moved', to: 'cancelled', events: ['bonus.cancelled'] } : { kind: 'error' }, now);
    invariants(m, r);
  }
  toString = () => 'cancel';
}

class Revise implements fc.Command<Model, Real> {
  constructor(
    readonly cents: number,
    readonly hit: boolean,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const result = reviseAward(r.award, { share: this.cents > 0 ? share(this.cents) : null, hit: this.hit, now });
    let expected: Expected;
    if (m.status !== 'pending_window') expected = { kind: 'error' };
    else if (!this.hit || this.cents === 0) expected = { kind: 'moved', to: 'cancelled', events: ['bonus.cancelled'] };
    else if (this.cents === m.cents) expected = { kind: 'noop', idempotent: false };
    else expected = { kind: 'moved', to: 'pending_window', events: [] };
    if (settle(m, r, result, expected, now) && m.status === 'pending_window') m.cents = this.cents;
    invariants(m, r);
  }
  toString = () => `revise(${this.cents}, hit=${this.hit})`;
}

class CloseWindow implements fc.Command<Model, Real> {
  constructor(
    readonly cents: number,
    readonly hit: boolean,
    readonly waitDays: number,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m, this.waitDays * DAY);
    const result = closeAwardWindow(r.award, { share: this.cents > 0 ? share(this.cents) : null, hit: this.hit, now });
    let expected: Expected;
    if (m.status !== 'pending_window' || m.clock < m.payableAfter) expected = { kind: 'error' };
    else if (!this.hit || this.cents === 0) expected = { kind: 'moved', to: 'cancelled', events: ['bonus.cancelled'] };
    else expected = { kind: 'moved', to: 'pending_approval', events: ['bonus.awarded'] };
    if (settle(m, r, result, expected, now) && m.status === 'pending_approval') m.cents = this.cents;
    invariants(m, r);
  }
  toString = () => `close_window(${this.cents}, hit=${this.hit}, +${this.waitDays}d)`;
}

class StartPayout implements fc.Command<Model, Real> {
  constructor(readonly method: 'connect' | 'wallet_a') {}
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const result = startAwardPayout(r.award, { method: this.method, now });
    if (settle(m, r, result, m.status === 'approved' ? { kind: 'moved', to: 'processing', events: [] } : { kind: 'error' }, now)) {
      m.startedWith = this.method;
      m.reason = null;
    }
    invariants(m, r);
  }
  toString = () => `start_payout(${this.method})`;
}

/** Not sent this time (below the minimum, no provider): an approved award stays approved with the reason. */
class HoldPayout implements fc.Command<Model, Real> {
  constructor(readonly reason: string) {}
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const result = holdAwardPayout(r.award, { reason: this.reason, now });
    let expected: Expected;
    if (m.status !== 'approved') expected = { kind: 'error' };
    else if (m.reason === this.reason) expected = { kind: 'noop', idempotent: false };
    else expected = { kind: 'moved', to: 'approved', events: [] };
    if (settle(m, r, result, expected, now)) m.reason = this.reason;
    invariants(m, r);
  }
  toString = () => `hold(${this.reason})`;
}

class PayoutResult implements fc.Command<Model, Real> {
  constructor(readonly outcome: 'paid' | 'retry' | 'failed') {}
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const processing = m.status === 'processing';
    if (this.outcome === 'paid') {
      const result = completeAwardPayout(r.award, { transferId: 'tr_1', now });
      if (settle(m, r, result, processing ? { kind: 'moved', to: 'paid', events: ['bonus.paid'] } : { kind: 'error' }, now)) {
        m.paidVia = m.startedWith === 'connect' ? 'connect' : 'manual';
        m.reason = null;
      }
    } else if (this.outcome === 'retry') {
      const result = requeueAwardPayout(r.award, { reason: 'provider_unavailable', now });
      if (settle(m, r, result, processing ? { kind: 'moved', to: 'approved', events: [] } : { kind: 'error' }, now)) m.reason = 'provider_unavailable';
    } else {
      const result = failAwardPayout(r.award, { reason: 'declined', now });
      if (settle(m, r, result, processing ? { kind: 'moved', to: 'failed', events: [] } : { kind: 'error' }, now)) m.reason = 'declined';
    }
    invariants(m, r);
  }
  toString = () => `payout_${this.outcome}`;
}

class Downgrade implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const unpaid = ['pending_window', 'pending_approval', 'approved', 'failed'].includes(m.status);
    settle(
      m,
      r,
      ok(cancelAwardForDowngrade(r.award, now)),
      unpaid ? { kind: 'moved', to: 'cancelled', events: ['bonus.cancelled'] } : { kind: 'noop', idempotent: false },
      now,
    );
    invariants(m, r);
  }
  toString = () => 'plan_downgrade';
}

const cents = fc.integer({ min: 0, max: 20_000 });
const commands = [
  fc.constantFrom('key_a', 'key_b').map((k) => new Approve(k)),
  fc.constant(new MarkPaid()),
  fc.constant(new Cancel()),
  fc.tuple(cents, fc.boolean()).map(([c, hit]) => new Revise(c, hit)),
  fc.tuple(cents.filter((c) => c > 0), fc.constant(true), fc.integer({ min: 0, max: 20 })).map(([c, hit, d]) => new CloseWindow(c, hit, d)),
  fc.tuple(cents, fc.boolean(), fc.integer({ min: 0, max: 20 })).map(([c, hit, d]) => new CloseWindow(c, hit, d)),
  fc.constantFrom('connect' as const, 'wallet_a' as const).map((method) => new StartPayout(method)),
  fc.constantFrom('below_minimum_payout', 'payout_provider_not_configured').map((reason) => new HoldPayout(reason)),
  fc.constantFrom('paid' as const, 'retry' as const, 'failed' as const).map((outcome) => new PayoutResult(outcome)),
  fc.constant(new Downgrade()),
];

describe('team award state machine (model-based)', () => {
  it('follows the model for every sequence of actions, legal and illegal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 7, max: 14 }), fc.commands(commands, { maxCommands: 30 }), (start, days, cmds) => {
        const now = new Date(T0);
        const payableAfter = new Date(T0 + days * DAY);
        const award = openAward('awd_1', share(start), {
          merchantId: 'm',
          teamId: 't',
          goalId: 'g',
          periodKey: '2026-01',
          currency: usd,
          payableAfter,
          now,
        });
        expect(award.status).toBe('pending_window');
        const model: Model = { status: 'pending_window', cents: start, approvedBy: null, clock: T0, payableAfter: payableAfter.getTime(), paidVia: null, startedWith: null, reason: null };
        fc.modelRun(() => ({ model, real: { award } }), cmds);
      }),
      { numRuns: 400 },
    );
  });
});

describe('reconcilePeriodAwards', () => {
  const roster = ['aff_a', 'aff_b', 'aff_c', 'aff_d'];
  const rule = { type: 'flat' as const, value: new Decimal('100.00'), tiers: null, cap: null, scope: 'team' as const, split: 'proportional' as const };
  const progress = (contribs: number[]): MemberProgress[] =>
    roster.map((id, i) => ({ affiliateId: id, contribution: new Decimal(contribs[i]!), count: 1, amount: new Decimal(contribs[i]!) }));
  const context = (now: number, closeWindow: boolean) => {
    let n = 0;
    return { merchantId: 'm', teamId: 't', goalId: 'g', periodKey: '2026-01', currency: usd, payableAfter: new Date(T0 + 14 * DAY), now: new Date(now), closeWindow, nextId: () => `awd_${(n += 1)}_${now}` };
  };

  it('keeps the open awards adding up to the recomputed total after refunds, and cancels them when the target is missed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 1, max: 2000 }),
        (before, refundPct, target) => {
          const shares = (contribs: number[]) => {
            const byMember = progress(contribs);
            const aggregate = byMember.reduce((s, m) => s.plus(m.contribution), new Decimal(0));
            return computeShares({ rule, target: new Decimal(target), aggregate, currency: usd, byMember, leaderAffiliateId: null });
          };
          const atClose = shares(before);
          fc.pre(atClose.hit);
          const opened = reconcilePeriodAwards([], atClose, context(T0, false));
          expect(opened.updated).toEqual([]);
          expect(opened.events).toEqual([]);
          expect(opened.created.every((a) => a.status === 'pending_window')).toBe(true);
          expect(opened.created.reduce((s, a) => s.plus(a.amount), new Decimal(0)).eq(atClose.total)).toBe(true);

          const after = before.map((c, i) => c - Math.floor((c * refundPct[i]!) / 100));
          const refunded = shares(after);
          const revised = reconcilePeriodAwards(opened.created, refunded, context(T0 + DAY, false));
          const byId = new Map(opened.created.map((a) => [a.id, a]));
          for (const a of [...revised.updated, ...revised.created]) byId.set(a.id, a);
          const awards = [...byId.values()];
          const open = awards.filter((a) => a.status === 'pending_window');
          if (refunded.hit) {
            expect(open.reduce((s, a) => s.plus(a.amount), new Decimal(0)).eq(refunded.total)).toBe(true);
            expect(revised.events.every((e) => e.type === 'bonus.cancelled')).toBe(true);
          } else {
            expect(open).toEqual([]);
            expect(revised.events.map((e) => e.type)).toEqual(opened.created.map(() => 'bonus.cancelled'));
          }

          const closed = reconcilePeriodAwards(awards, refunded, context(T0 + 15 * DAY, true));
          const awarded = closed.events.filter((e) => e.type === 'bonus.awarded').map((e) => e.award);
          expect(awarded.reduce((s, a) => s.plus(a.amount), new Decimal(0)).eq(refunded.hit ? refunded.total : 0)).toBe(true);
          // Running the window close again changes nothing.
          const final = new Map(awards.map((a) => [a.id, a]));
          for (const a of [...closed.updated, ...closed.created]) final.set(a.id, a);
          const again = reconcilePeriodAwards([...final.values()], refunded, context(T0 + 16 * DAY, true));
          expect(again).toEqual({ updated: [], created: [], events: [] });
        },
      ),
      { numRuns: 300 },
    );
  });
});
