import { sql } from 'kysely';
import type {
  DeliveryKey,
  DeliveryOutcome,
  DeliveryRecord,
  DeliveryResult,
  IntegrationEvents,
  NewDelivery,
  ProviderSaleFact,
  ReplayableDelivery,
} from '../../../../application/ports/provider-sales-ledger.js';
import { offsetOf, sliceOf, type Page, type PageRequest, type Slice } from '../../../../application/shared/page.js';
import type { Tenant } from '../../../../application/shared/tenant.js';
import { runNamedQuery } from '../../named-statement.js';
import { runDeferred } from '../../statements.js';
import { currentDb, type Orm } from '../../orm.js';
import type { Row } from '../../schema/index.js';
import { saleFromStored, storedSale } from './replay-fact.json.js';
import { paymentReferenceRows } from './sql-provider-customers.js';

type EventRow = Omit<Row<'integration_events'>, 'merchant_id' | 'mode' | 'payload' | 'replay_fact'> & { readonly replayable: boolean };

const recordOf = (r: EventRow): DeliveryRecord => ({
  id: r.id,
  integrationId: r.integration_id,
  providerEventId: r.provider_event_id,
  type: r.type,
  receivedAt: new Date(r.received_at),
  outcome: r.outcome as DeliveryOutcome,
  reason: r.reason,
  code: r.error_code,
  conversionId: r.conversion_id,
  replayable: r.replayable,
});

/**
 * The delivery's receipt time, to the millisecond a JavaScript date keeps (the column keeps
 * microseconds): a range, so a row stored with finer time is still found, in its month's partition.
 */
const receivedIn = (d: DeliveryKey) => sql`received_at >= ${d.receivedAt}::timestamptz and received_at < ${d.receivedAt}::timestamptz + interval '1 millisecond'`;

/** One page of an integration's log, newest first: read along `integration_events_log_idx`, which has this order. */
export const deliveryPageSql = (tenant: Tenant, integrationId: string, limit: number, offset: number) =>
  sql<EventRow>`select id, integration_id, provider_event_id, type, received_at, outcome, reason, error_code, conversion_id,
      (replay_fact is not null and outcome = 'rejected') as replayable
    from integration_events
    where integration_id = ${integrationId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
    order by received_at desc, id desc limit ${limit} offset ${offset}`;

export class SqlIntegrationEvents implements IntegrationEvents {
  constructor(private readonly orm: Orm) {}

  async record(d: NewDelivery): Promise<'first' | 'duplicate'> {
    const db = currentDb(this.orm);
    const payments = d.payments;
    // The key table admits one effect-holding event per provider event id for all time (the log is
    // dropped a month at a time); a concurrent delivery waits here for the first one's transaction
    // and then finds the key taken. One statement: the key and the event's payment ids (remembered
    // only when the key was taken here), by name, as every notification sends it. The first
    // delivery's own row is written once its outcome is known (`settle`).
    const rows = await runNamedQuery(
      this.orm,
      'integration_event_first',
      sql<{ event_id: string }>`with event_key as (
          insert into integration_event_keys (integration_id, provider_event_id, event_id, received_at)
          values (${d.integrationId}, ${d.providerEventId}, ${d.id}, ${d.receivedAt})
          on conflict (integration_id, provider_event_id) do nothing
          returning event_id
        ), payment_refs as (
          insert into provider_payment_refs (merchant_id, mode, provider, reference, order_id)
          select ${d.tenant.merchantId}, ${d.tenant.mode}, ${payments?.provider ?? null}, r, ${payments?.orderId ?? null}
          from unnest(${payments ? paymentReferenceRows(payments.orderId, payments.references) : []}::text[]) as r
          where exists (select 1 from event_key)
          on conflict do nothing
        )
        select event_id from event_key`,
    );
    if (rows.length > 0) return 'first';
    // The first event's month may be past its retention: the key still dates it, without its outcome.
    await sql`insert into integration_events
        (id, integration_id, merchant_id, mode, provider_event_id, type, received_at, outcome, reason, conversion_id)
      select ${d.id}, ${d.integrationId}, ${d.tenant.merchantId}, ${d.tenant.mode}, ${d.providerEventId}, ${d.type}, ${d.receivedAt}, 'duplicate',
        'event ' || ${d.providerEventId}::text || ' was already received at ' || to_char(k.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
          || coalesce(' (' || e.outcome || ')', ''),
        e.conversion_id
      from integration_event_keys k
      left join integration_events e on e.id = k.event_id and e.received_at = k.received_at
      where k.integration_id = ${d.integrationId} and k.provider_event_id = ${d.providerEventId}`.execute(db);
    return 'duplicate';
  }

  async settle(d: NewDelivery, r: DeliveryResult, keep: ProviderSaleFact | null): Promise<void> {
    // Written once, settled (an insert, not an insert and then an update of the same row), by name;
    // in its transaction it goes with the commit: nothing reads the row back before then.
    await runDeferred(
      this.orm,
      'integration_event_settled',
      sql`insert into integration_events
          (id, integration_id, merchant_id, mode, provider_event_id, type, received_at, outcome, reason, error_code, conversion_id, payload, replay_fact)
        values (${d.id}, ${d.integrationId}, ${d.tenant.merchantId}, ${d.tenant.mode}, ${d.providerEventId}, ${d.type}, ${d.receivedAt},
          ${r.outcome}, ${r.reason}, ${r.code}, ${r.conversionId}, ${d.payload}::jsonb, ${keep === null ? null : JSON.stringify(storedSale(keep))}::jsonb)`,
    );
  }

  async resettle(delivery: DeliveryKey, r: DeliveryResult): Promise<void> {
    // Its receipt time finds the month's partition instead of every partition's key index.
    await sql`update integration_events set outcome = ${r.outcome}, reason = ${r.reason}, error_code = ${r.code}, conversion_id = ${r.conversionId}
      where id = ${delivery.id} and ${receivedIn(delivery)}`.execute(currentDb(this.orm));
  }

  async findForReplay(tenant: Tenant, integrationId: string, id: string): Promise<ReplayableDelivery | null> {
    const { rows } = await sql<EventRow & { replay_fact: Parameters<typeof saleFromStored>[0] | null }>`select id, integration_id, provider_event_id, type, received_at,
        outcome, reason, error_code, conversion_id, replay_fact, (replay_fact is not null and outcome = 'rejected') as replayable
      from integration_events
      where id = ${id} and integration_id = ${integrationId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
      for update`.execute(currentDb(this.orm));
    const row = rows[0];
    return row ? { ...recordOf(row), sale: row.replay_fact === null ? null : saleFromStored(row.replay_fact) } : null;
  }

  async list(tenant: Tenant, integrationId: string, page: PageRequest): Promise<Page<DeliveryRecord>> {
    // The page and its total apart: the count walks the log index alone instead of fetching every event.
    const [items, counted] = await Promise.all([
      this.read(tenant, integrationId, page.limit, offsetOf(page)),
      // The tenant check is on the integration, once, so the count stays on the index.
      sql<{ n: number }>`select count(*)::int as n from integration_events
        where integration_id = ${integrationId}
          and exists (select 1 from integrations i where i.id = ${integrationId} and i.merchant_id = ${tenant.merchantId} and i.mode = ${tenant.mode})`.execute(currentDb(this.orm)),
    ]);
    return { items, page: page.page, limit: page.limit, total: counted.rows[0]?.n ?? 0 };
  }

  async browse(tenant: Tenant, integrationId: string, page: PageRequest): Promise<Slice<DeliveryRecord>> {
    return sliceOf(await this.read(tenant, integrationId, page.limit + 1, offsetOf(page)), page);
  }

  private async read(tenant: Tenant, integrationId: string, limit: number, offset: number): Promise<DeliveryRecord[]> {
    const { rows } = await deliveryPageSql(tenant, integrationId, limit, offset).execute(currentDb(this.orm));
    return rows.map(recordOf);
  }
}
