import { sql, type RawBuilder } from 'kysely';
import type { ConversionRepository, DueConversion } from '../../../application/ports/conversion-repository.js';
import type { OutboxEvent } from '../../../application/ports/event-outbox.js';
import type { IdGenerator } from '../../../application/ports/id-generator.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type Conversion, type CurrencyCode, type DatedAmount, type MonthSales } from '../../../domain/index.js';
import { CONVERSION_COLUMNS, conversionFromRow, conversionValues, type ConversionRow } from '../mappers/conversion.mapper.js';
import { assignmentsOf } from './row-sql.js';
import { runNamedQuery, runNamedReadQuery } from '../named-statement.js';
import { currentDb, type Orm } from '../orm.js';
import { countedConversion, limitCountedConversion } from './conversion-counting.sql.js';

const COLUMNS = sql.raw(CONVERSION_COLUMNS.join(', '));
const isMidnight = (t: Date): boolean => t.getTime() % 86_400_000 === 0;
const UPDATABLE = CONVERSION_COLUMNS.filter((c) => !['id', 'merchant_id', 'mode', 'created_at'].includes(c));

/**
 * Conversions in plain SQL: the write path is hot (every sale), and the rows map to immutable domain
 * values, so there is nothing for the unit of work to track. Every statement joins the current
 * transaction through `currentDb`.
 */
interface DayTotalRow {
  day: string;
  currency: string;
  total: string;
}

/** A sale's UTC calendar day, as `YYYY-MM-DD` (the day whose exchange rate a limit applies to it). */
const UTC_DAY = sql.raw(`to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD')`);

const datedAmount = (row: DayTotalRow): DatedAmount => ({ day: row.day, currency: row.currency as CurrencyCode, amount: new Decimal(row.total) });

export class SqlConversionRepository implements ConversionRepository {
  constructor(
    private readonly orm: Orm,
    /** Outbox event ids. */
    private readonly ids: IdGenerator,
  ) {}

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async recordSale(conversion: Conversion, events: readonly OutboxEvent[]): Promise<'inserted' | 'duplicate_order'> {
    // One statement inside the sale's transaction: the conversion and its events. ON CONFLICT on the
    // partial unique index: a concurrent duplicate waits for the first to commit, then inserts
    // nothing, without aborting the transaction; the events select from the inserted row.
    const ctes = [
      sql`created as (
      insert into conversions (${COLUMNS}) values (${sql.join(conversionValues(conversion))})
      on conflict (merchant_id, mode, order_id) where order_id is not null do nothing returning id)`,
    ];
    if (events.length > 0) {
      const rows = events.map(
        (e) => sql`select ${this.ids.next()}::uuid, ${e.merchantId}::uuid, ${e.mode}::text, ${e.type}::text,
          ${JSON.stringify(e.payload)}::jsonb, ${e.occurredAt}::timestamptz from created`,
      );
      ctes.push(sql`events as (
        insert into outbox_events (id, merchant_id, mode, type, payload, occurred_at) ${sql.join(rows, sql` union all `)})`);
    }
    // By name, one per number of events (the text varies with nothing else): every sale's write is
    // then parsed and planned once per connection instead of on every sale.
    const rows = await runNamedQuery(this.orm, `record_sale_${events.length}`, sql<{ id: string }>`with ${sql.join(ctes)} select id from created`);
    return rows.length === 1 ? 'inserted' : 'duplicate_order';
  }

  async update(conversion: Conversion): Promise<void> {
    const assignments = assignmentsOf(CONVERSION_COLUMNS, conversionValues(conversion), UPDATABLE);
    await this.exec(sql`update conversions set ${assignments}, version = version + 1
       where id = ${conversion.id} and merchant_id = ${conversion.merchantId} and mode = ${conversion.mode}`);
  }

  async findById(tenant: Tenant, id: string): Promise<Conversion | null> {
    const [row] = await runNamedReadQuery(
      this.orm,
      'conversion_by_id',
      sql<ConversionRow>`select ${COLUMNS} from conversions where id = ${id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`,
    );
    return row ? conversionFromRow(row) : null;
  }

  async findByIdForUpdate(tenant: Tenant, id: string): Promise<Conversion | null> {
    const [row] = await this.exec(
      sql<ConversionRow>`select ${COLUMNS} from conversions where id = ${id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} for update`,
    );
    return row ? conversionFromRow(row) : null;
  }

  async findByOrderIdForUpdate(tenant: Tenant, orderId: string): Promise<Conversion | null> {
    // By name: a provider's sale reads its order this way on every notification.
    const [row] = await runNamedQuery(
      this.orm,
      'conversion_by_order_for_update',
      sql<ConversionRow>`select ${COLUMNS} from conversions where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and order_id = ${orderId} for update`,
    );
    return row ? conversionFromRow(row) : null;
  }

  async findByIdForUpdateAcrossTenants(id: string): Promise<Conversion | null> {
    const [row] = await this.exec(sql<ConversionRow>`select ${COLUMNS} from conversions where id = ${id} for update`);
    return row ? conversionFromRow(row) : null;
  }

  async sumSales(tenant: Tenant, from: Date, to: Date): Promise<readonly DatedAmount[]> {
    if (isMidnight(from) && isMidnight(to)) {
      // Whole UTC days (the cap's calendar month): the daily roll-up of counted sales, less the sales
      // only the tracking script reported and imported history (the roll-up counts them; the cap does not).
      const [days, unconfirmed] = await Promise.all([
        this.exec(sql<DayTotalRow>`select day::text as day, currency, revenue::text as total from conversion_daily_totals
         where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
           and day >= ${from.toISOString().slice(0, 10)}::date and day < ${to.toISOString().slice(0, 10)}::date
         order by day, currency`),
        this.exec(sql<DayTotalRow>`select ${UTC_DAY} as day, c.currency, sum(c.amount)::text as total from conversions c
         where c.merchant_id = ${tenant.merchantId} and c.mode = ${tenant.mode} and c.created_at >= ${from} and c.created_at < ${to}
           and ${countedConversion('c')} and not (${limitCountedConversion('c')})
         group by 1, 2 order by 1, 2`),
      ]);
      return [...days.map(datedAmount), ...unconfirmed.map((row) => ({ ...datedAmount(row), amount: new Decimal(row.total).negated() }))];
    }
    const rows = await this.exec(sql<DayTotalRow>`select ${UTC_DAY} as day, c.currency, sum(c.amount)::text as total from conversions c
       where c.merchant_id = ${tenant.merchantId} and c.mode = ${tenant.mode} and c.created_at >= ${from} and c.created_at < ${to}
         and ${limitCountedConversion('c')}
       group by 1, 2 order by 1, 2`);
    return rows.map(datedAmount);
  }

  async monthToDate(tenant: Tenant, affiliateId: string, campaignId: string, from: Date, to: Date): Promise<MonthSales> {
    const rows = await this.exec(sql<DayTotalRow & { conversions: number }>`
      select ${UTC_DAY} as day, c.currency, count(*)::int as conversions, sum(c.amount)::text as total from conversions c
       where c.merchant_id = ${tenant.merchantId} and c.mode = ${tenant.mode} and c.affiliate_id = ${affiliateId} and c.campaign_id = ${campaignId}
         and c.created_at >= ${from} and c.created_at < ${to} and ${limitCountedConversion('c')}
       group by 1, 2 order by 1, 2`);
    return { conversions: rows.reduce((n, r) => n + r.conversions, 0), sales: rows.map(datedAmount) };
  }

  async claimDueForAutoApproval(
    now: Date,
    limit: number,
    after: { createdAt: Date; id: string } | null,
  ): Promise<readonly DueConversion[]> {
    const rows = await this.exec(sql<ConversionRow & { auto_days: number | null; membership_status: string | null; flagged: boolean }>`
      select ${sql.raw(CONVERSION_COLUMNS.map((c) => `c.${c}`).join(', '))},
              k.auto_approve_commissions_after_days as auto_days, m.status as membership_status,
              exists (select 1 from risk_flags f where f.merchant_id = c.merchant_id and f.mode = c.mode
                        and f.subject_kind = 'conversion' and f.subject_id = c.id) as flagged
       from conversions c
       join campaigns k on k.id = c.campaign_id
       left join affiliate_memberships m on m.campaign_id = c.campaign_id and m.affiliate_id = c.affiliate_id
       where c.status = 'pending' and c.source <> 'import' and k.auto_approve_commissions_after_days is not null
         and c.created_at <= ${now}::timestamptz - make_interval(days => k.auto_approve_commissions_after_days)
         and (${after?.createdAt ?? null}::timestamptz is null or (c.created_at, c.id) > (${after?.createdAt ?? null}::timestamptz, ${after?.id ?? null}::uuid))
       order by c.created_at, c.id
       limit ${limit}
       for update of c skip locked`);
    return rows.map((row) => ({
      conversion: conversionFromRow(row),
      campaignAutoApproveDays: row.auto_days,
      affiliateApproved: row.membership_status === 'approved',
      flagged: row.flagged,
    }));
  }
}
