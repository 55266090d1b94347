import type { Mode } from '../../domain/index.js';

export interface Notice {
  readonly merchantId: string;
  readonly mode: Mode;
  /** A stable machine name: `webhook_paused`, `invitation_expired`, `payout_failed`, `integration_signatures_rejected`, … */
  readonly kind: string;
  /** What the merchant reads, with what to do about it. */
  readonly message: string;
  /** A notice told only once per merchant and mode carries a key (`first_sale:<affiliate id>`); a second one with it is dropped. */
  readonly once?: string;
}

/**
 * Where any part of the service leaves the merchant an in-app notice (`GET /api/v1/notifications`).
 * Written in the caller's transaction, so a notice exists only if what it tells of committed.
 */
export interface Notices {
  notify(notice: Notice): Promise<void>;
}
