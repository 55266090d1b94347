import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign, insertConversion, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { rollupMismatches } from '../support/stats-recount.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * The roll-ups that statistics read (Migration20261122000007StatsSearch) always equal a recount
 * from the rows, whatever happens: sales through the API and written directly (back-dated), approvals,
 * rejections, holds, whole and partial refunds, clicks, sign-ups and membership decisions, days and
 * months passing, and concurrent writers. The histories share one database (setting up programs per
 * run would cost more than the runs), so after a real failure every later run fails too: read the
 * first failing run's steps in the report, not only the shrunk counterexample.
 */

type Mode = 'live' | 'test';

interface Program {
  readonly merchant: TestMerchant;
  readonly campaigns: { id: string }[];
  readonly affiliates: Record<Mode, { id: string; email: string; trackingLink: string }[]>;
}

interface World {
  readonly t: TestService;
  readonly programs: Program[];
  readonly conversions: { id: string; key: string }[];
  readonly signups: { affiliateId: string; campaignId: string; key: string }[];
}

type Model = Record<string, never>;

const keyOf = (p: Program, mode: Mode) => (mode === 'live' ? p.merchant.liveKey : p.merchant.testKey);
const pick = <T>(items: readonly T[], index: number): T | undefined => (items.length === 0 ? undefined : items[index % items.length]);

const expectAgreement = async (t: TestService) => {
  expect(await rollupMismatches(t)).toEqual({});
};

abstract class Step implements fc.AsyncCommand<Model, World> {
  check(): boolean {
    return true;
  }
  async run(_m: Model, w: World): Promise<void> {
    await this.act(w);
    await expectAgreement(w.t);
  }
  abstract act(w: World): Promise<void>;
  abstract toString(): string;
}

const amountOf = (currency: string, units: number) => (currency === 'jpy' ? units : units / 100);

class Sale extends Step {
  constructor(
    readonly program: number,
    readonly mode: Mode,
    readonly affiliate: number,
    readonly units: number,
    readonly taxUnits: number | null,
    readonly currency: string,
  ) {
    super();
  }
  async act(w: World) {
    const p = w.programs[this.program % w.programs.length]!;
    const a = pick(p.affiliates[this.mode], this.affiliate)!;
    const key = keyOf(p, this.mode);
    const res = await w.t.api('POST', '/conversions', key, {
      campaignId: p.campaigns[0]!.id,
      affiliateId: a.id,
      amount: amountOf(this.currency, this.units),
      currency: this.currency,
      ...(this.taxUnits === null ? {} : { taxAmount: amountOf(this.currency, this.taxUnits) }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    w.conversions.push({ id: res.body.data.id, key });
  }
  toString() {
    return `Sale(${this.program}, ${this.mode}, ${this.affiliate}, ${this.units}, ${this.taxUnits}, ${this.currency})`;
  }
}

class BackdatedSale extends Step {
  constructor(
    readonly program: number,
    readonly mode: Mode,
    readonly affiliate: number,
    readonly units: number,
    readonly hoursAgo: number,
    readonly status: string,
  ) {
    super();
  }
  async act(w: World) {
    const p = w.programs[this.program % w.programs.length]!;
    const a = pick(p.affiliates[this.mode], this.affiliate)!;
    const now = Date.parse((await w.t.admin('GET', '/clock')).body.data.now);
    const id = await insertConversion(w.t, {
      merchantId: p.merchant.id,
      campaignId: p.campaigns[1]!.id,
      affiliateId: a.id,
      mode: this.mode,
      amount: String(this.units / 100),
      commission: String(this.units / 1000),
      status: this.status,
      createdAt: new Date(now - this.hoursAgo * 3_600_000).toISOString(),
    });
    w.conversions.push({ id, key: keyOf(p, this.mode) });
  }
  toString() {
    return `BackdatedSale(${this.program}, ${this.mode}, ${this.affiliate}, ${this.units}, ${this.hoursAgo}h, ${this.status})`;
  }
}

class Decide extends Step {
  constructor(
    readonly conversion: number,
    readonly status: 'approved' | 'rejected',
  ) {
    super();
  }
  async act(w: World) {
    const c = pick(w.conversions, this.conversion);
    if (!c) return;
    const res = await w.t.api('PATCH', `/conversions/${c.id}`, c.key, { status: this.status, confirmAboveSale: true });
    expect([200, 409]).toContain(res.status);
  }
  toString() {
    return `Decide(${this.conversion}, ${this.status})`;
  }
}

class Refund extends Step {
  constructor(
    readonly conversion: number,
    readonly fraction: number | null,
  ) {
    super();
  }
  async act(w: World) {
    const c = pick(w.conversions, this.conversion);
    if (!c) return;
    const [row] = await w.t.sql(`select amount::float8 as amount, currency from conversions where id = $1`, [c.id]);
    const part = this.fraction === null ? {} : { amount: row.currency === 'jpy' ? Math.floor(row.amount * this.fraction) : Math.floor(row.amount * this.fraction * 100) / 100 };
    const res = await w.t.admin('POST', `/conversions/${c.id}/refund`, part);
    expect([200, 400, 409]).toContain(res.status);
  }
  toString() {
    return `Refund(${this.conversion}, ${this.fraction ?? 'whole'})`;
  }
}

class Hold extends Step {
  constructor(readonly conversion: number) {
    super();
  }
  async act(w: World) {
    const c = pick(w.conversions, this.conversion);
    if (!c) return;
    expect([200, 409]).toContain((await w.t.admin('POST', `/conversions/${c.id}/hold`, {})).status);
  }
  toString() {
    return `Hold(${this.conversion})`;
  }
}

class Advance extends Step {
  constructor(readonly hours: number) {
    super();
  }
  async act(w: World) {
    const now = Date.parse((await w.t.admin('GET', '/clock')).body.data.now);
    expect((await w.t.admin('POST', '/clock', { now: new Date(now + this.hours * 3_600_000).toISOString() })).status).toBe(200);
  }
  toString() {
    return `Advance(${this.hours}h)`;
  }
}

class Click extends Step {
  constructor(
    readonly program: number,
    readonly mode: Mode,
    readonly affiliate: number,
  ) {
    super();
  }
  async act(w: World) {
    const p = w.programs[this.program % w.programs.length]!;
    const a = pick(p.affiliates[this.mode], this.affiliate)!;
    const res = await w.t.request('GET', new URL(a.trackingLink).pathname, { headers: { 'x-forwarded-for': '198.51.100.9', 'user-agent': 'fc' } });
    expect(res.status).toBe(302);
  }
  toString() {
    return `Click(${this.program}, ${this.mode}, ${this.affiliate})`;
  }
}

/** A new person, or one of the program's affiliates joining another campaign: a pending membership. */
class SignUp extends Step {
  constructor(
    readonly program: number,
    readonly mode: Mode,
    readonly campaign: number,
    readonly existing: number | null,
  ) {
    super();
  }
  async act(w: World) {
    const p = w.programs[this.program % w.programs.length]!;
    const campaignId = p.campaigns[this.campaign % p.campaigns.length]!.id;
    const email = this.existing === null ? uniqueEmail('signup') : pick(p.affiliates[this.mode], this.existing)!.email;
    const res = await w.t.admin('POST', `/merchants/${p.merchant.id}/affiliate-signups`, { email, campaignId, mode: this.mode });
    expect([200, 201]).toContain(res.status);
    w.signups.push({ affiliateId: res.body.data.affiliateId, campaignId, key: keyOf(p, this.mode) });
  }
  toString() {
    return `SignUp(${this.program}, ${this.mode}, ${this.campaign}, ${this.existing})`;
  }
}

class DecideMembership extends Step {
  constructor(
    readonly signup: number,
    readonly status: 'approved' | 'rejected',
  ) {
    super();
  }
  async act(w: World) {
    const s = pick(w.signups, this.signup);
    if (!s) return;
    const res = await w.t.api('PATCH', `/affiliates/${s.affiliateId}`, s.key, { campaignId: s.campaignId, status: this.status });
    expect([200, 409]).toContain(res.status);
  }
  toString() {
    return `DecideMembership(${this.signup}, ${this.status})`;
  }
}

const modeArb = fc.constantFrom<Mode>('live', 'test');
const index = fc.nat({ max: 50 });
const commands = [
  fc
    .tuple(fc.nat(), modeArb, index, fc.integer({ min: 0, max: 200_000 }), fc.option(fc.integer({ min: 0, max: 20_000 })), fc.constantFrom('usd', 'eur', 'jpy'))
    .map(([p, mode, a, units, tax, currency]) => new Sale(p, mode, a, units, tax, currency)),
  fc
    .tuple(fc.nat(), modeArb, index, fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 24 * 70 }), fc.constantFrom('pending', 'approved', 'paid', 'held', 'rejected', 'refunded'))
    .map(([p, mode, a, units, hours, status]) => new BackdatedSale(p, mode, a, units, hours, status)),
  fc.tuple(index, fc.constantFrom<'approved' | 'rejected'>('approved', 'rejected')).map(([c, s]) => new Decide(c, s)),
  fc.tuple(index, fc.option(fc.double({ min: 0.05, max: 0.95, noNaN: true }))).map(([c, f]) => new Refund(c, f)),
  index.map((c) => new Hold(c)),
  fc.integer({ min: 1, max: 24 * 40 }).map((h) => new Advance(h)),
  fc.tuple(fc.nat(), modeArb, index).map(([p, mode, a]) => new Click(p, mode, a)),
  fc.tuple(fc.nat(), modeArb, fc.nat(), fc.option(index)).map(([p, mode, c, e]) => new SignUp(p, mode, c, e)),
  fc.tuple(index, fc.constantFrom<'approved' | 'rejected'>('approved', 'rejected')).map(([s, st]) => new DecideMembership(s, st)),
];

describe('statistics roll-ups', () => {
  let t: TestService;
  let world: World;

  beforeAll(async () => {
    t = await startTestService();
    const programs: Program[] = [];
    for (let i = 0; i < 2; i += 1) {
      const merchant = await createMerchant(t, 'scale');
      const campaigns = [await createCampaign(t, merchant.liveKey), await createCampaign(t, merchant.liveKey)];
      const affiliates: Program['affiliates'] = { live: [], test: [] };
      for (const mode of ['live', 'test'] as const) {
        for (let j = 0; j < 2; j += 1) affiliates[mode].push(await createAffiliate(t, keyOf({ merchant } as Program, mode), campaigns[0]!.id));
      }
      programs.push({ merchant, campaigns, affiliates });
    }
    world = { t, programs, conversions: [], signups: [] };
  });
  afterAll(() => t.close());

  it('equal a recount after every step of random histories', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), (cmds) => fc.asyncModelRun(() => ({ model: {}, real: world }), cmds)),
      { numRuns: 30 },
    );
    // The histories reached what the roll-ups must follow.
    const [seen] = await t.sql(`select count(distinct status)::int as statuses, count(*) filter (where refunded_amount > 0)::int as refunds,
      count(distinct (created_at at time zone 'UTC')::date)::int as days, (select count(*)::int from clicks) as clicks,
      (select count(*)::int from affiliate_memberships where status <> 'approved') as undecided_or_rejected from conversions`);
    expect(seen.statuses).toBeGreaterThanOrEqual(5);
    expect(seen.refunds).toBeGreaterThan(0);
    expect(seen.days).toBeGreaterThan(10);
    expect(seen.clicks).toBeGreaterThan(0);
    expect(seen.undecided_or_rejected).toBeGreaterThan(0);
  }, 300_000);

  it('equal a recount after concurrent sales, decisions and refunds on the same days', async () => {
    const p = world.programs[0]!;
    const sell = () =>
      t.api('POST', '/conversions', p.merchant.liveKey, { campaignId: p.campaigns[0]!.id, affiliateId: p.affiliates.live[0]!.id, amount: 10 });
    const created = await Promise.all(Array.from({ length: 24 }, sell));
    expect(created.every((r) => r.status === 201)).toBe(true);
    const ids = created.map((r) => r.body.data.id as string);
    await Promise.all([
      ...ids.slice(0, 8).map((id) => t.api('PATCH', `/conversions/${id}`, p.merchant.liveKey, { status: 'rejected' })),
      ...ids.slice(8, 16).map((id) => t.admin('POST', `/conversions/${id}/refund`, { amount: 4 })),
      ...ids.slice(16).map((id) => t.api('PATCH', `/conversions/${id}`, p.merchant.liveKey, { status: 'approved' })),
      ...Array.from({ length: 8 }, sell),
    ]);
    await expectAgreement(t);
  }, 60_000);

  it('equal a recount after multi-row statements: bulk insert, update and delete', async () => {
    const p = world.programs[1]!;
    const a = p.affiliates.live[0]!;
    await t.sql(
      `insert into conversions (id, merchant_id, mode, campaign_id, affiliate_id, amount, tax_amount, commission, original_commission,
         currency, status, source, created_at, updated_at)
       select gen_random_uuid(), $1, 'live', $2, $3, g, case when g % 3 = 0 then 1 end, g / 10.0, g / 10.0,
         (array['usd', 'eur', 'jpy'])[1 + g % 3], (array['pending', 'approved', 'rejected', 'refunded', 'paid', 'held'])[1 + g % 6], 'bulk',
         timestamptz '2026-12-31T23:00:00Z' + g * interval '37 minutes', now()
       from generate_series(1, 300) g`,
      [p.merchant.id, p.campaigns[1]!.id, a.id],
    );
    await expectAgreement(t);
    await t.sql(`update conversions set status = case when status = 'pending' then 'rejected' else 'pending' end,
                   commission = commission + 1, created_at = created_at + interval '1 day'
                 where source = 'bulk' and status in ('pending', 'approved', 'rejected')`);
    await expectAgreement(t);
    await t.sql(`delete from conversions where source = 'bulk' and status in ('pending', 'held')`);
    await expectAgreement(t);
    expect(Number((await t.sql(`select count(*) from conversions where source = 'bulk'`))[0].count)).toBeGreaterThan(0);
  });
});
