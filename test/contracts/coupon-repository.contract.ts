import { beforeAll, describe, expect, it } from 'vitest';
import type { Coupon } from '../../domain/index.js';
import { aCoupon } from '../mothers/coupon.mother.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';

const LATER = new Date('2026-11-12T09:00:00.000Z');

/**
 * What `CouponRepository` promises: one coupon that is not deleted per tenant, campaign, provider and
 * code; an update changes only the match ids and times; a deleted coupon is found only by history;
 * the attribution's candidates are the tenant's live coupons of the provider by code or by the
 * provider's own match id, oldest first.
 */
export const couponRepositoryContract = (worldOf: () => ContractWorld): void => {
  describe('CouponRepository contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let other: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
      other = await world.program();
    });

    const live = (fields: Parameters<typeof aCoupon>[2] = {}, campaignId = program.campaignId): Coupon =>
      aCoupon(world.ids.next(), { ...program.live, campaignId, affiliateId: program.liveAffiliateId }, fields);
    const code = () => `CODE${world.ids.next().slice(-6)}`;
    const insert = (coupon: Coupon) => inTransaction(world, () => world.coupons.insert(coupon));
    const update = (coupon: Coupon) => inTransaction(world, () => world.coupons.update(coupon));
    const read = <T>(work: () => Promise<T>) => world.run(work);

    it('finds an inserted coupon in its tenant only', async () => {
      const coupon = live({ code: code(), cardPromotionCodeId: `promo_${world.ids.next()}` });
      expect(await insert(coupon)).toBe('inserted');
      expect(plain(await inTransaction(world, () => world.coupons.findByIdForUpdate(program.live, coupon.id)))).toEqual(plain(coupon));
      expect(plain(await read(() => world.coupons.findByIdIncludingDeleted(program.live, coupon.id)))).toEqual(plain(coupon));
      expect(await read(() => world.coupons.findByIdIncludingDeleted(program.test, coupon.id))).toBeNull();
      expect(await read(() => world.coupons.findByIdIncludingDeleted(other.live, coupon.id))).toBeNull();
    });

    it('keeps one live coupon per campaign, provider and code, and frees the code when it is deleted', async () => {
      const taken = code();
      const first = live({ code: taken });
      expect(await insert(first)).toBe('inserted');
      expect(await insert(live({ code: taken }))).toBe('coupon_exists');
      expect(await insert(live({ code: taken, provider: 'mor_b' }))).toBe('inserted');
      expect(await insert(live({ code: taken }, await world.campaign(program)))).toBe('inserted');

      await update({ ...first, updatedAt: LATER, deletedAt: LATER });
      expect(await inTransaction(world, () => world.coupons.findByIdForUpdate(program.live, first.id))).toBeNull();
      expect((await read(() => world.coupons.findByIdIncludingDeleted(program.live, first.id)))?.deletedAt).toEqual(LATER);
      expect(await insert(live({ code: taken }))).toBe('inserted');
    });

    it('changes only the match ids and the times on update', async () => {
      const coupon = live({ code: code() });
      await insert(coupon);
      const promo = `promo_${world.ids.next()}`;
      await update({ ...coupon, code: 'CHANGED', affiliateId: program.testAffiliateId, cardPromotionCodeId: promo, updatedAt: LATER });
      expect(plain(await read(() => world.coupons.findByIdIncludingDeleted(program.live, coupon.id)))).toEqual(
        plain({ ...coupon, cardPromotionCodeId: promo, updatedAt: LATER }),
      );
    });

    it("lists the attribution's candidates by code or by the provider's match id, live ones of the tenant, oldest first", async () => {
      const shared = code();
      // One id in two providers' match fields: only the asked provider's counts.
      const discount = `promo_${world.ids.next()}`;
      const byCode = live({ code: shared, provider: 'mor_a', createdAt: new Date('2026-11-10T10:00:00.000Z') });
      const byMatch = live({ code: code(), provider: 'mor_a', merchantAdiscountId: discount, createdAt: new Date('2026-11-09T10:00:00.000Z') });
      const deleted = live({ code: shared, provider: 'mor_a' }, await world.campaign(program));
      const otherProvider = live({ code: shared, provider: 'card', cardPromotionCodeId: discount });
      for (const coupon of [byCode, byMatch, deleted, otherProvider]) await insert(coupon);
      await update({ ...deleted, deletedAt: LATER, updatedAt: LATER });
      await insert(aCoupon(world.ids.next(), { ...other.live, campaignId: other.campaignId, affiliateId: other.liveAffiliateId }, { code: shared, provider: 'mor_a' }));

      const ids = async (keys: { code: string | null; providerDiscountId: string | null }, provider: Coupon['provider'] = 'mor_a', tenant = program.live) =>
        (await read(() => world.coupons.attributionCandidates(tenant, provider, keys))).map((c) => c.id);
      expect(await ids({ code: shared, providerDiscountId: discount })).toEqual([byMatch.id, byCode.id]);
      expect(await ids({ code: shared, providerDiscountId: null })).toEqual([byCode.id]);
      expect(await ids({ code: null, providerDiscountId: discount })).toEqual([byMatch.id]);
      expect(await ids({ code: null, providerDiscountId: null })).toEqual([]);
      expect(await ids({ code: shared, providerDiscountId: null }, 'mor_a', program.test)).toEqual([]);
      // The App Store has no match id: only the code finds its coupons.
      const apple = live({ code: `Offer${world.ids.next().slice(-6)}`, provider: 'app_store' });
      await insert(apple);
      expect(await ids({ code: null, providerDiscountId: apple.code }, 'app_store')).toEqual([]);
      expect(await ids({ code: apple.code, providerDiscountId: null }, 'app_store')).toEqual([apple.id]);
    });
  });
};
