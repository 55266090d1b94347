import { sql, type RawBuilder } from 'kysely';
import type {
  ClaimedAttempt,
  ClaimedGroups,
  ClaimedLines,
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
import { awardDueGroups, awardPaymentsDue, claimDueAwards, processingAwards } from './sql-award-payment-lines.js';
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

  async claimAttemptable(now: Date, groups: number, after: PaymentGroupCursor | null): Promise<ClaimedGroups> {
    // The domain's `payoutDue` as a selection: its lists, passed as parameters.
    const due = sql`p.status = any(${[...DUE_PAYOUT_STATUSES]}) and p.scheduled_date <= ${now}
         and c.status = ${PAYABLE_CONVERSION_STATUS} and m.automatic_payouts and not a.headless and a.payout_method is not null`;
    const cursor = after
      ? sql`where (g.merchant_id, g.mode, g.affiliate_id, g.currency) > (${after.merchantId}::uuid, ${after.mode}, ${after.affiliateId}::uuid, ${after.currency})`
      : sql``;
    // A group is due when it has a due row or a due bonus award: both go in its one payment.
    const keys = await this.exec(sql<{ merchant_id: string; mode: string; affiliate_id: string; currency: string }>`select g.merchant_id, g.mode, g.affiliate_id, g.currency
       from (
         select p.merchant_id, p.mode, p.affiliate_id, p.currency
         from payouts p
         join conversions c on c.id = p.conversion_id
         join affiliates a on a.id = p.affiliate_id
         join merchants m on m.id = p.merchant_id
         where ${due}
         union
         ${awardDueGroups(now)}
       ) g
       ${cursor}
       order by 1, 2, 3, 4
       limit ${groups}`);
    const claimedGroups: PaymentGroupCursor[] = keys.map((k) => ({ merchantId: k.merchant_id, mode: k.mode, affiliateId: k.affiliate_id, currency: k.currency }));
    if (claimedGroups.length === 0) return { groups: [], payouts: [], awards: [] };
    const groupKeys = sql.join(claimedGroups.map((g) => sql`(${g.merchantId}::uuid, ${g.mode}::text, ${g.affiliateId}::uuid, ${g.currency}::text)`));
    const rows = await this.exec(sql<DestinationRow>`select ${P_COLUMNS}, ${C_COLUMNS}, ${DESTINATION_COLUMNS}
       from payouts p
       join conversions c on c.id = p.conversion_id
       join affiliates a on a.id = p.affiliate_id
       join merchants m on m.id = p.merchant_id
       ${CONNECTED_ACCOUNT_JOIN}
       where ${due} and (p.merchant_id, p.mode, p.affiliate_id, p.currency) in (${groupKeys})
       order by p.merchant_id, p.mode, p.affiliate_id, p.currency, p.id
       for update of p, c skip locked`);
    const awards = await claimDueAwards((statement) => this.exec(statement), now, claimedGroups);
    return { groups: claimedGroups, payouts: rows.map((row) => claimedOf(row, row.a_payout_method as PayoutMethod)), awards };
  }

  async claimProcessing(now: Date, payments: number, afterPaymentId: string | null): Promise<ClaimedLines> {
    const after = afterPaymentId ? sql`where d.payment_id > ${afterPaymentId}::uuid` : sql``;
    const due = await this.exec(sql<{ payment_id: string }>`select distinct d.payment_id from (
         select p.payment_id from payouts p where p.status = 'processing' and p.next_check_at <= ${now} and p.payment_id is not null
         union
         ${awardPaymentsDue(now)}
       ) d ${after}
       order by d.payment_id
       limit ${payments}`);
    const ids = due.map((d) => d.payment_id);
    if (ids.length === 0) return { payouts: [], awards: [] };
    const inPayments = sql`(${sql.join(ids.map((id) => sql`${id}::uuid`))})`;
    const payouts = await this.processingRows(sql`p.payment_id in ${inPayments} order by p.payment_id, p.id`);
    const awards = await processingAwards((statement) => this.exec(statement), sql`w.payment_id in ${inPayments}`);
    return { payouts, awards };
  }

  async lockProcessing(payoutIds: readonly string[], awardIds: readonly string[]): Promise<ClaimedLines> {
    const payouts = payoutIds.length === 0 ? [] : await this.processingRows(sql`p.id in (${sql.join(payoutIds)}) order by p.payment_id, p.id`);
    const awards = awardIds.length === 0 ? [] : await processingAwards((statement) => this.exec(statement), sql`w.id in (${sql.join(awardIds)})`);
    return { payouts, awards };
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
