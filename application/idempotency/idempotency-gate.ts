import type { Clock } from '../ports/clock.js';
import type { ClaimOutcome, IdempotencyRecords, IdempotencyScope, StoredResponse } from '../ports/idempotency-records.js';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Longer than any request may run (the server's request timeout), so a live claim never lapses. */
export const IDEMPOTENCY_LEASE_MS = 5 * 60 * 1000;

export interface IdempotencyGateSettings {
  /** How long a duplicate waits for the first request to finish before answering "in progress". */
  readonly waitMs: number;
  readonly pollMs: number;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stripe's idempotency semantics: the first request with a key runs, its response is kept for 24
 * hours and every later request with the same key and fingerprint gets that response again. A
 * duplicate that arrives while the first still runs waits for it (briefly), so parallel retries all
 * see the one result.
 */
export class IdempotencyGate {
  constructor(
    private readonly records: IdempotencyRecords,
    private readonly clock: Clock,
    private readonly settings: IdempotencyGateSettings,
  ) {}

  async enter(scope: IdempotencyScope, fingerprint: string): Promise<ClaimOutcome> {
    for (let waited = 0; ; waited += this.settings.pollMs) {
      const now = this.clock.now();
      const outcome = await this.records.claim(scope, fingerprint, {
        now,
        leaseUntil: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS),
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS),
      });
      if (outcome.kind !== 'in_progress' || waited >= this.settings.waitMs) return outcome;
      await pause(this.settings.pollMs);
    }
  }

  complete(scope: IdempotencyScope, response: StoredResponse): Promise<void> {
    return this.records.complete(scope, response);
  }

  release(scope: IdempotencyScope): Promise<void> {
    return this.records.release(scope);
  }
}
