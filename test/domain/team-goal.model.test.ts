import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancelGoal,
  closeDuePeriod,
  closeGoalNow,
  createGoal,
  Decimal,
  reactivateGoal,
  type ClosedPeriod,
  type CurrencyCode,
  type Goal,
  type GoalStatus,
} from '../../domain/index.js';

/**
 * The goal table of the spec plus this service's period rules, written out by hand: month keys and
 * month ends are computed here with Date.UTC, not with the domain's helpers.
 */
interface Model {
  status: GoalStatus;
  mode: 'monthly' | 'one_time';
  periodEnd: number | null;
  key: string;
  start: number;
  updatedAt: number;
  clock: number;
  closed: { key: string; start: number; end: number }[];
}

interface Real {
  goal: Goal;
  closed: ClosedPeriod[];
}

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);
const monthKey = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
const nextMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
const modelEnd = (m: Model): number | null => (m.mode === 'monthly' ? nextMonth(m.start) : m.periodEnd);
const freshKey = (base: string, used: string[]) => {
  if (!used.includes(base)) return base;
  for (let n = 2; ; n += 1) if (!used.includes(`${base}#${n}`)) return `${base}#${n}`;
};

const advance = (m: Model, ms: number): Date => {
  m.clock += ms;
  return new Date(m.clock);
};

const check = (m: Model, r: Real) => {
  expect(r.goal.status).toBe(m.status);
  expect(r.goal.currentPeriodKey).toBe(m.key);
  expect(r.goal.currentPeriodStart.getTime()).toBe(m.start);
  expect(r.goal.updatedAt.getTime()).toBe(m.updatedAt);
  expect(r.goal.periodEnd?.getTime() ?? null).toBe(m.periodEnd);
  expect(r.closed.map((c) => ({ key: c.key, start: c.start.getTime(), end: c.end.getTime() }))).toEqual(m.closed);
  // Keys are unique per goal; periods never overlap and follow each other in time.
  expect(new Set(r.closed.map((c) => c.key)).size).toBe(r.closed.length);
  for (let i = 1; i < r.closed.length; i += 1) expect(r.closed[i]!.start.getTime()).toBeGreaterThanOrEqual(r.closed[i - 1]!.end.getTime());
  for (const c of r.closed) {
    expect(c.end.getTime()).toBeGreaterThanOrEqual(c.start.getTime());
    if (m.mode === 'monthly') expect(c.end.getTime()).toBeLessThanOrEqual(nextMonth(c.start.getTime()));
  }
};

/** The goal-periods job at a later clock: every due period closes, one per step. */
class Tick implements fc.Command<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  run(m: Model, r: Real) {
    const now = advance(m, this.ms);
    for (;;) {
      const end = modelEnd(m);
      if (m.status !== 'active' || end === null || end > m.clock) break;
      m.closed.push({ key: m.key, start: m.start, end });
      m.updatedAt = m.clock;
      if (m.mode === 'one_time') m.status = 'ended';
      else {
        m.start = end;
        m.key = monthKey(end);
      }
    }
    for (;;) {
      const change = closeDuePeriod(r.goal, now);
      if (!change.closed) {
        expect(change.goal).toBe(r.goal);
        break;
      }
      expect(change.closed.closedAt.getTime()).toBe(change.closed.end.getTime());
      r.goal = change.goal;
      r.closed.push(change.closed);
    }
    check(m, r);
  }
  toString = () => `tick(${Math.round(this.ms / 3_600_000)}h)`;
}

class Cancel implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const now = advance(m, 60_000);
    const result = cancelGoal(r.goal, now);
    if (m.status !== 'active') {
      expect(result._unsafeUnwrapErr().code).toBe('invalid_transition');
    } else {
      const change = result._unsafeUnwrap();
      expect(change.closed).toBeNull();
      r.goal = change.goal;
      m.status = 'cancelled';
      m.updatedAt = m.clock;
    }
    check(m, r);
  }
  toString = () => 'cancel';
}

class CloseNow implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const now = advance(m, 60_000);
    const result = closeGoalNow(r.goal, now);
    if (m.status !== 'active') {
      expect(result._unsafeUnwrapErr().code).toBe('invalid_transition');
    } else {
      const change = result._unsafeUnwrap();
      expect(change.closed!.closedAt).toEqual(now);
      r.goal = change.goal;
      r.closed.push(change.closed!);
      m.closed.push({ key: m.key, start: m.start, end: m.clock });
      m.status = 'ended';
      m.updatedAt = m.clock;
    }
    check(m, r);
  }
  toString = () => 'close_now';
}

class Reactivate implements fc.Command<Model, Real> {
  constructor(
    readonly stale: boolean,
    readonly activeGoals: number,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const now = advance(m, 60_000);
    const expectedUpdatedAt = new Date(this.stale ? m.updatedAt - 1 : m.updatedAt);
    const result = reactivateGoal(r.goal, {
      expectedUpdatedAt,
      now,
      usedPeriodKeys: r.closed.map((c) => c.key),
      activeGoalCount: this.activeGoals,
    });
    if (this.stale) expect(result._unsafeUnwrapErr().code).toBe('stale_goal');
    else if (m.status !== 'ended') expect(result._unsafeUnwrapErr().code).toBe('invalid_transition');
    else if (this.activeGoals >= 10) expect(result._unsafeUnwrapErr().code).toBe('too_many_goals');
    else {
      r.goal = result._unsafeUnwrap().goal;
      m.status = 'active';
      m.start = m.clock;
      m.key = freshKey(m.mode === 'monthly' ? monthKey(m.clock) : 'one_time', [...m.closed.map((c) => c.key), m.key]);
      if (m.periodEnd !== null && m.periodEnd <= m.clock) m.periodEnd = null;
      m.updatedAt = m.clock;
    }
    check(m, r);
  }
  toString = () => `reactivate(${this.stale ? 'stale' : 'fresh'}, active=${this.activeGoals})`;
}

const commands = [
  fc.integer({ min: 0, max: 70 * 86_400_000 }).map((ms) => new Tick(ms)),
  fc.integer({ min: 0, max: 3 * 86_400_000 }).map((ms) => new Tick(ms)),
  fc.constant(new Cancel()),
  fc.constant(new CloseNow()),
  fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 11 })).map(([stale, n]) => new Reactivate(stale, n)),
  fc.constant(new Reactivate(false, 0)),
];

describe('team goal state machine (model-based)', () => {
  it('follows the model for every sequence of actions and period ends, legal or not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('monthly' as const, 'one_time' as const),
        fc.option(fc.integer({ min: 1, max: 90 * 86_400_000 }), { nil: null }),
        fc.commands(commands, { maxCommands: 40 }),
        (mode, endOffset, cmds) => {
          const now = new Date(T0);
          const periodEnd = mode === 'one_time' && endOffset !== null ? new Date(T0 + endOffset) : null;
          const goal = createGoal(
            { name: 'Goal', targetValue: new Decimal(1000), periodMode: mode, bonusValue: new Decimal(50), periodEnd },
            { id: 'g1', teamId: 't1', merchantId: 'm1', currency: 'usd' as CurrencyCode, teamCampaignIds: [], activeGoalCount: 0, now },
          )._unsafeUnwrap();
          expect(goal.status).toBe('active');
          const model: Model = {
            status: 'active',
            mode,
            periodEnd: periodEnd?.getTime() ?? null,
            key: mode === 'monthly' ? '2026-01' : 'one_time',
            start: T0,
            updatedAt: T0,
            clock: T0,
            closed: [],
          };
          fc.modelRun(() => ({ model, real: { goal, closed: [] } }), cmds);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses an 11th running goal and checks every create rule', () => {
    const context = { id: 'g', teamId: 't', merchantId: 'm', currency: 'usd' as CurrencyCode, teamCampaignIds: ['c1'], now: new Date(T0) };
    const valid = { name: 'Goal', targetValue: new Decimal(100), bonusValue: new Decimal(10) };
    expect(createGoal(valid, { ...context, activeGoalCount: 9 }).isOk()).toBe(true);
    expect(createGoal(valid, { ...context, activeGoalCount: 10 })._unsafeUnwrapErr().code).toBe('too_many_goals');
    const fields = (input: object) =>
      (createGoal({ ...valid, ...input }, { ...context, activeGoalCount: 0 })._unsafeUnwrapErr().details ?? []).map((d) => d.field);
    expect(fields({ targetValue: new Decimal(0) })).toEqual(['targetValue']);
    expect(fields({ targetValue: new Decimal('100000000.01') })).toEqual(['targetValue']);
    expect(fields({ targetValue: new Decimal('10.001') })).toEqual(['targetValue']);
    expect(fields({ metric: 'conversions', targetValue: new Decimal('2.5') })).toEqual(['targetValue']);
    expect(fields({ scope: 'campaign' })).toEqual(['campaignId']);
    expect(fields({ scope: 'campaign', campaignId: 'other' })).toEqual(['campaignId']);
    expect(fields({ campaignId: 'c1' })).toEqual(['campaignId']);
    expect(fields({ bonusValue: new Decimal('100000.01') })).toEqual(['bonusValue']);
    expect(fields({ bonusValue: null })).toEqual(['bonusValue']);
    expect(fields({ bonusType: 'tiered', bonusValue: null })).toEqual(['bonusTiers']);
    expect(fields({ bonusType: 'tiered', bonusValue: null, bonusTiers: Array.from({ length: 11 }, (_, i) => ({ threshold: new Decimal(i + 1), amount: new Decimal(1) })) })).toEqual(['bonusTiers']);
    expect(fields({ bonusType: 'tiered', bonusValue: null, bonusTiers: [{ threshold: new Decimal(5), amount: new Decimal(1) }, { threshold: new Decimal(5), amount: new Decimal(2) }] })).toEqual(['bonusTiers.1.threshold']);
    expect(fields({ bonusTiers: [{ threshold: new Decimal(5), amount: new Decimal(1) }] })).toEqual(['bonusTiers']);
    expect(fields({ bonusType: 'percent_over', bonusValue: new Decimal(101) })).toEqual(['bonusValue']);
    expect(fields({ bonusType: 'percent_over', metric: 'conversions', bonusValue: new Decimal(5) })).toEqual(['bonusType']);
    expect(fields({ bonusCap: new Decimal(0) })).toEqual(['bonusCap']);
    expect(fields({ refundSafeDays: 6 })).toEqual(['refundSafeDays']);
    expect(fields({ refundSafeDays: 91 })).toEqual(['refundSafeDays']);
    expect(fields({ refundSafeDays: 7.5 })).toEqual(['refundSafeDays']);
    expect(fields({ periodEnd: new Date(T0 + 1000) })).toEqual(['periodEnd']);
    expect(fields({ periodMode: 'one_time', periodEnd: new Date(T0 - 1000) })).toEqual(['periodEnd']);
    expect(fields({ periodStart: new Date(T0 + 1000) })).toEqual(['periodStart']);
    expect(fields({ name: '   ' })).toEqual(['name']);
  });
});
