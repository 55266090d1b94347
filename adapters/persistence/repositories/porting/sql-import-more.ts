import type { Kysely } from 'kysely';
import type { RowOutcome } from '../../../../application/porting/import-progress.js';
import type { ProgramResource, ProgramRow } from '../../../../application/porting/program-files.js';
import { readCell } from '../../../../application/porting/spreadsheet-safe-cell.js';
import type { Clock } from '../../../../application/ports/clock.js';
import type { IdGenerator } from '../../../../application/ports/id-generator.js';
import type { ImportRun } from '../../../../application/ports/imports.js';
import { newWebhookSecret } from '../../../../application/webhooks/webhook-secret.js';
import { ok } from 'neverthrow';
import { importedAwardPeriod, importedAwardStatus, importedBonusTiers, importedCouponCampaign, importedGoalPeriod, storedBonusTiers, webhook, type DomainError, type GoalStatus, type PeriodMode } from '../../../../domain/index.js';
import { currentDb, type Orm } from '../../orm.js';
import { runSql } from '../../run-sql.js';
import { linkImportedTeamMemberships } from './imported-team-links.js';
import { PayoutImportWrites } from './sql-import-payouts.js';

/** How the main writer's id mapping is reached: a reference to another file's id, or a known id. */
export interface ImportReferences {
  /** The record this row's `column` names (refuses the row when that id was not imported). */
  reference(resource: ProgramResource, column: string): Promise<string>;
  mapped(resource: ProgramResource, externalId: string): Promise<string | null>;
}

const cellOf = (row: ProgramRow, column: string): string | null => {
  const raw = row[column];
  return raw === undefined || raw === '' ? null : readCell(raw);
};

const failed = (reason: string): RowOutcome => ({ kind: 'failed', reason });

const reasonOf = (error: DomainError): string => error.details?.map((d) => `${d.field} ${d.message}`).join('; ') ?? error.message;

/** The provider's own discount id goes to that provider's column (the table keeps one per provider). */
const DISCOUNT_COLUMN: Readonly<Record<string, string>> = {
  card: 'card_promotion_code_id',
  mor_a: 'merchant_a_discount_id',
  mor_b: 'mor_b_discount_id',
  mor_c: 'mor_c_discount_id',
};

/**
 * The CSV import's writes for coupons, payouts (through `PayoutImportWrites`), webhooks, clicks, teams and their goals and
 * awards (history), beside `SqlImportWriter` (which keeps the mapping and calls these for the files it
 * does not carry itself).
 */
export class MoreImportWrites {
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

  async create(run: ImportRun, resource: ProgramResource, row: ProgramRow, refs: ImportReferences): Promise<RowOutcome> {
    switch (resource) {
      case 'coupons':
        return this.coupon(run, row, refs);
      case 'payouts':
        return this.payouts.write(run, row, refs);
      case 'webhooks':
        return this.webhook(run, row);
      case 'clicks':
        return this.click(run, row, refs);
      case 'teams':
        return this.team(run, row, refs);
      case 'team_members':
        return this.teamMember(run, row, refs);
      case 'team_campaigns':
        return this.teamCampaign(run, row, refs);
      case 'team_goals':
        return this.teamGoal(run, row, refs);
      case 'team_awards':
        return this.teamAward(run, row, refs);
      default:
        return { kind: 'skipped', reason: `${resource} are not imported` };
    }
  }

  private async coupon(run: ImportRun, row: ProgramRow, refs: ImportReferences): Promise<RowOutcome> {
    const affiliateId = await refs.reference('affiliates', 'affiliate_id');
    const campaign = cellOf(row, 'campaign_id') === null ? importedCouponCampaign(null, await this.importedCampaignsOf(run, affiliateId)) : ok(await refs.reference('campaigns', 'campaign_id'));
    if (campaign.isErr()) return failed(campaign.error.details?.map((d) => `${d.field} ${d.message}`).join('; ') ?? campaign.error.message);
    const campaignId = campaign.value;
    const provider = cellOf(row, 'provider') ?? 'card';
    const code = cellOf(row, 'code');
    if (code === null) return failed('code is required');
    const [existing] = await runSql<{ id: string }>(
      this.db,
      'select id from coupons where merchant_id = $1 and mode = $2 and campaign_id = $3 and provider = $4 and code = $5 and deleted_at is null',
      [run.tenant.merchantId, run.tenant.mode, campaignId, provider, code],
    );
    if (existing) return { kind: 'matched', internalId: existing.id };
    const discountColumn = DISCOUNT_COLUMN[provider];
    const id = this.ids.next();
    const now = this.clock.now();
    await runSql(
      this.db,
      `insert into coupons (id, merchant_id, mode, campaign_id, affiliate_id, provider, code, percent_off, amount_off, currency, apple_offer_type,
         card_promotion_code_id, merchant_a_discount_id, mor_b_discount_id, mor_c_discount_id, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [
        id,
        run.tenant.merchantId,
        run.tenant.mode,
        campaignId,
        affiliateId,
        provider,
        code,
        cellOf(row, 'percent_off'),
        cellOf(row, 'amount_off'),
        cellOf(row, 'currency')?.toLowerCase() ?? null,
        cellOf(row, 'apple_offer_type'),
        ...['card_promotion_code_id', 'merchant_a_discount_id', 'mor_b_discount_id', 'mor_c_discount_id'].map((c) => (c === discountColumn ? cellOf(row, 'provider_discount_id') : null)),
        cellOf(row, 'created_at') ?? now,
        now,
      ],
    );
    return { kind: 'created', internalId: id };
  }

  /** The campaigns of the affiliate's memberships this source's imports made or matched. */
  private async importedCampaignsOf(run: ImportRun, affiliateId: string): Promise<string[]> {
    const rows = await runSql<{ campaign_id: string }>(
      this.db,
      `select m.campaign_id from affiliate_memberships m
         join import_mappings im on im.internal_id = m.id and im.merchant_id = $1 and im.mode = $2 and im.source = $3 and im.resource = 'referral_links'
       where m.affiliate_id = $4`,
      [run.tenant.merchantId, run.tenant.mode, run.source, affiliateId],
    );
    return rows.map((r) => r.campaign_id);
  }

  /** A new signing secret: the old one was never exported, receivers are given the new one. */
  private async webhook(run: ImportRun, row: ProgramRow): Promise<RowOutcome> {
    const url = cellOf(row, 'url');
    if (url === null || !/^https?:\/\//i.test(url)) return failed('url must be an http(s) address');
    const events = webhook.parseWebhookEvents((cellOf(row, 'events') ?? '').split(/\s+/).filter(Boolean));
    if (events.isErr()) return failed(events.error.message);
    const [existing] = await runSql<{ id: string }>(this.db, 'select id from webhook_subscriptions where merchant_id = $1 and mode = $2 and url = $3', [
      run.tenant.merchantId,
      run.tenant.mode,
      url,
    ]);
    if (existing) return { kind: 'matched', internalId: existing.id };
    const id = this.ids.next();
    const now = this.clock.now();
    await runSql(
      this.db,
      `insert into webhook_subscriptions (id, merchant_id, mode, url, events, secret, active, max_retries, created_at, updated_at)
       values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10)`,
      [id, run.tenant.merchantId, run.tenant.mode, url, JSON.stringify(events.value), newWebhookSecret(), cellOf(row, 'active') !== 'false', cellOf(row, 'max_retries') ?? 0, cellOf(row, 'created_at') ?? now, now],
    );
    return { kind: 'created', internalId: id };
  }

  /** A click as history: it counts in statistics; no visitor is known, so each is its own visitor. */
  private async click(run: ImportRun, row: ProgramRow, refs: ImportReferences): Promise<RowOutcome> {
    const campaignId = await refs.reference('campaigns', 'campaign_id');
    const affiliateId = await refs.reference('affiliates', 'affiliate_id');
    const id = this.ids.next();
    await runSql(
      this.db,
      `insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, landing_url, referrer, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, run.tenant.merchantId, run.tenant.mode, campaignId, affiliateId, `import:${id}`, cellOf(row, 'landing_url'), cellOf(row, 'referrer'), cellOf(row, 'created_at') ?? this.clock.now()],
    );
    return { kind: 'created', internalId: id };
  }

  private async team(run: ImportRun, row: ProgramRow, refs: ImportReferences): Promise<RowOutcome> {
    const name = cellOf(row, 'name');
    if (name === null) return failed('name is required');
    const leaderExternal = cellOf(row, 'leader_affiliate_id');
    const leader = leaderExternal === null ? null : await refs.reference('affiliates', 'leader_affiliate_id');
    const id = this.ids.next();
    const now = this.clock.now();
    await runSql(
      this.db,
      `insert into teams (id, merchant_id, mode, name, currency, leader_affiliate_id, base_commission_type, base_commission_value, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        run.tenant.merchantId,
        run.tenant.mode,
        name,
        (cellOf(row, 'currency') ?? 'usd').toLowerCase(),
        leader,
        cellOf(row, 'base_commission_type'),
        cellOf(row, 'base_commission_value'),
        cellOf(row, 'created_at') ?? now,
        now,
      ],
    );
    return { kind: 'created', internalId: id };
  }

  /** The mapping keeps a record id per row: a member row is remembered by its affiliate, a team campaign by its campaign. */
  private async teamMember(run: ImportRun, row: ProgramRow, refs: ImportReferences): Promise<RowOutcome> {
    const teamId = await refs.reference('teams', 'team_id');
    const affiliateId = await refs.reference('affiliates', 'affiliate_id');
    const [existing] = await runSql(this.db, 'select 1 from team_members where team_id = $1 and affiliate_id = $2', [teamId, affiliateId]);
    if (existing) return { kind: 'matched', internalId: affiliateId };
    await runSql(this.db, 'insert into team_members (team_id, affiliate_id, merchant_id, mode, joined_at) values ($1, $2, $3, $4, $5)', [
      teamId,
      affiliateId,
      run.tenant.merchantId,
      run.tenant.mode,
      cellOf(row, 'joined_at') ?? this.clock.now(),
    ]);
    await linkImportedTeamMemberships(this.db, run.tenant, teamId, { affiliateId });
    return { kind: 'created', internalId: affiliateId };
  }

  private async teamCampaign(run: ImportRun, row: ProgramRow, refs: ImportReferences): Promise<RowOutcome> {
    const teamId = await refs.reference('teams', 'team_id');
    const campaignId = await refs.reference('campaigns', 'campaign_id');
    const [existing] = await runSql(this.db, 'select 1 from team_campaigns where team_id = $1 and campaign_id = $2', [teamId, campaignId]);
    if (existing) return { kind: 'matched', internalId: campaignId };
    const now = this.clock.now();
    await runSql(
      this.db,
      `insert into team_campaigns (team_id, campaign_id, merchant_id, mode, commission_type, commission_value, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [teamId, campaignId, run.tenant.merchantId, run.tenant.mode, cellOf(row, 'commission_type'), cellOf(row, 'commission_value'), cellOf(row, 'created_at') ?? now, now],
    );
    await linkImportedTeamMemberships(this.db, run.tenant, teamId, { campaignId });
    return { kind: 'created', internalId: campaignId };
  }

  /**
   * A goal with its rule as it was. An active monthly goal runs on from the month of the import; the
   * months before were settled where it ran (their awards come in `team_awards`).
   */
  private async teamGoal(run: ImportRun, row: ProgramRow, refs: ImportReferences): Promise<RowOutcome> {
    const teamId = await refs.reference('teams', 'team_id');
    const campaignId = cellOf(row, 'campaign_id') === null ? null : await refs.reference('campaigns', 'campaign_id');
    const now = this.clock.now();
    const periodMode = (cellOf(row, 'period_mode') ?? 'monthly') as PeriodMode;
    const status = (cellOf(row, 'status') ?? 'active') as GoalStatus;
    const periodStart = new Date(cellOf(row, 'period_start') ?? cellOf(row, 'created_at') ?? now);
    const periodEndCell = cellOf(row, 'period_end');
    const periodEnd = periodEndCell === null ? null : new Date(periodEndCell);
    if (Number.isNaN(periodStart.getTime()) || (periodEnd !== null && Number.isNaN(periodEnd.getTime()))) return failed('period_start and period_end must be ISO 8601 times');
    const current = importedGoalPeriod({ periodMode, periodStart, periodEnd, status }, now);
    const id = this.ids.next();
    await runSql(
      this.db,
      `insert into team_goals (id, team_id, merchant_id, mode, name, scope, campaign_id, metric, target_value, period_mode, period_start, period_end,
         bonus_type, bonus_value, bonus_tiers, bonus_cap, bonus_scope, bonus_split, bonus_visibility, refund_safe_days, status,
         current_period_key, current_period_start, current_period_end, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)`,
      [
        id,
        teamId,
        run.tenant.merchantId,
        run.tenant.mode,
        cellOf(row, 'name'),
        cellOf(row, 'scope') ?? (campaignId === null ? 'team' : 'campaign'),
        campaignId,
        cellOf(row, 'metric') ?? 'revenue',
        cellOf(row, 'target_value'),
        periodMode,
        periodStart,
        periodEnd,
        cellOf(row, 'bonus_type') ?? 'flat',
        cellOf(row, 'bonus_value'),
        // As the goal repository stores tiers, whatever spelling the file used (the row check read them).
        storedBonusTiers(importedBonusTiers(cellOf(row, 'bonus_tiers'), cellOf(row, 'bonus_type') ?? 'flat').unwrapOr(null)),
        cellOf(row, 'bonus_cap'),
        cellOf(row, 'bonus_scope') ?? 'team',
        cellOf(row, 'bonus_split') ?? 'equal',
        cellOf(row, 'bonus_visibility') ?? 'all',
        cellOf(row, 'refund_safe_days') ?? 14,
        status,
        current.key,
        current.start,
        current.end,
        cellOf(row, 'created_at') ?? now,
        now,
      ],
    );
    return { kind: 'created', internalId: id };
  }

  /**
   * An award as history (paid, cancelled or failed; one still to pay is refused): written beside the
   * use cases, so no payout, webhook or notice follows. Its period is recorded as settled.
   */
  private async teamAward(run: ImportRun, row: ProgramRow, refs: ImportReferences): Promise<RowOutcome> {
    const status = importedAwardStatus(cellOf(row, 'status') ?? '');
    if (status.isErr()) return failed(reasonOf(status.error));
    const teamId = await refs.reference('teams', 'team_id');
    const goalId = await refs.reference('team_goals', 'goal_id');
    const affiliateId = await refs.reference('affiliates', 'affiliate_id');
    const periodKey = cellOf(row, 'period_key');
    if (periodKey === null) return failed('period_key is required');
    const [existing] = await runSql<{ id: string }>(this.db, 'select id from team_awards where goal_id = $1 and period_key = $2 and affiliate_id = $3', [goalId, periodKey, affiliateId]);
    if (existing) return { kind: 'matched', internalId: existing.id };
    const [goal] = await runSql<{ period_mode: PeriodMode; period_start: Date; period_end: Date | null; target_value: string }>(
      this.db,
      'select period_mode, period_start, period_end, target_value from team_goals where id = $1',
      [goalId],
    );
    if (!goal) return failed(`goal_id names no imported team goal`);
    const period = importedAwardPeriod(periodKey, { periodMode: goal.period_mode, periodStart: goal.period_start, periodEnd: goal.period_end });
    if (period.isErr()) return failed(reasonOf(period.error));
    const now = this.clock.now();
    await runSql(
      this.db,
      `insert into team_goal_periods (id, goal_id, team_id, merchant_id, mode, period_key, period_start, period_end, closed_at, window_ends_at, settled_at,
         member_ids, campaign_ids, leader_affiliate_id, target_value, aggregate, hit, by_member, excluded_by_currency, bonus_total, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $8, $9, '[]', '[]', null, $10, 0, true, '[]', '{}', 0, $9, $9)
       on conflict (goal_id, period_key) do nothing`,
      [this.ids.next(), goalId, teamId, run.tenant.merchantId, run.tenant.mode, periodKey, period.value.start, period.value.end, now, goal.target_value],
    );
    const id = this.ids.next();
    const createdAt = cellOf(row, 'created_at') ?? now;
    await runSql(
      this.db,
      `insert into team_awards (id, merchant_id, mode, team_id, goal_id, period_key, affiliate_id, amount, currency, status, payable_after,
         contributing_count, contributing_amount, approved_at, paid_at, payout_method, payout_reference, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $11, $18)`,
      [
        id,
        run.tenant.merchantId,
        run.tenant.mode,
        teamId,
        goalId,
        periodKey,
        affiliateId,
        cellOf(row, 'amount'),
        (cellOf(row, 'currency') ?? 'usd').toLowerCase(),
        status.value,
        createdAt,
        cellOf(row, 'contributing_count') ?? 0,
        cellOf(row, 'contributing_amount') ?? 0,
        cellOf(row, 'approved_at'),
        cellOf(row, 'paid_at'),
        cellOf(row, 'payout_method'),
        cellOf(row, 'payout_reference'),
        now,
      ],
    );
    return { kind: 'created', internalId: id };
  }
}
