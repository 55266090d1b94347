import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DOMAIN_VERIFICATION_WINDOW_HOURS,
  domainCheckOutcome,
  MAX_LOGO_BYTES,
  noticeChoiceOf,
  parseBrandColour,
  parseEmailNotices,
  parsePortalDomain,
  parsePortalLogo,
} from '../../domain/index.js';

const hex = fc.constantFrom(...'0123456789abcdefABCDEF'.split(''));

describe('brand colour', () => {
  it('accepts #rgb and #rrggbb in any case, answering lower-case #rrggbb that parses to itself', () => {
    fc.assert(
      fc.property(fc.array(hex, { minLength: 3, maxLength: 3 }), fc.array(hex, { minLength: 6, maxLength: 6 }), (short, long) => {
        for (const input of [`#${short.join('')}`, `#${long.join('')}`]) {
          const parsed = parseBrandColour(input)._unsafeUnwrap();
          expect(parsed).toMatch(/^#[0-9a-f]{6}$/);
          expect(parseBrandColour(parsed)._unsafeUnwrap()).toBe(parsed);
        }
      }),
    );
  });
  it('refuses anything that could break out of a stylesheet', () => {
    fc.assert(fc.property(fc.string(), (text) => {
      const parsed = parseBrandColour(text);
      if (parsed.isOk()) expect(parsed.value).toMatch(/^#[0-9a-f]{6}$/);
    }));
    expect(parseBrandColour('red; } body { display:none').isErr()).toBe(true);
  });
});

describe('portal domain', () => {
  it('answers only lower-case host names of two labels or more', () => {
    fc.assert(fc.property(fc.domain(), (domain) => {
      const parsed = parsePortalDomain(domain.toUpperCase());
      if (parsed.isOk()) expect(parsed.value).toBe(domain.toLowerCase().replace(/\.$/, ''));
    }));
    for (const bad of ['https://shop.example', 'shop.example/path', 'localhost', 'shop.example:8080', '-a.example', '1.2.3.4']) {
      expect(parsePortalDomain(bad).isErr(), bad).toBe(true);
    }
  });
  it('is verified as soon as the expected record is among the answers, failed only after the window', () => {
    const requested = new Date('2026-11-01T00:00:00Z');
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { maxLength: 3 })), fc.boolean(), fc.integer({ min: 0, max: 24 * 10 }), (others, present, hours) => {
        const records = present ? [...others, ['affiliate-verification=', 'tok']] : others.filter((c) => c.join('').trim() !== 'affiliate-verification=tok');
        const now = new Date(requested.getTime() + hours * 3_600_000);
        const outcome = domainCheckOutcome(records, 'affiliate-verification=tok', requested, now);
        expect(outcome).toBe(present ? 'verified' : hours >= DOMAIN_VERIFICATION_WINDOW_HOURS ? 'failed' : 'pending');
      }),
    );
  });
});

describe('portal logo', () => {
  it('keeps small PNG, JPEG, WebP and GIF images and refuses the rest by their bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (tail) => {
        const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...tail]);
        expect(parsePortalLogo(png)._unsafeUnwrap().contentType).toBe('image/png');
        const svg = new TextEncoder().encode(`<svg>${tail.join('')}</svg>`);
        expect(parsePortalLogo(svg).isErr()).toBe(true);
      }),
    );
    const big = new Uint8Array(MAX_LOGO_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(parsePortalLogo(big).isErr()).toBe(true);
  });
});

describe('email notice choices', () => {
  it('keep known choices once each, and every notice kind belongs to one choice', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('new_application', 'first_sale', 'flagged_sale', 'payouts_due', 'failures', 'nonsense')), (values) => {
      const parsed = parseEmailNotices(values);
      expect(new Set(parsed).size).toBe(parsed.length);
      expect(parsed.every((p) => values.includes(p))).toBe(true);
    }));
    expect(noticeChoiceOf('new_application')).toBe('new_application');
    expect(noticeChoiceOf('webhook_paused')).toBe('failures');
    expect(noticeChoiceOf('payouts_due')).toBe('payouts_due');
  });
});
