import type { Kysely } from 'kysely';
import type { RowOutcome } from '../../../../application/porting/import-progress.js';
import { PAIR_KEYS, type ProgramResource } from '../../../../application/porting/program-files.js';
import { cellOf, commissionOfRow, reasonOf } from '../../../../application/porting/row-checks.js';
import type { Clock } from '../../../../application/ports/clock.js';
import type { IdGenerator } from '../../../../application/ports/id-generator.js';
import type { ImportRow, ImportRun } from '../../../../application/ports/imports.js';
import { randomCode } from '../../../../application/shared/random-code.js';
import { campaignChosenFor, customerKeyOf, importedAffiliateNotes, oldRefCodeOf } from '../../../../domain/index.js';
import { currentDb, type Orm } from '../../orm.js';
import { runSql } from '../../run-sql.js';
import { PayoutImportWrites } from './sql-import-payouts.js';

/** The files with many rows, carried a batch at a time; the others go row by row (few rows, lookups of their own). */
export const BATCHED: ReadonlySet<ProgramResource> = new Set(['affiliates', 'referral_links', 'customers', 'commissions', 'clicks']);

/** The referral codes our tracking links carry. */
const REF_CODE = /^[a-z0-9]{1,32}$/;

const keyOf = (resource: ProgramResource, externalId: string) => `${resource}\u0000${externalId}`;
const singular = (resource: ProgramResource) => resource.replace(/s$/, '');

/** One row being carried: its outcome once known, and the record to insert when it makes one. */
interface Pending {
  readonly row: ImportRow;
  readonly externalId: string;
  outcome?: RowOutcome;
  /** Set when the mapping did not know the row: the outcome is then remembered under its id. */
  remember?: boolean;
}

/** A row whose id an earlier row of the batch carried: matched to that record, remembered already. */
const repeated = (p: Pending, made: ReadonlyMap<string, string>): boolean => {
  const earlier = made.get(p.externalId);
  if (earlier === undefined) return false;
  p.outcome = { kind: 'matched', internalId: earlier };
  p.remember = false;
  return true;
};

type Refused = { readonly refused: string };

/**
 * The CSV import's writes for the files with many rows, a batch at a time: every id the batch names
 * is looked up in `import_mappings` with one statement, the records of the batch are inserted with one
 * statement per table, and the mapping of what was made is remembered with one more. Rows keep the
 * outcome they would have one by one; the caller has checked them on their face already.
 */
export class BatchImportWrites {
  private readonly payouts: PayoutImportWrites;

  constructor(
    private readonly orm: Orm,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {
    this.payouts = new PayoutImportWrites(orm, ids, clock);
  }

  private get db(): Kysely<any> {
    return currentDb(this.orm);
  }

  /** Rows of one resource, in file order. */
  async carry(run: ImportRun, resource: ProgramResource, rows: readonly ImportRow[]): Promise<RowOutcome[]> {
    const pending: Pending[] = rows.map((row) => ({ row, externalId: externalIdOf(resource, row) }));
    const known = await this.mappings(run, [
      ...pending.map((p): [ProgramResource, string] => [resource, p.externalId]),
      ...pending.flatMap((p) => referencesOf(resource, p.row)),
    ]);
    // What this batch makes, by the file's id: a row repeating an id earlier in the batch matches its record.
    const made = new Map<string, string>();
    for (const p of pending) {
      const mapped = known.get(keyOf(resource, p.externalId));
      if (mapped !== undefined) p.outcome = { kind: 'matched', internalId: mapped };
      else p.remember = true;
    }
    const resolve = (target: ProgramResource, external: string) => known.get(keyOf(target, external)) ?? (target === resource ? made.get(external) : undefined);
    switch (resource) {
      case 'affiliates':
        await this.affiliates(run, pending, made);
        break;
      case 'referral_links':
        await this.memberships(run, pending, made, resolve);
        break;
      case 'customers':
        await this.customers(run, pending, made, resolve);
        break;
      case 'commissions':
        await this.commissions(run, pending, made, resolve);
        break;
      case 'clicks':
        await this.clicks(run, pending, made, resolve);
        break;
      default:
        throw new Error(`${resource} are not carried in batches`);
    }
    await this.remember(run, resource, pending);
    await this.keepOldRefCodes(run, resource, pending, resolve);
    return pending.map((p) => p.outcome ?? { kind: 'failed', reason: 'not carried' });
  }

  private async mappings(run: ImportRun, wanted: readonly [ProgramResource, string][]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const unique = [...new Map(wanted.map(([r, e]) => [keyOf(r, e), [r, e] as const])).values()];
    if (run.campaignMap) {
      for (const [resource, externalId] of unique) {
        const chosen = resource === 'campaigns' ? campaignChosenFor(run.campaignMap, externalId) : undefined;
        if (chosen !== undefined) found.set(keyOf(resource, externalId), chosen);
      }
    }
    const asked = unique.filter(([r, e]) => !found.has(keyOf(r, e)));
    if (asked.length === 0) return found;
    const rows = await runSql<{ resource: ProgramResource; external_id: string; internal_id: string }>(
      this.db,
      // One key look-up per id (lateral): a join let the planner hash the merchant's whole mapping table
      // for every batch, which slowed the carry as the import grew.
      `select w.resource, w.external_id, m.internal_id from unnest($4::text[], $5::text[]) as w(resource, external_id)
         cross join lateral (
           select internal_id from import_mappings
            where merchant_id = $1 and mode = $2 and source = $3 and resource = w.resource and external_id = w.external_id
            limit 1) m`,
      [run.tenant.merchantId, run.tenant.mode, run.source, asked.map(([r]) => r), asked.map(([, e]) => e)],
    );
    for (const r of rows) found.set(keyOf(r.resource, r.external_id), r.internal_id);
    return found;
  }

  private async remember(run: ImportRun, resource: ProgramResource, pending: readonly Pending[]): Promise<void> {
    const kept = pending.filter((p) => p.remember && (p.outcome?.kind === 'created' || p.outcome?.kind === 'matched'));
    if (kept.length === 0) return;
    await runSql(
      this.db,
      `insert into import_mappings (merchant_id, mode, source, resource, external_id, internal_id, import_id, created_at)
       select $1, $2, $3, $4, m.external_id, m.internal_id, $5, $6 from unnest($7::text[], $8::uuid[]) as m(external_id, internal_id)
       on conflict (merchant_id, mode, source, resource, external_id) do update set internal_id = excluded.internal_id, import_id = excluded.import_id`,
      [
        run.tenant.merchantId,
        run.tenant.mode,
        run.source,
        resource,
        run.id,
        this.clock.now(),
        kept.map((p) => p.externalId),
        kept.map((p) => (p.outcome as { internalId: string }).internalId),
      ],
    );
  }

  /** Old referral codes stay links to their affiliate, also on rows already imported (as one by one). */
  private async keepOldRefCodes(run: ImportRun, resource: ProgramResource, pending: readonly Pending[], resolve: Resolve): Promise<void> {
    if (resource !== 'affiliates' && resource !== 'referral_links') return;
    const aliases = new Map<string, string>();
    for (const p of pending) {
      if (p.outcome?.kind !== 'created' && p.outcome?.kind !== 'matched') continue;
      const code = oldRefCodeOf(cellOf(p.row.data, 'ref_code'));
      const affiliateId = resource === 'affiliates' ? p.outcome.internalId : resolve('affiliates', cellOf(p.row.data, 'affiliate_id') ?? '');
      if (code !== null && affiliateId !== undefined && !aliases.has(code)) aliases.set(code, affiliateId);
    }
    if (aliases.size === 0) return;
    await runSql(
      this.db,
      `insert into ref_code_aliases (merchant_id, alias, affiliate_id, source, created_at)
       select $1, a.alias, a.affiliate_id, $2, $3 from unnest($4::text[], $5::uuid[]) as a(alias, affiliate_id)
       where not exists (select 1 from affiliates where merchant_id = $1 and ref_code = a.alias)
       on conflict do nothing`,
      [run.tenant.merchantId, run.source, this.clock.now(), [...aliases.keys()], [...aliases.values()]],
    );
  }

  private async affiliates(run: ImportRun, pending: readonly Pending[], made: Map<string, string>): Promise<void> {
    const isTest = run.tenant.mode === 'test';
    const open = pending.filter((p) => p.outcome === undefined);
    const emailOf = (p: Pending) => (cellOf(p.row.data, 'email') ?? '').trim().toLowerCase();
    const wantedOf = (p: Pending) => cellOf(p.row.data, 'ref_code')?.toLowerCase() ?? null;
    const [byEmail, takenCodes] = await Promise.all([
      runSql<{ id: string; email: string }>(this.db, 'select id, lower(email) as email from affiliates where merchant_id = $1 and is_test = $2 and lower(email) = any($3::text[])', [
        run.tenant.merchantId,
        isTest,
        open.map(emailOf),
      ]),
      runSql<{ ref_code: string }>(this.db, 'select ref_code from affiliates where merchant_id = $1 and ref_code = any($2::text[])', [
        run.tenant.merchantId,
        open.map(wantedOf).filter((c): c is string => c !== null && REF_CODE.test(c)),
      ]),
    ]);
    const existing = new Map(byEmail.map((r) => [r.email, r.id]));
    const taken = new Set(takenCodes.map((r) => r.ref_code));
    const now = this.clock.now();
    const records: Record<string, unknown>[] = [];
    for (const p of open) {
      if (repeated(p, made)) continue;
      const email = emailOf(p);
      const matched = existing.get(email);
      if (matched !== undefined) {
        p.outcome = { kind: 'matched', internalId: matched };
        made.set(p.externalId, matched);
        continue;
      }
      const kept = importedAffiliateNotes(cellOf(p.row.data, 'notes'), cellOf(p.row.data, 'tags'));
      if (kept.isErr()) {
        p.outcome = { kind: 'failed', reason: kept.error.details?.map((d) => `${d.field} ${d.message}`).join('; ') ?? kept.error.message };
        continue;
      }
      const wanted = wantedOf(p);
      let refCode = wanted !== null && REF_CODE.test(wanted) ? wanted : randomCode();
      while (taken.has(refCode)) refCode = randomCode();
      taken.add(refCode);
      const id = this.ids.next();
      existing.set(email, id);
      made.set(p.externalId, id);
      p.outcome = { kind: 'created', internalId: id };
      records.push({
        id,
        email,
        name: cellOf(p.row.data, 'name') ?? email,
        ref_code: refCode,
        payout_method: cellOf(p.row.data, 'payout_method'),
        payout_email: cellOf(p.row.data, 'payout_email'),
        notes: kept.value.notes,
        tags: kept.value.tags,
        created_at: cellOf(p.row.data, 'created_at') ?? now,
      });
    }
    if (records.length === 0) return;
    await runSql(
      this.db,
      `insert into affiliates (id, merchant_id, email, name, is_test, headless, created_via, ref_code, payout_method, payout_email, notes, tags, created_at, updated_at)
       select r.id, $1, r.email, r.name, $2, true, 'api', r.ref_code, r.payout_method, r.payout_email, r.notes, r.tags, r.created_at, $3
       from jsonb_to_recordset($4::jsonb) as r(id uuid, email text, name text, ref_code text, payout_method text, payout_email text, notes text, tags jsonb, created_at timestamptz)`,
      [run.tenant.merchantId, isTest, now, JSON.stringify(records)],
    );
  }

  private async memberships(run: ImportRun, pending: readonly Pending[], made: Map<string, string>, resolve: Resolve): Promise<void> {
    const open: { p: Pending; affiliateId: string; campaignId: string }[] = [];
    for (const p of pending.filter((x) => x.outcome === undefined)) {
      const refs = referenced(p.row, resolve, [
        ['affiliates', 'affiliate_id'],
        ['campaigns', 'campaign_id'],
      ]);
      if ('refused' in refs) p.outcome = { kind: 'failed', reason: refs.refused };
      else open.push({ p, affiliateId: refs.ids.affiliate_id!, campaignId: refs.ids.campaign_id! });
    }
    if (open.length === 0) return;
    const rows = await runSql<{ id: string; campaign_id: string; affiliate_id: string }>(
      this.db,
      // Per pair by its key (lateral), as the mappings are: never a hash of every membership.
      `select m.id, w.campaign_id, w.affiliate_id from unnest($1::uuid[], $2::uuid[]) as w(campaign_id, affiliate_id)
         cross join lateral (select id from affiliate_memberships where campaign_id = w.campaign_id and affiliate_id = w.affiliate_id) m`,
      [open.map((o) => o.campaignId), open.map((o) => o.affiliateId)],
    );
    const existing = new Map(rows.map((r) => [`${r.campaign_id}:${r.affiliate_id}`, r.id]));
    const now = this.clock.now();
    const records: Record<string, unknown>[] = [];
    for (const { p, affiliateId, campaignId } of open) {
      if (repeated(p, made)) continue;
      const pair = `${campaignId}:${affiliateId}`;
      const matched = existing.get(pair);
      if (matched !== undefined) {
        p.outcome = { kind: 'matched', internalId: matched };
        made.set(p.externalId, matched);
        continue;
      }
      const id = this.ids.next();
      existing.set(pair, id);
      made.set(p.externalId, id);
      p.outcome = { kind: 'created', internalId: id };
      records.push({
        id,
        campaign_id: campaignId,
        affiliate_id: affiliateId,
        status: cellOf(p.row.data, 'status') ?? 'approved',
        joined_at: cellOf(p.row.data, 'joined_at') ?? now,
        decided_at: cellOf(p.row.data, 'decided_at'),
      });
    }
    if (records.length === 0) return;
    await runSql(
      this.db,
      `insert into affiliate_memberships (id, merchant_id, mode, campaign_id, affiliate_id, status, joined_at, decided_at, updated_at)
       select r.id, $1, $2, r.campaign_id, r.affiliate_id, r.status, r.joined_at, r.decided_at, $3
       from jsonb_to_recordset($4::jsonb) as r(id uuid, campaign_id uuid, affiliate_id uuid, status text, joined_at timestamptz, decided_at timestamptz)`,
      [run.tenant.merchantId, run.tenant.mode, now, JSON.stringify(records)],
    );
  }

  /**
   * Marked `import` and written beside the use cases, so no live webhook tells of it. A paid one is
   * never paid again; one the source still owes is queued for payment here, once.
   */
  private async commissions(run: ImportRun, pending: readonly Pending[], made: Map<string, string>, resolve: Resolve): Promise<void> {
    const now = this.clock.now();
    const records: Record<string, unknown>[] = [];
    for (const p of pending.filter((x) => x.outcome === undefined)) {
      if (repeated(p, made)) continue;
      const refs = referenced(p.row, resolve, [
        ['affiliates', 'affiliate_id'],
        ['campaigns', 'campaign_id'],
      ]);
      if ('refused' in refs) {
        p.outcome = { kind: 'failed', reason: refs.refused };
        continue;
      }
      const data = p.row.data;
      const checked = commissionOfRow(data);
      if (checked.isErr()) {
        p.outcome = { kind: 'failed', reason: reasonOf(checked.error) };
        continue;
      }
      const c = checked.value;
      const parentExternal = cellOf(data, 'parent_commission_id');
      const id = this.ids.next();
      made.set(p.externalId, id);
      p.outcome = { kind: 'created', internalId: id };
      records.push({
        id,
        campaign_id: refs.ids.campaign_id,
        affiliate_id: refs.ids.affiliate_id,
        amount: c.amount,
        tax_amount: c.taxAmount,
        commission: c.commission,
        currency: c.currency,
        status: c.status,
        conversion_type: c.conversionType,
        order_id: cellOf(data, 'order_id'),
        customer_email: cellOf(data, 'customer_email'),
        customer_name: cellOf(data, 'customer_name'),
        parent_conversion_id: parentExternal === null ? null : (resolve('commissions', parentExternal) ?? null),
        refunded_amount: c.refundedAmount,
        approved_at: c.approvedAt,
        payout_date: c.paidAt,
        created_at: c.createdAt ?? now,
      });
    }
    if (records.length === 0) return;
    await runSql(
      this.db,
      `insert into conversions (id, merchant_id, mode, campaign_id, affiliate_id, amount, tax_amount, commission, original_commission, currency, status,
         conversion_type, source, order_id, customer_email, customer_name, parent_conversion_id, refunded_amount, approved_at, payout_date, created_at, updated_at)
       select r.id, $1, $2, r.campaign_id, r.affiliate_id, r.amount, r.tax_amount, r.commission, r.commission, r.currency, r.status,
         r.conversion_type, 'import', r.order_id, r.customer_email, r.customer_name, r.parent_conversion_id, r.refunded_amount, r.approved_at, r.payout_date, r.created_at, $3
       from jsonb_to_recordset($4::jsonb) as r(id uuid, campaign_id uuid, affiliate_id uuid, amount numeric, tax_amount numeric, commission numeric, currency text,
         status text, conversion_type text, order_id text, customer_email text, customer_name text, parent_conversion_id uuid, refunded_amount numeric,
         approved_at timestamptz, payout_date timestamptz, created_at timestamptz)`,
      [run.tenant.merchantId, run.tenant.mode, now, JSON.stringify(records)],
    );
    await this.payouts.queueOwed(
      run,
      records.map((r) => ({ id: String(r.id), campaignId: String(r.campaign_id), affiliateId: String(r.affiliate_id), commission: String(r.commission), currency: String(r.currency), status: String(r.status) })),
    );
  }

  /** A lead, matched by the key the merchant knows its customer by; with a provider's id, the provider's renewals attribute to it. */
  private async customers(run: ImportRun, pending: readonly Pending[], made: Map<string, string>, resolve: Resolve): Promise<void> {
    const open: { p: Pending; affiliateId: string; campaignId: string; key: string; email: string | null; provider: string | null; providerCustomerId: string | null }[] = [];
    for (const p of pending.filter((x) => x.outcome === undefined)) {
      const refs = referenced(p.row, resolve, [
        ['affiliates', 'affiliate_id'],
        ['campaigns', 'campaign_id'],
      ]);
      if ('refused' in refs) {
        p.outcome = { kind: 'failed', reason: refs.refused };
        continue;
      }
      const email = cellOf(p.row.data, 'email')?.trim().toLowerCase() ?? null;
      const providerCustomerId = cellOf(p.row.data, 'provider_customer_id');
      const provider = providerCustomerId === null ? null : (cellOf(p.row.data, 'provider') ?? 'card');
      const key = customerKeyOf({ email, provider, providerCustomerId } as Parameters<typeof customerKeyOf>[0]);
      if (key.isErr()) p.outcome = { kind: 'failed', reason: key.error.message };
      else open.push({ p, affiliateId: refs.ids.affiliate_id!, campaignId: refs.ids.campaign_id!, key: key.value, email, provider, providerCustomerId });
    }
    if (open.length === 0) return;
    const rows = await runSql<{ id: string; customer_key: string }>(this.db, 'select id, customer_key from customers where merchant_id = $1 and mode = $2 and customer_key = any($3::text[])', [
      run.tenant.merchantId,
      run.tenant.mode,
      open.map((o) => o.key),
    ]);
    const existing = new Map(rows.map((r) => [r.customer_key, r.id]));
    const now = this.clock.now();
    const records: Record<string, unknown>[] = [];
    for (const o of open) {
      if (repeated(o.p, made)) continue;
      const matched = existing.get(o.key);
      if (matched !== undefined) {
        o.p.outcome = { kind: 'matched', internalId: matched };
        made.set(o.p.externalId, matched);
        continue;
      }
      const id = this.ids.next();
      existing.set(o.key, id);
      made.set(o.p.externalId, id);
      o.p.outcome = { kind: 'created', internalId: id };
      records.push({
        id,
        customer_key: o.key,
        email: o.email,
        provider: o.provider,
        provider_customer_id: o.providerCustomerId,
        affiliate_id: o.affiliateId,
        campaign_id: o.campaignId,
        source: cellOf(o.p.row.data, 'source') ?? 'api',
        created_at: cellOf(o.p.row.data, 'created_at') ?? now,
      });
    }
    if (records.length === 0) return;
    const batch = JSON.stringify(records);
    await runSql(
      this.db,
      `insert into customers (id, merchant_id, mode, customer_key, email, provider, provider_customer_id, affiliate_id, campaign_id, click_id, source, created_at)
       select r.id, $1, $2, r.customer_key, r.email, r.provider, r.provider_customer_id, r.affiliate_id, r.campaign_id, null, r.source, r.created_at
       from jsonb_to_recordset($3::jsonb) as r(id uuid, customer_key text, email text, provider text, provider_customer_id text, affiliate_id uuid, campaign_id uuid,
         source text, created_at timestamptz)`,
      [run.tenant.merchantId, run.tenant.mode, batch],
    );
    // The provider's later renewals of these customers attribute to the same affiliate.
    await runSql(
      this.db,
      `insert into provider_customers (merchant_id, mode, provider, provider_customer_id, affiliate_id, campaign_id, click_id, email, first_conversion_id, linked_at)
       select $1, $2, r.provider, r.provider_customer_id, r.affiliate_id, r.campaign_id, null, r.email, null, r.created_at
       from jsonb_to_recordset($3::jsonb) as r(provider text, provider_customer_id text, affiliate_id uuid, campaign_id uuid, email text, created_at timestamptz)
       where r.provider is not null and r.provider_customer_id is not null
       on conflict do nothing`,
      [run.tenant.merchantId, run.tenant.mode, batch],
    );
  }

  /** A click as history: it counts in statistics; no visitor is known, so each is its own visitor. */
  private async clicks(run: ImportRun, pending: readonly Pending[], made: Map<string, string>, resolve: Resolve): Promise<void> {
    const now = this.clock.now();
    const records: Record<string, unknown>[] = [];
    for (const p of pending.filter((x) => x.outcome === undefined)) {
      if (repeated(p, made)) continue;
      const refs = referenced(p.row, resolve, [
        ['campaigns', 'campaign_id'],
        ['affiliates', 'affiliate_id'],
      ]);
      if ('refused' in refs) {
        p.outcome = { kind: 'failed', reason: refs.refused };
        continue;
      }
      const id = this.ids.next();
      made.set(p.externalId, id);
      p.outcome = { kind: 'created', internalId: id };
      records.push({
        id,
        campaign_id: refs.ids.campaign_id,
        affiliate_id: refs.ids.affiliate_id,
        landing_url: cellOf(p.row.data, 'landing_url'),
        referrer: cellOf(p.row.data, 'referrer'),
        created_at: cellOf(p.row.data, 'created_at') ?? now,
      });
    }
    if (records.length === 0) return;
    await runSql(
      this.db,
      `insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, landing_url, referrer, created_at)
       select r.id, $1, $2, r.campaign_id, r.affiliate_id, 'import:' || r.id::text, r.landing_url, r.referrer, r.created_at
       from jsonb_to_recordset($3::jsonb) as r(id uuid, campaign_id uuid, affiliate_id uuid, landing_url text, referrer text, created_at timestamptz)`,
      [run.tenant.merchantId, run.tenant.mode, JSON.stringify(records)],
    );
  }
}


type Resolve = (target: ProgramResource, externalId: string) => string | undefined;

const externalIdOf = (resource: ProgramResource, row: ImportRow): string => {
  const pair = PAIR_KEYS[resource];
  return pair ? `${cellOf(row.data, pair[0]) ?? ''}:${cellOf(row.data, pair[1]) ?? ''}` : (cellOf(row.data, 'id') ?? '');
};

/** The other files' ids a row of this resource names, to look up with the batch's own. */
const referencesOf = (resource: ProgramResource, row: ImportRow): [ProgramResource, string][] => {
  const named: [ProgramResource, string][] = [
    ['affiliates', 'affiliate_id'],
    ['campaigns', 'campaign_id'],
    ...(resource === 'commissions' ? ([['commissions', 'parent_commission_id']] as [ProgramResource, string][]) : []),
  ];
  return named.flatMap(([target, column]): [ProgramResource, string][] => {
    const external = cellOf(row.data, column);
    return resource === 'affiliates' || external === null ? [] : [[target, external]];
  });
};

/** The row's references, each to a record already imported, or the first that names none (as one by one). */
const referenced = (row: ImportRow, resolve: Resolve, columns: readonly [ProgramResource, string][]): { readonly ids: Record<string, string> } | Refused => {
  const ids: Record<string, string> = {};
  for (const [target, column] of columns) {
    const external = cellOf(row.data, column);
    if (external === null) return { refused: `${column} is required` };
    const internal = resolve(target, external);
    if (internal === undefined) return { refused: `${column} ${external} names no imported ${singular(target)}` };
    ids[column] = internal;
  }
  return { ids };
};