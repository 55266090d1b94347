import { defineEntity, p } from '@mikro-orm/core';

/** Sliding-window counter state per bucket; written by one atomic upsert in `PostgresRateLimiter`. */
export const RateLimitWindowRecord = defineEntity({
  name: 'RateLimitWindowRecord',
  tableName: 'rate_limit_windows',
  properties: {
    bucket: p.text().primary(),
    windowStart: p.bigint('number'),
    currentCount: p.integer(),
    previousCount: p.integer(),
  },
});
