export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Epoch seconds when the bucket is full again. */
  readonly resetAt: number;
  /** Seconds until one more request is allowed (0 when allowed). */
  readonly retryAfterSeconds: number;
}

export interface ConsumeOptions {
  /**
   * `admit`: a bucket this process knows nothing of yet is decided as empty at once instead of after
   * reading the shared count. Only for limits whose refusal costs nothing but a count (a click that is
   * not counted), where waiting would cost every new visitor; at most one such decision per process
   * and bucket goes unchecked against the shared count.
   */
  readonly unseenBucket?: 'wait' | 'admit';
}

/** Per-bucket request limiting whose state is shared by every process on the same database. */
export interface RateLimiter {
  consume(bucket: string, limitPerMinute: number, now: Date, options?: ConsumeOptions): Promise<RateLimitDecision>;
  /** The decision `consume` would make, without counting anything. */
  peek(bucket: string, limitPerMinute: number, now: Date): Promise<RateLimitDecision>;
}
