import { describe, expect, it } from 'vitest';
import { BanAffiliate, UnbanAffiliate, type BanDependencies } from '../../application/affiliates/ban-affiliate.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { MembershipStatus } from '../../domain/index.js';
import { inMemoryWorld } from '../fakes/in-memory-world.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { aMerchant } from '../mothers/merchant.mother.js';
import { aMembership, anAffiliate } from '../mothers/sale-context.mother.js';

const NOW = new Date('2026-11-20T12:00:00.000Z');

/**
 * A live affiliate of a merchant with automatic payouts: memberships approved, pending and rejected
 * on three campaigns; a pending, a held, an approved (its payout queued), a paid and a refunded sale;
 * and the ban and unban use cases over the in-memory stores.
 */
const banWorld = async () => {
  const world = inMemoryWorld(NOW);
  const merchant = aMerchant(world.ids.next(), { automaticPayouts: true });
  await world.merchants.insert(merchant);
  const tenant: Tenant = { merchantId: merchant.id, mode: 'live' };
  const affiliate = world.programs.addAffiliate(anAffiliate(world.ids.next(), merchant.id));
  const membership = (status: MembershipStatus, day: number) => {
    const m = aMembership(world.ids.next(), { ...tenant, campaignId: world.ids.next(), affiliateId: affiliate.id }, { status, joinedAt: new Date(Date.UTC(2026, 0, day)) });
    world.programs.addMembership(m);
    return m;
  };
  const memberships = { approved: membership('approved', 1), pending: membership('pending', 2), rejected: membership('rejected', 3) };
  const owner = { ...tenant, campaignId: memberships.approved.campaignId, affiliateId: affiliate.id };
  const sale = (status: 'pending' | 'held' | 'approved' | 'paid' | 'refunded', minute: number) =>
    aConversion(world.ids.next(), owner, { status, heldFrom: status === 'held' ? 'pending' : null, createdAt: new Date(Date.UTC(2026, 10, 10, 10, minute)) });
  const sales = { pending: sale('pending', 1), held: sale('held', 2), approved: sale('approved', 3), paid: sale('paid', 4), refunded: sale('refunded', 5) };
  await world.uow.transaction(async () => {
    for (const s of Object.values(sales)) await world.conversions.recordSale(s, []);
    await world.payouts.queueFor(sales.approved, merchant, NOW);
  });
  world.outbox.clear();

  const deps: BanDependencies = {
    uow: world.uow,
    affiliates: world.affiliateLocks,
    memberships: world.membershipUpdates,
    bans: world.bans,
    merchants: world.merchants,
    sinks: world.changeSinks,
    clock: world.clock,
  };
  const ban = new BanAffiliate(deps);
  const unban = new UnbanAffiliate(deps);
  const stored = async (id: string) => (await world.conversions.findById(tenant, id))?.status;
  const membershipStatus = (m: { campaignId: string }) => world.programs.wholeMembership(m.campaignId, affiliate.id)?.status;
  /** Everything a ban or an unban writes, to show a refusal wrote none of it. */
  const snapshot = async () => ({
    conversions: world.conversions.all(),
    memberships: world.programs.memberships(),
    ban: await world.bans.find(tenant, affiliate.id),
    payout: world.payouts.queued(sales.approved.id),
    events: [...world.outbox.events],
  });
  return { world, tenant, affiliate, memberships, sales, ban, unban, stored, membershipStatus, snapshot };
};

describe('BanAffiliate (use case, in-memory stores)', () => {
  it('rejects pending and held sales, holds the approved one and cancels its payout, suspends and rejects memberships, keeps history', async () => {
    const { world, tenant, affiliate, memberships, sales, ban, stored, membershipStatus } = await banWorld();
    const outcome = (await ban.execute({ tenant, affiliateId: affiliate.id, reason: '  Self-referred sales  ' }))._unsafeUnwrap();

    expect(outcome).toEqual({
      ban: { affiliateId: affiliate.id, reason: 'Self-referred sales', bannedAt: NOW },
      suspendedMemberships: 1,
      rejectedConversions: 2,
      heldConversions: 1,
      cancelledPayouts: 1,
      skippedConversions: 0,
    });
    expect(await stored(sales.pending.id)).toBe('rejected');
    expect(await stored(sales.held.id)).toBe('rejected');
    expect(await stored(sales.approved.id)).toBe('held');
    expect(world.payouts.queued(sales.approved.id)).toBeUndefined();
    expect(await world.conversions.findById(tenant, sales.paid.id)).toEqual(sales.paid);
    expect(await world.conversions.findById(tenant, sales.refunded.id)).toEqual(sales.refunded);

    expect(membershipStatus(memberships.approved)).toBe('suspended');
    expect(membershipStatus(memberships.pending)).toBe('rejected');
    expect(world.programs.wholeMembership(memberships.rejected.campaignId, affiliate.id)).toEqual(memberships.rejected);

    expect(await world.bans.find(tenant, affiliate.id)).toEqual(outcome.ban);
    expect(world.outbox.ofType('affiliate.banned')).toEqual([
      expect.objectContaining({
        ...tenant,
        occurredAt: NOW,
        payload: {
          affiliateId: affiliate.id,
          reason: 'Self-referred sales',
          bannedAt: NOW.toISOString(),
          suspendedMemberships: 1,
          rejectedConversions: 2,
          heldConversions: 1,
          cancelledPayouts: 1,
        },
      }),
    ]);
  });

  it('skips a sale whose payout is already with the provider and leaves it approved, its payout in place', async () => {
    const { world, tenant, affiliate, sales, ban, stored } = await banWorld();
    world.payouts.markInProgress(sales.approved.id);
    const outcome = (await ban.execute({ tenant, affiliateId: affiliate.id, reason: 'Fraud' }))._unsafeUnwrap();

    expect(outcome).toMatchObject({ rejectedConversions: 2, heldConversions: 0, cancelledPayouts: 0, skippedConversions: 1 });
    expect(await world.conversions.findById(tenant, sales.approved.id)).toEqual(sales.approved);
    expect(await stored(sales.approved.id)).toBe('approved');
    expect(world.payouts.queued(sales.approved.id)?.amount).toBe('10');
    expect(world.outbox.ofType('affiliate.banned')[0]?.payload).toMatchObject({ heldConversions: 0, cancelledPayouts: 0 });
  });

  it('refuses to ban a banned affiliate and changes nothing', async () => {
    const { tenant, affiliate, ban, snapshot } = await banWorld();
    (await ban.execute({ tenant, affiliateId: affiliate.id, reason: 'Fraud' }))._unsafeUnwrap();
    const before = await snapshot();
    const again = await ban.execute({ tenant, affiliateId: affiliate.id, reason: 'Again' });
    expect(again._unsafeUnwrapErr().code).toBe('invalid_transition');
    expect(await snapshot()).toEqual(before);
  });

  it("finds no affiliate of another merchant or of the other mode, and changes nothing", async () => {
    const { world, tenant, affiliate, ban, snapshot } = await banWorld();
    const before = await snapshot();
    const other = aMerchant(world.ids.next());
    await world.merchants.insert(other);
    for (const on of [{ merchantId: other.id, mode: 'live' }, { ...tenant, mode: 'test' }] satisfies Tenant[]) {
      const refused = await ban.execute({ tenant: on, affiliateId: affiliate.id, reason: 'Fraud' });
      expect(refused._unsafeUnwrapErr().code).toBe('not_found');
    }
    expect((await ban.execute({ tenant, affiliateId: world.ids.next(), reason: 'Fraud' }))._unsafeUnwrapErr().code).toBe('not_found');
    expect(await snapshot()).toEqual(before);
  });
});

describe('UnbanAffiliate (use case, in-memory stores)', () => {
  it('lifts the ban and records affiliate.unbanned; memberships and sales stay as the ban left them', async () => {
    const { world, tenant, affiliate, ban, unban, snapshot } = await banWorld();
    const banned = (await ban.execute({ tenant, affiliateId: affiliate.id, reason: 'Fraud' }))._unsafeUnwrap();
    const afterBan = await snapshot();

    expect((await unban.execute({ tenant, affiliateId: affiliate.id }))._unsafeUnwrap()).toEqual(banned.ban);
    expect(await world.bans.find(tenant, affiliate.id)).toBeNull();
    expect(world.outbox.ofType('affiliate.unbanned')).toEqual([
      expect.objectContaining({ ...tenant, occurredAt: NOW, payload: { affiliateId: affiliate.id, reason: 'Fraud', bannedAt: NOW.toISOString() } }),
    ]);
    const afterUnban = await snapshot();
    expect(afterUnban.memberships).toEqual(afterBan.memberships);
    expect(afterUnban.conversions).toEqual(afterBan.conversions);
  });

  it("refuses to unban an affiliate that is not banned, or another tenant's, and changes nothing", async () => {
    const { world, tenant, affiliate, ban, unban, snapshot } = await banWorld();
    expect((await unban.execute({ tenant, affiliateId: affiliate.id }))._unsafeUnwrapErr().code).toBe('invalid_transition');
    (await ban.execute({ tenant, affiliateId: affiliate.id, reason: 'Fraud' }))._unsafeUnwrap();
    const before = await snapshot();
    const other = aMerchant(world.ids.next());
    await world.merchants.insert(other);
    for (const on of [{ merchantId: other.id, mode: 'live' }, { ...tenant, mode: 'test' }] satisfies Tenant[]) {
      expect((await unban.execute({ tenant: on, affiliateId: affiliate.id }))._unsafeUnwrapErr().code).toBe('not_found');
    }
    expect(await snapshot()).toEqual(before);
  });
});
