import { dayOf } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { ExchangeRates } from '../ports/exchange-rates.js';

export interface RateInEffect {
  readonly currency: string;
  /** US dollars per one unit. */
  readonly usdPerUnit: string;
  /** The day the rate was published for; another day than asked when that day has none. */
  readonly rateDate: string;
}

/** Operator `GET /admin/v1/exchange-rates`: the rate each currency has on a day, and from which day it comes. */
export class ReadExchangeRates {
  constructor(
    private readonly rates: ExchangeRates,
    private readonly clock: Clock,
  ) {}

  async execute(date: string | null): Promise<{ date: string; rates: RateInEffect[] }> {
    const day = date ?? dayOf(this.clock.now());
    const table = await this.rates.tableFor(day);
    const rates = [...table.usdPerUnit]
      .map(([currency, rate]) => ({ currency, usdPerUnit: rate.toFixed(), rateDate: table.rateDays?.get(currency) ?? day }))
      .sort((a, b) => (a.currency < b.currency ? -1 : 1));
    return { date: day, rates };
  }
}
