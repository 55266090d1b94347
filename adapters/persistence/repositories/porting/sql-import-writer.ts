import type { Kysely } from 'kysely';
import type { RowOutcome } from '../../../../application/porting/import-progress.js';
import { readCell } from '../../../../application/porting/spreadsheet-safe-cell.js';
import { PAIR_KEYS, type ProgramResource, type ProgramRow } from '../../../../application/porting/program-files.js';
import type { Clock } from '../../../../application/ports/clock.js';
import type { IdGenerator } from '../../../../application/ports/id-generator.js';
import type { ImportRow, ImportRun, ImportWriter } from '../../../../application/ports/imports.js';
import { randomCode } from '../../../../application/shared/random-code.js';
import { campaignChosenFor, customerKeyOf, importedAffiliateNotes, importedCommissionStatus, importedCommissionTiers, oldRefCodeOf } from '../../../../domain/index.js';
import { tiersToStored } from '../../mappers/campaign.mapper.js';
import { currentDb, type Orm } from '../../orm.js';
import { runSql } from '../../run-sql.js';
import { BATCHED, BatchImportWrites } from './sql-import-batch.js';
import { MoreImportWrites } from './sql-import-more.js';
import { PayoutImportWrites } from './sql-import-payouts.js';

/** A row's cell as the file meant it: the spreadsheet quote removed, empty as none. */
const cellOf = (row: ProgramRow, column: string): string | null => {
  const raw = row[column];
  if (raw === undefined || raw === '') return null;
  return readCell(raw);
};

const flag = (value: string | null, fallback: boolean) => (value === null ? fallback : value === 'true');

class RowRefused extends Error {}

/** The referral codes our tracking links carry. */
const REF_CODE = /^[a-z0-9]{1,32}$/;

const refuse = (reason: string): never => {
  throw new RowRefused(reason);
};

const required = (row: ProgramRow, column: string): string => cellOf(row, column) ?? refuse(`${column} is required`);

/**
 * The CSV import's writes, row by row, inside the run's transaction (the caller wraps each row in a
 * savepoint, so a refused row changes nothing). Every record it makes is remembered in
 * `import_mappings` under the file's id, and every reference to another file goes through it.
 */
export class SqlImportWriter implements ImportWriter {
  private readonly more: MoreImportWrites;
  private readonly batched: BatchImportWrites;
  private readonly payouts: PayoutImportWrites;

  constructor(
    private readonly orm: Orm,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {
    this.more = new MoreImportWrites(orm, ids, clock);
    this.batched = new BatchImportWrites(orm, ids, clock);
    this.payouts = new PayoutImportWrites(orm, ids, clock);
  }

  private get db(): Kysely<any> {
    return currentDb(this.orm);
  }

  private async mapped(run: ImportRun, resource: ProgramResource, externalId: string): Promise<string | null> {
    // A campaign the merchant chose to carry this source's campaign into wins over any earlier mapping.
    const chosen = resource === 'campaigns' ? campaignChosenFor(run.campaignMap, externalId) : undefined;
    if (chosen !== undefined) return chosen;
    const [row] = await runSql<{ internal_id: string }>(
      this.db,
      'select internal_id from import_mappings where merchant_id = $1 and mode = $2 and source = $3 and resource = $4 and external_id = $5',
      [run.tenant.merchantId, run.tenant.mode, run.source, resource, externalId],
    );
    return row?.internal_id ?? null;
  }

  private async remember(run: ImportRun, resource: ProgramResource, externalId: string, internalId: string): Promise<void> {
    await runSql(
      this.db,
      `insert into import_mappings (merchant_id, mode, source, resource, external_id, internal_id, import_id, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (merchant_id, mode, source, resource, external_id) do update set internal_id = excluded.internal_id, import_id = excluded.import_id`,
      [run.tenant.merchantId, run.tenant.mode, run.source, resource, externalId, internalId, run.id, this.clock.now()],
    );
  }

  private async reference(run: ImportRun, resource: ProgramResource, row: ProgramRow, column: string): Promise<string> {
    const external = required(row, column);
    return (await this.mapped(run, resource, external)) ?? refuse(`${column} ${external} names no imported ${resource.replace(/s$/, '')}`);
  }

  async apply(run: ImportRun, row: ImportRow): Promise<RowOutcome> {
    try {
      return await this.write(run, row);
    } catch (error) {
      if (error instanceof RowRefused) return { kind: 'failed', reason: error.message };
      throw error;
    }
  }

  /** Each run of rows of one file in turn: the big files a batch at a time, the others row by row. */
  async applyBatch(run: ImportRun, rows: readonly ImportRow[]): Promise<RowOutcome[]> {
    const outcomes: RowOutcome[] = [];
    for (let from = 0; from < rows.length; ) {
      const resource = rows[from]!.resource;
      let to = from + 1;
      while (to < rows.length && rows[to]!.resource === resource) to += 1;
      const segment = rows.slice(from, to);
      if (BATCHED.has(resource)) outcomes.push(...(await this.batched.carry(run, resource, segment)));
      else for (const row of segment) outcomes.push(await this.apply(run, row));
      from = to;
    }
    return outcomes;
  }

  private async write(run: ImportRun, { resource, data }: ImportRow): Promise<RowOutcome> {
    const pair = PAIR_KEYS[resource];
    const externalId = pair ? `${required(data, pair[0])}:${required(data, pair[1])}` : required(data, 'id');
    const chosen = resource === 'campaigns' ? campaignChosenFor(run.campaignMap, externalId) : undefined;
    if (chosen !== undefined) return this.chosenCampaign(run, externalId, chosen);
    // A payout of a named commission is placed afresh on every run (its writer matches what is there):
    // one still owed when first read may have been paid at the source since.
    const known = resource === 'payouts' && cellOf(data, 'commission_id') !== null ? null : await this.mapped(run, resource, externalId);
    const made: RowOutcome = known ? { kind: 'matched', internalId: known } : await this.create(run, resource, data);
    if (!known && (made.kind === 'created' || made.kind === 'matched')) await this.remember(run, resource, externalId, made.internalId);
    if (made.kind === 'created' || made.kind === 'matched') await this.keepOldRefCode(run, resource, data, made.internalId);
    return made;
  }

  /**
   * A source campaign the run's `campaignMap` carries into one of the merchant's campaigns: matched,
   * nothing of it written, and remembered so a later run without the map finds the same campaign.
   */
  private async chosenCampaign(run: ImportRun, externalId: string, campaignId: string): Promise<RowOutcome> {
    const [ours] = await runSql(this.db, 'select 1 from campaigns where id = $1 and merchant_id = $2', [campaignId, run.tenant.merchantId]);
    if (!ours) return { kind: 'failed', reason: `campaignMap names no campaign of yours (${campaignId})` };
    await this.remember(run, 'campaigns', externalId, campaignId);
    return { kind: 'matched', internalId: campaignId };
  }

  /**
   * An affiliate's referral code at its old product (each of its links' codes) stays a link to it,
   * also on a row already imported: a source may list links apart from the affiliates.
   */
  private async keepOldRefCode(run: ImportRun, resource: ProgramResource, row: ProgramRow, internalId: string): Promise<void> {
    if (resource !== 'affiliates' && resource !== 'referral_links') return;
    const code = oldRefCodeOf(cellOf(row, 'ref_code'));
    if (code === null) return;
    const affiliateId = resource === 'affiliates' ? internalId : await this.mapped(run, 'affiliates', required(row, 'affiliate_id'));
    if (affiliateId === null) return;
    await runSql(
      this.db,
      `insert into ref_code_aliases (merchant_id, alias, affiliate_id, source, created_at)
       select $1, $2, $3, $4, $5 where not exists (select 1 from affiliates where merchant_id = $1 and ref_code = $2)
       on conflict do nothing`,
      [run.tenant.merchantId, code, affiliateId, run.source, this.clock.now()],
    );
  }

  private async create(run: ImportRun, resource: ProgramResource, row: ProgramRow): Promise<RowOutcome> {
    switch (resource) {
      case 'campaigns':
        return this.campaign(run, row);
      case 'affiliates':
        return this.affiliate(run, row);
      case 'referral_links':
        return this.membership(run, row);
      case 'customers':
        return this.customer(run, row);
      case 'commissions':
        return this.commission(run, row);
      default:
        return this.more.create(run, resource, row, {
          reference: (target, column) => this.reference(run, target, row, column),
          mapped: (target, externalId) => this.mapped(run, target, externalId),
        });
    }
  }

  private async freeTrackingCode(wanted: string | null): Promise<string> {
    if (wanted !== null) {
      const [taken] = await runSql(this.db, 'select 1 from campaigns where tracking_code = $1', [wanted]);
      if (!taken) return wanted;
    }
    return randomCode();
  }

  private async campaign(run: ImportRun, row: ProgramRow): Promise<RowOutcome> {
    // Stored as the campaign repository stores tiers, whatever spelling the file used.
    const tiers = importedCommissionTiers(cellOf(row, 'commission_tiers')).match(
      (read) => (read === null ? null : JSON.stringify(tiersToStored(read))),
      (error) => refuse(error.message),
    );
    const id = this.ids.next();
    const now = this.clock.now();
    await runSql(
      this.db,
      `insert into campaigns (id, merchant_id, name, description, tracking_code, status, commission_type, commission_value, target_url,
         auto_approve_affiliates, auto_approve_commissions_after_days, is_public, enable_recurring_commissions, recurring_commission_months,
         attribution_window_days, commission_tiers, ends_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
      [
        id,
        run.tenant.merchantId,
        required(row, 'name'),
        cellOf(row, 'description'),
        await this.freeTrackingCode(cellOf(row, 'tracking_code')),
        cellOf(row, 'status') ?? 'active',
        required(row, 'commission_type'),
        required(row, 'commission_value'),
        cellOf(row, 'target_url'),
        flag(cellOf(row, 'auto_approve_affiliates'), false),
        cellOf(row, 'auto_approve_commissions_after_days'),
        flag(cellOf(row, 'is_public'), true),
        flag(cellOf(row, 'recurring'), false),
        cellOf(row, 'recurring_months'),
        cellOf(row, 'cookie_days') ?? 30,
        tiers,
        cellOf(row, 'ends_at'),
        cellOf(row, 'created_at') ?? now,
        now,
      ],
    );
    return { kind: 'created', internalId: id };
  }

  private async affiliate(run: ImportRun, row: ProgramRow): Promise<RowOutcome> {
    const email = required(row, 'email').trim().toLowerCase();
    const isTest = run.tenant.mode === 'test';
    const [existing] = await runSql<{ id: string }>(this.db, 'select id from affiliates where merchant_id = $1 and is_test = $2 and lower(email) = $3', [
      run.tenant.merchantId,
      isTest,
      email,
    ]);
    if (existing) return { kind: 'matched', internalId: existing.id };
    const kept = importedAffiliateNotes(cellOf(row, 'notes'), cellOf(row, 'tags'));
    if (kept.isErr()) return { kind: 'failed', reason: kept.error.details?.map((d) => `${d.field} ${d.message}`).join('; ') ?? kept.error.message };
    // Only a code our links can carry is kept as the referral code; any other old code stays an alias.
    const wanted = cellOf(row, 'ref_code')?.toLowerCase() ?? null;
    let refCode = wanted !== null && REF_CODE.test(wanted) ? wanted : randomCode();
    const [taken] = await runSql(this.db, 'select 1 from affiliates where merchant_id = $1 and ref_code = $2', [run.tenant.merchantId, refCode]);
    if (taken) refCode = randomCode();
    const id = this.ids.next();
    const now = this.clock.now();
    await runSql(
      this.db,
      `insert into affiliates (id, merchant_id, email, name, is_test, headless, created_via, ref_code, payout_method, payout_email, notes, tags, created_at, updated_at)
       values ($1, $2, $3, $4, $5, true, 'api', $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        run.tenant.merchantId,
        email,
        cellOf(row, 'name') ?? email,
        isTest,
        refCode,
        cellOf(row, 'payout_method'),
        cellOf(row, 'payout_email'),
        kept.value.notes,
        JSON.stringify(kept.value.tags),
        cellOf(row, 'created_at') ?? now,
        now,
      ],
    );
    return { kind: 'created', internalId: id };
  }

  private async membership(run: ImportRun, row: ProgramRow): Promise<RowOutcome> {
    const affiliateId = await this.reference(run, 'affiliates', row, 'affiliate_id');
    const campaignId = await this.reference(run, 'campaigns', row, 'campaign_id');
    const [existing] = await runSql<{ id: string }>(this.db, 'select id from affiliate_memberships where campaign_id = $1 and affiliate_id = $2', [campaignId, affiliateId]);
    if (existing) return { kind: 'matched', internalId: existing.id };
    const id = this.ids.next();
    const now = this.clock.now();
    await runSql(
      this.db,
      `insert into affiliate_memberships (id, merchant_id, mode, campaign_id, affiliate_id, status, joined_at, decided_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, run.tenant.merchantId, run.tenant.mode, campaignId, affiliateId, cellOf(row, 'status') ?? 'approved', cellOf(row, 'joined_at') ?? now, cellOf(row, 'decided_at'), now],
    );
    return { kind: 'created', internalId: id };
  }

  private async customer(run: ImportRun, row: ProgramRow): Promise<RowOutcome> {
    const affiliateId = await this.reference(run, 'affiliates', row, 'affiliate_id');
    const campaignId = await this.reference(run, 'campaigns', row, 'campaign_id');
    const email = cellOf(row, 'email')?.trim().toLowerCase() ?? null;
    const providerCustomerId = cellOf(row, 'provider_customer_id');
    const provider = providerCustomerId === null ? null : (cellOf(row, 'provider') ?? 'card');
    const key = customerKeyOf({ email, provider, providerCustomerId } as Parameters<typeof customerKeyOf>[0]);
    if (key.isErr()) return { kind: 'failed', reason: key.error.message };
    const [existing] = await runSql<{ id: string }>(this.db, 'select id from customers where merchant_id = $1 and mode = $2 and customer_key = $3', [
      run.tenant.merchantId,
      run.tenant.mode,
      key.value,
    ]);
    if (existing) return { kind: 'matched', internalId: existing.id };
    const id = this.ids.next();
    const at = cellOf(row, 'created_at') ?? this.clock.now();
    await runSql(
      this.db,
      `insert into customers (id, merchant_id, mode, customer_key, email, provider, provider_customer_id, affiliate_id, campaign_id, click_id, source, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, null, $10, $11)`,
      [id, run.tenant.merchantId, run.tenant.mode, key.value, email, provider, providerCustomerId, affiliateId, campaignId, cellOf(row, 'source') ?? 'api', at],
    );
    // The provider's later renewals of this customer attribute to the same affiliate.
    if (provider !== null && providerCustomerId !== null) {
      await runSql(
        this.db,
        `insert into provider_customers (merchant_id, mode, provider, provider_customer_id, affiliate_id, campaign_id, click_id, email, first_conversion_id, linked_at)
         values ($1, $2, $3, $4, $5, $6, null, $7, null, $8) on conflict do nothing`,
        [run.tenant.merchantId, run.tenant.mode, provider, providerCustomerId, affiliateId, campaignId, email, at],
      );
    }
    return { kind: 'created', internalId: id };
  }

  private async commission(run: ImportRun, row: ProgramRow): Promise<RowOutcome> {
    const affiliateId = await this.reference(run, 'affiliates', row, 'affiliate_id');
    const campaignId = await this.reference(run, 'campaigns', row, 'campaign_id');
    const status = importedCommissionStatus(required(row, 'status'));
    if (status.isErr()) return { kind: 'failed', reason: status.error.message };
    const parentExternal = cellOf(row, 'parent_commission_id');
    const parent = parentExternal === null ? null : await this.mapped(run, 'commissions', parentExternal);
    const id = this.ids.next();
    const now = this.clock.now();
    const commission = required(row, 'commission');
    // Marked `import` and written beside the use cases, so no live webhook tells of it; a paid one is
    // never paid again, one the source still owes is queued for payment here once (below).
    await runSql(
      this.db,
      `insert into conversions (id, merchant_id, mode, campaign_id, affiliate_id, amount, tax_amount, commission, original_commission, currency, status,
         conversion_type, source, order_id, customer_email, customer_name, parent_conversion_id, refunded_amount, approved_at, payout_date, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, 'import', $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
      [
        id,
        run.tenant.merchantId,
        run.tenant.mode,
        campaignId,
        affiliateId,
        required(row, 'amount'),
        cellOf(row, 'tax_amount'),
        commission,
        required(row, 'currency').toLowerCase(),
        status.value,
        cellOf(row, 'conversion_type') ?? 'one_time',
        cellOf(row, 'order_id'),
        cellOf(row, 'customer_email'),
        cellOf(row, 'customer_name'),
        parent,
        cellOf(row, 'refunded_amount'),
        cellOf(row, 'approved_at'),
        cellOf(row, 'paid_at'),
        cellOf(row, 'created_at') ?? now,
        now,
      ],
    );
    await this.payouts.queueOwed(run, [{ id, campaignId, affiliateId, commission, currency: required(row, 'currency').toLowerCase(), status: status.value }]);
    return { kind: 'created', internalId: id };
  }
}
