import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeConversionStatus,
  holdConversion,
  markConversionPaid,
  refundConversion,
  releaseConversion,
  reopenConversion,
  reverseRefund,
  type Conversion,
  type ConversionChange,
  type ConversionEventType,
  type ConversionStatus,
  type PayoutMethod,
} from '../../domain/conversion/index.js';
import type { DomainError } from '../../domain/shared/domain-error.js';
import { assessRisk, DEFAULT_RISK_SETTINGS, riskFlag, RISK_SIGNALS, type RiskSignal, type SignalAction } from '../../domain/risk/index.js';
import { Decimal } from '../../domain/money/decimal.js';
import type { Result } from 'neverthrow';
import { buildConversion, saleFiguresArb, T0, unitsOf, type SaleFigures } from '../arbitraries/conversion.js';
import { exactToString, roundRatioHalfAwayFromZero } from '../arbitraries/exact.js';

/**
 * The model is the spec's table written out by hand, with money in BigInt minor units: it knows
 * nothing of decimal.js or of the implementation's helpers.
 */
interface Model {
  status: ConversionStatus;
  /** While held: where a release returns. */
  heldFrom: 'pending' | 'approved' | null;
  readonly figures: SaleFigures;
  refunded: bigint;
  clock: number;
}

interface Real {
  conversion: Conversion;
}

/** Refunded: nothing earned. Otherwise the original commission scaled to what remains (a zero sale keeps its own). */
const modelCommission = (m: Model): bigint => {
  if (m.status === 'refunded') return 0n;
  if (m.figures.amount === 0n) return m.figures.commission;
  return roundRatioHalfAwayFromZero(m.figures.commission * (m.figures.amount - m.refunded), m.figures.amount);
};

const modelNeedsConfirmation = (m: Model): boolean => {
  const sale = m.figures.amount + (m.figures.tax ?? 0n);
  return sale === 0n || modelCommission(m) > 5n * sale;
};

const tick = (m: Model): Date => {
  m.clock += 60_000;
  return new Date(T0.getTime() + m.clock);
};

type Expected =
  | { kind: 'error'; code: string }
  | { kind: 'noop' }
  | { kind: 'moved'; to: ConversionStatus; events: ConversionEventType[]; cancelsQueuedPayout: boolean };

/** Checks one outcome against the model's expectation, then advances the model and the real state. */
const settle = (m: Model, r: Real, result: Result<ConversionChange, DomainError>, expected: Expected, now: Date) => {
  const before = r.conversion;
  if (expected.kind === 'error') {
    expect(result.isErr() && result.error.code).toBe(expected.code);
    return;
  }
  expect(result.isOk()).toBe(true);
  const change = result._unsafeUnwrap();
  if (expected.kind === 'noop') {
    expect(change.changed).toBe(false);
    expect(change.events).toEqual([]);
    expect(change.conversion).toBe(before);
    return;
  }
  expect(change.changed).toBe(true);
  expect(change.conversion.status).toBe(expected.to);
  expect(change.events.map((e) => e.type)).toEqual(expected.events);
  for (const event of change.events) expect(event.payload.status).toBe(expected.to);
  expect(change.cancelsQueuedPayout).toBe(expected.cancelsQueuedPayout);
  expect(change.conversion.updatedAt).toEqual(now);
  m.status = expected.to;
  r.conversion = change.conversion;
};

/** Invariants that hold after every command, legal or not. */
const checkInvariants = (m: Model, r: Real) => {
  const c = r.conversion;
  expect(c.status).toBe(m.status);
  expect(unitsOf(c.commission, m.figures.digits)).toBe(modelCommission(m));
  expect(c.refundedAmount === null ? 0n : unitsOf(c.refundedAmount, m.figures.digits)).toBe(m.refunded);
  expect(c.approvedAt !== null).toBe(m.status === 'approved' || m.status === 'paid');
  expect(c.payoutMethod !== null).toBe(m.status === 'paid');
  expect(c.heldFrom).toBe(m.status === 'held' ? m.heldFrom : null);
};

class Approve implements fc.Command<Model, Real> {
  constructor(readonly confirm: boolean) {}
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const result = changeConversionStatus(r.conversion, { to: 'approved', confirmAboveSale: this.confirm, now });
    let expected: Expected;
    if (m.status === 'approved') expected = { kind: 'noop' };
    else if (m.status !== 'pending') expected = { kind: 'error', code: 'invalid_transition' };
    else if (!this.confirm && modelNeedsConfirmation(m)) expected = { kind: 'error', code: 'commission_above_sale' };
    else expected = { kind: 'moved', to: 'approved', events: ['conversion.approved', 'conversion.updated'], cancelsQueuedPayout: false };
    settle(m, r, result, expected, now);
    checkInvariants(m, r);
  }
  toString = () => `approve(confirm=${this.confirm})`;
}

class Reject implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const result = changeConversionStatus(r.conversion, { to: 'rejected', now });
    let expected: Expected;
    if (m.status === 'rejected') expected = { kind: 'noop' };
    else if (m.status === 'pending' || m.status === 'approved') {
      expected = {
        kind: 'moved',
        to: 'rejected',
        events: ['conversion.rejected', 'conversion.updated'],
        cancelsQueuedPayout: m.status === 'approved',
      };
    } else expected = { kind: 'error', code: 'invalid_transition' };
    settle(m, r, result, expected, now);
    checkInvariants(m, r);
  }
  toString = () => 'reject';
}

class Hold implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const result = holdConversion(r.conversion, now);
    let expected: Expected;
    if (m.status === 'held') expected = { kind: 'noop' };
    else if (m.status === 'pending' || m.status === 'approved') {
      expected = { kind: 'moved', to: 'held', events: ['conversion.updated'], cancelsQueuedPayout: m.status === 'approved' };
      m.heldFrom = m.status;
    } else expected = { kind: 'error', code: 'invalid_transition' };
    settle(m, r, result, expected, now);
    checkInvariants(m, r);
  }
  toString = () => 'hold';
}

class MarkPaid implements fc.Command<Model, Real> {
  constructor(readonly method: PayoutMethod) {}
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const cardTransferId = this.method === 'connect' ? 'tr_1' : null;
    const result = markConversionPaid(r.conversion, { payoutMethod: this.method, payoutDate: now, cardTransferId, now });
    const expected: Expected =
      m.status === 'approved'
        ? { kind: 'moved', to: 'paid', events: ['conversion.paid', 'conversion.updated'], cancelsQueuedPayout: false }
        : { kind: 'error', code: 'invalid_transition' };
    settle(m, r, result, expected, now);
    if (expected.kind === 'moved') {
      expect(r.conversion.payoutMethod).toBe(this.method);
      expect(r.conversion.cardTransferId).toBe(cardTransferId);
    }
    checkInvariants(m, r);
  }
  toString = () => `markPaid(${this.method})`;
}

/** Release: held → the status before the hold; back to approved passes the 5x guard again. */
class Release implements fc.Command<Model, Real> {
  constructor(readonly confirm: boolean) {}
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const result = releaseConversion(r.conversion, { confirmAboveSale: this.confirm, now });
    let expected: Expected;
    if (m.status !== 'held') expected = { kind: 'error', code: 'invalid_transition' };
    else if (m.heldFrom === 'approved' && !this.confirm && modelNeedsConfirmation(m)) expected = { kind: 'error', code: 'commission_above_sale' };
    else {
      expected = { kind: 'moved', to: m.heldFrom ?? 'pending', events: ['conversion.updated'], cancelsQueuedPayout: false };
      m.heldFrom = null;
    }
    settle(m, r, result, expected, now);
    checkInvariants(m, r);
  }
  toString = () => `release(confirm=${this.confirm})`;
}

/** Reopen: rejected → pending; pending is a no-op; everything else is refused. */
class Reopen implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const result = reopenConversion(r.conversion, now);
    let expected: Expected;
    if (m.status === 'pending') expected = { kind: 'noop' };
    else if (m.status === 'rejected') expected = { kind: 'moved', to: 'pending', events: ['conversion.updated'], cancelsQueuedPayout: false };
    else expected = { kind: 'error', code: 'invalid_transition' };
    settle(m, r, result, expected, now);
    checkInvariants(m, r);
  }
  toString = () => 'reopen';
}

type RefundKind = 'whole' | 'part' | 'excess';

class Refund implements fc.Command<Model, Real> {
  constructor(
    readonly kind: RefundKind,
    readonly permille: number,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const remaining = m.figures.amount - m.refunded;
    // 'part' may come out as 0 (refused) or as all that remains (a whole refund by amount).
    const units =
      this.kind === 'whole' ? null : this.kind === 'part' ? (remaining * BigInt(this.permille)) / 1000n : remaining + 1n + BigInt(this.permille);
    const amount = units === null ? undefined : new Decimal(exactToString({ units, scale: m.figures.digits }));
    const result = refundConversion(r.conversion, amount === undefined ? { now } : { amount, now });
    let expected: Expected;
    const refundable = m.status === 'pending' || m.status === 'approved' || m.status === 'held';
    const refunding = units ?? remaining;
    if (!refundable) expected = { kind: 'error', code: 'invalid_transition' };
    else if (units !== null && (units <= 0n || units > remaining)) expected = { kind: 'error', code: 'validation_error' };
    else {
      const whole = m.refunded + refunding >= m.figures.amount;
      expected = {
        kind: 'moved',
        to: whole ? 'refunded' : m.status,
        events: ['conversion.updated'],
        cancelsQueuedPayout: whole && m.status === 'approved',
      };
      m.refunded += refunding;
      if (whole) m.heldFrom = null;
    }
    settle(m, r, result, expected, now);
    checkInvariants(m, r);
  }
  toString = () => `refund(${this.kind}, ${this.permille}‰)`;
}

/** A refund taken back by the provider: the sale and its commission whole again; refunded → pending. */
class ReverseRefund implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const now = tick(m);
    const result = reverseRefund(r.conversion, now);
    let expected: Expected;
    if (m.status === 'paid' || m.status === 'rejected') expected = { kind: 'error', code: 'invalid_transition' };
    else if (m.status !== 'refunded' && m.refunded === 0n) expected = { kind: 'noop' };
    else {
      expected = { kind: 'moved', to: m.status === 'refunded' ? 'pending' : m.status, events: ['conversion.updated'], cancelsQueuedPayout: false };
      m.refunded = 0n;
    }
    settle(m, r, result, expected, now);
    checkInvariants(m, r);
  }
  toString = () => 'reverseRefund';
}

/**
 * A risk signal evaluated on the sale under the merchant's rule for it (as a sale is recorded, or a
 * provider's report replaces a script sale): `hold` holds it through the machine with the signal as
 * its reason, `flag` and `off` leave it as it is, `refuse` (self-referral only) refuses it.
 */
class SignalFires implements fc.Command<Model, Real> {
  constructor(
    readonly code: RiskSignal,
    readonly action: SignalAction,
    readonly fired: boolean,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const flag = this.fired ? riskFlag(this.code, `${this.code} fired`, [r.conversion.id]) : null;
    const assessed = assessRisk([flag], { actions: { ...DEFAULT_RISK_SETTINGS.actions, [this.code]: this.action } });
    if (this.fired && this.action === 'refuse') {
      expect(assessed.isErr() && assessed.error.code).toBe(this.code);
      checkInvariants(m, r);
      return;
    }
    const { flags, holdReason } = assessed._unsafeUnwrap();
    expect(flags.length).toBe(this.fired && this.action !== 'off' ? 1 : 0);
    expect(holdReason !== null).toBe(this.fired && this.action === 'hold');
    if (holdReason) {
      const now = tick(m);
      const result = holdConversion(r.conversion, now);
      let expected: Expected;
      if (m.status === 'held') expected = { kind: 'noop' };
      else if (m.status === 'pending' || m.status === 'approved') {
        expected = { kind: 'moved', to: 'held', events: ['conversion.updated'], cancelsQueuedPayout: m.status === 'approved' };
        m.heldFrom = m.status;
      } else expected = { kind: 'error', code: 'invalid_transition' };
      settle(m, r, result, expected, now);
    }
    checkInvariants(m, r);
  }
  toString = () => `signal(${this.code}, ${this.action}, ${this.fired ? 'fired' : 'silent'})`;
}

const signalArb = fc
  .tuple(fc.constantFrom(...RISK_SIGNALS), fc.constantFrom<SignalAction>('off', 'flag', 'hold', 'hold'), fc.boolean())
  .map(([code, action, fired]) => new SignalFires(code, code === 'self_referral' && action === 'hold' ? 'refuse' : action, fired));

const commandsArb = fc.commands(
  [
    signalArb,
    fc.boolean().map((confirm) => new Approve(confirm)),
    fc.constant(new Reject()),
    fc.constant(new Hold()),
    fc.boolean().map((confirm) => new Release(confirm)),
    fc.constant(new Reopen()),
    fc.constantFrom<PayoutMethod>('connect', 'wallet_a', 'transfer_b').map((method) => new MarkPaid(method)),
    fc
      .tuple(fc.constantFrom<RefundKind>('whole', 'part', 'part', 'excess'), fc.integer({ min: 0, max: 1000 }))
      .map(([kind, permille]) => new Refund(kind, permille)),
    fc.constant(new ReverseRefund()),
  ],
  { maxCommands: 25 },
);

describe('the conversion state machine (model-based)', () => {
  it('follows the transition table for every sequence of commands, legal and illegal', () => {
    fc.assert(
      fc.property(saleFiguresArb, commandsArb, (figures, commands) => {
        const setup = () => ({
          model: { status: 'pending' as ConversionStatus, heldFrom: null, figures, refunded: 0n, clock: 0 },
          real: { conversion: buildConversion(figures) },
        });
        fc.modelRun(setup, commands);
      }),
      { numRuns: 300 },
    );
  });

  it('reaches every status the spec names from a fresh conversion', () => {
    // Guards the model test against a generator that never leaves `pending`.
    const reached = new Set<ConversionStatus>();
    fc.assert(
      fc.property(saleFiguresArb, commandsArb, (figures, commands) => {
        const real: Real = { conversion: buildConversion(figures) };
        const model: Model = { status: 'pending', heldFrom: null, figures, refunded: 0n, clock: 0 };
        fc.modelRun(() => ({ model, real }), commands);
        reached.add(real.conversion.status);
      }),
      { numRuns: 300 },
    );
    expect([...reached].sort()).toEqual(['approved', 'held', 'paid', 'pending', 'refunded', 'rejected']);
  });
});
