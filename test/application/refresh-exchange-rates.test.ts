import { err, ok } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { FEED_RETRY_MS, RefreshExchangeRates } from '../../application/exchange-rates/refresh-exchange-rates.js';
import type { ExchangeRateFeed, ExchangeRateFetch, ExchangeRateFetchLog, PublishedRates } from '../../application/ports/exchange-rate-feed.js';
import { Decimal, type CurrencyCode } from '../../domain/index.js';
import { InMemoryExchangeRates } from '../fakes/in-memory-exchange-rates.js';

const usd = 'usd' as CurrencyCode;
const jpy = 'jpy' as CurrencyCode;
const PUBLISHED: PublishedRates = { day: '2026-11-27', unitsPerEuro: new Map([[usd, new Decimal('1.05')], [jpy, new Decimal('168')]]) };

class ScriptedFeed implements ExchangeRateFeed {
  reads = 0;
  constructor(public answer: 'ok' | 'down') {}
  async latest() {
    this.reads += 1;
    return this.answer === 'ok' ? ok(PUBLISHED) : err('the feed answered 503');
  }
}

class FetchLog implements ExchangeRateFetchLog {
  readonly rows = new Map<string, ExchangeRateFetch>();
  async find(day: string) {
    return this.rows.get(day) ?? null;
  }
  async record(fetch: ExchangeRateFetch) {
    if (this.rows.get(fetch.day)?.rateDate && !fetch.rateDate) return;
    this.rows.set(fetch.day, fetch);
  }
}

const setup = (answer: 'ok' | 'down') => {
  const feed = new ScriptedFeed(answer);
  const rates = new InMemoryExchangeRates();
  const log = new FetchLog();
  return { feed, rates, log, job: new RefreshExchangeRates(feed, rates, log) };
};

describe('RefreshExchangeRates (use case, in-memory stores)', () => {
  const morning = new Date('2026-11-28T00:01:00.000Z');

  it("stores the published day's rates in US dollars per unit once per service day", async () => {
    const { feed, rates, log, job } = setup('ok');
    expect(await job.runDue(morning)).toBe(3);
    const history = await rates.history([jpy, 'eur' as CurrencyCode], '2026-11-27', '2026-11-28');
    expect(history.map((r) => [r.currency, r.day, r.usdPerUnit.toFixed()])).toEqual([
      ['jpy', '2026-11-27', '0.00625'],
      ['eur', '2026-11-27', '1.05'],
    ]);
    expect(await job.runDue(new Date(morning.getTime() + 5 * 60_000))).toBe(0);
    expect(feed.reads).toBe(1);
    expect(log.rows.get('2026-11-28')).toMatchObject({ rateDate: '2026-11-27', error: null });
    // The next service day reads again.
    expect(await job.runDue(new Date('2026-11-29T00:01:00.000Z'))).toBe(3);
    expect(feed.reads).toBe(2);
  });

  it("keeps the operator's rate of the published day", async () => {
    const { rates, job } = setup('ok');
    await rates.store('2026-11-27', new Map([[jpy, new Decimal('0.007')]]));
    expect(await job.runDue(morning)).toBe(2);
    expect((await rates.history([jpy], '2026-11-27', '2026-11-27'))[0]?.usdPerUnit.toFixed()).toBe('0.007');
  });

  it('records a failed read and tries again only after an hour', async () => {
    const { feed, log, job } = setup('down');
    expect(await job.runDue(morning)).toBe(0);
    expect(log.rows.get('2026-11-28')).toMatchObject({ rateDate: null, error: 'the feed answered 503' });
    feed.answer = 'ok';
    expect(await job.runDue(new Date(morning.getTime() + FEED_RETRY_MS - 1))).toBe(0);
    expect(feed.reads).toBe(1);
    expect(await job.runDue(new Date(morning.getTime() + FEED_RETRY_MS))).toBe(3);
    expect(log.rows.get('2026-11-28')).toMatchObject({ rateDate: '2026-11-27' });
  });
});
