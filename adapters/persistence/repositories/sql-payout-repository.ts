import { sql, type RawBuilder } from 'kysely';
import type {
  ClaimedAttempt,
  ClaimedPayout,
  PaymentGroupCursor,
  PayoutRepository,
  ReleasablePayout,
  ScanCursor,
} from '../../../application/ports/payout-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { DUE_PAYOUT_STATUSES, PAYABLE_CONVERSION_STATUS, RELEASABLE_PAYOUT_STATUSES, type Payout, type PayoutMethod } from '../../../domain/index.js';
import { CONVERSION_COLUMNS, conversionFromRow, type ConversionRow } from '../mappers/conversion.mapper.js';
import { PAYOUT_COLUMNS, payoutFromRow, payoutValues, type PayoutRow } from '../mappers/payout.mapper.js';
import { assignmentsOf } from './row-sql.js';
import { currentDb, type Orm } from '../orm.js';

const COLUMNS = sql.raw(PAYOUT_COLUMNS.join(', '));
const P_COLUMNS = sql.raw(PAYOUT_COLUMNS.map((c) => `p.${c}`).join(', '));
/** The conversion's columns, prefixed so they do not collide with the payout's. */
const C_COLUMNS = sql.raw(CONVERSION_COLUMNS.map((c) => `c.${c} as c_${c}`).join(', '));
const UPDATABLE = PAYOUT_COLUMNS.filter((c) => !['id', 'merchant_id', 'mode', 'conversion_id', 'created_at'].includes(c));

type JoinedRow = PayoutRow & { [K in `c_${(typeof CONVERSION_COLUMNS)[number]}`]: unknown };

const conversionOf = (row: JoinedRow) =>
  conversionFromRow(Object.fromEntries(CONVERSION_COLUMNS.map((c) => [c, row[`c_${c}`]])) as unknown as ConversionRow);

/** `(at, id) > (cursor)`, or everything without a cursor. */
const afterClause = (column: string, after: ScanCursor | null): RawBuilder<unknown> =>
  after ? sql`and (${sql.raw(column)}, p.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;

/**
 * Payout rows in plain SQL (the job's claims join the conversion and the affiliate and lock with
 * `FOR UPDATE OF p, c SKIP LOCKED`: a row is worked by one process, and its conversion with it).
 * Every statement joins the current transaction through `currentDb`.
 */
export class SqlPayoutRepository implements PayoutRepository {
  constructor(private readonly orm: Orm) {}

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async insert(payout: Payout): Promise<'inserted' | 'exists'> {
    const rows = await this.exec(sql<{ id: string }>`insert into payouts (${COLUMNS}) values (${sql.join(payoutValues(payout))})
       on conflict (conversion_id) do nothing returning id`);
    return rows.length === 1 ? 'inserted' : 'exists';
  }

  async update(payout: Payout): Promise<void> {
    const assignments = assignmentsOf(PAYOUT_COLUMNS, payoutValues(payout), UPDATABLE);
    await this.exec(sql`update payouts set ${assignments}, version = version + 1
       where id = ${payout.id} and merchant_id = ${payout.merchantId} and mode = ${payout.mode}`);
  }

  async delete(payout: Payout): Promise<void> {
    await this.exec(sql`delete from payouts where id = ${payout.id} and merchant_id = ${payout.merchantId} and mode = ${payout.mode}`);
  }

  async findByConversionForUpdate(tenant: Tenant, conversionId: string): Promise<Payout | null> {
    const [row] = await this.exec(
      sql<PayoutRow>`select ${COLUMNS} from payouts where conversion_id = ${conversionId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} for update`,
    );
    return row ? payoutFromRow(row) : null;
  }

  async findByIdAcrossTenants(id: string): Promise<Payout | null> {
    const [row] = await this.exec(sql<PayoutRow>`select ${COLUMNS} from payouts where id = ${id}`);
    return row ? payoutFromRow(row) : null;
  }

  async findByIdForUpdateAcrossTenants(id: string): Promise<ClaimedPayout | null> {
    const found = await this.findByIdAcrossTenants(id);
    if (!found) return null;
    // Conversion first, then the row: the order every writer of both uses, so none deadlocks.
    await this.exec(sql`select 1 from conversions where id = ${found.conversionId} for update`);
    const [row] = await this.exec(
      sql<JoinedRow>`select ${P_COLUMNS}, ${C_COLUMNS} from payouts p join conversions c on c.id = p.conversion_id where p.id = ${id} for update of p`,
    );
    return row ? { payout: payoutFromRow(row), conversion: conversionOf(row) } : null;
  }

  async claimReleasable(now: Date, limit: number, after: ScanCursor | null): Promise<readonly ReleasablePayout[]> {
    const cursor = afterClause('p.scheduled_date', after);
    const rows = await this.exec(sql<PayoutRow & { s_payout_day: number | null }>`select ${P_COLUMNS}, ps.payout_day as s_payout_day from payouts p
       join affiliates a on a.id = p.affiliate_id
       left join payout_settings ps on ps.merchant_id = p.merchant_id and ps.mode = p.mode
       where p.status = any(${[...RELEASABLE_PAYOUT_STATUSES]}) and p.scheduled_date <= ${now} and (a.headless or a.payout_method is not null) ${cursor}
       order by p.scheduled_date, p.id
       limit ${limit}
       for update of p skip locked`);
    return rows.map((row) => ({ payout: payoutFromRow(row), payoutDay: row.s_payout_day === null ? null : Number(row.s_payout_day) }));
  }

  async claimAttemptable(now: Date, groups: number, after: PaymentGroupCursor | null): Promise<readonly ClaimedAttempt[]> {
    // The domain's `payoutDue` as a selection: its lists, passed as parameters.
    const due = sql`p.status = any(${[...DUE_PAYOUT_STATUSES]}) and p.scheduled_date <= ${now}
         and c.status = ${PAYABLE_CONVERSION_STATUS} and m.automatic_payouts and not a.headless and a.payout_method is not null`;
    const cursor = after
      ? sql`and (p.merchant_id, p.mode, p.affiliate_id, p.currency) > (${after.merchantId}::uuid, ${after.mode}, ${after.affiliateId}::uuid, ${after.currency})`
      : sql``;
    const rows = await this.exec(sql<DestinationRow>`with due_groups as (
         select p.merchant_id, p.mode, p.affiliate_id, p.currency
         from payouts p
         join conversions c on c.id = p.conversion_id
         join affiliates a on a.id = p.affiliate_id
         join merchants m on m.id = p.merchant_id
         where ${due} ${cursor}
         group by 1, 2, 3, 4
         order by 1, 2, 3, 4
         limit ${groups}
       )
       select ${P_COLUMNS}, ${C_COLUMNS}, ${DESTINATION_COLUMNS}
       from payouts p
       join due_groups g on g.merchant_id = p.merchant_id and g.mode = p.mode and g.affiliate_id = p.affiliate_id and g.currency = p.currency
       join conversions c on c.id = p.conversion_id
       join affiliates a on a.id = p.affiliate_id
       join merchants m on m.id = p.merchant_id
       ${CONNECTED_ACCOUNT_JOIN}
       where ${due}
       order by p.merchant_id, p.mode, p.affiliate_id, p.currency, p.id
       for update of p, c skip locked`);
    return rows.map((row) => claimedOf(row, row.a_payout_method as PayoutMethod));
  }

  async claimProcessing(now: Date, payments: number, afterPaymentId: string | null): Promise<readonly ClaimedAttempt[]> {
    return this.processingRows(
      sql`p.payment_id in (
         select distinct d.payment_id from payouts d
         where d.status = 'processing' and d.next_check_at <= ${now} and d.payment_id is not null ${afterPaymentId ? sql`and d.payment_id > ${afterPaymentId}::uuid` : sql``}
         order by d.payment_id
         limit ${payments}
       ) order by p.payment_id, p.id`,
    );
  }

  async lockProcessing(ids: readonly string[]): Promise<readonly ClaimedAttempt[]> {
    if (ids.length === 0) return [];
    return this.processingRows(sql`p.id in (${sql.join(ids)}) order by p.payment_id, p.id`);
  }

  private async processingRows(where: RawBuilder<unknown>): Promise<readonly ClaimedAttempt[]> {
    const rows = await this.exec(sql<DestinationRow>`select ${P_COLUMNS}, ${C_COLUMNS}, ${DESTINATION_COLUMNS}
       from payouts p
       join conversions c on c.id = p.conversion_id
       join affiliates a on a.id = p.affiliate_id
       ${CONNECTED_ACCOUNT_JOIN}
       where p.status = 'processing' and p.payout_method is not null and ${where}
       for update of p, c skip locked`);
    return rows.map((row) => claimedOf(row, row.payout_method as PayoutMethod));
  }
}

type DestinationRow = JoinedRow & { a_payout_method: string; a_payout_email: string | null; a_email: string; a_connected_account: string | null };

const DESTINATION_COLUMNS = sql.raw('a.payout_method as a_payout_method, a.payout_email as a_payout_email, a.email as a_email, ca.account_id as a_connected_account');
const CONNECTED_ACCOUNT_JOIN = sql.raw(`left join affiliate_connected_accounts ca
         on ca.merchant_id = p.merchant_id and ca.mode = p.mode and ca.affiliate_id = p.affiliate_id and ca.payouts_enabled`);

const claimedOf = (row: DestinationRow, payoutMethod: PayoutMethod): ClaimedAttempt => ({
  payout: payoutFromRow(row),
  conversion: conversionOf(row),
  destination: { payoutMethod, payoutEmail: row.a_payout_email, connectedAccountId: row.a_connected_account, affiliateEmail: row.a_email },
});
