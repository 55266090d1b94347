import { buildInvoice, Decimal, type CurrencyCode } from '../../domain/index.js';
import type { TestService } from './test-service.js';

/**
 * Walks the public OpenAPI document as a client would: every operation, its example body, and its
 * path filled with ids that exist. Generated tests use it so that a route added later is covered
 * without anyone listing it.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface DocumentedOperation {
  readonly key: string;
  readonly method: string;
  readonly path: string;
  readonly op: any;
}

export const documentedOperations = (doc: any): DocumentedOperation[] =>
  Object.entries<any>(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, method: m, path, op: item[m] })),
  );

/** Operations served under `/api/v1` (not the bare-base ones: health, tracking links, provider endpoints). */
export const apiOperations = (doc: any) => documentedOperations(doc).filter(({ path }) => !doc.paths[path].servers);

/** The body example "Try it out" shows: the media type's, else the (referenced) schema's own. */
export const exampleOf = (doc: any, op: any): unknown => {
  const media = op.requestBody?.content?.['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  return schemaOf(doc, media.schema)?.example;
};

export const schemaOf = (doc: any, schema: any): any => (schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema);

export const hasPathParams = (path: string) => path.includes('{');

/** The path with each parameter filled: its example, else an id created earlier in that collection. */
export const fillPath = (entry: DocumentedOperation, created: Record<string, string>): string | null => {
  const segments = entry.path.split('/');
  let unfilled = false;
  const filled = segments.map((segment, i) => {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    if (!name) return segment;
    const param = (entry.op.parameters ?? []).find((p: any) => p.in === 'path' && p.name === name);
    const value = param?.example ?? param?.schema?.example ?? created[segments[i - 1]!];
    if (!value) unfilled = true;
    return value;
  });
  return unfilled ? null : filled.join('/');
};

/** Query string of the required query parameters, from their examples. */
export const requiredQuery = (op: any): string => {
  const required = (op.parameters ?? []).filter((p: any) => p.in === 'query' && p.required);
  if (required.length === 0) return '';
  return `?${required.map((p: any) => `${p.name}=${encodeURIComponent(String(p.example ?? p.schema?.example ?? 'demo'))}`).join('&')}`;
};

export interface ExampleRun {
  /** Ids created by the examples, by collection (`conversions`, `goals`, …). */
  readonly created: Record<string, string>;
  /** Every id any example response carried. */
  readonly ids: Set<string>;
  readonly failures: string[];
  /** Operations whose path could not be filled. */
  readonly unfilled: string[];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Sends every request-body example of the document with `key`, filling paths from what earlier ones created. */
export const runExamples = async (t: TestService, doc: any, key: string): Promise<ExampleRun> => {
  const created: Record<string, string> = {};
  const ids = new Set<string>();
  const failures: string[] = [];
  let pending = apiOperations(doc).filter(({ op }) => op.requestBody);
  for (let round = 0; round < 3 && pending.length > 0; round += 1) {
    const later: typeof pending = [];
    for (const entry of pending) {
      const path = fillPath(entry, created);
      if (!path) {
        later.push(entry);
        continue;
      }
      const res = await t.api(entry.method.toUpperCase(), path, key, exampleOf(doc, entry.op));
      if (res.status >= 300) failures.push(`${entry.key}: ${res.status} ${JSON.stringify(res.body)}`);
      for (const id of JSON.stringify(res.body ?? '').match(UUID) ?? []) ids.add(id.toLowerCase());
      const id = res.body?.data?.id;
      if (entry.method === 'post' && typeof id === 'string') created[entry.path.split('/').pop()!] ??= id;
    }
    pending = later;
  }
  return { created, ids, failures, unfilled: pending.map((p) => p.key) };
};

/**
 * A delivery of the webhook subscription the examples made, as the dispatcher leaves one its endpoint
 * refused: a delivery exists only once an event was sent, and these tests reach no outside endpoint.
 * Routes about one delivery (resend) then have a real row to aim at.
 */
export const seedWebhookDelivery = async (t: TestService, run: ExampleRun): Promise<void> => {
  const subscription = run.created.webhooks;
  if (!subscription) return;
  const [row] = await t.sql<{ id: string }>(
    `insert into webhook_deliveries (id, subscription_id, merchant_id, mode, event_id, event_type, body, status, attempts, next_attempt_at, created_at, updated_at)
     select gen_random_uuid(), s.id, s.merchant_id, s.mode, null, 'ping', '{"type":"ping"}', 'failed', 1, null, now(), now()
     from webhook_subscriptions s where s.id = $1 returning id::text`,
    [subscription],
  );
  if (!row) return;
  run.created.deliveries ??= row.id;
  run.ids.add(row.id);
};

/**
 * A delivery in the events log of the integration the examples made (deliveries arrive only from a
 * provider), so routes about one delivery (replay) have a real row to aim at.
 */
export const seedIntegrationEvent = async (t: TestService, run: ExampleRun): Promise<void> => {
  const integration = run.created.integrations;
  if (!integration) return;
  const [row] = await t.sql<{ id: string }>(
    `insert into integration_events (id, integration_id, merchant_id, mode, provider_event_id, type, received_at, outcome, reason)
     select gen_random_uuid(), i.id, i.merchant_id, i.mode, 'evt_seeded', 'checkout.session.completed', now(), 'ignored', 'seeded'
     from integrations i where i.id = $1 returning id::text`,
    [integration],
  );
  if (!row) return;
  run.created.events ??= row.id;
  run.ids.add(row.id);
};

/** Tables whose rows change on every request by design, so they cannot show whether a request wrote something. */
const BOOKKEEPING = new Set(['audit_log', 'rate_limit_windows', 'idempotency_keys', 'mikro_orm_migrations', 'service_clock']);

/**
 * Every other table's row count and newest row version (`xmin`): an insert or delete changes the
 * count, an update writes a row version newer than all before it. Equal before and after means
 * nothing was written. One statement, cheap enough to take around every request.
 */
export const dataFingerprint = async (t: TestService): Promise<string> => {
  const tables = (await t.sql<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`))
    .map((r) => r.name)
    .filter((name) => !BOOKKEEPING.has(name));
  const columns = tables.map((name) => `(select count(*) || '/' || coalesce(max(xmin::text::bigint), 0) from "${name}") as "${name}"`);
  const [row] = await t.sql<Record<string, string>>(`select ${columns.join(', ')}`);
  return JSON.stringify(row);
};

/**
 * An invoice of the merchant's live mode (invoices are issued only when a payout completes), so the
 * routes about one invoice have a real row to aim at.
 */
export const seedInvoice = async (t: TestService, run: ExampleRun, merchantId: string): Promise<void> => {
  const [affiliate] = await t.sql<{ id: string }>(`select id::text from affiliates where merchant_id = $1 and not is_test order by id limit 1`, [merchantId]);
  if (!affiliate) return;
  const document = buildInvoice({
    mode: 'live',
    sequence: 999_999,
    issueDate: '2026-01-02',
    currency: 'usd' as CurrencyCode,
    merchant: { name: 'Seeded', address: [], vatId: null },
    affiliate: { name: 'Seeded affiliate', address: [], vatId: null },
    lines: [{ kind: 'commission', reference: affiliate.id, orderId: null, amount: new Decimal(1) }],
    setOff: new Decimal(0),
    rule: { kind: 'none' },
  })._unsafeUnwrap();
  const [row] = await t.sql<{ id: string }>(
    `insert into invoices (id, merchant_id, mode, affiliate_id, kind, sequence, number, issue_date, currency, total, source_kind, source_id, document, created_at)
     values (gen_random_uuid(), $1, 'live', $2, 'invoice', $3, $4, $5, 'usd', $6, 'payout', gen_random_uuid(), $7::jsonb, now()) returning id::text`,
    [merchantId, affiliate.id, document.sequence, document.number, document.issueDate, document.total, JSON.stringify(document)],
  );
  if (!row) return;
  run.created.invoices ??= row.id;
  run.ids.add(row.id);
};
