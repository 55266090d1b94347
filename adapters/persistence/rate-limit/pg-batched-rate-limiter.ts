import type { Logger } from '../../../application/ports/logger.js';
import type { ConsumeOptions, RateLimitDecision, RateLimiter } from '../../../application/ports/rate-limiter.js';
import { decide, rollForward, windowStartOf, type WindowState } from '../../../application/rate-limiting/sliding-window.js';
import { poolDb, type Orm } from '../orm.js';
import { mergeWindows, PERIOD_MS, type LocalCount, type SharedWindow } from './window-merge.sql.js';

interface Bucket {
  /** The shared window as last read (every process's merged counts). */
  shared: SharedWindow | null;
  /** Admitted here and not merged yet, all in the window starting at `pendingWindow`. */
  pending: number;
  pendingWindow: number;
  /** Admitted here and being merged by the statement in flight, in the window starting at `sendingWindow`. */
  sending: number;
  sendingWindow: number;
  lastUsed: number;
}

export interface BatchedLimiterSettings {
  /** How often local counts are merged into the shared windows. */
  readonly mergeIntervalMs: number;
  /** A bucket not used for this long is forgotten here (its next request reads the shared total first). */
  readonly idleMs: number;
}

/** `state` with `count` more requests admitted in the window starting at `windowStart`. */
const countedIn = (state: WindowState | null, windowStart: number, count: number): WindowState | null => {
  if (count === 0) return state;
  const rolled = rollForward(state, windowStart, PERIOD_MS);
  return { ...rolled, currentCount: rolled.currentCount + count };
};

/**
 * How many requests a process may admit in a bucket before it must merge them: 1 % of the limit,
 * at least one. Another process can only over-admit by what it holds unmerged, so two processes
 * together stay within the limit plus this (docs/decisions.md).
 */
export const unmergedAllowance = (limit: number): number => Math.max(1, Math.floor(limit / 100));

/**
 * Rate limits decided from memory and shared through PostgreSQL in batches: each request is
 * counted and decided here against the shared totals as last read plus what this process admitted
 * since; every `mergeIntervalMs` one statement adds the local counts to the shared windows and
 * reads the totals back. A bucket first seen here, or one holding its allowance of unmerged
 * requests, waits for a merge before deciding (concurrent waiters share it).
 */
export class PgBatchedRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly timer: NodeJS.Timeout;
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    private readonly orm: Orm,
    private readonly logger: Logger,
    private readonly settings: BatchedLimiterSettings,
  ) {
    this.timer = setInterval(() => void this.merge().catch(() => undefined), settings.mergeIntervalMs);
    this.timer.unref();
  }

  async consume(name: string, limit: number, now: Date, options: ConsumeOptions = {}): Promise<RateLimitDecision> {
    let bucket = this.buckets.get(name);
    if (!bucket) {
      bucket = { shared: null, pending: 0, pendingWindow: 0, sending: 0, sendingWindow: 0, lastUsed: 0 };
      this.buckets.set(name, bucket);
    }
    bucket.lastUsed = performance.now();
    const nowMs = now.getTime();
    const window = windowStartOf(nowMs, PERIOD_MS);
    for (;;) {
      const decision = this.decideHere(bucket, nowMs, limit);
      // A refusal is safe on what is known here; an admission waits for a merge first when nothing is
      // known here yet (unless the caller takes an unseen bucket as empty), when this process holds its
      // allowance unmerged (in flight included), or when what it holds was admitted in an earlier
      // window (counts are merged into their own window).
      const mustMerge =
        (bucket.shared === null && options.unseenBucket !== 'admit') ||
        (decision.allowed && (bucket.pending + bucket.sending >= unmergedAllowance(limit) || (bucket.pending > 0 && bucket.pendingWindow !== window)));
      if (mustMerge) {
        try {
          await this.merge();
          continue;
        } catch {
          // The database does not answer: decided on what is known here.
        }
      }
      if (decision.allowed) {
        if (bucket.pending === 0) bucket.pendingWindow = window;
        bucket.pending += 1;
      }
      return {
        allowed: decision.allowed,
        limit,
        remaining: decision.remaining,
        resetAt: Math.ceil(decision.resetAtMs / 1000),
        retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000),
      };
    }
  }

  async peek(name: string, limit: number, now: Date): Promise<RateLimitDecision> {
    const bucket = this.buckets.get(name);
    if (!bucket) return { allowed: true, limit, remaining: limit, resetAt: Math.ceil((windowStartOf(now.getTime(), PERIOD_MS) + PERIOD_MS) / 1000), retryAfterSeconds: 0 };
    const d = this.decideHere(bucket, now.getTime(), limit);
    return {
      allowed: d.allowed,
      limit,
      // What is left now, before this request (it is not counted).
      remaining: d.allowed ? d.remaining + 1 : 0,
      resetAt: Math.ceil(d.resetAtMs / 1000),
      retryAfterSeconds: Math.ceil(d.retryAfterMs / 1000),
    };
  }

  /** The sliding-window decision on the shared window as last read plus what this process admitted since. */
  private decideHere(bucket: Bucket, nowMs: number, limit: number) {
    const shared = bucket.shared;
    let state: WindowState | null = shared ? { windowStart: shared.windowStart, currentCount: shared.currentCount, previousCount: shared.previousCount } : null;
    state = countedIn(state, bucket.sendingWindow, bucket.sending);
    state = countedIn(state, bucket.pendingWindow, bucket.pending);
    return decide(state, nowMs, limit, PERIOD_MS);
  }

  /** Merges now (after the merge in flight, if any); concurrent callers share one statement. */
  merge(): Promise<void> {
    if (!this.inFlight) {
      this.inFlight = this.mergeOnce().finally(() => {
        this.inFlight = null;
      });
      return this.inFlight;
    }
    this.queued ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.merge();
      });
    return this.queued;
  }

  private async mergeOnce(): Promise<void> {
    const counts = new Map<string, LocalCount>();
    const reads: string[] = [];
    const idleSince = performance.now() - this.settings.idleMs;
    for (const [name, bucket] of this.buckets) {
      if (bucket.pending > 0) {
        counts.set(name, { windowStart: bucket.pendingWindow, count: bucket.pending });
        bucket.sending = bucket.pending;
        bucket.sendingWindow = bucket.pendingWindow;
        bucket.pending = 0;
      } else if (bucket.shared === null || bucket.lastUsed >= idleSince) reads.push(name);
      else this.buckets.delete(name);
    }
    if (counts.size === 0 && reads.length === 0) return;
    let windows: SharedWindow[];
    try {
      windows = await mergeWindows(poolDb(this.orm), counts, reads);
    } catch (error) {
      for (const name of counts.keys()) {
        const bucket = this.buckets.get(name);
        if (bucket) {
          if (bucket.pending === 0) bucket.pendingWindow = counts.get(name)!.windowStart;
          bucket.pending += bucket.sending;
          bucket.sending = 0;
        }
      }
      this.logger.warn({ err: (error as Error).message }, 'rate-limit merge failed; counts kept for the next one');
      throw error;
    }
    for (const window of windows) {
      const bucket = this.buckets.get(window.bucket);
      if (!bucket) continue;
      bucket.shared = window;
      if (counts.has(window.bucket)) bucket.sending = 0;
    }
    // A bucket without a shared window has counted nothing yet, anywhere.
    for (const name of reads) {
      const bucket = this.buckets.get(name);
      if (bucket && bucket.shared === null) bucket.shared = { bucket: name, windowStart: 0, currentCount: 0, previousCount: 0 };
    }
  }

  /** Stops the timer and merges what is left (graceful shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.merge().catch(() => undefined);
  }
}
