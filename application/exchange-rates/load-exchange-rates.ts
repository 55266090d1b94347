import { err, ok, type Result } from 'neverthrow';
import { domainError, parseAmount, parseCurrency, type CurrencyCode, type Decimal, type DomainError, type FieldProblem } from '../../domain/index.js';
import type { ExchangeRates } from '../ports/exchange-rates.js';

export interface LoadExchangeRatesInput {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** US dollars per one unit of each currency, keyed by currency code (any case). */
  readonly rates: Readonly<Record<string, unknown>>;
}

/** Operator `POST /admin/v1/exchange-rates`: stores one day's rates (replacing that day's earlier ones). */
export class LoadExchangeRates {
  constructor(private readonly rates: ExchangeRates) {}

  async execute(input: LoadExchangeRatesInput): Promise<Result<{ date: string; currencies: string[] }, DomainError>> {
    const problems: FieldProblem[] = [];
    const parsed = new Map<CurrencyCode, Decimal>();
    for (const [code, value] of Object.entries(input.rates)) {
      const currency = parseCurrency(code, `rates.${code}`);
      if (currency.isErr()) {
        problems.push(...(currency.error.details ?? []));
        continue;
      }
      const rate = parseAmount(value, { field: `rates.${code}`, min: 0, minExclusive: true, max: 1_000_000 });
      if (rate.isErr()) problems.push(...(rate.error.details ?? []));
      else parsed.set(currency.value, rate.value);
    }
    if (parsed.size === 0 && problems.length === 0) problems.push({ field: 'rates', message: 'must name at least one currency' });
    if (problems.length > 0) {
      return err(domainError('validation_error', problems.map((p) => `${p.field} ${p.message}`).join('; '), problems));
    }
    await this.rates.store(input.date, parsed);
    return ok({ date: input.date, currencies: [...parsed.keys()].sort() });
  }
}
