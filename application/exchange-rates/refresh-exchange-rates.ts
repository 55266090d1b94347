import { dayOf, usdPerUnitFromEuroBase } from '../../domain/index.js';
import type { ExchangeRateFeed, ExchangeRateFetchLog } from '../ports/exchange-rate-feed.js';
import type { ExchangeRates } from '../ports/exchange-rates.js';
import type { DueJob } from '../ports/jobs.js';

/** How long after a failed fetch the job tries the feed again (it ticks every minute). */
export const FEED_RETRY_MS = 60 * 60 * 1000;

/**
 * Daily: reads the configured feed's latest rates once per service day and keeps them under the day
 * they were published for (a weekend or holiday has none: limits then use the last known day's, and
 * say so). The operator's rates for a day win over the feed's. A failed read is retried an hour later.
 * Returns how many rates were stored.
 */
export class RefreshExchangeRates implements DueJob {
  readonly name = 'refresh-exchange-rates';

  constructor(
    private readonly feed: ExchangeRateFeed,
    private readonly rates: ExchangeRates,
    private readonly fetches: ExchangeRateFetchLog,
  ) {}

  async runDue(now: Date): Promise<number> {
    const today = dayOf(now);
    const last = await this.fetches.find(today);
    if (last?.rateDate) return 0;
    if (last && now.getTime() - last.attemptedAt.getTime() < FEED_RETRY_MS) return 0;
    const published = await this.feed.latest();
    const derived = published.andThen((p) => usdPerUnitFromEuroBase(p.unitsPerEuro).mapErr((e) => e.message));
    if (published.isErr() || derived.isErr()) {
      const error = published.isErr() ? published.error : derived.isErr() ? derived.error : '';
      await this.fetches.record({ day: today, attemptedAt: now, rateDate: null, error });
      return 0;
    }
    const stored = await this.rates.storeFromFeed(published.value.day, derived.value);
    await this.fetches.record({ day: today, attemptedAt: now, rateDate: published.value.day, error: null });
    return stored;
  }
}
