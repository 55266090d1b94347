import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, windowStartOf, type WindowState } from '../../application/rate-limiting/sliding-window.js';

const PERIOD = 60_000;

/** Request times as increasing offsets from a window-aligned start. */
const requestTimes = (maxGap: number, maxLength = 200) =>
  fc.array(fc.integer({ min: 0, max: maxGap }), { maxLength }).map((gaps) => {
    let t = 1_800_000_000_000 - (1_800_000_000_000 % PERIOD);
    return gaps.map((g) => (t += g));
  });

const run = (times: number[], limit: number) => {
  let state: WindowState | null = null;
  return times.map((now) => {
    const d = decide(state, now, limit, PERIOD);
    state = d.state;
    return { now, ...d };
  });
};

describe('sliding-window limiter arithmetic', () => {
  it('a burst inside one fresh window admits exactly `limit` requests', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 50 }), (limit, extra) => {
        const start = windowStartOf(1_800_000_000_000, PERIOD);
        const times = Array.from({ length: limit + extra }, (_, i) => start + Math.floor((i * (PERIOD - 1)) / (limit + extra)));
        const allowed = run(times, limit).filter((d) => d.allowed).length;
        expect(allowed).toBe(limit);
      }),
    );
  });

  it('never admits more than `limit` per fixed window nor 2x `limit` in any sliding minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), requestTimes(3_000), (limit, times) => {
        const decisions = run(times, limit);
        const admitted = decisions.filter((d) => d.allowed).map((d) => d.now);
        const perWindow = new Map<number, number>();
        for (const t of admitted) perWindow.set(windowStartOf(t, PERIOD), (perWindow.get(windowStartOf(t, PERIOD)) ?? 0) + 1);
        for (const count of perWindow.values()) expect(count).toBeLessThanOrEqual(limit);
        for (const t of admitted) {
          const inMinute = admitted.filter((u) => u > t - PERIOD && u <= t).length;
          expect(inMinute).toBeLessThan(2 * limit);
        }
      }),
    );
  });

  it('remaining counts down to zero as requests are admitted and is zero on refusal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), requestTimes(500, 150), (limit, times) => {
        for (const d of run(times, limit)) {
          expect(d.remaining).toBeGreaterThanOrEqual(0);
          expect(d.remaining).toBeLessThan(limit);
          if (!d.allowed) expect(d.remaining).toBe(0);
          expect(d.resetAtMs).toBeGreaterThan(d.now);
          expect(d.resetAtMs - d.now).toBeLessThanOrEqual(PERIOD);
        }
      }),
    );
  });

  it('a refused request is admitted once Retry-After has passed, and not a millisecond before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), requestTimes(2_000), (limit, times) => {
        let state: WindowState | null = null;
        for (const now of times) {
          const d = decide(state, now, limit, PERIOD);
          if (!d.allowed) {
            expect(decide(d.state, now + d.retryAfterMs, limit, PERIOD).allowed).toBe(true);
            if (d.retryAfterMs > 1) expect(decide(d.state, now + d.retryAfterMs - 2, limit, PERIOD).allowed).toBe(false);
          }
          state = d.state;
        }
      }),
    );
  });

  it('after a full minute of silence the whole limit is available again', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), requestTimes(1_000), (limit, times) => {
        const decisions = run(times, limit);
        const last = decisions.at(-1);
        if (!last) return;
        const later = last.now + 2 * PERIOD;
        expect(decide(last.state, later, limit, PERIOD).remaining).toBe(limit - 1);
      }),
    );
  });
});
