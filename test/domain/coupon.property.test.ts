import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attributeSale,
  changeCouponMatchId,
  COUPON_MATCH_ID_FIELDS,
  COUPON_PROVIDERS,
  couponMatchId,
  Decimal,
  deleteCoupon,
  formatPercentOff,
  MATCH_ID_FIELD_OF,
  registerCoupon,
  type Coupon,
  type CouponMatchIdField,
  type CouponProvider,
  type CurrencyCode,
  type NewCoupon,
} from '../../domain/index.js';
import { couponCodeArb, couponProviderArb, referenceCodeKey, storedCoupon } from '../arbitraries/coupon.js';

const T0 = Date.UTC(2026, 10, 22);
const context = (id = 'k1', at = T0) => ({ id, merchantId: 'm1', mode: 'live' as const, campaignId: 'c1', affiliateId: 'a1', now: new Date(at) });
const register = (input: NewCoupon, id = 'k1', at = T0) => registerCoupon(input, context(id, at));
const registered = (input: NewCoupon, id = 'k1', at = T0): Coupon => register(input, id, at)._unsafeUnwrap().coupon;
const problems = (input: NewCoupon) => register(input)._unsafeUnwrapErr().details?.map((d) => d.field) ?? [];

describe('registerCoupon', () => {
  it('defaults the provider to card and stores card, mor_a, mor_b, mor_c codes uppercase, app_store codes as sent', () => {
    expect(registered({ code: ' summer10 ' })).toMatchObject({ provider: 'card', code: 'SUMMER10', deletedAt: null });
    for (const provider of ['mor_a', 'mor_b', 'mor_c'] as const) expect(registered({ code: 'Spring-5', provider }).code).toBe('SPRING-5');
    expect(registered({ code: ' SpRing-5 ', provider: 'app_store' }).code).toBe('SpRing-5');
  });

  it('emits coupon.created with the parties, the stored code and the match id', () => {
    const { events } = register({ code: 'a1', cardPromotionCodeId: 'promo_123' })._unsafeUnwrap();
    expect(events).toEqual([
      {
        type: 'coupon.created',
        payload: { couponId: 'k1', campaignId: 'c1', affiliateId: 'a1', provider: 'card', code: 'A1', matchId: 'promo_123' },
      },
    ]);
  });

  it('takes each provider match id only for its own provider', () => {
    const ids: Record<CouponMatchIdField, string> = {
      cardPromotionCodeId: 'promo_1',
      merchantAdiscountId: 'dsc_1',
      morBDiscountId: 'b_1',
      morCDiscountId: 'c_1',
    };
    for (const provider of COUPON_PROVIDERS) {
      for (const field of COUPON_MATCH_ID_FIELDS) {
        const result = register({ code: 'X', provider, [field]: ids[field] });
        if (MATCH_ID_FIELD_OF[provider] === field) expect(result._unsafeUnwrap().coupon[field]).toBe(ids[field]);
        else expect(result._unsafeUnwrapErr()).toMatchObject({ code: 'validation_error', details: [{ field }] });
      }
    }
  });

  it('requires the promo_ prefix on cardPromotionCodeId', () => {
    for (const bad of ['promo_', 'PROMO_1', 'coupon_1', 'promo 1', '']) expect(problems({ code: 'X', cardPromotionCodeId: bad })).toEqual(['cardPromotionCodeId']);
  });

  it('takes appleOfferType 1, 2 or 3, on app_store only', () => {
    for (const type of [1, 2, 3]) expect(registered({ code: 'x', provider: 'app_store', appleOfferType: type }).appleOfferType).toBe(type);
    expect(problems({ code: 'x', provider: 'app_store', appleOfferType: 4 })).toEqual(['appleOfferType']);
    expect(problems({ code: 'x', provider: 'card', appleOfferType: 1 })).toEqual(['appleOfferType']);
  });

  it('keeps percentOff, amountOff and currency as display values, within bounds', () => {
    const coupon = registered({ code: 'x', percentOff: new Decimal('12.5') });
    expect(formatPercentOff(coupon.percentOff!)).toBe('12.50');
    expect(registered({ code: 'x', amountOff: new Decimal(5), currency: 'eur' as CurrencyCode })).toMatchObject({ currency: 'eur' });
    expect(problems({ code: 'x', percentOff: new Decimal(0) })).toEqual(['percentOff']);
    expect(problems({ code: 'x', percentOff: new Decimal('100.01') })).toEqual(['percentOff']);
    expect(problems({ code: 'x', amountOff: new Decimal('1.005'), currency: 'usd' as CurrencyCode })).toEqual(['amountOff']);
    expect(problems({ code: 'x', amountOff: new Decimal('1.5'), currency: 'jpy' as CurrencyCode })).toEqual(['amountOff']);
    // Both are display-only, so a coupon may show both.
    expect(registered({ code: 'x', percentOff: new Decimal(10), amountOff: new Decimal(5) })).toMatchObject({ percentOff: new Decimal(10), amountOff: new Decimal(5) });
  });

  it('refuses an empty, too long or control-character code, and reports every problem at once', () => {
    expect(problems({ code: '   ' })).toEqual(['code']);
    expect(problems({ code: 'x'.repeat(101) })).toEqual(['code']);
    expect(problems({ code: 'a\u0000b' })).toEqual(['code']);
    expect(problems({ code: '', merchantAdiscountId: 'd', appleOfferType: 2 })).toEqual(['code', 'merchantAdiscountId', 'appleOfferType']);
    expect(problems({ code: 'x', provider: 'paypal' })).toEqual(['provider']);
  });
});

describe('changeCouponMatchId', () => {
  const later = new Date(T0 + 60_000);

  it('changes the own provider match id (null clears) and emits coupon.updated', () => {
    const card = registered({ code: 'x', cardPromotionCodeId: 'promo_1' });
    const change = changeCouponMatchId(card, { cardPromotionCodeId: 'promo_2' }, later)._unsafeUnwrap();
    expect(change).toMatchObject({ changed: true, coupon: { cardPromotionCodeId: 'promo_2', updatedAt: later, code: 'X' } });
    expect(change.events.map((e) => e.type)).toEqual(['coupon.updated']);
    expect(changeCouponMatchId(card, { cardPromotionCodeId: null }, later)._unsafeUnwrap().coupon.cardPromotionCodeId).toBeNull();
    const morB = registered({ code: 'x', provider: 'mor_b' });
    expect(changeCouponMatchId(morB, { morBDiscountId: 'b-9' }, later)._unsafeUnwrap().coupon.morBDiscountId).toBe('b-9');
  });

  it('changes nothing and emits nothing for the same value', () => {
    const card = registered({ code: 'x', cardPromotionCodeId: 'promo_1' });
    expect(changeCouponMatchId(card, { cardPromotionCodeId: 'promo_1' }, later)._unsafeUnwrap()).toEqual({ coupon: card, events: [], changed: false });
  });

  it('refuses another provider field, a missing own field, a bad promo id, and any field on app_store', () => {
    const card = registered({ code: 'x' });
    const fields = (patch: Parameters<typeof changeCouponMatchId>[1], coupon = card) =>
      changeCouponMatchId(coupon, patch, later)._unsafeUnwrapErr().details?.map((d) => d.field);
    expect(fields({ merchantAdiscountId: 'd' })).toEqual(['merchantAdiscountId', 'cardPromotionCodeId']);
    expect(fields({})).toEqual(['cardPromotionCodeId']);
    expect(fields({ cardPromotionCodeId: 'nope' })).toEqual(['cardPromotionCodeId']);
    const app = registered({ code: 'x', provider: 'app_store' });
    expect(fields({}, app)).toEqual(['(root)']);
    expect(fields({ cardPromotionCodeId: 'promo_1' }, app)).toEqual(['cardPromotionCodeId']);
  });
});

/** Model-based: one coupon's life, legal and illegal commands alike. */
describe('coupon lifecycle (model)', () => {
  interface Model {
    provider: CouponProvider;
    matchId: string | null;
    deleted: boolean;
    events: number;
  }
  interface Real {
    coupon: Coupon;
    events: number;
    now: number;
  }
  type Command = fc.Command<Model, Real>;

  const tick = (r: Real) => new Date((r.now += 1000));

  class PatchOwn implements Command {
    constructor(readonly value: string | null) {}
    check = () => true;
    run(m: Model, r: Real) {
      const own = MATCH_ID_FIELD_OF[m.provider];
      const result = changeCouponMatchId(r.coupon, own === null ? {} : { [own]: this.value }, tick(r));
      if (m.deleted || own === null) {
        expect(result.isErr()).toBe(true);
        return;
      }
      const change = result._unsafeUnwrap();
      expect(change.changed).toBe(m.matchId !== this.value);
      if (change.changed) m.events += 1;
      m.matchId = this.value;
      r.coupon = change.coupon;
      r.events += change.events.length;
      expect(couponMatchId(r.coupon)).toBe(m.matchId);
      expect(r.events).toBe(m.events);
    }
    toString = () => `PatchOwn(${this.value})`;
  }

  class PatchForeign implements Command {
    constructor(readonly field: CouponMatchIdField) {}
    check = (m: Readonly<Model>) => MATCH_ID_FIELD_OF[m.provider] !== this.field;
    run(m: Model, r: Real) {
      const before = r.coupon;
      const result = changeCouponMatchId(r.coupon, { [this.field]: this.field === 'cardPromotionCodeId' ? 'promo_x' : 'x' }, tick(r));
      expect(result.isErr()).toBe(true);
      expect(r.coupon).toBe(before);
      expect(couponMatchId(r.coupon)).toBe(m.matchId);
    }
    toString = () => `PatchForeign(${this.field})`;
  }

  class Delete implements Command {
    check = () => true;
    run(m: Model, r: Real) {
      const result = deleteCoupon(r.coupon, tick(r));
      if (m.deleted) {
        expect(result._unsafeUnwrapErr().code).toBe('invalid_transition');
        return;
      }
      const change = result._unsafeUnwrap();
      m.deleted = true;
      m.events += 1;
      r.coupon = change.coupon;
      r.events += change.events.length;
      expect(r.coupon.deletedAt).not.toBeNull();
      expect(change.events[0]?.type).toBe('coupon.deleted');
    }
    toString = () => 'Delete';
  }

  const matchValue = (provider: CouponProvider) =>
    fc.option(provider === 'card' ? fc.constantFrom('promo_1', 'promo_2') : fc.constantFrom('id-1', 'id-2'), { nil: null });

  it('changes only the own match id, only while not deleted, and emits one event per real change', () => {
    fc.assert(
      fc.property(
        couponProviderArb.chain((provider) =>
          fc.tuple(
            fc.constant(provider),
            fc.commands(
              [
                matchValue(provider).map((v) => new PatchOwn(v)),
                fc.constantFrom(...COUPON_MATCH_ID_FIELDS).map((f) => new PatchForeign(f)),
                fc.constant(new Delete()),
              ],
              { maxCommands: 20 },
            ),
          ),
        ),
        ([provider, commands]) => {
          const coupon = registered({ code: 'x', provider });
          fc.modelRun(() => ({ model: { provider, matchId: null, deleted: false, events: 1 }, real: { coupon, events: 1, now: T0 } }), commands);
        },
      ),
    );
  });
});

describe('attribution', () => {
  /** Coupons registered from raw codes (as merchants send them), some deleted, at increasing times. */
  const registrationsArb = fc.array(
    fc.record({ provider: couponProviderArb, code: couponCodeArb, deleted: fc.boolean() }),
    { maxLength: 8 },
  );
  const build = (regs: { provider: CouponProvider; code: string; deleted: boolean }[]) =>
    regs.map((reg, i) => {
      const coupon = registered({ code: reg.code, provider: reg.provider }, `k${i}`, T0 + i * 1000);
      return reg.deleted ? deleteCoupon(coupon, new Date(T0 + 100_000))._unsafeUnwrap().coupon : coupon;
    });

  it('finds a coupon exactly when a live one of the sale provider has the code under that provider case rule, and then the oldest', () => {
    fc.assert(
      fc.property(registrationsArb, couponProviderArb, couponCodeArb, fc.boolean(), (regs, provider, code, shuffle) => {
        const coupons = build(regs);
        const expected = regs
          .map((reg, i) => ({ reg, i }))
          .filter(({ reg }) => !reg.deleted && reg.provider === provider && referenceCodeKey(provider, reg.code) === referenceCodeKey(provider, code));
        const found = attributeSale(shuffle ? [...coupons].reverse() : coupons, { provider, code });
        if (expected.length === 0) expect(found).toBeNull();
        else {
          expect(found?.coupon.id).toBe(`k${expected[0]!.i}`);
          expect(found).toMatchObject({ matchedBy: 'code', affiliateId: `a1`, campaignId: 'c1' });
        }
      }),
    );
  });

  it('stores every code under the provider case rule', () => {
    fc.assert(
      fc.property(couponProviderArb, couponCodeArb, (provider, code) => {
        expect(registered({ code, provider }).code).toBe(referenceCodeKey(provider, code));
      }),
    );
  });

  it('prefers the provider discount id over the code; differing ids on both sides never match by code', () => {
    const a = storedCoupon({ id: 'a', provider: 'card', code: 'SAVE', cardPromotionCodeId: 'promo_a' });
    const b = storedCoupon({ id: 'b', provider: 'card', code: 'OTHER', cardPromotionCodeId: 'promo_b', createdAt: new Date(T0 + 1) });
    const plain = storedCoupon({ id: 'c', provider: 'card', code: 'SAVE', createdAt: new Date(T0 + 2) });
    const coupons = [plain, b, a];
    expect(attributeSale(coupons, { provider: 'card', code: 'save', providerDiscountId: 'promo_b' })).toMatchObject({ coupon: { id: 'b' }, matchedBy: 'provider_id' });
    // promo_z names another discount: `a` (promo_a) is not it, the coupon without an id matches by code.
    expect(attributeSale(coupons, { provider: 'card', code: 'save', providerDiscountId: 'promo_z' })?.coupon.id).toBe('c');
    expect(attributeSale(coupons, { provider: 'card', code: null, providerDiscountId: 'promo_a' })?.coupon.id).toBe('a');
    expect(attributeSale(coupons, { provider: 'card', code: 'save' })?.coupon.id).toBe('a');
    expect(attributeSale(coupons, { provider: 'mor_a', code: 'save', providerDiscountId: 'promo_a' })).toBeNull();
    expect(attributeSale(coupons, { provider: 'card', code: '  ', providerDiscountId: null })).toBeNull();
  });

  it('matches app_store codes exactly and respects a known offer type', () => {
    const offer = storedCoupon({ id: 'o', provider: 'app_store', code: 'WinterOffer', appleOfferType: 3 });
    expect(attributeSale([offer], { provider: 'app_store', code: 'WinterOffer' })?.coupon.id).toBe('o');
    expect(attributeSale([offer], { provider: 'app_store', code: 'WINTEROFFER' })).toBeNull();
    expect(attributeSale([offer], { provider: 'app_store', code: 'WinterOffer', appleOfferType: 3 })?.coupon.id).toBe('o');
    expect(attributeSale([offer], { provider: 'app_store', code: 'WinterOffer', appleOfferType: 2 })).toBeNull();
  });
});
