import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { majorToDecimal, minorToDecimal, oldRefCodeOf, paceRequest, retryAfterMs, type CurrencyCode, type RequestWindow } from '../../domain/index.js';

describe('paceRequest', () => {
  it('never allows more than the budget in any one window, and a refused request waits for the window end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 60_000 }), fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 200 }), (requests, periodMs, gaps) => {
        let window: RequestWindow | null = null;
        let now = 1_000_000;
        const allowedAt: number[] = [];
        for (const gap of gaps) {
          now += gap;
          const pace = paceRequest(window, now, { requests, periodMs });
          if (pace.allowed) {
            window = pace.window;
            allowedAt.push(now);
          } else {
            expect(pace.waitUntilMs).toBeGreaterThan(now);
            expect(paceRequest(window, pace.waitUntilMs, { requests, periodMs }).allowed).toBe(true);
          }
        }
        // Windows are fixed: within one, at most `requests` were let through.
        const byWindow = new Map<number, number>();
        let start = -Infinity;
        for (const at of allowedAt) {
          if (at >= start + periodMs) start = at;
          byWindow.set(start, (byWindow.get(start) ?? 0) + 1);
        }
        for (const n of byWindow.values()) expect(n).toBeLessThanOrEqual(requests);
      }),
    );
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, waits at least a second and at most an hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (seconds) => {
        expect(retryAfterMs(String(seconds), 0)).toBe(Math.min(3_600_000, Math.max(1000, seconds * 1000)));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3000 }), (seconds) => {
        const now = Date.parse('2026-11-29T00:00:00.000Z');
        expect(retryAfterMs(new Date(now + seconds * 1000).toUTCString(), now)).toBe(seconds * 1000);
      }),
    );
    expect(retryAfterMs(null, 0)).toBe(30_000);
    expect(retryAfterMs('soon', 0)).toBe(30_000);
  });
});

describe('minorToDecimal / majorToDecimal', () => {
  it('turns cents into the decimal the files carry, exactly, and back', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.constantFrom('usd', 'jpy', 'kwd'), (minor, currency) => {
        const text = minorToDecimal(minor.toString(), currency as CurrencyCode);
        const digits = currency === 'jpy' ? 0 : currency === 'kwd' ? 3 : 2;
        expect(text).not.toBeNull();
        expect(text).not.toMatch(/\.\d*0$/);
        const [whole, fraction = ''] = text!.replace('-', '').split('.');
        expect(BigInt(whole! + fraction.padEnd(digits, '0')) * (minor < 0n ? -1n : 1n)).toBe(minor);
        expect(majorToDecimal(text)).toBe(text);
      }),
    );
    expect(minorToDecimal(12.5, 'usd' as CurrencyCode)).toBeNull();
    expect(majorToDecimal('abc')).toBeNull();
    expect(majorToDecimal(49.99)).toBe('49.99');
  });
});

describe('oldRefCodeOf', () => {
  it('keeps link-safe codes lower-cased, case-insensitively, and refuses anything a URL would mangle', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/), (code) => {
        expect(oldRefCodeOf(code)).toBe(code.toLowerCase());
        expect(oldRefCodeOf(`  ${code.toUpperCase()} `)).toBe(code.toLowerCase());
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const kept = oldRefCodeOf(text);
        if (kept !== null) expect(kept).toMatch(/^[a-z0-9][a-z0-9_.-]{0,63}$/);
      }),
    );
    for (const bad of ['', '-lead', 'a b', 'x/y', 'a'.repeat(65), 'ré']) expect(oldRefCodeOf(bad)).toBeNull();
  });
});
