import { DEFAULT_ATTRIBUTION_WINDOW_DAYS, type CurrencyCode } from '../../domain/index.js';
import { InMemoryAuditLog } from '../fakes/in-memory-audit-log.js';
import { FakePayoutProviders } from '../fakes/fake-payout-providers.js';
import { InMemoryManualPaymentQueries } from '../fakes/in-memory-manual-payment-queries.js';
import { InMemoryPayoutAdjustments } from '../fakes/in-memory-payout-adjustments.js';
import { InMemoryPayoutPayments } from '../fakes/in-memory-payout-payments.js';
import { InMemoryPayoutRepository } from '../fakes/in-memory-payout-repository.js';
import { InMemoryPayoutSettings } from '../fakes/in-memory-payout-settings.js';
import { InMemoryCouponRepository } from '../fakes/in-memory-coupon-repository.js';
import { InMemoryProviderCustomers, InMemoryProviderPayments } from '../fakes/in-memory-provider-sales.js';
import { inMemoryWorld } from '../fakes/in-memory-world.js';
import { InMemoryRiskFacts, InMemoryRiskSettings } from '../fakes/in-memory-risk.js';
import { aCampaign, aMembership, anAffiliate } from '../mothers/sale-context.mother.js';
import type { AffiliateOptions, AffiliateRefs, ContractWorld, ProgramRefs } from './contract-world.js';

/** The contract world over the in-memory fakes: rows the API would create are seeded directly. */
export const inMemoryContractWorld = (): ContractWorld => {
  const world = inMemoryWorld();
  let n = 0;
  const next = () => world.ids.next();
  const riskFacts = new InMemoryRiskFacts({ conversions: world.conversions, programs: world.programs });
  const riskSettings = new InMemoryRiskSettings();
  // The sale look-up reads the same rules and clicks the risk ports under contract keep.
  world.saleContexts.riskSettings = riskSettings;
  world.saleContexts.clickFacts = riskFacts;
  const providerCustomers = new InMemoryProviderCustomers();
  const auditLog = new InMemoryAuditLog(world.transactions);
  const payoutSettings = new InMemoryPayoutSettings(world.transactions);
  const payoutPayments = new InMemoryPayoutPayments(world.transactions);
  const payoutAdjustments = new InMemoryPayoutAdjustments(world.transactions, payoutPayments);
  const payoutRows = new InMemoryPayoutRepository(world.transactions, {
    conversions: world.conversions,
    programs: world.programs,
    merchants: world.merchants,
    settings: payoutSettings,
  });

  const campaign: ContractWorld['campaign'] = async (program, options = {}) => {
    const id = next();
    world.programs.addCampaign({ id, merchantId: program.merchantId, autoApproveDays: options.autoApproveDays ?? null });
    // The whole row too, as the API writes it, for the ports that read campaigns.
    await world.campaigns.insert(aCampaign(id, program.merchantId, { autoApproveCommissionsAfterDays: options.autoApproveDays ?? null }));
    return id;
  };

  const affiliate = async (program: ProgramRefs, options: AffiliateOptions = {}): Promise<AffiliateRefs> => {
    n += 1;
    const mode = options.mode ?? 'live';
    // A whole row, as `POST /affiliates` writes it with the tenant's key: the affiliate and its membership.
    const profile = world.programs.addAffiliate(
      anAffiliate(next(), program.merchantId, {
        name: options.name ?? `Affiliate ${n}`,
        email: `affiliate-${n}@example.com`,
        isTest: mode === 'test',
        headless: options.headless ?? true,
        payoutMethod: options.payoutMethod ?? null,
      }),
    );
    world.programs.addMembership(
      aMembership(next(), { merchantId: program.merchantId, mode, campaignId: options.campaignId ?? program.campaignId, affiliateId: profile.id }, { status: options.membership ?? 'approved' }),
    );
    return { id: profile.id, name: profile.name, email: profile.email };
  };

  return {
    uow: world.uow,
    run: (work) => work(),
    ids: world.ids,
    clock: world.clock,
    conversions: world.conversions,
    outbox: world.outbox,
    merchants: world.merchants,
    campaigns: world.campaigns,
    payouts: world.payouts,
    async queuedPayout(conversionId) {
      return world.payouts.queued(conversionId)?.amount ?? null;
    },
    async payoutWithProvider(conversionId) {
      world.payouts.markInProgress(conversionId);
    },
    auditLog,
    writeAuditRefusals: () => auditLog.writeRefusals(),
    payoutRows,
    payoutPayments,
    payoutSettings,
    payoutAdjustments,
    payoutProviders: new FakePayoutProviders(),
    manualPayments: new InMemoryManualPaymentQueries({ payouts: payoutRows, programs: world.programs, awards: world.awards }),
    teams: world.teams,
    goals: world.goals,
    awards: world.awards,
    facts: world.facts,
    riskSettings,
    saleContexts: world.saleContexts,
    riskFlags: world.riskFlags,
    riskFacts,
    coupons: new InMemoryCouponRepository(world.transactions),
    providerCustomers,
    providerPayments: new InMemoryProviderPayments(world.conversions),
    affiliateLocks: world.affiliateLocks,
    membershipUpdates: world.membershipUpdates,
    bans: world.bans,
    rows: {
      async membership(tenant, m) {
        const { id, status, joinedAt, ...link } = m;
        world.programs.addMembership(aMembership(id, { ...tenant, ...link }, { status, joinedAt, decidedAt: joinedAt, updatedAt: joinedAt }));
      },
      async click(program, tenant, facts) {
        riskFacts.recordClick(tenant, facts);
        // The contract world's campaigns keep the default attribution window.
        providerCustomers.recordClick({
          id: facts.id,
          ...tenant,
          campaignId: program.campaignId,
          affiliateId: tenant.mode === 'live' ? program.liveAffiliateId : program.testAffiliateId,
          createdAt: facts.createdAt,
          attributionWindowDays: DEFAULT_ATTRIBUTION_WINDOW_DAYS,
        });
      },
      async portalSession(session) {
        riskFacts.recordPortalSession(session);
      },
      async payoutDetails(tenant, affiliateId, details) {
        riskFacts.setPayoutDetails(tenant, affiliateId, details);
        payoutRows.setDetails(tenant, affiliateId, details);
      },
      async clawback(tenant, clawback) {
        payoutAdjustments.addClawback({ id: next(), ...tenant, ...clawback });
      },
    },
    campaign,
    affiliate,
    async eventsOfType(type) {
      return world.outbox.ofType(type).map((e) => ({ merchantId: e.merchantId, mode: e.mode, payload: e.payload }));
    },
    async program() {
      const merchantId = next();
      // The merchant's row, as signing up writes it (Scale, the program's plan in the SQL world).
      const created = new Date('2026-11-01T00:00:00.000Z');
      await world.merchants.insert({
        id: merchantId,
        businessName: `Merchant ${merchantId.slice(-4)}`,
        email: `merchant-${merchantId}@example.com`,
        plan: 'scale',
        customDomain: null,
        websiteUrl: null,
        automaticPayouts: true,
        monthlyEarningsCap: null,
        reportingCurrency: 'usd' as CurrencyCode,
        affiliateLimit: null,
        payoutHoldingDays: 30,
        invitationExpiryDays: 14,
        createdAt: created,
        updatedAt: created,
      });
      const base = { merchantId, live: { merchantId, mode: 'live' as const }, test: { merchantId, mode: 'test' as const } };
      const campaignId = await campaign({ ...base, campaignId: '', liveAffiliateId: '', testAffiliateId: '' });
      const refs = { ...base, campaignId, liveAffiliateId: '', testAffiliateId: '' };
      const live = await affiliate(refs);
      const test = await affiliate(refs, { mode: 'test' });
      return { ...refs, liveAffiliateId: live.id, testAffiliateId: test.id };
    },
  };
};
