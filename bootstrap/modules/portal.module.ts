import type { Container } from '../token.js';
import { AffiliatePortal } from '../../application/portal/affiliate-portal.js';
import { AcceptInvitation, JoinPublicCampaign } from '../../application/portal/join-campaign.js';
import { RequestSignInLink, SignInLinkSender, SignInWithLink } from '../../application/portal/sign-in-links.js';
import type { PortalDependencies } from '../../adapters/portal/portal-mount.js';
import { SqlPortalQueries } from '../../adapters/persistence/repositories/sql-portal-queries.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** The affiliate portal: its reads, joining, invitations and passwordless sign-in. */
export const registerPortal = (c: Container): void => {
  c.register(T.PortalQueries, single((r) => new SqlPortalQueries(r.resolve(T.Orm))));
  c.register(
    T.AffiliatePortal,
    single(
      (r) =>
        new AffiliatePortal(
          r.resolve(T.PortalQueries),
          r.resolve(T.AffiliateRepository),
          r.resolve(T.MerchantRepository),
          r.resolve(T.TrackingLinks),
          r.resolve(T.TeamReads),
          r.resolve(T.Clock),
        ),
    ),
  );
  c.register(T.SignInLinkSender, single((r) => new SignInLinkSender(r.resolve(T.LinkTokens), r.resolve(T.Mailer), r.resolve(T.TrackingLinks))));
  c.register(
    T.RequestSignInLink,
    single(
      (r) =>
        new RequestSignInLink(
          r.resolve(T.UnitOfWork),
          r.resolve(T.SignInThrottle),
          r.resolve(T.MerchantRepository),
          r.resolve(T.AffiliateRepository),
          r.resolve(T.SignInLinkSender),
        ),
    ),
  );
  c.register(T.SignInWithLink, single((r) => new SignInWithLink(r.resolve(T.UnitOfWork), r.resolve(T.LinkTokens))));
  c.register(
    T.JoinPublicCampaign,
    single(
      (r) =>
        new JoinPublicCampaign(
          r.resolve(T.UnitOfWork),
          r.resolve(T.SignInThrottle),
          r.resolve(T.PortalQueries),
          r.resolve(T.SignUpAffiliate),
          r.resolve(T.MerchantRepository),
          r.resolve(T.AffiliateRepository),
          r.resolve(T.SignInLinkSender),
        ),
    ),
  );
  c.register(
    T.AcceptInvitation,
    single(
      (r) =>
        new AcceptInvitation(
          r.resolve(T.UnitOfWork),
          r.resolve(T.InvitationRepository),
          r.resolve(T.CampaignRepository),
          r.resolve(T.SignUpAffiliate),
          r.resolve(T.MerchantRepository),
          r.resolve(T.AffiliateRepository),
          r.resolve(T.SignInLinkSender),
          r.resolve(T.Clock),
        ),
    ),
  );
};

export const portalHttp = (c: Container): PortalDependencies => ({
  portal: c.resolve(T.AffiliatePortal),
  joinPublicCampaign: c.resolve(T.JoinPublicCampaign),
  acceptInvitation: c.resolve(T.AcceptInvitation),
  requestSignInLink: c.resolve(T.RequestSignInLink),
  signInWithLink: c.resolve(T.SignInWithLink),
  sessions: c.resolve(T.WebSessions),
  savePayoutDetails: c.resolve(T.SavePayoutDetails),
  saveTaxDetails: c.resolve(T.SaveTaxDetails),
  personalData: c.resolve(T.PersonalDataRequests),
  taxDetailsReads: c.resolve(T.TaxDetailsReads),
  taxDetailsGate: c.resolve(T.TaxDetailsGate),
  invoiceReads: c.resolve(T.InvoiceReads),
  connectOnboarding: c.resolve(T.ConnectOnboarding),
  links: c.resolve(T.TrackingLinks),
  merchants: c.resolve(T.MerchantRepository),
  branding: c.resolve(T.MerchantSettingsRepository),
  queries: c.resolve(T.PortalQueries),
  publicHost: new URL(c.resolve(T.Config).publicBaseUrl).hostname.toLowerCase(),
  logger: c.resolve(T.Logger),
  auditLog: c.resolve(T.AuditLog),
  ids: c.resolve(T.Ids),
  clock: c.resolve(T.Clock),
  rateLimiter: c.resolve(T.RateLimiter),
  publicLimits: c.resolve(T.Config).publicLimits,
});
