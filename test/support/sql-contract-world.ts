
import { ConversionPayoutQueue } from '../../application/payouts/conversion-payout-queue.js';
import { SqlAffiliateBanStore } from '../../adapters/persistence/repositories/sql-affiliate-ban-store.js';
import { SqlAffiliateRepository, SqlMembershipRepository } from '../../adapters/persistence/repositories/sql-affiliate-repository.js';
import { SqlAuditLog } from '../../adapters/persistence/repositories/sql-audit-log.js';
import { SqlPayoutPaymentRepository } from '../../adapters/persistence/repositories/sql-payout-payment-repository.js';
import { SqlPayoutSettingsRepository } from '../../adapters/persistence/repositories/sql-payout-settings-repository.js';
import { SqlCommissionAdjustments } from '../../adapters/persistence/repositories/sales/sql-commission-adjustments.js';
import { SqlPayoutQueries } from '../../adapters/persistence/repositories/sql-payout-queries.js';
import { SqlPayoutRepository } from '../../adapters/persistence/repositories/sql-payout-repository.js';
import { SqlCampaignRepository } from '../../adapters/persistence/repositories/sql-campaign-repository.js';
import { SqlConversionRepository } from '../../adapters/persistence/repositories/sql-conversion-repository.js';
import { SqlTeamAwardRepository } from '../../adapters/persistence/repositories/sql-team-award-repository.js';
import { SqlTeamGoalRepository } from '../../adapters/persistence/repositories/sql-team-goal-repository.js';
import { SqlTeamConversionFacts } from '../../adapters/persistence/repositories/sql-team-queries.js';
import { SqlTeamRepository } from '../../adapters/persistence/repositories/sql-team-repository.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { SqlRiskFlagStore } from '../../adapters/persistence/repositories/sql-risk-flag-store.js';
import { SqlRiskSettingsRepository } from '../../adapters/persistence/repositories/sql-risk-settings-repository.js';
import { SqlCouponRepository } from '../../adapters/persistence/repositories/sql-coupon-repository.js';
import { SqlRiskFacts } from '../../adapters/persistence/repositories/sql-risk-facts.js';
import { SqlProviderCustomers, SqlProviderPayments } from '../../adapters/persistence/repositories/sales/sql-provider-customers.js';
import type { AffiliateOptions, AffiliateRefs, ContractWorld, ProgramRefs } from '../contracts/contract-world.js';
import { createAffiliate } from './campaign-mother.js';
import { createMerchant, type TestMerchant } from './merchant-mother.js';
import { createCampaign } from './program-mother.js';
import type { TestService } from './test-service.js';

/**
 * The contract world over the real SQL adapters on a migrated PostgreSQL database: merchants,
 * campaigns and affiliates are made through the API (as a merchant would), and what the API cannot
 * set directly (a login account, a payout method, a membership's status) is written to the row.
 */
export const sqlContractWorld = (t: TestService): ContractWorld => {
  const c = t.service.container;
  const orm = c.resolve(TOKENS.Orm);
  const ids = c.resolve(TOKENS.Ids);
  const scope = c.resolve(TOKENS.RequestScope);
  const merchants = new Map<string, TestMerchant>();
  // Its own log, so the contract writes its grouped refusals when it says (its timer is stopped at once).
  const auditLog = new SqlAuditLog(orm);
  void auditLog.close();
  const merchantOf = (program: ProgramRefs) => merchants.get(program.merchantId) as TestMerchant;

  const affiliate = async (program: ProgramRefs, options: AffiliateOptions = {}): Promise<AffiliateRefs> => {
    const merchant = merchantOf(program);
    const key = (options.mode ?? 'live') === 'live' ? merchant.liveKey : merchant.testKey;
    const { id } = await createAffiliate(t, key, options.campaignId ?? program.campaignId, options.name === undefined ? {} : { name: options.name });
    if (options.headless !== undefined || options.payoutMethod !== undefined) {
      await t.sql(`update affiliates set headless = coalesce($2, headless), payout_method = $3 where id = $1`, [
        id,
        options.headless ?? null,
        options.payoutMethod ?? null,
      ]);
    }
    if (options.membership) await t.sql(`update affiliate_memberships set status = $2 where affiliate_id = $1`, [id, options.membership]);
    const [row] = await t.sql<{ name: string; email: string }>(`select name, email from affiliates where id = $1`, [id]);
    return { id, name: row!.name, email: row!.email };
  };

  return {
    uow: c.resolve(TOKENS.UnitOfWork),
    run: (work) => scope(work),
    ids,
    clock: c.resolve(TOKENS.Clock),
    conversions: new SqlConversionRepository(orm, ids),
    outbox: c.resolve(TOKENS.EventOutbox),
    merchants: c.resolve(TOKENS.MerchantRepository),
    campaigns: new SqlCampaignRepository(orm),
    payouts: new ConversionPayoutQueue(new SqlPayoutRepository(orm), ids),
    async queuedPayout(conversionId) {
      const [row] = await t.sql<{ amount: string }>(`select amount::text as amount from payouts where conversion_id = $1`, [conversionId]);
      return row?.amount ?? null;
    },
    async payoutWithProvider(conversionId) {
      await t.sql(`update payouts set status = 'processing', attempts = attempts + 1, next_check_at = now() where conversion_id = $1`, [conversionId]);
    },
    auditLog,
    writeAuditRefusals: () => auditLog.writeRefusals(true),
    payoutRows: new SqlPayoutRepository(orm),
    payoutPayments: new SqlPayoutPaymentRepository(orm),
    payoutSettings: new SqlPayoutSettingsRepository(orm),
    payoutAdjustments: new SqlCommissionAdjustments(orm),
    payoutProviders: c.resolve(TOKENS.PayoutProviders),
    manualPayments: new SqlPayoutQueries(orm),
    teams: new SqlTeamRepository(orm),
    goals: new SqlTeamGoalRepository(orm),
    awards: new SqlTeamAwardRepository(orm),
    facts: new SqlTeamConversionFacts(orm),
    riskSettings: new SqlRiskSettingsRepository(orm),
    riskFlags: new SqlRiskFlagStore(orm, ids),
    riskFacts: new SqlRiskFacts(orm),
    saleContexts: c.resolve(TOKENS.SaleContexts),
    coupons: new SqlCouponRepository(orm),
    providerCustomers: new SqlProviderCustomers(orm),
    providerPayments: new SqlProviderPayments(orm),
    affiliateLocks: new SqlAffiliateRepository(orm),
    membershipUpdates: new SqlMembershipRepository(orm),
    bans: new SqlAffiliateBanStore(orm),
    rows: {
      async membership(tenant, m) {
        await t.sql(
          `insert into affiliate_memberships (id, merchant_id, mode, campaign_id, affiliate_id, status, joined_at, decided_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $7, $7)`,
          [m.id, tenant.merchantId, tenant.mode, m.campaignId, m.affiliateId, m.status, m.joinedAt],
        );
      },
      async click(program, tenant, facts) {
        await t.sql(
          `insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, address_hash, landing_url, referrer, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            facts.id,
            tenant.merchantId,
            tenant.mode,
            program.campaignId,
            tenant.mode === 'live' ? program.liveAffiliateId : program.testAffiliateId,
            facts.visitorHash,
            facts.addressHash,
            facts.landingUrl,
            facts.referrer,
            facts.createdAt,
          ],
        );
      },
      async portalSession(s) {
        await t.sql(
          `insert into web_sessions (id_hash, subject_kind, subject_id, merchant_id, mode, csrf_token, created_at, expires_at, visitor_hash, address_hash)
           values ($1, 'affiliate', $2, $3, 'live', 'csrf', $4, $4::timestamptz + interval '1 day', $5, $6)`,
          [s.idHash, s.affiliateId, s.merchantId, s.createdAt, s.visitorHash, s.addressHash],
        );
      },
      async payoutDetails(tenant, affiliateId, details) {
        if (details.payoutEmail !== undefined) await t.sql(`update affiliates set payout_email = $2 where id = $1`, [affiliateId, details.payoutEmail]);
        if (details.connectedAccountId === null) {
          await t.sql(`delete from affiliate_connected_accounts where merchant_id = $1 and mode = $2 and affiliate_id = $3`, [tenant.merchantId, tenant.mode, affiliateId]);
        } else if (details.connectedAccountId !== undefined) {
          await t.sql(
            `insert into affiliate_connected_accounts (merchant_id, mode, affiliate_id, account_id, payouts_enabled, created_at, updated_at)
             values ($1, $2, $3, $4, true, now(), now())
             on conflict (merchant_id, mode, affiliate_id) do update set account_id = excluded.account_id, updated_at = now()`,
            [tenant.merchantId, tenant.mode, affiliateId, details.connectedAccountId],
          );
        }
      },
      async clawback(tenant, clawback) {
        await scope(() =>
          new SqlCommissionAdjustments(orm).insert({ id: ids.next(), ...tenant, ...clawback, refundedSale: clawback.amount.times(10), createdAt: new Date() }),
        );
      },
    },
    affiliate,
    async eventsOfType(type) {
      const rows = await t.sql<{ merchant_id: string; mode: 'live' | 'test'; payload: unknown }>(
        `select merchant_id, mode, payload from outbox_events where type = $1 order by occurred_at, id`,
        [type],
      );
      return rows.map((r) => ({ merchantId: r.merchant_id, mode: r.mode, payload: r.payload }));
    },
    async campaign(program, options = {}) {
      const fields = options.autoApproveDays ? { autoApproveCommissionsAfterDays: options.autoApproveDays } : {};
      return (await createCampaign(t, merchantOf(program), fields)).id;
    },
    async program() {
      const merchant = await createMerchant(t, 'scale');
      merchants.set(merchant.id, merchant);
      const campaignId = (await createCampaign(t, merchant)).id;
      const refs = {
        merchantId: merchant.id,
        live: { merchantId: merchant.id, mode: 'live' as const },
        test: { merchantId: merchant.id, mode: 'test' as const },
        campaignId,
        liveAffiliateId: '',
        testAffiliateId: '',
      };
      const live = await affiliate(refs);
      const test = await affiliate(refs, { mode: 'test' });
      return { ...refs, liveAffiliateId: live.id, testAffiliateId: test.id };
    },
  };
};
