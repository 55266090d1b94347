import type { Page, PageRequest, Slice } from '../shared/page.js';

/**
 * `user:<id>`: a merchant's user in the dashboard; `affiliate:<id>`: an affiliate in the portal;
 * `connector:<id>:user:<id>`: an assistant's OAuth connector and the member who approved it.
 */
export type AuditActor = 'api_key' | 'operator' | 'anonymous' | 'assistant' | `user:${string}` | `affiliate:${string}` | `connector:${string}`;

export interface AuditEntry {
  readonly id: string;
  readonly actor: AuditActor;
  readonly apiKeyId: string | null;
  readonly merchantId: string | null;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly errorCode: string | null;
  readonly address: string | null;
  readonly userAgent: string | null;
  readonly requestId: string | null;
  readonly createdAt: Date;
  /** Requests this row stands for (refused attempts grouped per address and minute); 1 when absent. */
  readonly count?: number;
}

/** Append-only record of every write and every failed authentication. */
export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
  /**
   * A failed authentication refused by the address's rate limit: grouped with the same address's
   * others of that minute into one row with a count (the first request's fields), written when the
   * minute is over (or when the process stops).
   */
  recordRefusal(entry: AuditEntry): void;
  listForMerchant(merchantId: string, page: PageRequest): Promise<Page<AuditEntry>>;
  /** The same rows without counting the whole log: for screens that page with previous / next. */
  browseForMerchant(merchantId: string, page: PageRequest): Promise<Slice<AuditEntry>>;
}
