import { beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeRates } from '../../application/ports/exchange-rates.js';
import { Decimal, type CurrencyCode, type DatedRate } from '../../domain/index.js';

// Currencies the shipped snapshot does not name, so the SQL adapter's seeded rows stay out of the way.
const isk = 'isk' as CurrencyCode;
const xag = 'xag' as CurrencyCode;
const xpt = 'xpt' as CurrencyCode;

const rates = (entries: [CurrencyCode, string][]) => new Map(entries.map(([c, r]) => [c, new Decimal(r)]));
const plain = (list: readonly DatedRate[]) => list.map((r) => [r.currency, r.day, r.usdPerUnit.toFixed()]);

/** What every `ExchangeRates` promises: dated history for limits, the day's table for rankings, the operator over the feed. */
export const exchangeRatesContract = (name: string, make: () => Promise<ExchangeRates>) =>
  describe(`ExchangeRates contract (${name})`, () => {
    let store: ExchangeRates;

    beforeAll(async () => {
      store = await make();
      await store.store('2026-10-30', rates([[isk, '0.0070']]));
      await store.storeFromFeed('2026-11-03', rates([[isk, '0.0072'], [xag, '30']]));
      await store.storeFromFeed('2026-11-06', rates([[isk, '0.0075']]));
      await store.storeFromFeed('2026-11-20', rates([[xag, '31']]));
    });

    it('gives each currency its rates in the range and the last one before it, oldest first', async () => {
      const history = await store.history([isk, xag], '2026-11-01', '2026-11-10');
      expect(plain(history).sort()).toEqual(
        [
          ['isk', '2026-10-30', '0.007'],
          ['isk', '2026-11-03', '0.0072'],
          ['isk', '2026-11-06', '0.0075'],
          // Nothing before the range: the first known one, although it falls inside.
          ['xag', '2026-11-03', '30'],
        ].sort(),
      );
    });

    it('gives the first rate of a currency known only after the range, and nothing for one never known', async () => {
      expect(plain(await store.history([xag, xpt], '2026-10-01', '2026-10-31'))).toEqual([['xag', '2026-11-03', '30']]);
    });

    it("keeps the operator's rate of a day when the feed sends one, and lets the operator replace the feed's", async () => {
      await store.store('2026-11-12', rates([[xpt, '900']]));
      expect(await store.storeFromFeed('2026-11-12', rates([[xpt, '950'], [isk, '0.0080']]))).toBe(1);
      expect(plain(await store.history([xpt, isk], '2026-11-12', '2026-11-12')).sort()).toEqual(
        [
          ['isk', '2026-11-12', '0.008'],
          ['xpt', '2026-11-12', '900'],
        ].sort(),
      );
      await store.store('2026-11-12', rates([[isk, '0.0081']]));
      expect(plain(await store.history([isk], '2026-11-12', '2026-11-12'))).toEqual([['isk', '2026-11-12', '0.0081']]);
    });

    it("ranks with a day's table: each currency's latest rate on or before the day, else its earliest", async () => {
      const table = await store.tableFor('2026-11-05');
      expect(table.day).toBe('2026-11-05');
      expect(table.usdPerUnit.get(isk)?.toFixed()).toBe('0.0072');
      expect(table.usdPerUnit.get(xag)?.toFixed()).toBe('30');
      expect([table.rateDays?.get(isk), table.rateDays?.get(xag)]).toEqual(['2026-11-03', '2026-11-03']);
      expect((await store.tableFor('2026-10-01')).usdPerUnit.get(xag)?.toFixed()).toBe('30');
    });
  });
