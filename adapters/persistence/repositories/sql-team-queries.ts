import { sql, type RawBuilder } from 'kysely';
import type { FactsQuery, TeamConversionFacts } from '../../../application/ports/team-conversion-facts.js';
import type { TeamCampaignView, TeamQueries, TeamSummary } from '../../../application/ports/team-queries.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, PENDING_AWARD_STATUSES, type ConversionFact, type ConversionSource, type ConversionStatus, type CurrencyCode } from '../../../domain/index.js';
import { rateOf, TEAM_COLUMNS, teamFromRow, type TeamRow } from '../mappers/team.mapper.js';
import { currentDb, type Orm } from '../orm.js';

/** Read side of teams. */
export class SqlTeamQueries implements TeamQueries {
  constructor(private readonly orm: Orm) {}

  private async rows<T>(query: RawBuilder<T>): Promise<T[]> {
    return (await query.execute(currentDb(this.orm))).rows;
  }

  async listPage(tenant: Tenant, page: PageRequest): Promise<Page<TeamSummary>> {
    const [rows, [count]] = await Promise.all([
      this.rows(sql<TeamRow & { member_count: number; campaign_count: number; custom_rate_count: number; pending_count: number; pending_total: string | null }>`
        select ${sql.raw(TEAM_COLUMNS('t'))},
          (select count(*)::int from team_members m where m.team_id = t.id) as member_count,
          (select count(*)::int from team_campaigns c where c.team_id = t.id) as campaign_count,
          (select count(*)::int from team_overrides o where o.team_id = t.id)
            + (select count(*)::int from team_campaigns c where c.team_id = t.id and c.commission_type is not null) as custom_rate_count,
          (select count(*)::int from team_awards w where w.team_id = t.id and w.status = any(${[...PENDING_AWARD_STATUSES]})) as pending_count,
          (select sum(w.amount)::text from team_awards w where w.team_id = t.id and w.status = any(${[...PENDING_AWARD_STATUSES]})) as pending_total
        from teams t
        where t.merchant_id = ${tenant.merchantId} and t.mode = ${tenant.mode}
        order by t.created_at desc, t.id desc
        limit ${page.limit} offset ${offsetOf(page)}`),
      this.rows(sql<{ n: number }>`select count(*)::int as n from teams where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`),
    ]);
    return {
      items: rows.map((r) => ({
        team: teamFromRow(r),
        memberCount: r.member_count,
        campaignCount: r.campaign_count,
        customRateCount: r.custom_rate_count,
        pendingAwards: { count: r.pending_count, total: new Decimal(r.pending_total ?? 0) },
      })),
      page: page.page,
      limit: page.limit,
      total: count?.n ?? 0,
    };
  }

  async campaignViews(tenant: Tenant, teamId: string): Promise<readonly TeamCampaignView[]> {
    const rows = await this.rows(sql<{
      campaign_id: string;
      name: string;
      team_type: string | null;
      team_value: string | null;
      campaign_type: string;
      campaign_value: string;
    }>`
      select tc.campaign_id, c.name, tc.commission_type as team_type, tc.commission_value as team_value,
        c.commission_type as campaign_type, c.commission_value as campaign_value
      from team_campaigns tc join campaigns c on c.id = tc.campaign_id
      where tc.team_id = ${teamId} and tc.merchant_id = ${tenant.merchantId} and tc.mode = ${tenant.mode}
      order by tc.created_at, tc.campaign_id`);
    return rows.map((r) => ({
      campaignId: r.campaign_id,
      name: r.name,
      teamRate: rateOf(r.team_type, r.team_value),
      campaignRate: rateOf(r.campaign_type, r.campaign_value)!,
    }));
  }

  async affiliateNames(ids: readonly string[]): Promise<ReadonlyMap<string, { name: string; email: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.rows(sql<{ id: string; name: string; email: string }>`
      select id, name, email from affiliates where id = any(${[...ids]}::uuid[])`);
    return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
  }

  async payoutTotalsByPeriod(tenant: Tenant, teamId: string): Promise<ReadonlyMap<string, { count: number; total: Decimal }>> {
    const rows = await this.rows(sql<{ period_key: string; count: number; total: string }>`
      select period_key, count(*)::int as count, sum(amount)::text as total from team_awards
      where team_id = ${teamId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and status <> 'cancelled'
      group by period_key`);
    return new Map(rows.map((r) => [r.period_key, { count: r.count, total: new Decimal(r.total) }]));
  }
}

/** The sales of some affiliates on some campaigns in a time range, every status (the domain decides what counts). */
export class SqlTeamConversionFacts implements TeamConversionFacts {
  constructor(private readonly orm: Orm) {}

  async factsFor(tenant: Tenant, query: FactsQuery): Promise<readonly ConversionFact[]> {
    if (query.affiliateIds.length === 0 || query.campaignIds.length === 0) return [];
    const { rows } = await sql<{
      affiliate_id: string;
      campaign_id: string;
      amount: string;
      refunded_amount: string | null;
      currency: string;
      status: string;
      source: string;
      created_at: Date | string;
    }>`
      select affiliate_id, campaign_id, amount, refunded_amount, currency, status, source, created_at from conversions
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
        and affiliate_id = any(${[...query.affiliateIds]}::uuid[]) and campaign_id = any(${[...query.campaignIds]}::uuid[])
        and created_at >= ${query.from} ${query.to === null ? sql`` : sql`and created_at < ${query.to}`}`.execute(
      currentDb(this.orm),
    );
    return rows.map((r) => ({
      affiliateId: r.affiliate_id,
      campaignId: r.campaign_id,
      amount: new Decimal(r.amount),
      refundedAmount: r.refunded_amount === null ? null : new Decimal(r.refunded_amount),
      currency: r.currency as CurrencyCode,
      status: r.status as ConversionStatus,
      source: r.source as ConversionSource,
      createdAt: new Date(r.created_at),
    }));
  }
}
