import type { ExchangeRates } from '../../application/ports/exchange-rates.js';
import type { CurrencyCode, DatedRate, Decimal, ExchangeRateTable } from '../../domain/index.js';

type Source = 'operator' | 'feed';

/** Dated rates in memory, with the SQL adapter's precedence: the operator's rate of a day wins over the feed's. */
export class InMemoryExchangeRates implements ExchangeRates {
  private readonly rates = new Map<string, DatedRate & { source: Source }>();

  async tableFor(day: string): Promise<ExchangeRateTable> {
    const best = new Map<CurrencyCode, DatedRate>();
    for (const rate of this.rates.values()) {
      const current = best.get(rate.currency);
      const better =
        !current ||
        (rate.day <= day && (current.day > day || rate.day > current.day)) ||
        (rate.day > day && current.day > day && rate.day < current.day);
      if (better) best.set(rate.currency, rate);
    }
    return { day, usdPerUnit: new Map([...best].map(([c, r]) => [c, r.usdPerUnit])), rateDays: new Map([...best].map(([c, r]) => [c, r.day])) };
  }

  async history(currencies: readonly CurrencyCode[], fromDay: string, toDay: string): Promise<readonly DatedRate[]> {
    const out: DatedRate[] = [];
    for (const currency of new Set(currencies)) {
      const own = [...this.rates.values()].filter((r) => r.currency === currency).sort((a, b) => (a.day < b.day ? -1 : 1));
      const since = own.filter((r) => r.day <= fromDay).at(-1)?.day ?? fromDay;
      const until = own[0] && own[0].day > toDay ? own[0].day : toDay;
      out.push(...own.filter((r) => r.day >= since && r.day <= until).map(({ day, usdPerUnit }) => ({ day, currency, usdPerUnit })));
    }
    return out;
  }

  async store(day: string, usdPerUnit: ReadonlyMap<CurrencyCode, Decimal>): Promise<void> {
    this.put(day, usdPerUnit, 'operator');
  }

  async storeFromFeed(day: string, usdPerUnit: ReadonlyMap<CurrencyCode, Decimal>): Promise<number> {
    return this.put(day, usdPerUnit, 'feed');
  }

  private put(day: string, usdPerUnit: ReadonlyMap<CurrencyCode, Decimal>, source: Source): number {
    let stored = 0;
    for (const [currency, rate] of usdPerUnit) {
      const key = `${currency} ${day}`;
      if (source === 'feed' && this.rates.get(key)?.source === 'operator') continue;
      this.rates.set(key, { day, currency, usdPerUnit: rate, source });
      stored += 1;
    }
    return stored;
  }
}
