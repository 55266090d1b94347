import type { ConnectorStore } from '../ports/connector-store.js';
import type { DueJob } from '../ports/jobs.js';

const BATCH = 1000;

/**
 * Deletes connector codes and tokens past their expiry, in batches. A spent refresh token is kept
 * until it expires, so that its reuse (a leak) is still recognised and revokes its connector.
 */
export class ForgetExpiredConnectorTokens implements DueJob {
  readonly name = 'oauth-token-expiry';

  constructor(private readonly store: ConnectorStore) {}

  async runDue(now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.store.deleteExpiredTokens(now, BATCH);
      total += deleted;
      if (deleted < BATCH) return total;
    }
  }
}
