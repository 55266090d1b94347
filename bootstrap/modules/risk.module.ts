import type { DependencyContainer } from 'tsyringe';
import { SqlRiskFacts } from '../../adapters/persistence/repositories/sql-risk-facts.js';
import { SqlRiskFlagStore } from '../../adapters/persistence/repositories/sql-risk-flag-store.js';
import { SqlRiskSettingsRepository } from '../../adapters/persistence/repositories/sql-risk-settings-repository.js';
import { MailcheckerDisposableDomains } from '../../adapters/risk/mailchecker-disposable-domains.js';
import { AffiliateRisk } from '../../application/risk/affiliate-risk.js';
import { RiskRules } from '../../application/risk/risk-rules.js';
import { SaleRisk } from '../../application/risk/sale-risk.js';
import type { SaleRiskGate } from '../../application/risk/sale-risk-gate.js';
import { SqlAffiliateBanStore } from '../../adapters/persistence/repositories/sql-affiliate-ban-store.js';
import { BanAffiliate, UnbanAffiliate, type BanDependencies } from '../../application/affiliates/ban-affiliate.js';
import type { MembershipSuspendedHook } from '../../application/affiliates/decide-membership.js';
import { conversionChangeHooks } from './conversions.module.js';
import { SqlRiskReviewQueries } from '../../adapters/persistence/repositories/sql-risk-review-queries.js';
import { ListRiskReviews } from '../../application/risk/list-risk-reviews.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** Risk: the merchant's rules, what signals read, the flags they leave, and the maintained disposable-mail list. */
export const registerRisk = (c: DependencyContainer): void => {
  c.register(T.RiskSettingsRepository, single((r) => new SqlRiskSettingsRepository(r.resolve(T.Orm))));
  c.register(T.RiskFacts, single((r) => new SqlRiskFacts(r.resolve(T.Orm))));
  c.register(T.RiskFlagStore, single((r) => new SqlRiskFlagStore(r.resolve(T.Orm), r.resolve(T.Ids))));
  c.register(T.DisposableEmailDomains, single(() => new MailcheckerDisposableDomains()));
  c.register(
    T.SaleRiskGate,
    single((r): SaleRiskGate => ({
      settings: r.resolve(T.RiskSettingsRepository),
      assess: new SaleRisk(r.resolve(T.RiskFacts), r.resolve(T.DisposableEmailDomains)),
      flags: r.resolve(T.RiskFlagStore),
    })),
  );
  c.register(
    T.AffiliateRisk,
    single(
      (r) =>
        new AffiliateRisk(r.resolve(T.RiskSettingsRepository), r.resolve(T.RiskFacts), r.resolve(T.DisposableEmailDomains), r.resolve(T.RiskFlagStore), r.resolve(T.EventOutbox)),
    ),
  );
  c.register(T.RiskRules, single((r) => new RiskRules(r.resolve(T.UnitOfWork), r.resolve(T.RiskSettingsRepository), r.resolve(T.Clock))));
  c.register(T.AffiliateBanStore, single((r) => new SqlAffiliateBanStore(r.resolve(T.Orm))));
  const banDependencies = (r: DependencyContainer): BanDependencies => ({
    uow: r.resolve(T.UnitOfWork),
    affiliates: r.resolve(T.AffiliateRepository),
    memberships: r.resolve(T.MembershipRepository),
    bans: r.resolve(T.AffiliateBanStore),
    merchants: r.resolve(T.MerchantRepository),
    sinks: r.resolve(T.ConversionChangeSinks),
    clock: r.resolve(T.Clock),
    conversionHooks: conversionChangeHooks(r),
    suspensionHooks: r.isRegistered(T.MembershipSuspendedHook, true) ? r.resolveAll<MembershipSuspendedHook>(T.MembershipSuspendedHook) : [],
  });
  c.register(T.ListRiskReviews, single((r) => new ListRiskReviews(new SqlRiskReviewQueries(r.resolve(T.Orm)), r.resolve(T.RiskFlagStore), r.resolve(T.AffiliateBanStore))));
  c.register(T.BanAffiliate, single((r) => new BanAffiliate(banDependencies(r))));
  c.register(T.UnbanAffiliate, single((r) => new UnbanAffiliate(banDependencies(r))));
};

/** What the risk routes need. */
export const riskHttp = (c: DependencyContainer) => ({
  risk: { rules: c.resolve<RiskRules>(T.RiskRules), flags: c.resolve<SaleRiskGate>(T.SaleRiskGate).flags, reviews: c.resolve<ListRiskReviews>(T.ListRiskReviews) },
  affiliateBans: { ban: c.resolve<BanAffiliate>(T.BanAffiliate), unban: c.resolve<UnbanAffiliate>(T.UnbanAffiliate) },
});
