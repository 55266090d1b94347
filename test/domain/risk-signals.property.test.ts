import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AD_CLICK_PARAMETERS,
  assessRisk,
  bannedReferrer,
  clickVelocity,
  conversionVelocity,
  customerMatchesAffiliate,
  DEFAULT_RISK_SETTINGS,
  disposableEmail,
  fastConversion,
  highRefundRate,
  normaliseEmail,
  paidAdsClick,
  PUBLIC_MAIL_DOMAINS,
  RISK_SIGNALS,
  selfReferral,
  sharedPayoutDetails,
  unconfirmedScriptSale,
  type ClickFacts,
  type RiskFlag,
} from '../../domain/index.js';

const T0 = new Date('2026-11-01T00:00:00.000Z');
const label = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);
const domainArb = fc.tuple(label, fc.constantFrom('com', 'io', 'example', 'de')).map(([a, b]) => `${a}.${b}`);
const hashArb = fc.constantFrom('h1', 'h2', 'h3');

const clickArb = (overrides: Partial<ClickFacts> = {}): fc.Arbitrary<ClickFacts> =>
  fc
    .record({ visitorHash: hashArb, addressHash: fc.option(hashArb), landingUrl: fc.constant(null), referrer: fc.constant(null), offset: fc.integer({ min: 0, max: 3_600_000 }) })
    .map(({ offset, ...r }) => ({ id: 'click-1', createdAt: new Date(T0.getTime() + offset), ...r, ...overrides }));

/** A Gmail address written the many ways that reach one inbox. */
const gmailSpellings = fc
  .record({ local: fc.stringMatching(/^[a-z]{2,8}$/), dots: fc.array(fc.nat(8), { maxLength: 3 }), tag: fc.option(label), upper: fc.boolean(), host: fc.constantFrom('gmail.com', 'googlemail.com') })
  .map(({ local, dots, tag, upper, host }) => {
    let spelled = local;
    for (const at of dots) spelled = `${spelled.slice(0, at % (spelled.length + 1))}.${spelled.slice(at % (spelled.length + 1))}`;
    const written = `${spelled}${tag === null ? '' : `+${tag}`}@${host}`;
    return { canonical: `${local}@gmail.com`, written: upper ? written.toUpperCase() : written };
  });

describe('email normalisation', () => {
  it('maps every spelling of a Gmail inbox (case, dots, +tags, googlemail) to one address', () => {
    fc.assert(
      fc.property(gmailSpellings, ({ canonical, written }) => {
        expect(normaliseEmail(written)).toBe(canonical);
      }),
    );
  });

  it('keeps dots outside Gmail and drops +tags everywhere', () => {
    expect(normaliseEmail(' Ada.Lovelace+promo@Example.COM ')).toBe('ada.lovelace@example.com');
  });
});

describe('self_referral', () => {
  it('flags exactly when the customer is the affiliate\'s login or payout inbox', () => {
    fc.assert(
      fc.property(gmailSpellings, gmailSpellings, fc.boolean(), ({ written: customer }, own, asPayout) => {
        const affiliate = { id: 'aff-1', email: asPayout ? 'someone@corp.example' : own.written, payoutEmail: asPayout ? own.written : null };
        const flag = selfReferral(customer, affiliate);
        expect(flag !== null).toBe(normaliseEmail(customer) === normaliseEmail(own.written));
        if (flag) expect(flag.evidence).toEqual(['aff-1']);
      }),
    );
  });

  it('says nothing without a customer email', () => {
    expect(selfReferral(null, { id: 'a', email: 'a@b.example', payoutEmail: null })).toBeNull();
  });
});

describe('customer_matches_affiliate', () => {
  it('flags exactly when a company domain is shared or the click shares a fingerprint or address with a portal session', () => {
    const footprintArb = fc.array(fc.record({ id: fc.constantFrom('s1', 's2'), visitorHash: fc.option(hashArb), addressHash: fc.option(hashArb) }), { maxLength: 3 });
    fc.assert(
      fc.property(
        fc.constantFrom(...PUBLIC_MAIL_DOMAINS, 'corp.example', 'other.example'),
        fc.constantFrom('gmail.com', 'corp.example'),
        fc.option(clickArb()),
        footprintArb,
        (customerDomain, ownDomain, click, footprints) => {
          const affiliate = { id: 'aff-1', email: `me@${ownDomain}`, payoutEmail: null };
          const flag = customerMatchesAffiliate(`buyer@${customerDomain}`, affiliate, click, footprints);
          const domainMatch = customerDomain === ownDomain && !PUBLIC_MAIL_DOMAINS.has(customerDomain);
          const clickMatch =
            click !== null &&
            footprints.some((f) => (f.visitorHash !== null && f.visitorHash === click.visitorHash) || (f.addressHash !== null && f.addressHash === click.addressHash));
          expect(flag !== null).toBe(domainMatch || clickMatch);
        },
      ),
    );
  });
});

describe('disposable_email', () => {
  it('flags exactly when the given list calls the domain disposable', () => {
    fc.assert(
      fc.property(label, domainArb, fc.array(domainArb, { maxLength: 4 }), (local, domain, list) => {
        const flag = disposableEmail('customer', `${local}@${domain}`, (d) => list.includes(d), 'conv-1');
        expect(flag !== null).toBe(list.includes(domain));
        if (flag) expect(flag.evidence).toEqual(['conv-1', domain]);
      }),
    );
  });
});

describe('fast_conversion', () => {
  it('flags exactly when the sale came less than the threshold after the click', () => {
    fc.assert(
      fc.property(clickArb(), fc.integer({ min: -5_000, max: 120_000 }), fc.integer({ min: 1, max: 60 }), (click, elapsed, threshold) => {
        const flag = fastConversion(click, new Date(click.createdAt.getTime() + elapsed), threshold);
        expect(flag !== null).toBe(elapsed >= 0 && elapsed < threshold * 1000);
      }),
    );
  });

  it('stays silent when the click row is missing', () => {
    expect(fastConversion(null, T0, 10)).toBeNull();
  });
});

describe('paid_ads_click', () => {
  it('flags exactly when ads are forbidden and the landing URL carries an ad click id', () => {
    const params = fc.array(fc.constantFrom(...AD_CLICK_PARAMETERS, 'utm_source', 'ref', 'q'), { maxLength: 3 });
    fc.assert(
      fc.property(params, fc.boolean(), (names, forbidden) => {
        const url = `https://shop.example/landing?${names.map((n) => `${n}=x1`).join('&')}`;
        const flag = paidAdsClick({ id: 'c', visitorHash: 'h', addressHash: null, landingUrl: url, referrer: null, createdAt: T0 }, forbidden);
        expect(flag !== null).toBe(forbidden && names.some((n) => (AD_CLICK_PARAMETERS as readonly string[]).includes(n)));
      }),
    );
  });
});

describe('banned_referrer', () => {
  it('flags exactly when the referrer host is a banned domain or under one', () => {
    fc.assert(
      fc.property(fc.option(label), domainArb, fc.array(domainArb, { maxLength: 3 }), (sub, domain, banned) => {
        const host = sub === null ? domain : `${sub}.${domain}`;
        const flag = bannedReferrer({ id: 'c', visitorHash: 'h', addressHash: null, landingUrl: null, referrer: `https://${host}/post`, createdAt: T0 }, banned);
        expect(flag !== null).toBe(banned.some((b) => host === b || host.endsWith(`.${b}`)));
      }),
    );
  });
});

describe('click_velocity and conversion_velocity', () => {
  it('flag exactly when one visitor goes over the maximum in the window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 30 }), (count, max) => {
        const activity = { ids: Array.from({ length: count }, (_, i) => `id-${i}`), windowMinutes: 60 };
        expect(clickVelocity(activity, max) !== null).toBe(count > max);
        expect(conversionVelocity(activity, max) !== null).toBe(count > max);
      }),
    );
  });
});

describe('shared_payout_details', () => {
  it('flags exactly when another affiliate has the same payout email or connected account', () => {
    const identity = (id: string) => fc.record({ affiliateId: fc.constant(id), payoutEmail: fc.option(fc.constantFrom('p@x.example', 'q@x.example')), connectedAccountId: fc.option(fc.constantFrom('acct_1', 'acct_2')) });
    fc.assert(
      fc.property(identity('me'), fc.array(fc.oneof(identity('a2'), identity('a3'), identity('me')), { maxLength: 4 }), (own, others) => {
        const flag = sharedPayoutDetails(own, others);
        const shared = others.some(
          (o) => o.affiliateId !== 'me' && ((o.payoutEmail !== null && o.payoutEmail === own.payoutEmail) || (o.connectedAccountId !== null && o.connectedAccountId === own.connectedAccountId)),
        );
        expect(flag !== null).toBe(shared);
      }),
    );
  });
});

describe('high_refund_rate', () => {
  it('flags exactly when the refunded share is above the threshold with enough sales', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 20 }), (total, refundedRaw, percent, min) => {
        const refunded = Math.min(refundedRaw, total);
        const flag = highRefundRate({ affiliateId: 'a', conversions: total, refundedIds: Array.from({ length: refunded }, (_, i) => `r${i}`) }, percent, min);
        expect(flag !== null).toBe(total >= min && total > 0 && refunded / total > percent / 100);
      }),
    );
  });
});

describe('unconfirmed_script_sale', () => {
  it('flags exactly the tracking script\'s reports', () => {
    fc.assert(fc.property(fc.constantFrom('api', 'card', 'tracking_script', 'dashboard'), (source) => {
        expect(unconfirmedScriptSale(source, 'c') !== null).toBe(source === 'tracking_script');
      }),
    );
  });
});

describe('the merchant\'s rules', () => {
  const flagArb = fc.constantFrom(...RISK_SIGNALS).map((code): RiskFlag => ({ code, message: code, evidence: [] }));
  const actionArb = fc.constantFrom('off', 'flag', 'hold') as fc.Arbitrary<'off' | 'flag' | 'hold'>;

  it('keep every fired signal not off, hold on the first held one, and refuse on a refusing one', () => {
    fc.assert(
      fc.property(fc.array(fc.option(flagArb), { maxLength: 6 }), fc.dictionary(fc.constantFrom(...RISK_SIGNALS), actionArb), fc.boolean(), (fired, chosen, refuseSelf) => {
        const actions = { ...DEFAULT_RISK_SETTINGS.actions, ...chosen, self_referral: refuseSelf ? ('refuse' as const) : (chosen.self_referral ?? 'flag') };
        const result = assessRisk(fired, { actions });
        const real = fired.filter((f): f is RiskFlag => f !== null);
        if (real.some((f) => actions[f.code] === 'refuse')) {
          expect(result._unsafeUnwrapErr().code).toBe('self_referral');
          return;
        }
        const kept = real.filter((f) => actions[f.code] !== 'off');
        const { flags, holdReason } = result._unsafeUnwrap();
        expect(flags).toEqual(kept);
        expect(holdReason).toEqual(kept.find((f) => actions[f.code] === 'hold') ?? null);
      }),
    );
  });

  it('default to refusing self-referral, holding script sales and flagging the rest', () => {
    expect(DEFAULT_RISK_SETTINGS.actions.self_referral).toBe('refuse');
    expect(DEFAULT_RISK_SETTINGS.actions.unconfirmed_script_sale).toBe('hold');
    const others = RISK_SIGNALS.filter((s) => s !== 'self_referral' && s !== 'unconfirmed_script_sale');
    expect(others.map((s) => DEFAULT_RISK_SETTINGS.actions[s])).toEqual(others.map(() => 'flag'));
  });
});
