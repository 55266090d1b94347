import type { Logger } from '../../application/ports/logger.js';
import type { Click } from '../../domain/index.js';
import { requestScope, runNamed } from './statements.js';
import type { Orm } from './orm.js';

/**
 * A batch in one text whatever its size: each column as one array parameter, spread into rows by
 * `unnest`. Sent by name, so it is parsed and planned once per connection, and ten parameters
 * instead of ten per click are serialised (a multi-row VALUES list was a new text per batch size).
 */
const INSERT_CLICKS = `insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, created_at, landing_url, referrer, address_hash)
  select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::uuid[], $6::text[], $7::timestamptz[], $8::text[], $9::text[], $10::text[])
  on conflict (id, created_at) do nothing`;

/** The batch's ten columns, in `INSERT_CLICKS`'s order. */
const columnsOf = (batch: readonly Click[]): unknown[][] => [
  batch.map((c) => c.id),
  batch.map((c) => c.merchantId),
  batch.map((c) => c.mode),
  batch.map((c) => c.campaignId),
  batch.map((c) => c.affiliateId),
  batch.map((c) => c.visitorHash),
  batch.map((c) => c.createdAt.toISOString()),
  batch.map((c) => c.landingUrl ?? null),
  batch.map((c) => c.referrer ?? null),
  batch.map((c) => c.addressHash ?? null),
];

export interface ClickBatchSettings {
  /** Written at least this often while clicks wait. */
  readonly intervalMs: number;
  /** Written at once when this many wait; also the most rows one statement carries. */
  readonly batchSize: number;
  /** Kept while the database does not answer; beyond it the oldest are dropped (and logged). */
  readonly maxQueued: number;
}

/**
 * Clicks queued in memory and written with one multi-row insert every `intervalMs` or `batchSize`
 * clicks, whichever comes first, so a redirect never waits for the database. `close` writes what is
 * queued (graceful shutdown); a process killed outright loses at most the clicks of the last
 * interval (docs/decisions.md). Their ids still attribute sales: they are signed (`ClickTokens`), so
 * attribution never waits for this write.
 */
export class PgBatchedClickWriter {
  private queue: Click[] = [];
  private writing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly orm: Orm,
    private readonly logger: Logger,
    private readonly settings: ClickBatchSettings,
  ) {
    this.timer = setInterval(() => void this.flush(), settings.intervalMs);
    this.timer.unref();
  }

  add(click: Click): void {
    this.queue.push(click);
    if (this.queue.length > this.settings.maxQueued) {
      const dropped = this.queue.splice(0, this.queue.length - this.settings.maxQueued);
      this.logger.error({ dropped: dropped.length }, 'click queue full while the database does not answer; oldest clicks dropped');
    }
    if (this.queue.length >= this.settings.batchSize) void this.flush();
  }

  /** Writes everything queued so far (one statement per batch); resolves when written or kept for a retry. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.queue.length === 0) return;
    this.writing = this.writeAll().finally(() => {
      this.writing = null;
    });
    await this.writing;
  }

  private async writeAll(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.settings.batchSize);
      try {
        // Outside whatever transaction the request that filled the batch is in: clicks are nobody's rows but their own.
        await requestScope(() => runNamed(this.orm, 'insert_clicks', INSERT_CLICKS, columnsOf(batch)));
      } catch (error) {
        this.logger.warn({ err: (error as Error).message, queued: this.queue.length }, 'clicks not written; kept for the next batch');
        return;
      }
      this.queue.splice(0, batch.length);
    }
  }

  /** Stops the timer and writes what is queued (graceful shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
