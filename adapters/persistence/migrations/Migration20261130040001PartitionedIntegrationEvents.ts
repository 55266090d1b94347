import { Migration } from '@mikro-orm/migrations';

/**
 * The integration events (providers' deliveries, `GET /integrations/{id}/events`) partitioned by
 * month of `received_at`, like the other logs (docs/scaling.md). A partitioned table can only hold
 * unique indexes that include the partition key, so the rule that a provider event id takes effect
 * once for all time moves out of the log into `integration_event_keys`: one row per (integration,
 * provider event id), naming the event that holds the effect. It is small, never partitioned and
 * never dropped by retention, so a provider's retry a year later is still a duplicate after the
 * month of the first delivery is gone. Nothing references an integration event by a foreign key;
 * the key row names its event by (id, received_at) without one, so a dropped month needs no cascade.
 */
export class Migration20261130040001PartitionedIntegrationEvents extends Migration {
  override up(): void {
    // The partition job's function learns each log's partition key from the catalogue, since this
    // log is partitioned by `received_at`, the others by `created_at`. Two processes making the same
    // month at once (the job run by hand in each) wait on a lock per log, so the second finds it made
    // instead of failing on the name; the drop takes the same lock (sql-monthly-partitions.ts).
    this.addSql(`
      create or replace function ensure_month_partition(parent text, month date) returns boolean language plpgsql as $$
      declare
        part text := parent || '_' || to_char(month, 'YYYY_MM');
        fallback text := parent || '_default';
        starts timestamptz := month::timestamp at time zone 'UTC';
        ends timestamptz := (month::timestamp + interval '1 month') at time zone 'UTC';
        waiting boolean := false;
        key text;
      begin
        perform pg_advisory_xact_lock(hashtext('ensure_month_partition'), hashtext(parent));
        if to_regclass('partitions.' || part) is not null then return false; end if;
        select a.attname into key from pg_partitioned_table p
          join pg_attribute a on a.attrelid = p.partrelid and a.attnum = p.partattrs[0]
          where p.partrelid = ('public.' || quote_ident(parent))::regclass;
        if to_regclass('partitions.' || fallback) is not null then
          execute format('select exists (select from partitions.%I where %I >= %L and %I < %L)', fallback, key, starts, key, ends) into waiting;
        end if;
        if not waiting then
          execute format('create table partitions.%I partition of public.%I for values from (%L) to (%L)', part, parent, starts, ends);
          return true;
        end if;
        execute format('alter table public.%I detach partition partitions.%I', parent, fallback);
        execute format('alter table partitions.%I rename to %I', fallback, fallback || '_moving');
        execute format('create table partitions.%I partition of public.%I for values from (%L) to (%L)', part, parent, starts, ends);
        execute format('create table partitions.%I partition of public.%I default', fallback, parent);
        execute format('insert into partitions.%I select * from partitions.%I where %I >= %L and %I < %L', part, fallback || '_moving', key, starts, key, ends);
        execute format('insert into partitions.%I select * from partitions.%I where not (%I >= %L and %I < %L)', fallback, fallback || '_moving', key, starts, key, ends);
        execute format('drop table partitions.%I', fallback || '_moving');
        return true;
      end $$;`);
    this.addSql(`
      create table integration_event_keys (
        integration_id uuid not null references integrations (id),
        provider_event_id text not null,
        event_id uuid not null,
        received_at timestamptz not null,
        primary key (integration_id, provider_event_id)
      );`);
    // The effect-holding rows are exactly those the old partial unique index covered.
    this.addSql(`
      insert into integration_event_keys (integration_id, provider_event_id, event_id, received_at)
      select integration_id, provider_event_id, id, received_at from integration_events where outcome <> 'duplicate';`);
    this.addSql('alter table integration_events rename to integration_events_unpartitioned;');
    this.addSql(
      'create table integration_events (like integration_events_unpartitioned including defaults including constraints) partition by range (received_at);',
    );
    this.addSql('create table partitions.integration_events_default partition of integration_events default;');
    this.addSql(`
      do $$ declare m date; begin
        for m in select generate_series(
            date_trunc('month', coalesce((select min(received_at) from integration_events_unpartitioned), now()) at time zone 'UTC'),
            date_trunc('month', (now() + interval '3 months') at time zone 'UTC'),
            interval '1 month')::date loop
          perform ensure_month_partition('integration_events', m);
        end loop;
      end $$;`);
    this.addSql('insert into integration_events select * from integration_events_unpartitioned;');
    this.addSql('drop table integration_events_unpartitioned;');
    this.addSql('alter table integration_events add constraint integration_events_pkey primary key (id, received_at);');
    this.addSql('create index integration_events_log_idx on integration_events (integration_id, received_at desc, id desc);');
    this.addSql(
      'alter table integration_events add constraint integration_events_integration_id_fkey foreign key (integration_id) references integrations (id);',
    );
  }
}
