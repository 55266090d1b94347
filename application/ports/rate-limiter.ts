export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Epoch seconds when the bucket is full again. */
  readonly resetAt: number;
  /** Seconds until one more request is allowed (0 when allowed). */
  readonly retryAfterSeconds: number;
}

/** Per-bucket request limiting whose state is shared by every process on the same database. */
export interface RateLimiter {
  consume(bucket: string, limitPerMinute: number, now: Date): Promise<RateLimitDecision>;
  /** The decision `consume` would make, without counting anything. */
  peek(bucket: string, limitPerMinute: number, now: Date): Promise<RateLimitDecision>;
}
