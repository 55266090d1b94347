import type { Result } from 'neverthrow';
import { err } from 'neverthrow';
import type { ExchangeRateFeed, PublishedRates } from '../../application/ports/exchange-rate-feed.js';
import { parseEcbDailyXml } from './ecb-reference-rates.js';

const TIMEOUT_MS = 15_000;

/** The feed at `EXCHANGE_RATES_URL`, fetched over HTTP(S) and read in the ECB daily format. */
export class HttpExchangeRateFeed implements ExchangeRateFeed {
  constructor(private readonly url: string) {}

  async latest(): Promise<Result<PublishedRates, string>> {
    try {
      const response = await fetch(this.url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/xml, text/xml' } });
      if (!response.ok) return err(`${this.url} answered ${response.status}`);
      return parseEcbDailyXml(await response.text());
    } catch (error) {
      return err(`${this.url} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
