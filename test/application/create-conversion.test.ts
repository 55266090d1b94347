import { keyActor } from '../mothers/actor.mother.js';
import { describe, expect, it, vi } from 'vitest';
import { CreateConversion, type CreateConversionInput } from '../../application/conversions/create-conversion.js';
import { inMemorySaleRiskGate } from '../fakes/in-memory-risk.js';
import type { RequestOrigin } from '../../application/shared/request-origin.js';
import { InMemoryAuditLog } from '../fakes/in-memory-audit-log.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { Decimal, DEFAULT_RISK_SETTINGS, type Campaign, type CurrencyCode, type Mode } from '../../domain/index.js';
import { inMemoryWorld } from '../fakes/in-memory-world.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { aMerchant } from '../mothers/merchant.mother.js';
import { aCampaign, aMembership, anAffiliate } from '../mothers/sale-context.mother.js';

const NOW = new Date('2026-11-15T12:00:00.000Z');
const usd = 'usd' as CurrencyCode;

interface Setup {
  readonly mode?: Mode;
  readonly cap?: string | null;
  readonly campaign?: Partial<Campaign>;
  readonly membership?: 'approved' | 'pending' | null;
  readonly automaticPayouts?: boolean;
}

/** A merchant with one campaign and one affiliate in the stores the sale look-up reads, and the use case over the fakes. */
const programOf = async (setup: Setup = {}) => {
  const world = inMemoryWorld(NOW);
  const merchant = aMerchant(world.ids.next(), {
    monthlyEarningsCap: setup.cap ? new Decimal(setup.cap) : null,
    automaticPayouts: setup.automaticPayouts ?? false,
  });
  await world.merchants.insert(merchant);
  const tenant: Tenant = { merchantId: merchant.id, mode: setup.mode ?? 'live' };
  const campaign = aCampaign(world.ids.next(), merchant.id, setup.campaign);
  await world.campaigns.insert(campaign);
  const affiliate = world.programs.addAffiliate(anAffiliate(world.ids.next(), merchant.id, { email: 'jane.doe@gmail.com', payoutEmail: 'payouts@jane.example', isTest: tenant.mode === 'test' }));
  // Without a membership on the campaign, the affiliate is still the merchant's through one on another.
  const joined = setup.membership === null ? aCampaign(world.ids.next(), merchant.id) : campaign;
  if (joined !== campaign) await world.campaigns.insert(joined);
  world.programs.addMembership(aMembership(world.ids.next(), { ...tenant, campaignId: joined.id, affiliateId: affiliate.id }, { status: setup.membership ?? 'approved' }));
  const risk = inMemorySaleRiskGate({ conversions: world.conversions, programs: world.programs });
  world.saleContexts.riskSettings = risk.settings;
  world.saleContexts.clickFacts = risk.facts;
  const auditLog = new InMemoryAuditLog(world.transactions);
  const useCase = new CreateConversion(world.uow, world.merchants, world.saleContexts, world.conversions, world.ids, world.clock, world.changeSinks, world.exchangeRates, risk, auditLog);
  const input = (fields: Partial<CreateConversionInput> = {}): CreateConversionInput => ({
    tenant,
    actor: keyActor('owner', false),
    campaignId: campaign.id,
    affiliateId: affiliate.id,
    amount: new Decimal('100.00'),
    taxAmount: null,
    currency: usd,
    orderId: null,
    clickId: null,
    customerEmail: null,
    customerName: null,
    ...fields,
  });
  /** A counted sale already recorded this month (for caps and tiers). */
  const earlierSale = async (amount: string, fields: Parameters<typeof aConversion>[2] = {}) => {
    const sale = aConversion(world.ids.next(), { ...tenant, campaignId: campaign.id, affiliateId: affiliate.id }, { amount: new Decimal(amount), createdAt: new Date('2026-11-02T00:00:00.000Z'), ...fields });
    await world.conversions.recordSale(sale, []);
    return sale;
  };
  return { world, merchant, tenant, campaign, affiliate, useCase, input, earlierSale, risk, audited: () => auditLog.all() };
};

const codeOf = (result: { isErr(): boolean; error?: unknown }) => (result.isErr() ? (result as { error: { code: string } }).error.code : 'ok');

describe('CreateConversion (use case, in-memory stores)', () => {
  it('records a pending sale with its commission, its conversion.created event and the audit row it builds from the actor and the request', async () => {
    const { world, useCase, input, tenant, campaign, affiliate, audited } = await programOf();
    const origin: RequestOrigin = { method: 'POST', path: '/api/v1/conversions', address: '203.0.113.9', userAgent: 'curl', requestId: 'req-1', status: 201 };
    const result = await useCase.execute(input({ amount: new Decimal('250.00'), taxAmount: new Decimal('20.00'), orderId: 'order-1', customerName: 'Bo' }), origin);
    const conversion = result._unsafeUnwrap();
    expect(conversion).toMatchObject({ status: 'pending', merchantId: tenant.merchantId, mode: 'live', orderId: 'order-1', source: 'api', createdAt: NOW });
    // 10% of the net sale.
    expect(conversion.commission.toFixed(2)).toBe('25.00');
    expect(world.conversions.all()).toEqual([conversion]);
    expect(world.outbox.events).toEqual([
      {
        merchantId: tenant.merchantId,
        mode: 'live',
        type: 'conversion.created',
        occurredAt: NOW,
        payload: {
          conversionId: conversion.id, campaignId: campaign.id, affiliateId: affiliate.id, amount: '250.00', taxAmount: '20.00',
          commission: '25.00', currency: 'usd', status: 'pending',
        },
      },
    ]);
    expect(audited()).toEqual([
      {
        id: expect.any(String), actor: 'api_key', apiKeyId: 'key-1', merchantId: tenant.merchantId, method: 'POST', path: '/api/v1/conversions',
        status: 201, errorCode: null, address: '203.0.113.9', userAgent: 'curl', requestId: 'req-1', createdAt: NOW,
      },
    ]);
  });

  it('writes no audit row for a refused sale: a reused order id rolls the row back with the sale', async () => {
    const { useCase, input, audited } = await programOf();
    const origin: RequestOrigin = { method: 'POST', path: '/api/v1/conversions', address: null, userAgent: null, requestId: null, status: 201 };
    expect(codeOf(await useCase.execute(input({ orderId: 'order-1' }), origin))).toBe('ok');
    expect(codeOf(await useCase.execute(input({ orderId: 'order-1' }), origin))).toBe('duplicate');
    expect(audited()).toHaveLength(1);
  });

  it('refuses a live sale from a team-member key without Manage payouts before reading anything', async () => {
    const { world, useCase, input } = await programOf();
    const result = await useCase.execute(input({ actor: keyActor('team_member', false) }));
    expect(codeOf(result)).toBe('insufficient_permissions');
    expect(world.saleContexts.lookups).toBe(0);
    expect(world.uow.transactionsBegun).toBe(0);
  });

  it('lets a team-member key with Manage payouts, or any key in test mode, record a sale', async () => {
    const live = await programOf();
    expect(codeOf(await live.useCase.execute(live.input({ actor: keyActor('team_member', true) })))).toBe('ok');
    const test = await programOf({ mode: 'test' });
    expect(codeOf(await test.useCase.execute(test.input({ actor: keyActor('team_member', false) })))).toBe('ok');
  });

  it("answers not_found for a campaign the look-up does not find (another merchant's), opening no transaction", async () => {
    const { world, useCase, input } = await programOf();
    const result = await useCase.execute(input({ campaignId: 'someone-elses-campaign' }));
    expect(result._unsafeUnwrapErr()).toMatchObject({ code: 'not_found', message: 'Campaign not found' });
    expect(world.uow.transactionsBegun).toBe(0);
  });

  it('answers not_found for an affiliate with no relation to the merchant in the mode', async () => {
    const { world, useCase, input, tenant, campaign } = await programOf();
    // Known to the merchant, but only in the other mode.
    const stranger = world.programs.addAffiliate(anAffiliate(world.ids.next(), tenant.merchantId, { isTest: true }));
    world.programs.addMembership(aMembership(world.ids.next(), { ...tenant, mode: 'test', campaignId: campaign.id, affiliateId: stranger.id }));
    expect((await useCase.execute(input({ affiliateId: stranger.id })))._unsafeUnwrapErr()).toMatchObject({ code: 'not_found', message: 'Affiliate not found' });
    expect((await useCase.execute(input({ affiliateId: 'stranger' })))._unsafeUnwrapErr()).toMatchObject({ code: 'not_found', message: 'Affiliate not found' });
  });

  it('refuses sales on a paused campaign, except a renewal while it pays recurring commissions', async () => {
    const paused = await programOf({ campaign: { status: 'inactive' } });
    expect(codeOf(await paused.useCase.execute(paused.input()))).toBe('validation_error');
    expect(codeOf(await paused.useCase.execute(paused.input({ conversionType: 'recurring' })))).toBe('validation_error');
    const recurring = await programOf({ campaign: { status: 'inactive', enableRecurringCommissions: true } });
    expect(codeOf(await recurring.useCase.execute(recurring.input({ conversionType: 'recurring' })))).toBe('ok');
    expect(codeOf(await recurring.useCase.execute(recurring.input()))).toBe('validation_error');
    expect(paused.world.conversions.all()).toEqual([]);
  });

  it('refuses an affiliate who is not approved on the campaign', async () => {
    for (const membership of ['pending', null] as const) {
      const { world, useCase, input } = await programOf({ membership });
      expect(codeOf(await useCase.execute(input()))).toBe('affiliate_not_approved');
      expect(world.uow.transactionsBegun).toBe(0);
    }
  });

  it('refuses a sale figure finer than the currency allows, writing nothing', async () => {
    const { world, useCase, input } = await programOf();
    const result = await useCase.execute(input({ amount: new Decimal('10.005') }));
    expect(codeOf(result)).toBe('validation_error');
    expect(world.conversions.all()).toEqual([]);
    expect(world.outbox.events).toEqual([]);
  });

  describe('the monthly earnings cap (live sales of a capped merchant)', () => {
    it('takes a sale that reaches the cap exactly and refuses one that would pass it, writing nothing', async () => {
      const { world, useCase, input, earlierSale } = await programOf({ cap: '500' });
      await earlierSale('300');
      await earlierSale('1000', { status: 'rejected' });
      await earlierSale('900', { createdAt: new Date('2026-10-31T23:59:59.999Z') });
      expect(codeOf(await useCase.execute(input({ amount: new Decimal('200') })))).toBe('ok');
      const before = world.conversions.all().length;
      const refused = await useCase.execute(input({ amount: new Decimal('0.01') }));
      expect(refused._unsafeUnwrapErr()).toMatchObject({ code: 'earnings_limit_reached' });
      expect(world.conversions.all()).toHaveLength(before);
      expect(world.outbox.ofType('conversion.created')).toHaveLength(1);
    });

    it("compares in the merchant's reporting currency: yen sales count at their day's rate, a currency without one refuses", async () => {
      const { world, useCase, input, earlierSale } = await programOf({ cap: '1000' });
      const jpy = 'jpy' as CurrencyCode;
      await world.exchangeRates.store('2026-11-01', new Map([[jpy, new Decimal('0.00625')]]));
      await earlierSale('100000', { currency: jpy });
      // 625 + 375 dollars: the cap exactly; one yen more passes it.
      expect(codeOf(await useCase.execute(input({ amount: new Decimal('60000'), currency: jpy })))).toBe('ok');
      const over = await useCase.execute(input({ amount: new Decimal('1'), currency: jpy }));
      expect(over._unsafeUnwrapErr()).toMatchObject({ code: 'earnings_limit_reached', message: expect.stringContaining('JPY on 2026-11-15 at the rate of 2026-11-01') });
      const before = world.conversions.all().length;
      expect(codeOf(await useCase.execute(input({ amount: new Decimal('1'), currency: 'xof' as CurrencyCode })))).toBe('exchange_rate_unavailable');
      expect(world.conversions.all()).toHaveLength(before);
    });

    it('locks the merchant only for a capped live sale', async () => {
      const capped = await programOf({ cap: '500' });
      await capped.useCase.execute(capped.input());
      expect(capped.world.merchants.locksTaken).toBe(1);
      const uncapped = await programOf();
      await uncapped.useCase.execute(uncapped.input());
      const test = await programOf({ cap: '500', mode: 'test' });
      await test.earlierSale('500');
      expect(codeOf(await test.useCase.execute(test.input()))).toBe('ok');
      expect(uncapped.world.merchants.locksTaken + test.world.merchants.locksTaken).toBe(0);
    });
  });

  describe('self-referral (live sales carrying both clickId and customerEmail)', () => {
    const clickId = '00000000-0000-7000-8000-0000000000c1';

    it("refuses a customer who is the affiliate by login or payout email, after normalising the address", async () => {
      const { world, useCase, input } = await programOf();
      expect(codeOf(await useCase.execute(input({ clickId, customerEmail: 'Jane.Doe+shop@googlemail.com' })))).toBe('self_referral');
      expect(codeOf(await useCase.execute(input({ clickId, customerEmail: ' PAYOUTS@jane.example ' })))).toBe('self_referral');
      expect(world.conversions.all()).toEqual([]);
    });

    it('takes the sale without a click, with another customer, or in test mode', async () => {
      const live = await programOf();
      expect(codeOf(await live.useCase.execute(live.input({ customerEmail: 'jane.doe@gmail.com' })))).toBe('ok');
      expect(codeOf(await live.useCase.execute(live.input({ clickId, customerEmail: 'someone@else.example' })))).toBe('ok');
      const test = await programOf({ mode: 'test' });
      expect(codeOf(await test.useCase.execute(test.input({ clickId, customerEmail: 'jane.doe@gmail.com' })))).toBe('ok');
    });
  });

  describe('risk signals (live sales; the merchant\'s rules decide)', () => {
    const clickId = '00000000-0000-7000-8000-0000000000c2';
    const clickAt = ({ risk, tenant }: { risk: ReturnType<typeof inMemorySaleRiskGate>; tenant: Tenant }, at: Date) =>
      risk.facts.recordClick(tenant, { id: clickId, visitorHash: 'v1', addressHash: 'a1', landingUrl: 'https://shop.example/?gclid=abc', referrer: 'https://coupons.spam.example/x', createdAt: at });

    it('flags a sale with its evidence, emits conversion.flagged, and keeps it pending by default', async () => {
      const { world, useCase, input, risk, tenant } = await programOf();
      clickAt({ risk, tenant }, new Date(world.clock.now().getTime() - 3_000));
      const sale = (await useCase.execute(input({ clickId, customerEmail: 'buyer@mailinator.com' })))._unsafeUnwrap();
      expect(sale.status).toBe('pending');
      const flags = (await risk.flags.forSubjects(tenant, 'conversion', [sale.id])).get(sale.id) ?? [];
      expect(flags.map((f) => [f.code, f.action])).toEqual([['disposable_email', 'flag'], ['fast_conversion', 'flag']]);
      expect(flags[1]?.evidence).toEqual([clickId]);
      expect(world.outbox.events.map((e) => e.type)).toEqual(['conversion.created', 'conversion.flagged']);
    });

    it('holds the sale when the signal\'s rule is hold (conversion.updated with status held), and says nothing when it is off', async () => {
      const held = await programOf();
      clickAt(held, new Date(held.world.clock.now().getTime() - 3_000));
      await held.risk.settings.save(held.tenant, { ...DEFAULT_RISK_SETTINGS, actions: { ...DEFAULT_RISK_SETTINGS.actions, fast_conversion: 'hold' } });
      const sale = (await held.useCase.execute(held.input({ clickId })))._unsafeUnwrap();
      expect([sale.status, sale.heldFrom]).toEqual(['held', 'pending']);
      expect(held.world.outbox.events.map((e) => e.type)).toEqual(['conversion.created', 'conversion.updated', 'conversion.flagged']);
      const off = await programOf();
      clickAt(off, new Date(off.world.clock.now().getTime() - 3_000));
      await off.risk.settings.save(off.tenant, { ...DEFAULT_RISK_SETTINGS, actions: { ...DEFAULT_RISK_SETTINGS.actions, fast_conversion: 'off' } });
      const plain = (await off.useCase.execute(off.input({ clickId })))._unsafeUnwrap();
      expect(plain.status).toBe('pending');
      expect((await off.risk.flags.forSubjects(off.tenant, 'conversion', [plain.id])).size).toBe(0);
    });

    it('asks the click facts the rules last asked along with the sale\'s look-up, and reads again when the rules that arrive ask otherwise', async () => {
      const { world, useCase, input, risk, tenant } = await programOf();
      clickAt({ risk, tenant }, new Date(world.clock.now().getTime() - 3_000));
      const reads = vi.spyOn(risk.facts, 'saleClick');
      const separateReads = () => reads.mock.calls.length - world.saleContexts.clickAnswers;
      // First sale of the tenant here: nothing to guess from, so one read of its own.
      (await useCase.execute(input({ clickId })))._unsafeUnwrap();
      expect([world.saleContexts.clickAnswers, separateReads()]).toEqual([0, 1]);
      // Same rules: answered along, kept.
      const second = (await useCase.execute(input({ clickId })))._unsafeUnwrap();
      expect([world.saleContexts.clickAnswers, separateReads()]).toEqual([1, 1]);
      expect(second.status).toBe('pending');
      // Rules changed elsewhere: the guess (old rules) is answered but not kept; the new rules' own read decides.
      await risk.settings.save(tenant, { ...DEFAULT_RISK_SETTINGS, actions: { ...DEFAULT_RISK_SETTINGS.actions, fast_conversion: 'hold' }, clickVelocity: { max: 1, windowMinutes: 5 } });
      const third = (await useCase.execute(input({ clickId })))._unsafeUnwrap();
      expect([world.saleContexts.clickAnswers, separateReads()]).toEqual([2, 2]);
      expect(third.status).toBe('held');
    });

    it('holds a script-reported sale by default and skips every signal in test mode', async () => {
      const live = await programOf();
      const script = (await live.useCase.execute(live.input({ source: 'tracking_script', orderId: 'S-1' })))._unsafeUnwrap();
      expect(script.status).toBe('held');
      const test = await programOf({ mode: 'test' });
      clickAt(test, new Date(test.world.clock.now().getTime() - 3_000));
      const sale = (await test.useCase.execute(test.input({ clickId, source: 'tracking_script', orderId: 'S-1' })))._unsafeUnwrap();
      expect(sale.status).toBe('pending');
      expect(test.risk.flags.rows.size).toBe(0);
    });

    it('lets a provider\'s report of the order replace a held script sale, which then carries no script flag', async () => {
      const { useCase, input, risk, tenant } = await programOf();
      const script = (await useCase.execute(input({ source: 'tracking_script', orderId: 'S-2' })))._unsafeUnwrap();
      const confirmed = (await useCase.record(input({ source: 'card', orderId: 'S-2' })))._unsafeUnwrap();
      expect([confirmed.replacedScriptSale, confirmed.conversion.id, confirmed.conversion.status, confirmed.conversion.source]).toEqual([true, script.id, 'pending', 'card']);
      expect((await risk.flags.forSubjects(tenant, 'conversion', [script.id])).size).toBe(0);
    });

    it('leaves unconfirmed script sales out of the monthly cap', async () => {
      const { useCase, input } = await programOf({ cap: '150' });
      for (const order of ['F-1', 'F-2', 'F-3']) expect(codeOf(await useCase.execute(input({ source: 'tracking_script', orderId: order, amount: new Decimal(100) })))).toBe('ok');
      expect(codeOf(await useCase.execute(input({ source: 'card', orderId: 'real', amount: new Decimal(100) })))).toBe('ok');
    });
  });

  it('refuses a second sale with the same order id as a duplicate; another mode may use it', async () => {
    const { world, useCase, input } = await programOf();
    const first = (await useCase.execute(input({ orderId: 'A-1' })))._unsafeUnwrap();
    const again = await useCase.execute(input({ orderId: 'A-1', amount: new Decimal(5) }));
    expect(again._unsafeUnwrapErr()).toMatchObject({ code: 'duplicate', message: 'A conversion with orderId "A-1" already exists' });
    expect(world.conversions.all()).toEqual([first]);
    expect(world.outbox.events).toHaveLength(1);
  });

  it("writes nothing before a refusal, so inside a caller's transaction (a provider's delivery, joined without a savepoint) a refused sale leaves nothing for it to commit", async () => {
    const { world, useCase, input, earlierSale } = await programOf({ cap: '500' });
    // 380 + 80 counted this month: 60 more passes the cap of 500, 10 does not.
    await earlierSale('380');
    const script = await earlierSale('80', { source: 'tracking_script', orderId: 'web-1', status: 'approved' });
    const before = world.conversions.all();
    const codes = await world.uow.transaction(async () => [
      codeOf(await useCase.record(input({ amount: new Decimal('60') }))),
      codeOf(await useCase.record(input({ orderId: 'web-1', source: 'card', amount: new Decimal('10') }))),
      codeOf(await useCase.record(input({ amount: new Decimal('1.001') }))),
    ]);
    expect(codes).toEqual(['earnings_limit_reached', 'duplicate', 'validation_error']);
    expect(world.conversions.all()).toEqual(before);
    expect(world.conversions.all()).toContainEqual(script);
    expect(world.outbox.events).toEqual([]);
  });

  it("takes the order as its caller read it, locked, instead of reading it again", async () => {
    const { world, useCase, input, earlierSale } = await programOf();
    const script = await earlierSale('80', { source: 'tracking_script', orderId: 'web-2' });
    const reads = vi.spyOn(world.conversions, 'findByOrderIdForUpdate');
    const recorded = await world.uow.transaction(async () => (await useCase.record(input({ orderId: 'web-2', source: 'card', orderOnFile: script })))._unsafeUnwrap());
    expect(reads).not.toHaveBeenCalled();
    expect(recorded).toMatchObject({ replacedScriptSale: true, conversion: { id: script.id, source: 'card' } });
    // Read as none: a new sale, and the order's unique key still refuses a second conversion (then reads it again).
    const again = await world.uow.transaction(async () => useCase.record(input({ orderId: 'web-2', source: 'card', orderOnFile: null })));
    expect(codeOf(again)).toBe('duplicate');
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('pays the volume tier the month so far has reached', async () => {
    // 10 % of the sale, 20 % from the month's third counted sale.
    const { useCase, input, earlierSale } = await programOf({
      campaign: { commissionType: 'percentage', commissionValue: new Decimal(10), commissionTiers: { basis: 'conversions', tiers: [{ threshold: new Decimal(2), type: 'percentage', value: new Decimal(20) }] } },
    });
    await earlierSale('50');
    expect((await useCase.execute(input()))._unsafeUnwrap().commission.toFixed(2)).toBe('10.00');
    await earlierSale('50', { status: 'refunded' });
    // Two counted sales before this one (the refunded one does not count): the tier applies.
    expect((await useCase.execute(input()))._unsafeUnwrap().commission.toFixed(2)).toBe('20.00');
  });

  describe("a provider's report of an order the tracking script reported", () => {
    it('replaces the pending script sale: one conversion, the provider figures, conversion.updated', async () => {
      const { world, useCase, input, earlierSale } = await programOf();
      const script = await earlierSale('80', { source: 'tracking_script', orderId: 'web-7', customerEmail: 'buyer@example.com' });
      const recorded = (await useCase.record(input({ orderId: 'web-7', source: 'card', amount: new Decimal('120.00') })))._unsafeUnwrap();
      expect(recorded.replacedScriptSale).toBe(true);
      expect(recorded.conversion).toMatchObject({ id: script.id, source: 'card', status: 'pending', createdAt: script.createdAt, customerEmail: 'buyer@example.com' });
      expect(recorded.conversion.amount.toFixed(2)).toBe('120.00');
      expect(world.conversions.all()).toEqual([recorded.conversion]);
      expect(world.outbox.types()).toEqual(['conversion.updated']);
      expect(world.outbox.events[0]?.payload).toMatchObject({ conversionId: script.id, amount: '120.00', commission: '12.00' });
    });

    it("leaves a script sale the merchant already decided: the provider's report is a duplicate", async () => {
      const { world, useCase, input, earlierSale } = await programOf();
      const script = await earlierSale('80', { source: 'tracking_script', orderId: 'web-8', status: 'approved' });
      expect(codeOf(await useCase.execute(input({ orderId: 'web-8', source: 'card' })))).toBe('duplicate');
      expect(world.conversions.all()).toEqual([script]);
    });

    it("never lets the script's second report replace anything", async () => {
      const { useCase, input, earlierSale } = await programOf();
      await earlierSale('80', { source: 'tracking_script', orderId: 'web-9' });
      expect(codeOf(await useCase.execute(input({ orderId: 'web-9', source: 'tracking_script' })))).toBe('duplicate');
    });
  });
});
