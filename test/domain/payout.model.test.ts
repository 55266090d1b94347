import fc from 'fast-check';
import type { Result } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { changeConversionStatus, type Conversion, type PayoutMethod } from '../../domain/conversion/index.js';
import type { CurrencyCode } from '../../domain/money/currency.js';
import { Decimal } from '../../domain/money/decimal.js';
import {
  attemptKey,
  cancelPayout,
  leaseAttempt,
  markPayoutPaid,
  queuePayout,
  recordOutcome,
  releasePayout,
  resizePayout,
  retryPayout,
  startAttempt,
  type Payout,
  type PayoutChange,
  type PayoutOutcome,
  type PayoutStatus,
} from '../../domain/payout/index.js';
import type { DomainError } from '../../domain/shared/domain-error.js';
import { buildConversion, T0 } from '../arbitraries/conversion.js';

/**
 * The model is the payout lifecycle written out by hand (docs/payouts.md), with money in integer
 * cents and time in milliseconds: it knows nothing of the implementation's helpers or policy object.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MAX_FAILED = 5;
const FUNDS_RECHECK = 6 * HOUR;
const LEASE = 5 * 60_000;
const backoff = (failed: number) => Math.min(HOUR * 2 ** (failed - 1), 24 * HOUR);
const OPEN: readonly PayoutStatus[] = ['pending', 'awaiting_funds', 'scheduled', 'failed'];

interface Model {
  status: PayoutStatus | 'cancelled';
  cents: bigint;
  clock: number;
  scheduledAt: number;
  attempts: number;
  failedAttempts: number;
  lastAttemptAt: number | null;
  method: PayoutMethod | null;
  reference: string | null;
  nextCheckAt: number | null;
  failureReason: string | null;
  completions: number;
}

interface Real {
  payout: Payout;
}

type Expected = { kind: 'error'; code: string } | { kind: 'ok'; events: string[] };

const now = (m: Model) => new Date(T0.getTime() + m.clock);

/** Checks the result against the expectation; on success the real payout moves on. */
const settle = (r: Real, result: Result<PayoutChange, DomainError>, expected: Expected): PayoutChange | null => {
  if (expected.kind === 'error') {
    expect(result.isErr() && result.error.code).toBe(expected.code);
    return null;
  }
  if (result.isErr()) throw new Error(`unexpected ${result.error.code}: ${result.error.message}`);
  const change = result.value;
  expect(change.events.map((e) => e.type)).toEqual(expected.events);
  r.payout = change.payout;
  return change;
};

/** Every status a run passed through (the coverage guard below reads it). */
const visited = new Set<string>();

const checkInvariants = (m: Model, r: Real) => {
  const p = r.payout;
  visited.add(m.status);
  if (m.status === 'cancelled') return;
  expect(p.status).toBe(m.status);
  expect(BigInt(p.amount.times(100).toFixed())).toBe(m.cents);
  expect(p.scheduledDate.getTime() - T0.getTime()).toBe(m.scheduledAt);
  expect(p.attempts).toBe(m.attempts);
  expect(p.failedAttempts).toBe(m.failedAttempts);
  expect(p.failedAttempts).toBeLessThanOrEqual(p.attempts);
  expect(p.failedAttempts).toBeLessThanOrEqual(MAX_FAILED);
  expect(p.lastAttemptAt === null ? null : p.lastAttemptAt.getTime() - T0.getTime()).toBe(m.lastAttemptAt);
  expect(p.payoutMethod).toBe(m.method);
  expect(p.providerReference).toBe(m.reference);
  expect(p.nextCheckAt === null ? null : p.nextCheckAt.getTime() - T0.getTime()).toBe(m.nextCheckAt);
  expect(p.failureReason).toBe(m.failureReason);
  expect(p.completedAt !== null).toBe(m.status === 'completed');
  // Money never leaves twice.
  expect(m.completions).toBeLessThanOrEqual(1);
  // Money in flight is always due for another look: the lease of an unanswered request, or the transfer's check.
  expect(p.nextCheckAt !== null).toBe(p.status === 'processing');
};

/** A cancelled row is deleted: nothing more happens to it. */
const live = (m: Readonly<Model>) => m.status !== 'cancelled';

class Advance implements fc.Command<Model, Real> {
  check = live;
  constructor(readonly ms: number) {}
  run(m: Model, r: Real) {
    m.clock += this.ms;
    checkInvariants(m, r);
  }
  toString = () => `advance(${this.ms / 60_000}min)`;
}

/** Time moves to when the row is next due (holding end, retry, funds recheck, transfer check). */
class AdvanceToDue implements fc.Command<Model, Real> {
  check = live;
  run(m: Model, r: Real) {
    const due = m.status === 'processing' && m.nextCheckAt !== null ? m.nextCheckAt : m.scheduledAt;
    m.clock = Math.max(m.clock, due);
    checkInvariants(m, r);
  }
  toString = () => 'advanceToDue';
}

class Release implements fc.Command<Model, Real> {
  check = live;
  run(m: Model, r: Real) {
    const result = releasePayout(r.payout, now(m));
    const legal = m.status === 'pending' && m.scheduledAt <= m.clock;
    if (settle(r, result, legal ? { kind: 'ok', events: [] } : { kind: 'error', code: 'invalid_transition' })) m.status = 'scheduled';
    checkInvariants(m, r);
  }
  toString = () => 'release';
}

class Attempt implements fc.Command<Model, Real> {
  check = live;
  constructor(readonly method: PayoutMethod) {}
  run(m: Model, r: Real) {
    const before = r.payout;
    const result = startAttempt(r.payout, { method: this.method, now: now(m) });
    const legal = (m.status === 'scheduled' || m.status === 'awaiting_funds') && m.scheduledAt <= m.clock;
    if (!legal) {
      expect(result.isErr() && result.error.code).toBe('invalid_transition');
    } else {
      r.payout = result._unsafeUnwrap();
      // The attempt is on record before the request leaves; without an answer it is repeated after the lease.
      Object.assign(m, { status: 'processing', attempts: m.attempts + 1, lastAttemptAt: m.clock, method: this.method, reference: null, nextCheckAt: m.clock + LEASE });
      // Each attempt has its own idempotency key; a repeat of the same attempt has the same one.
      expect(attemptKey(r.payout)).not.toBe(attemptKey(before));
      expect(attemptKey(r.payout)).toBe(attemptKey({ id: before.id, attempts: m.attempts }));
    }
    checkInvariants(m, r);
  }
  toString = () => `attempt(${this.method})`;
}

/** The follow-up leases a row in flight before asking its provider again: only its next look moves. */
class Lease implements fc.Command<Model, Real> {
  check = live;
  run(m: Model, r: Real) {
    const before = r.payout;
    const result = leaseAttempt(r.payout, now(m));
    if (m.status !== 'processing') {
      expect(result.isErr() && result.error.code).toBe('invalid_transition');
    } else {
      r.payout = result._unsafeUnwrap();
      m.nextCheckAt = m.clock + LEASE;
      // Same attempt, same idempotency key: the repeated request is the same transfer.
      expect(attemptKey(r.payout)).toBe(attemptKey(before));
    }
    checkInvariants(m, r);
  }
  toString = () => 'lease';
}

type OutcomeSpec =
  | { kind: 'completed'; reference: string }
  | { kind: 'in_transit'; reference: string; checkAfterMs: number | null }
  | { kind: 'insufficient_funds' }
  | { kind: 'failed'; reason: string; retryable: boolean };

class Outcome implements fc.Command<Model, Real> {
  check = live;
  constructor(readonly outcome: OutcomeSpec) {}
  run(m: Model, r: Real) {
    const o = this.outcome;
    const outcome: PayoutOutcome =
      o.kind === 'completed'
        ? { kind: 'completed', reference: o.reference, cardPaymentId: m.method === 'connect' ? 'py_1' : null }
        : o.kind === 'in_transit'
          ? { kind: 'in_transit', reference: o.reference, checkAfter: o.checkAfterMs === null ? null : new Date(now(m).getTime() + o.checkAfterMs) }
          : o;
    const result = recordOutcome(r.payout, outcome, { now: now(m) });
    if (m.status !== 'processing') {
      settle(r, result, { kind: 'error', code: 'invalid_transition' });
    } else if (o.kind === 'completed') {
      settle(r, result, { kind: 'ok', events: ['payout.completed'] });
      Object.assign(m, { status: 'completed', reference: o.reference, nextCheckAt: null, failureReason: null, completions: m.completions + 1 });
      expect(r.payout.completedAt).toEqual(now(m));
    } else if (o.kind === 'in_transit') {
      if (m.reference !== null && m.reference !== o.reference) {
        settle(r, result, { kind: 'error', code: 'validation_error' });
      } else {
        settle(r, result, { kind: 'ok', events: [] });
        const checkAt = o.checkAfterMs !== null && o.checkAfterMs > 0 ? m.clock + o.checkAfterMs : m.clock + 15 * 60_000;
        Object.assign(m, { reference: o.reference, nextCheckAt: checkAt });
      }
    } else if (o.kind === 'insufficient_funds') {
      const change = settle(r, result, { kind: 'ok', events: m.failureReason === 'insufficient_funds' ? [] : ['payout.failed'] });
      Object.assign(m, { status: 'awaiting_funds', scheduledAt: m.clock + FUNDS_RECHECK, reference: null, nextCheckAt: null, failureReason: 'insufficient_funds' });
      const event = change?.events[0];
      if (event) {
        expect(event.payload).toMatchObject({ status: 'failed', payoutStatus: 'awaiting_funds', failureReason: 'insufficient_funds', nextAttemptAt: new Date(T0.getTime() + m.scheduledAt).toISOString() });
      }
    } else {
      const change = settle(r, result, { kind: 'ok', events: ['payout.failed'] });
      const failed = m.failedAttempts + 1;
      const retry = o.retryable && failed < MAX_FAILED;
      Object.assign(m, {
        status: retry ? 'scheduled' : 'failed',
        failedAttempts: failed,
        scheduledAt: retry ? m.clock + backoff(failed) : m.scheduledAt,
        reference: null,
        nextCheckAt: null,
        failureReason: o.reason,
      });
      expect(change!.events[0]!.payload).toMatchObject({
        status: 'failed',
        payoutStatus: m.status,
        failureReason: o.reason,
        attempts: m.attempts,
        nextAttemptAt: retry ? new Date(T0.getTime() + m.scheduledAt).toISOString() : null,
      });
    }
    checkInvariants(m, r);
  }
  toString = () => `outcome(${JSON.stringify(this.outcome)})`;
}

class MarkPaid implements fc.Command<Model, Real> {
  check = live;
  constructor(
    readonly method: PayoutMethod,
    readonly withTransferId: boolean,
  ) {}
  run(m: Model, r: Real) {
    const cardTransferId = this.withTransferId ? 'tr_manual' : null;
    const result = markPayoutPaid(r.payout, { method: this.method, cardTransferId, now: now(m) });
    if (m.status === 'processing') settle(r, result, { kind: 'error', code: 'payout_in_progress' });
    else if (!OPEN.includes(m.status as PayoutStatus)) settle(r, result, { kind: 'error', code: 'invalid_transition' });
    else if ((this.method === 'connect') !== this.withTransferId) settle(r, result, { kind: 'error', code: 'validation_error' });
    else {
      settle(r, result, { kind: 'ok', events: ['payout.completed'] });
      Object.assign(m, { status: 'completed', method: this.method, reference: cardTransferId, nextCheckAt: null, failureReason: null, completions: m.completions + 1 });
    }
    checkInvariants(m, r);
  }
  toString = () => `markPaid(${this.method}, transferId=${this.withTransferId})`;
}

class Retry implements fc.Command<Model, Real> {
  check = live;
  run(m: Model, r: Real) {
    const result = retryPayout(r.payout, now(m));
    if (m.status !== 'failed') settle(r, result, { kind: 'error', code: 'invalid_transition' });
    else {
      settle(r, result, { kind: 'ok', events: [] });
      Object.assign(m, { status: 'scheduled', failedAttempts: 0, scheduledAt: m.clock });
    }
    checkInvariants(m, r);
  }
  toString = () => 'retry';
}

class Resize implements fc.Command<Model, Real> {
  check = live;
  constructor(readonly cents: bigint) {}
  run(m: Model, r: Real) {
    const result = resizePayout(r.payout, new Decimal(this.cents.toString()).dividedBy(100), now(m));
    if (m.status === 'processing') settle(r, result, { kind: 'error', code: 'payout_in_progress' });
    else if (!OPEN.includes(m.status as PayoutStatus)) settle(r, result, { kind: 'error', code: 'invalid_transition' });
    else if (this.cents <= 0n) settle(r, result, { kind: 'error', code: 'validation_error' });
    else {
      settle(r, result, { kind: 'ok', events: [] });
      m.cents = this.cents;
    }
    checkInvariants(m, r);
  }
  toString = () => `resize(${this.cents}c)`;
}

class Cancel implements fc.Command<Model, Real> {
  check = live;
  run(m: Model, r: Real) {
    const result = cancelPayout(r.payout);
    if (m.status === 'processing') expect(result.isErr() && result.error.code).toBe('payout_in_progress');
    else if (!OPEN.includes(m.status as PayoutStatus)) expect(result.isErr() && result.error.code).toBe('invalid_transition');
    else {
      expect(result.isOk()).toBe(true);
      m.status = 'cancelled';
    }
    checkInvariants(m, r);
  }
  toString = () => 'cancel';
}

const methodArb = fc.constantFrom<PayoutMethod>('connect', 'wallet_a', 'transfer_b');
const referenceArb = fc.constantFrom('tr_a', 'tr_b');
const outcomeArb: fc.Arbitrary<OutcomeSpec> = fc.oneof(
  referenceArb.map((reference) => ({ kind: 'completed' as const, reference })),
  fc
    .tuple(referenceArb, fc.option(fc.integer({ min: -HOUR, max: DAY }), { nil: null }))
    .map(([reference, checkAfterMs]) => ({ kind: 'in_transit' as const, reference, checkAfterMs })),
  fc.constant({ kind: 'insufficient_funds' as const }),
  fc
    .tuple(fc.constantFrom('provider_unavailable', 'account_closed'), fc.boolean())
    .map(([reason, retryable]) => ({ kind: 'failed' as const, reason, retryable })),
);

const commandsArb = fc.commands(
  [
    fc.constantFrom(0, 60_000, HOUR, 6 * HOUR, DAY, 31 * DAY).map((ms) => new Advance(ms)),
    fc.constant(new AdvanceToDue()),
    fc.constant(new Release()),
    fc.constant(new Release()),
    methodArb.map((method) => new Attempt(method)),
    methodArb.map((method) => new Attempt(method)),
    fc.constant(new Lease()),
    outcomeArb.map((o) => new Outcome(o)),
    outcomeArb.map((o) => new Outcome(o)),
    fc.constantFrom('account_closed', 'provider_unavailable').map((reason) => new Outcome({ kind: 'failed', reason, retryable: reason !== 'account_closed' })),
    fc.tuple(methodArb, fc.boolean()).map(([method, id]) => new MarkPaid(method, id)),
    fc.constant(new Retry()),
    fc.bigInt({ min: -1n, max: 100_000n }).map((cents) => new Resize(cents)),
    fc.constant(new Cancel()),
  ],
  { maxCommands: 40 },
);

/**
 * Whole attempt cycles (due → attempt → outcome, sometimes an operator retry), so long runs of
 * failures, funds refusals and transfers in flight are common: the paths to the retry limit.
 */
const cycleOutcomeArb: fc.Arbitrary<OutcomeSpec> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'failed' as const, reason: 'provider_unavailable', retryable: true }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'insufficient_funds' as const }) },
  { weight: 1, arbitrary: outcomeArb },
);
const cyclesArb = fc
  .array(fc.tuple(methodArb, cycleOutcomeArb, fc.boolean(), fc.integer({ min: 0, max: 19 })), { maxLength: 14 })
  .map((cycles) => [
    new AdvanceToDue(),
    new Release(),
    ...cycles.flatMap(([method, outcome, checkFirst, n]) => [
      new AdvanceToDue(),
      new Attempt(method),
      ...(checkFirst && outcome.kind !== 'in_transit' ? [new Outcome({ kind: 'in_transit', reference: 'tr_a', checkAfterMs: HOUR }), new AdvanceToDue(), new Lease()] : []),
      new Outcome(outcome),
      ...(n === 0 ? [new Retry()] : n === 1 ? [new MarkPaid(method, method === 'connect')] : []),
    ]),
  ]);

const approved = (cents: bigint): Conversion => {
  const conversion = buildConversion({ currency: 'usd' as CurrencyCode, digits: 2, amount: cents, tax: null, commission: cents });
  return changeConversionStatus(conversion, { to: 'approved', confirmAboveSale: true, now: T0 })._unsafeUnwrap().conversion;
};

const start = (cents: bigint, holdingDays: number) => {
  const payout = queuePayout({ id: 'pay_1', conversion: approved(cents), holdingDays, now: T0 })._unsafeUnwrap();
  const model: Model = {
    status: 'pending',
    cents,
    clock: 0,
    scheduledAt: holdingDays * DAY,
    attempts: 0,
    failedAttempts: 0,
    lastAttemptAt: null,
    method: null,
    reference: null,
    nextCheckAt: null,
    failureReason: null,
    completions: 0,
  };
  return { model, real: { payout } };
};

const centsArb = fc.bigInt({ min: 1n, max: 1_000_000n });
const holdingArb = fc.constantFrom(0, 0, 1, 7, 30);

describe('the payout state machine (model-based)', () => {
  it('follows the lifecycle for every sequence of commands, legal and illegal', () => {
    fc.assert(
      fc.property(centsArb, holdingArb, commandsArb, (cents, holding, commands) => {
        fc.modelRun(() => start(cents, holding), commands);
      }),
      { numRuns: 400 },
    );
  });

  it('follows the lifecycle through long runs of attempts (retry limit, backoff, funds, transfers in flight)', () => {
    fc.assert(
      fc.property(centsArb, holdingArb, cyclesArb, (cents, holding, commands) => {
        fc.modelRun(() => start(cents, holding), commands);
      }),
      { numRuns: 400 },
    );
  });

  it('passes through every state the spec names', () => {
    // Guards the model test against generators that never leave `pending`.
    visited.clear();
    for (const arb of [commandsArb, cyclesArb]) {
      fc.assert(
        fc.property(centsArb, holdingArb, arb, (cents, holding, commands) => {
          fc.modelRun(() => start(cents, holding), commands);
        }),
        { numRuns: 200 },
      );
    }
    expect([...visited].sort()).toEqual(['awaiting_funds', 'cancelled', 'completed', 'failed', 'pending', 'processing', 'scheduled']);
  });

  it('queues only approved conversions with a commission above zero, after a holding period of 0 to 365 days', () => {
    const pending = buildConversion({ currency: 'usd' as CurrencyCode, digits: 2, amount: 100n, tax: null, commission: 100n });
    expect(queuePayout({ id: 'p', conversion: pending, holdingDays: 0, now: T0 })._unsafeUnwrapErr().code).toBe('validation_error');
    expect(queuePayout({ id: 'p', conversion: approved(0n), holdingDays: 0, now: T0 })._unsafeUnwrapErr().details?.[0]?.field).toBe('amount');
    for (const holdingDays of [-1, 366, 1.5]) {
      expect(queuePayout({ id: 'p', conversion: approved(5n), holdingDays, now: T0 })._unsafeUnwrapErr().details?.[0]?.field).toBe('payoutHoldingDays');
    }
    const queued = queuePayout({ id: 'p', conversion: approved(1234n), holdingDays: 365, now: T0 })._unsafeUnwrap();
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, conversionId: 'conv_1', currency: 'usd' });
    expect(queued.amount.toFixed(2)).toBe('12.34');
    expect(queued.scheduledDate.getTime() - T0.getTime()).toBe(365 * DAY);
  });
});
