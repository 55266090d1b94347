import type { Kysely } from 'kysely';
import type { Tenant } from '../../../../application/shared/tenant.js';
import { placementOutcome, type ExistingPlacement } from '../../../../domain/index.js';
import { runSql } from '../../run-sql.js';

interface PlacementRow {
  affiliate_id: string;
  campaign_id: string;
  status: ExistingPlacement['status'];
  team_id: string | null;
}

/**
 * Links the imported memberships of a team's members on the team's campaigns, as placing members
 * through the teams API does, so the team's rates apply to their sales. Called as a member or a team
 * campaign is carried (whichever comes second finds the pair); only existing memberships are linked
 * (an import creates memberships from its referral links, never from a team), and the domain's
 * placement rule decides which (not one on another team, not a rejected or suspended one).
 */
export const linkImportedTeamMemberships = async (
  db: Kysely<any>,
  tenant: Tenant,
  teamId: string,
  scope: { readonly affiliateId: string } | { readonly campaignId: string },
): Promise<void> => {
  const affiliateId = 'affiliateId' in scope ? scope.affiliateId : null;
  const campaignId = 'campaignId' in scope ? scope.campaignId : null;
  const rows = await runSql<PlacementRow>(
    db,
    `select m.affiliate_id, m.campaign_id, m.status, m.team_id from affiliate_memberships m
       join team_members tm on tm.team_id = $1 and tm.affiliate_id = m.affiliate_id
       join team_campaigns tc on tc.team_id = $1 and tc.campaign_id = m.campaign_id
      where m.merchant_id = $2 and m.mode = $3 and ($4::uuid is null or m.affiliate_id = $4) and ($5::uuid is null or m.campaign_id = $5)
      for update of m`,
    [teamId, tenant.merchantId, tenant.mode, affiliateId, campaignId],
  );
  const linked = rows.filter((r) => placementOutcome(teamId, { status: r.status, teamId: r.team_id }) === 'linked');
  if (linked.length === 0) return;
  await runSql(
    db,
    `update affiliate_memberships m set team_id = $1, version = m.version + 1
       from unnest($4::uuid[], $5::uuid[]) as l (affiliate_id, campaign_id)
      where m.merchant_id = $2 and m.mode = $3 and m.affiliate_id = l.affiliate_id and m.campaign_id = l.campaign_id`,
    [teamId, tenant.merchantId, tenant.mode, linked.map((r) => r.affiliate_id), linked.map((r) => r.campaign_id)],
  );
};
