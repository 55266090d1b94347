import type { Kysely } from 'kysely';
import type { RowOutcome } from '../../../../application/porting/import-progress.js';
import type { ProgramRow } from '../../../../application/porting/program-files.js';
import { readCell } from '../../../../application/porting/spreadsheet-safe-cell.js';
import type { Clock } from '../../../../application/ports/clock.js';
import type { IdGenerator } from '../../../../application/ports/id-generator.js';
import type { ImportRun } from '../../../../application/ports/imports.js';
import {
  batchPayoutBeforeReading,
  Decimal,
  importedPayoutKind,
  owedOnImport,
  placeImportedBatchPayout,
  placeImportedPayout,
  type ImportedBatchNotPlaced,
  type ImportedPayoutKind,
  type PayoutStatus,
} from '../../../../domain/index.js';
import { currentDb, type Orm } from '../../orm.js';
import { runSql } from '../../run-sql.js';
import type { ImportReferences } from './sql-import-more.js';

const cellOf = (row: ProgramRow, column: string): string | null => {
  const raw = row[column];
  return raw === undefined || raw === '' ? null : readCell(raw);
};

const failed = (reason: string): RowOutcome => ({ kind: 'failed', reason });

const DAY = 86_400_000;

/** A commission just imported, as the payout queue needs it. */
export interface ImportedCommission {
  readonly id: string;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly commission: string;
  readonly currency: string;
  readonly status: string;
}

interface QueueRow {
  readonly id: string;
  readonly status: PayoutStatus;
  readonly attempts: number;
  readonly payment_id: string | null;
}

/**
 * The payout side of an import: owed commissions queued once, and a source's payout rows placed
 * against them (history, the same obligation, or refused with the reason).
 */
export class PayoutImportWrites {
  constructor(
    private readonly orm: Orm,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  private get db(): Kysely<any> {
    return currentDb(this.orm);
  }

  /**
   * Imported commissions the source still owes are queued as an approval here queues them (the
   * merchant's holding days), so the next payout run pays them once; paid ones never get a row.
   */
  async queueOwed(run: ImportRun, made: readonly ImportedCommission[]): Promise<void> {
    const owed = made.filter((c) => owedOnImport(c.status, new Decimal(c.commission)));
    if (owed.length === 0) return;
    const [merchant] = await runSql<{ payout_holding_days: number }>(this.db, 'select payout_holding_days from merchants where id = $1', [run.tenant.merchantId]);
    const now = this.clock.now();
    const scheduled = new Date(now.getTime() + (merchant?.payout_holding_days ?? 0) * DAY);
    const rows = owed.map((c) => ({ id: this.ids.next(), conversion_id: c.id, campaign_id: c.campaignId, affiliate_id: c.affiliateId, amount: c.commission, currency: c.currency }));
    await runSql(
      this.db,
      `insert into payouts (id, merchant_id, mode, conversion_id, campaign_id, affiliate_id, amount, currency, status, scheduled_date, attempts, created_at, updated_at)
       select r.id, $1, $2, r.conversion_id, r.campaign_id, r.affiliate_id, r.amount, r.currency, 'pending', $3, 0, $4, $4
       from jsonb_to_recordset($5::jsonb) as r(id uuid, conversion_id uuid, campaign_id uuid, affiliate_id uuid, amount numeric, currency text)
       on conflict (conversion_id) do nothing`,
      [run.tenant.merchantId, run.tenant.mode, scheduled, now, JSON.stringify(rows)],
    );
  }

  /** One row of `payouts`: of one commission, or (from a source that pays in batches) of a period. */
  async write(run: ImportRun, row: ProgramRow, refs: ImportReferences): Promise<RowOutcome> {
    const kind = importedPayoutKind(cellOf(row, 'status') ?? '');
    if (kind.isErr()) return failed(kind.error.details?.map((d) => `${d.field} ${d.message}`).join('; ') ?? kind.error.message);
    if (cellOf(row, 'commission_id') === null) return this.batch(run, row, refs, kind.value);
    const conversionId = await refs.reference('commissions', 'commission_id');
    const [conversion] = await runSql<{ status: string; campaign_id: string; affiliate_id: string; commission: string; currency: string }>(
      this.db,
      'select status, campaign_id, affiliate_id, commission::text as commission, currency from conversions where id = $1',
      [conversionId],
    );
    if (!conversion) return failed('commission_id names no imported commission');
    // A source that names the payout's commissions may leave its affiliate out: the commission's is it.
    const affiliateId = cellOf(row, 'affiliate_id') === null ? conversion.affiliate_id : await refs.reference('affiliates', 'affiliate_id');
    if (affiliateId !== conversion.affiliate_id) return failed("affiliate_id is not the affiliate of the commission it names");
    const campaignId = cellOf(row, 'campaign_id') === null ? conversion.campaign_id : await refs.reference('campaigns', 'campaign_id');
    const [queued] = await runSql<QueueRow>(this.db, 'select id, status, attempts, payment_id from payouts where conversion_id = $1', [conversionId]);
    const placement = placeImportedPayout(
      kind.value,
      queued ? { id: queued.id, status: queued.status, attempts: queued.attempts, paymentId: queued.payment_id } : null,
      conversion.status,
    );
    switch (placement.kind) {
      case 'history': {
        const id = placement.replaces ?? this.ids.next();
        if (placement.replaces) await runSql(this.db, 'delete from payouts where id = $1', [placement.replaces]);
        // A payout naming its commission paid that commission: its amount and currency when the row gives none.
        const status = kind.value === 'completed' ? 'completed' : 'failed';
        const money = { amount: cellOf(row, 'amount') ?? conversion.commission, currency: cellOf(row, 'currency') ?? conversion.currency };
        await this.insertHistory(run, row, { id, conversionId, campaignId, affiliateId, status, ...money });
        if (placement.marksPaid) await this.markPaid(conversionId, this.completedAt(row));
        return { kind: 'created', internalId: id };
      }
      case 'matched':
        if (placement.takeOverSchedule) await this.takeOverSchedule(placement.queuedId, row);
        return { kind: 'matched', internalId: placement.queuedId };
      case 'skipped':
        return { kind: 'skipped', reason: placement.reason };
      case 'refused':
        if (placement.dropQueued) await runSql(this.db, 'delete from payouts where id = $1', [placement.dropQueued]);
        return failed(placement.reason);
    }
  }

  /**
   * A source payout that names none of its commissions (FirstPromoter's, Dub's: a sum per affiliate
   * and period). Placed when the affiliate's imported paid commissions of that period, not yet in
   * any payout, add up to it exactly: one history row each, as a payout naming them would give.
   */
  private async batch(run: ImportRun, row: ProgramRow, refs: ImportReferences, kind: ImportedPayoutKind): Promise<RowOutcome> {
    const externalId = cellOf(row, 'id') ?? '';
    const period = { from: cellOf(row, 'period_start'), to: cellOf(row, 'period_end') };
    const decided = batchPayoutBeforeReading(kind, period);
    if (decided) return this.outcomeOf(decided);
    const affiliateId = await refs.reference('affiliates', 'affiliate_id');
    // A source that gives no currency (FirstPromoter: the account's one) takes the commissions'.
    const given = cellOf(row, 'currency')?.toLowerCase() ?? null;
    const candidates = await runSql<{ id: string; campaign_id: string; commission: string; currency: string }>(
      this.db,
      `select c.id, c.campaign_id, c.commission::text as commission, c.currency from conversions c
         join import_mappings im on im.internal_id = c.id and im.merchant_id = $1 and im.mode = $2 and im.source = $3 and im.resource = 'commissions'
        where c.merchant_id = $1 and c.mode = $2 and c.affiliate_id = $4 and ($5::text is null or c.currency = $5) and c.status = 'paid'
          and c.created_at >= $6 and c.created_at <= $7 and not exists (select 1 from payouts p where p.conversion_id = c.id)
        order by c.created_at, c.id`,
      [run.tenant.merchantId, run.tenant.mode, run.source, affiliateId, given, period.from, period.to],
    );
    const placement = placeImportedBatchPayout({ externalId, amount: cellOf(row, 'amount') ?? '', currency: given, from: period.from ?? '', to: period.to ?? '' }, candidates);
    if (placement.kind !== 'history') return this.outcomeOf(placement);
    const ids = placement.paid.map(() => this.ids.next());
    for (const [i, c] of placement.paid.entries()) {
      await this.insertHistory(
        run,
        { ...row, provider_reference: cellOf(row, 'provider_reference') ?? externalId },
        { id: ids[i]!, conversionId: c.id, campaignId: c.campaign_id, affiliateId, status: 'completed', amount: c.commission, currency: c.currency },
      );
    }
    return { kind: 'created', internalId: ids[0]! };
  }

  private outcomeOf(placement: ImportedBatchNotPlaced): RowOutcome {
    return placement.kind === 'skipped' ? { kind: 'skipped', reason: placement.reason } : failed(placement.reason);
  }

  private completedAt(row: ProgramRow): Date | string {
    return cellOf(row, 'completed_at') ?? cellOf(row, 'scheduled_date') ?? this.clock.now();
  }

  /** A history row: `at` says what was paid (amount and currency as recorded, never defaulted), `row` the rest. */
  private async insertHistory(
    run: ImportRun,
    row: ProgramRow,
    at: { id: string; conversionId: string; campaignId: string; affiliateId: string; status: string; amount: string; currency: string },
  ): Promise<void> {
    const now = this.clock.now();
    await runSql(
      this.db,
      `insert into payouts (id, merchant_id, mode, conversion_id, campaign_id, affiliate_id, amount, currency, status, scheduled_date, attempts, completed_at,
         payout_method, provider_reference, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12, $13, $14, $15)`,
      [
        at.id,
        run.tenant.merchantId,
        run.tenant.mode,
        at.conversionId,
        at.campaignId,
        at.affiliateId,
        at.amount,
        at.currency.toLowerCase(),
        at.status,
        cellOf(row, 'scheduled_date') ?? cellOf(row, 'created_at') ?? now,
        at.status === 'completed' ? this.completedAt(row) : null,
        cellOf(row, 'payout_method'),
        cellOf(row, 'provider_reference'),
        cellOf(row, 'created_at') ?? now,
        now,
      ],
    );
  }

  /** A commission the source paid is paid here too (it may have been read as due before its payout went out). */
  private async markPaid(conversionId: string, at: Date | string): Promise<void> {
    await runSql(this.db, `update conversions set status = 'paid', payout_date = coalesce(payout_date, $2), updated_at = $3 where id = $1 and status = 'approved'`, [
      conversionId,
      at,
      this.clock.now(),
    ]);
  }

  /** The file's row of a payout still to pay is the one queued for its commission: it keeps the file's dates and method. */
  private async takeOverSchedule(id: string, row: ProgramRow): Promise<void> {
    await runSql(
      this.db,
      `update payouts set scheduled_date = coalesce($2, scheduled_date), created_at = coalesce($3, created_at), payout_method = coalesce($4, payout_method), version = version + 1
        where id = $1`,
      [id, cellOf(row, 'scheduled_date'), cellOf(row, 'created_at'), cellOf(row, 'payout_method')],
    );
  }
}
