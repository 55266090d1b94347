import type { Container, Resolver } from '../token.js';
import { RequestAudit } from '../../application/shared/request-audit.js';
import { single } from './single.js';
import { CreateAffiliate } from '../../application/affiliates/create-affiliate.js';
import { DecideMembership, } from '../../application/affiliates/decide-membership.js';
import { EditAffiliate } from '../../application/affiliates/edit-affiliate.js';
import { GetAffiliate } from '../../application/affiliates/get-affiliate.js';
import { InviteAffiliate } from '../../application/affiliates/invite-affiliate.js';
import { ManageInvitations } from '../../application/affiliates/manage-invitations.js';
import { ExpireInvitations } from '../../application/affiliates/expire-invitations.js';
import { ListAffiliates } from '../../application/affiliates/list-affiliates.js';
import { SavePayoutDetails } from '../../application/affiliates/save-payout-details.js';
import { SignUpAffiliate } from '../../application/affiliates/sign-up-affiliate.js';
import { TrackingLinks } from '../../application/affiliates/tracking-links.js';
import { CreateCampaign } from '../../application/campaigns/create-campaign.js';
import { GetCampaign } from '../../application/campaigns/get-campaign.js';
import { ListCampaigns } from '../../application/campaigns/list-campaigns.js';
import { UpdateCampaign } from '../../application/campaigns/update-campaign.js';
import { ExpireCampaigns } from '../../application/campaigns/expire-campaigns.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import { RecordClick } from '../../application/clicks/record-click.js';
import { LoadExchangeRates } from '../../application/exchange-rates/load-exchange-rates.js';
import { ReadExchangeRates } from '../../application/exchange-rates/read-exchange-rates.js';
import { RefreshExchangeRates } from '../../application/exchange-rates/refresh-exchange-rates.js';
import { HttpExchangeRateFeed } from '../../adapters/exchange-rates/http-exchange-rate-feed.js';
import { SqlExchangeRateFetchLog } from '../../adapters/persistence/repositories/sql-exchange-rate-fetch-log.js';
import type { HttpDependencies } from '../../adapters/http/app.js';
import { HmacClickTokens } from '../../adapters/clicks/hmac-click-tokens.js';
import { SaltedVisitorFingerprint } from '../../adapters/clicks/salted-visitor-fingerprint.js';
import { ClickLookup } from '../../application/clicks/click-lookup.js';
import { SqlAffiliateQueries } from '../../adapters/persistence/repositories/sql-affiliate-queries.js';
import {
  SqlAffiliateRepository,
  SqlMembershipRepository,
} from '../../adapters/persistence/repositories/sql-affiliate-repository.js';
import { SqlCampaignQueries } from '../../adapters/persistence/repositories/sql-campaign-queries.js';
import { SqlCampaignRepository } from '../../adapters/persistence/repositories/sql-campaign-repository.js';
import { SqlClickRepository } from '../../adapters/persistence/repositories/sql-click-repository.js';
import { PgBatchedClickWriter } from '../../adapters/persistence/pg-batched-click-writer.js';
import { CachedTrackingLinks } from '../../adapters/cache/cached-tracking-links.js';
import { SqlInvitationRepository } from '../../adapters/persistence/repositories/sql-invitation-repository.js';
import { SqlExchangeRates } from '../../adapters/persistence/repositories/sql-exchange-rates.js';
import type { ServiceConfig } from '../config.js';
import { TOKENS as T } from '../tokens.js';

/** The use cases that draw ids, built with `ids`: the service's generator, or the demo set-up's preset ids. */
export const createCampaignWith = (r: Resolver, ids: IdGenerator = r.resolve(T.Ids)) =>
  new CreateCampaign(r.resolve(T.UnitOfWork), r.resolve(T.CampaignRepository), ids, r.resolve(T.Clock));

export const createAffiliateWith = (r: Resolver, ids: IdGenerator = r.resolve(T.Ids)) =>
  new CreateAffiliate(
    r.resolve(T.UnitOfWork),
    r.resolve(T.MerchantRepository),
    r.resolve(T.CampaignRepository),
    r.resolve(T.AffiliateRepository),
    r.resolve(T.MembershipRepository),
    ids,
    r.resolve(T.Clock),
    r.resolve(T.TrackingLinks),
    r.resolve(T.AffiliateRisk),
  );

export const inviteAffiliateWith = (r: Resolver, ids: IdGenerator = r.resolve(T.Ids)) =>
  new InviteAffiliate(
    r.resolve(T.UnitOfWork),
    r.resolve(T.MerchantRepository),
    r.resolve(T.CampaignRepository),
    r.resolve(T.AffiliateRepository),
    r.resolve(T.MembershipRepository),
    r.resolve(T.InvitationRepository),
    r.resolve(T.Mailer),
    ids,
    r.resolve(T.Clock),
    r.resolve(T.TrackingLinks),
    r.resolve(T.AffiliateRisk),
  );

export const signUpAffiliateWith = (r: Resolver, ids: IdGenerator = r.resolve(T.Ids)) =>
  new SignUpAffiliate(
    r.resolve(T.UnitOfWork),
    r.resolve(T.MerchantRepository),
    r.resolve(T.CampaignRepository),
    r.resolve(T.AffiliateRepository),
    r.resolve(T.MembershipRepository),
    r.resolve(T.EventOutbox),
    ids,
    r.resolve(T.Clock),
    r.resolve(T.Notices),
    r.resolve(T.AffiliateRisk),
    r.resolve(T.AffiliateBanStore),
  );

/** Campaigns, affiliates and clicks: adapters and use cases: campaigns, affiliates, invitations, clicks and exchange rates. */
export const registerCampaignsAndAffiliates = (c: Container, config: ServiceConfig): void => {
  c.register(T.CampaignRepository, single((r) => new SqlCampaignRepository(r.resolve(T.Orm))));
  c.register(T.CampaignQueries, single((r) => new SqlCampaignQueries(r.resolve(T.Orm))));
  c.register(T.AffiliateRepository, single((r) => new SqlAffiliateRepository(r.resolve(T.Orm))));
  c.register(T.MembershipRepository, single((r) => new SqlMembershipRepository(r.resolve(T.Orm))));
  c.register(T.InvitationRepository, single((r) => new SqlInvitationRepository(r.resolve(T.Orm))));
  c.register(T.AffiliateQueries, single((r) => new SqlAffiliateQueries(r.resolve(T.Orm))));
  // Clicks written in batches; tracking links answered from memory like admitted keys (docs/decisions.md).
  c.register(T.ClickWriter, single((r) => {
    const config = r.resolve(T.Config);
    return new PgBatchedClickWriter(r.resolve(T.Orm), r.resolve(T.Logger), { intervalMs: config.batchIntervalMs, batchSize: 500, maxQueued: 100_000 });
  }));
  c.register(
    T.ClickRepository,
    single(
      (r) =>
        new CachedTrackingLinks(new SqlClickRepository(r.resolve(T.Orm), r.resolve(T.ClickWriter)), r.resolve(T.ChangeFeed), {
          ttlMs: r.resolve(T.Config).memoryCacheTtlMs,
          maxEntries: 10_000,
        }),
    ),
  );
  c.register(T.ExchangeRates, single((r) => new SqlExchangeRates(r.resolve(T.Orm))));
  c.register(T.VisitorFingerprint, single((r) => new SaltedVisitorFingerprint(r.resolve(T.Orm))));
  c.register(T.ClickTokens, single((r) => new HmacClickTokens(r.resolve(T.Orm))));
  c.register(T.ClickLookup, single((r) => new ClickLookup(r.resolve(T.ClickTokens), r.resolve(T.CampaignRepository), r.resolve(T.ProviderCustomers))));
  c.register(T.TrackingLinks, single((r) => new TrackingLinks(r.resolve(T.Config).publicBaseUrl)));

  c.register(T.CreateCampaign, single((r) => createCampaignWith(r)));
  c.register(
    T.ListCampaigns,
    single((r) => new ListCampaigns(r.resolve(T.CampaignQueries), r.resolve(T.ExchangeRates), r.resolve(T.Clock))),
  );
  c.register(T.GetCampaign, single((r) => new GetCampaign(r.resolve(T.CampaignQueries))));
  c.register(
    T.UpdateCampaign,
    single(
      (r) =>
        new UpdateCampaign(
          r.resolve(T.UnitOfWork),
          r.resolve(T.CampaignRepository),
          r.resolve(T.CampaignQueries),
          r.resolve(T.EventOutbox),
          r.resolve(T.Clock),
          new RequestAudit(r.resolve(T.AuditLog), r.resolve(T.Ids)),
        ),
    ),
  );
  c.register(T.ExpireCampaigns, single((r) => new ExpireCampaigns(r.resolve(T.UnitOfWork), r.resolve(T.CampaignRepository), r.resolve(T.EventOutbox))));
  c.register(T.Job, single((r) => r.resolve(T.ExpireCampaigns)));
  c.register(
    T.ManageInvitations,
    single(
      (r) =>
        new ManageInvitations(
          r.resolve(T.UnitOfWork),
          r.resolve(T.InvitationRepository),
          r.resolve(T.MerchantRepository),
          r.resolve(T.CampaignRepository),
          r.resolve(T.Mailer),
          r.resolve(T.TrackingLinks),
          r.resolve(T.Clock),
        ),
    ),
  );
  c.register(T.ExpireInvitations, single((r) => new ExpireInvitations(r.resolve(T.UnitOfWork), r.resolve(T.InvitationRepository), r.resolve(T.Notices))));
  c.register(T.Job, single((r) => r.resolve(T.ExpireInvitations)));
  c.register(T.CreateAffiliate, single((r) => createAffiliateWith(r)));
  c.register(T.InviteAffiliate, single((r) => inviteAffiliateWith(r)));
  c.register(
    T.ListAffiliates,
    single((r) => new ListAffiliates(r.resolve(T.AffiliateQueries), r.resolve(T.CampaignRepository), r.resolve(T.TrackingLinks))),
  );
  // Earnings show clawbacks of paid sales (the conversions module's adjustments).
  c.register(T.GetAffiliate, single((r) => new GetAffiliate(r.resolve(T.AffiliateQueries), r.resolve(T.CommissionAdjustments))));
  c.register(
    T.DecideMembership,
    single(
      (r) =>
        new DecideMembership(
          r.resolve(T.UnitOfWork),
          r.resolve(T.AffiliateRepository),
          r.resolve(T.MembershipRepository),
          r.resolve(T.AffiliateQueries),
          r.resolve(T.EventOutbox),
          r.resolve(T.Clock),
          r.resolve(T.TrackingLinks),
          new RequestAudit(r.resolve(T.AuditLog), r.resolve(T.Ids)),
          r.isRegistered(T.MembershipSuspendedHook, true) ? r.resolveAll(T.MembershipSuspendedHook) : [],
          r.resolve(T.AffiliateBanStore),
        ),
    ),
  );
  c.register(T.EditAffiliate, single((r) => new EditAffiliate(r.resolve(T.UnitOfWork), r.resolve(T.AffiliateRepository), r.resolve(T.Clock))));
  c.register(T.SignUpAffiliate, single((r) => signUpAffiliateWith(r)));
  c.register(
    T.SavePayoutDetails,
    single(
      (r) =>
        new SavePayoutDetails(
          r.resolve(T.UnitOfWork),
          r.resolve(T.AffiliateRepository),
          r.resolve(T.MerchantRepository),
          r.resolve(T.AffiliateQueries),
          r.resolve(T.EventOutbox),
          r.resolve(T.Clock),
          r.resolve(T.TrackingLinks),
          r.resolve(T.AffiliateRisk),
        ),
    ),
  );
  c.register(
    T.RecordClick,
    single((r) => new RecordClick(r.resolve(T.ClickRepository), r.resolve(T.VisitorFingerprint), r.resolve(T.Ids), r.resolve(T.Clock), r.resolve(T.ClickTokens), r.resolve(T.TrackingLinks))),
  );
  c.register(T.LoadExchangeRates, single((r) => new LoadExchangeRates(r.resolve(T.ExchangeRates))));
  c.register(T.ReadExchangeRates, single((r) => new ReadExchangeRates(r.resolve(T.ExchangeRates), r.resolve(T.Clock))));
  // The daily rates feed (EXCHANGE_RATES_URL); `off` leaves the rates to the operator alone.
  const feedUrl = config.exchangeRatesUrl;
  if (feedUrl !== null) {
    c.register(T.ExchangeRateFeed, single(() => new HttpExchangeRateFeed(feedUrl)));
    c.register(T.ExchangeRateFetchLog, single((r) => new SqlExchangeRateFetchLog(r.resolve(T.Orm))));
    c.register(
      T.RefreshExchangeRates,
      single((r) => new RefreshExchangeRates(r.resolve(T.ExchangeRateFeed), r.resolve(T.ExchangeRates), r.resolve(T.ExchangeRateFetchLog))),
    );
    c.register(T.Job, single((r) => r.resolve(T.RefreshExchangeRates)));
  }
};

/** The campaigns and affiliates part of the HTTP dependencies. */
export const campaignsAndAffiliatesHttp = (
  c: Container,
): Pick<HttpDependencies, 'campaigns' | 'affiliates' | 'recordClick' | 'affiliateAdmin'> => ({
  campaigns: {
    listCampaigns: c.resolve(T.ListCampaigns),
    createCampaign: c.resolve(T.CreateCampaign),
    getCampaign: c.resolve(T.GetCampaign),
    updateCampaign: c.resolve(T.UpdateCampaign),
  },
  affiliates: {
    listAffiliates: c.resolve(T.ListAffiliates),
    getAffiliate: c.resolve(T.GetAffiliate),
    createAffiliate: c.resolve(T.CreateAffiliate),
    inviteAffiliate: c.resolve(T.InviteAffiliate),
    decideMembership: c.resolve(T.DecideMembership),
    editAffiliate: c.resolve(T.EditAffiliate),
    riskFlags: c.resolve(T.RiskFlagStore),
  },
  recordClick: c.resolve(T.RecordClick),
  affiliateAdmin: {
    signUpAffiliate: c.resolve(T.SignUpAffiliate),
    savePayoutDetails: c.resolve(T.SavePayoutDetails),
    loadExchangeRates: c.resolve(T.LoadExchangeRates),
    readExchangeRates: c.resolve(T.ReadExchangeRates),
  },
});
