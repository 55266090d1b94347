import { Migration } from '@mikro-orm/migrations';

/** A growing log, its partition key and what it carries beside the columns `like` copies. */
interface Log {
  readonly table: string;
  readonly indexes: readonly string[];
  readonly foreignKeys: readonly string[];
  readonly triggers: readonly string[];
}

const LOGS: readonly Log[] = [
  {
    table: 'clicks',
    indexes: [
      'create index clicks_affiliate_idx on clicks (merchant_id, mode, affiliate_id, created_at desc)',
      'create index clicks_campaign_idx on clicks (merchant_id, mode, campaign_id, created_at desc)',
      'create index clicks_tenant_created_idx on clicks (merchant_id, mode, created_at)',
      'create index clicks_visitor_recent_idx on clicks (merchant_id, mode, visitor_hash, created_at desc)',
    ],
    foreignKeys: [
      'alter table clicks add constraint clicks_affiliate_id_fkey foreign key (affiliate_id) references affiliates (id)',
      'alter table clicks add constraint clicks_campaign_id_fkey foreign key (campaign_id) references campaigns (id)',
      'alter table clicks add constraint clicks_merchant_id_fkey foreign key (merchant_id) references merchants (id)',
    ],
    triggers: [
      'create trigger clicks_totals_insert after insert on clicks referencing new table as new_rows for each statement execute function click_totals_after_insert()',
      'create trigger clicks_totals_delete after delete on clicks referencing old table as old_rows for each statement execute function click_totals_after_delete()',
    ],
  },
  {
    table: 'webhook_delivery_attempts',
    indexes: [
      'create index webhook_delivery_attempts_delivery_idx on webhook_delivery_attempts (delivery_id)',
      'create index webhook_delivery_attempts_subscription_idx on webhook_delivery_attempts (subscription_id, created_at desc, id desc)',
    ],
    foreignKeys: [
      'alter table webhook_delivery_attempts add constraint webhook_delivery_attempts_delivery_id_fkey foreign key (delivery_id) references webhook_deliveries (id)',
      'alter table webhook_delivery_attempts add constraint webhook_delivery_attempts_subscription_id_fkey foreign key (subscription_id) references webhook_subscriptions (id)',
    ],
    triggers: [],
  },
  {
    table: 'audit_log',
    indexes: ['create index audit_log_merchant_idx on audit_log (merchant_id, created_at desc, id desc)'],
    foreignKeys: [],
    triggers: [
      'create trigger audit_log_no_update_or_delete before delete or update on audit_log for each row execute function audit_log_is_append_only()',
      'create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_is_append_only()',
    ],
  },
  {
    table: 'mail_outbox',
    indexes: [
      'create index mail_outbox_created_idx on mail_outbox (created_at desc, id desc)',
      `create index mail_outbox_due_idx on mail_outbox (next_attempt_at, id) where status = 'queued'`,
    ],
    foreignKeys: ['alter table mail_outbox add constraint mail_outbox_merchant_id_fkey foreign key (merchant_id) references merchants (id)'],
    triggers: [],
  },
];

/**
 * Clicks, webhook delivery attempts, the audit log and the mail outbox partitioned by month of
 * `created_at` (docs/scaling.md), so retention drops a month at a time and a year of rows does not
 * grow any index a hot path walks. Each table is rebuilt in place: a partitioned twin, the rows
 * copied, the old table dropped, then the primary key (now `(id, created_at)`, as PostgreSQL requires
 * the partition key in it), the indexes, foreign keys and triggers under their old names. Triggers
 * come after the copy, so the click totals are not counted twice. No foreign key points at these
 * tables. Partitions live in the `partitions` schema; a default partition takes any row outside
 * the months made ahead, until its month is made (`ensure_month_partition`, called here and by the
 * partition job).
 * The integration events stay whole: their unique index over (integration, provider event id) is
 * what admits one effect per provider event for all time, and a partitioned table cannot hold it.
 */
export class Migration20261129080001MonthlyPartitions extends Migration {
  override up(): void {
    this.addSql('create schema if not exists partitions;');
    // Rows of a month that had no partition yet (a clock moved ahead of the months made) wait in the
    // default partition; making that month moves them in. They are copied straight into partitions,
    // so the parent's statement triggers (the click totals) do not count them again, and the old
    // default is dropped whole, so no row trigger (the audit log's append-only rule) sees a delete.
    this.addSql(`
      create function ensure_month_partition(parent text, month date) returns boolean language plpgsql as $$
      declare
        part text := parent || '_' || to_char(month, 'YYYY_MM');
        fallback text := parent || '_default';
        starts timestamptz := month::timestamp at time zone 'UTC';
        ends timestamptz := (month::timestamp + interval '1 month') at time zone 'UTC';
        waiting boolean := false;
      begin
        if to_regclass('partitions.' || part) is not null then return false; end if;
        if to_regclass('partitions.' || fallback) is not null then
          execute format('select exists (select from partitions.%I where created_at >= %L and created_at < %L)', fallback, starts, ends) into waiting;
        end if;
        if not waiting then
          execute format('create table partitions.%I partition of public.%I for values from (%L) to (%L)', part, parent, starts, ends);
          return true;
        end if;
        execute format('alter table public.%I detach partition partitions.%I', parent, fallback);
        execute format('alter table partitions.%I rename to %I', fallback, fallback || '_moving');
        execute format('create table partitions.%I partition of public.%I for values from (%L) to (%L)', part, parent, starts, ends);
        execute format('create table partitions.%I partition of public.%I default', fallback, parent);
        execute format('insert into partitions.%I select * from partitions.%I where created_at >= %L and created_at < %L', part, fallback || '_moving', starts, ends);
        execute format('insert into partitions.%I select * from partitions.%I where not (created_at >= %L and created_at < %L)', fallback, fallback || '_moving', starts, ends);
        execute format('drop table partitions.%I', fallback || '_moving');
        return true;
      end $$;`);
    // Daily click counts per campaign and affiliate, kept after the month's raw clicks are dropped.
    this.addSql(`
      create table click_daily_aggregates (
        merchant_id uuid not null,
        mode text not null check (mode in ('live', 'test')),
        day date not null,
        campaign_id uuid not null,
        affiliate_id uuid not null,
        clicks integer not null check (clicks >= 0),
        unique_visitors integer not null check (unique_visitors >= 0),
        primary key (merchant_id, mode, day, campaign_id, affiliate_id)
      );`);
    this.addSql('create index click_daily_aggregates_affiliate_idx on click_daily_aggregates (merchant_id, mode, affiliate_id);');
    for (const log of LOGS) {
      const t = log.table;
      this.addSql(`alter table ${t} rename to ${t}_unpartitioned;`);
      this.addSql(`create table ${t} (like ${t}_unpartitioned including defaults including constraints) partition by range (created_at);`);
      this.addSql(`create table partitions.${t}_default partition of ${t} default;`);
      this.addSql(`
        do $$ declare m date; begin
          for m in select generate_series(
              date_trunc('month', coalesce((select min(created_at) from ${t}_unpartitioned), now()) at time zone 'UTC'),
              date_trunc('month', (now() + interval '3 months') at time zone 'UTC'),
              interval '1 month')::date loop
            perform ensure_month_partition('${t}', m);
          end loop;
        end $$;`);
      this.addSql(`insert into ${t} select * from ${t}_unpartitioned;`);
      this.addSql(`drop table ${t}_unpartitioned;`);
      this.addSql(`alter table ${t} add constraint ${t}_pkey primary key (id, created_at);`);
      for (const statement of [...log.indexes, ...log.foreignKeys, ...log.triggers]) this.addSql(`${statement};`);
    }
  }
}
