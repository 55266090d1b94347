import type {
  ClaimedAttempt,
  ClaimedPayout,
  PayoutRepository,
  ScanCursor,
} from '../../../application/ports/payout-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Payout, PayoutMethod } from '../../../domain/index.js';
import { CONVERSION_COLUMNS, conversionFromRow, type ConversionRow } from '../mappers/conversion.mapper.js';
import { PAYOUT_COLUMNS, payoutFromRow, payoutValues, type PayoutRow } from '../mappers/payout.mapper.js';
import { currentEm, type Orm } from '../orm.js';

const COLUMNS = PAYOUT_COLUMNS.join(', ');
const P_COLUMNS = PAYOUT_COLUMNS.map((c) => `p.${c}`).join(', ');
/** The conversion's columns, prefixed so they do not collide with the payout's. */
const C_COLUMNS = CONVERSION_COLUMNS.map((c) => `c.${c} as c_${c}`).join(', ');
const UPDATABLE = PAYOUT_COLUMNS.filter((c) => !['id', 'merchant_id', 'mode', 'conversion_id', 'created_at'].includes(c));

type JoinedRow = PayoutRow & { [K in `c_${(typeof CONVERSION_COLUMNS)[number]}`]: unknown };

const conversionOf = (row: JoinedRow) =>
  conversionFromRow(Object.fromEntries(CONVERSION_COLUMNS.map((c) => [c, row[`c_${c}`]])) as unknown as ConversionRow);

/** `(at, id) > (cursor)`, or everything without a cursor. */
const afterClause = (column: string, after: ScanCursor | null): { sql: string; params: unknown[] } =>
  after ? { sql: `and (${column}, p.id) > (?::timestamptz, ?::uuid)`, params: [after.at, after.id] } : { sql: '', params: [] };

/**
 * Payout rows in plain SQL (the job's claims join the conversion and the affiliate and lock with
 * `FOR UPDATE OF p, c SKIP LOCKED`: a row is worked by one process, and its conversion with it).
 * Every statement joins the current transaction through `currentEm`.
 */
export class SqlPayoutRepository implements PayoutRepository {
  constructor(private readonly orm: Orm) {}

  private exec<T>(sql: string, params: unknown[]): Promise<T[]> {
    return currentEm(this.orm).execute<T[]>(sql, params);
  }

  async insert(payout: Payout): Promise<'inserted' | 'exists'> {
    const rows = await this.exec<{ id: string }>(
      `insert into payouts (${COLUMNS}) values (${PAYOUT_COLUMNS.map(() => '?').join(', ')})
       on conflict (conversion_id) do nothing returning id`,
      payoutValues(payout),
    );
    return rows.length === 1 ? 'inserted' : 'exists';
  }

  async update(payout: Payout): Promise<void> {
    const values = payoutValues(payout);
    const byColumn = new Map(PAYOUT_COLUMNS.map((column, i) => [column, values[i]]));
    await this.exec(
      `update payouts set ${UPDATABLE.map((c) => `${c} = ?`).join(', ')}, version = version + 1
       where id = ? and merchant_id = ? and mode = ?`,
      [...UPDATABLE.map((c) => byColumn.get(c)), payout.id, payout.merchantId, payout.mode],
    );
  }

  async delete(payout: Payout): Promise<void> {
    await this.exec(`delete from payouts where id = ? and merchant_id = ? and mode = ?`, [payout.id, payout.merchantId, payout.mode]);
  }

  async findByConversionForUpdate(tenant: Tenant, conversionId: string): Promise<Payout | null> {
    const [row] = await this.exec<PayoutRow>(
      `select ${COLUMNS} from payouts where conversion_id = ? and merchant_id = ? and mode = ? for update`,
      [conversionId, tenant.merchantId, tenant.mode],
    );
    return row ? payoutFromRow(row) : null;
  }

  async findByIdAcrossTenants(id: string): Promise<Payout | null> {
    const [row] = await this.exec<PayoutRow>(`select ${COLUMNS} from payouts where id = ?`, [id]);
    return row ? payoutFromRow(row) : null;
  }

  async findByIdForUpdateAcrossTenants(id: string): Promise<ClaimedPayout | null> {
    const found = await this.findByIdAcrossTenants(id);
    if (!found) return null;
    // Conversion first, then the row: the order every writer of both uses, so none deadlocks.
    await this.exec(`select 1 from conversions where id = ? for update`, [found.conversionId]);
    const [row] = await this.exec<JoinedRow>(
      `select ${P_COLUMNS}, ${C_COLUMNS} from payouts p join conversions c on c.id = p.conversion_id where p.id = ? for update of p`,
      [id],
    );
    return row ? { payout: payoutFromRow(row), conversion: conversionOf(row) } : null;
  }

  async claimReleasable(now: Date, limit: number, after: ScanCursor | null): Promise<readonly Payout[]> {
    const cursor = afterClause('p.scheduled_date', after);
    const rows = await this.exec<PayoutRow>(
      `select ${P_COLUMNS} from payouts p join affiliates a on a.id = p.affiliate_id
       where p.status = 'pending' and p.scheduled_date <= ? and (a.headless or a.payout_method is not null) ${cursor.sql}
       order by p.scheduled_date, p.id
       limit ?
       for update of p skip locked`,
      [now, ...cursor.params, limit],
    );
    return rows.map(payoutFromRow);
  }

  async claimAttemptable(now: Date, limit: number, after: ScanCursor | null): Promise<readonly ClaimedAttempt[]> {
    const cursor = afterClause('p.scheduled_date', after);
    const rows = await this.exec<JoinedRow & { a_payout_method: string; a_payout_email: string | null }>(
      `select ${P_COLUMNS}, ${C_COLUMNS}, a.payout_method as a_payout_method, a.payout_email as a_payout_email
       from payouts p
       join conversions c on c.id = p.conversion_id
       join affiliates a on a.id = p.affiliate_id
       join merchants m on m.id = p.merchant_id
       where p.status in ('scheduled', 'awaiting_funds') and p.scheduled_date <= ?
         and c.status = 'approved' and m.automatic_payouts and not a.headless and a.payout_method is not null
         ${cursor.sql}
       order by p.scheduled_date, p.id
       limit ?
       for update of p, c skip locked`,
      [now, ...cursor.params, limit],
    );
    return rows.map((row) => ({
      payout: payoutFromRow(row),
      conversion: conversionOf(row),
      destination: { payoutMethod: row.a_payout_method as PayoutMethod, payoutEmail: row.a_payout_email },
    }));
  }

  async claimProcessing(now: Date, limit: number, after: ScanCursor | null): Promise<readonly ClaimedAttempt[]> {
    const cursor = afterClause('p.next_check_at', after);
    return this.processingRows(`p.next_check_at <= ? ${cursor.sql} order by p.next_check_at, p.id limit ?`, [now, ...cursor.params, limit]);
  }

  async lockProcessing(ids: readonly string[]): Promise<readonly ClaimedAttempt[]> {
    if (ids.length === 0) return [];
    return this.processingRows(`p.id in (${ids.map(() => '?').join(', ')}) order by p.id`, [...ids]);
  }

  private async processingRows(where: string, params: unknown[]): Promise<readonly ClaimedAttempt[]> {
    const rows = await this.exec<JoinedRow & { a_payout_email: string | null }>(
      `select ${P_COLUMNS}, ${C_COLUMNS}, a.payout_email as a_payout_email
       from payouts p
       join conversions c on c.id = p.conversion_id
       join affiliates a on a.id = p.affiliate_id
       where p.status = 'processing' and p.payout_method is not null and ${where}
       for update of p, c skip locked`,
      params,
    );
    return rows.map((row) => ({
      payout: payoutFromRow(row),
      conversion: conversionOf(row),
      destination: { payoutMethod: row.payout_method as PayoutMethod, payoutEmail: row.a_payout_email },
    }));
  }
}
