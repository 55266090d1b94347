import { err, ok, type Result } from 'neverthrow';
import type { PublishedRates } from '../../application/ports/exchange-rate-feed.js';
import { Decimal, parseCurrency, type CurrencyCode } from '../../domain/index.js';

const DAY_CUBE = /<Cube\s+time\s*=\s*(['"])(\d{4}-\d{2}-\d{2})\1\s*>([\s\S]*?)<\/Cube>/;
const RATE_CUBE = /<Cube\s+currency\s*=\s*(['"])([A-Za-z]{3})\1\s+rate\s*=\s*(['"])([0-9]+(?:\.[0-9]+)?)\3\s*\/>/g;

/**
 * The European Central Bank's daily reference feed (`eurofxref-daily.xml`), read as published: a
 * `gesmes:Envelope` whose `<Cube time='YYYY-MM-DD'>` holds one `<Cube currency='USD' rate='1.0530'/>`
 * per currency, each rate in units of that currency per one euro. The format is fixed and flat, so
 * it is read by its elements rather than with a general XML parser.
 */
export const parseEcbDailyXml = (xml: string): Result<PublishedRates, string> => {
  const day = DAY_CUBE.exec(xml);
  if (!day) return err('no <Cube time="…"> element in the feed');
  const unitsPerEuro = new Map<CurrencyCode, Decimal>();
  for (const match of day[3]!.matchAll(RATE_CUBE)) {
    const currency = parseCurrency(match[2]);
    const rate = new Decimal(match[4]!);
    if (currency.isOk() && rate.gt(0)) unitsPerEuro.set(currency.value, rate);
  }
  if (unitsPerEuro.size === 0) return err(`the feed's ${day[2]} cube names no rate`);
  return ok({ day: day[2]!, unitsPerEuro });
};
