import type { DependencyContainer } from 'tsyringe';
import { AffiliatePortal } from '../../application/portal/affiliate-portal.js';
import { AcceptInvitation, JoinPublicCampaign } from '../../application/portal/join-campaign.js';
import { RequestSignInLink, SignInLinkSender, SignInWithLink } from '../../application/portal/sign-in-links.js';
import { PAYOUT_TOKENS } from './payouts.module.js';
import type { PortalDependencies } from '../../adapters/portal/portal-mount.js';
import { SqlPortalQueries } from '../../adapters/persistence/repositories/sql-portal-queries.js';
import type { ServiceConfig } from '../config.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';
import { TEAM_TOKENS } from './teams.module.js';

/** The affiliate portal: its reads, joining, invitations and passwordless sign-in. */
export const PORTAL_TOKENS = {
  PortalQueries: Symbol('PortalQueries'),
  AffiliatePortal: Symbol('AffiliatePortal'),
  SignInLinkSender: Symbol('SignInLinkSender'),
  RequestSignInLink: Symbol('RequestSignInLink'),
  SignInWithLink: Symbol('SignInWithLink'),
  JoinPublicCampaign: Symbol('JoinPublicCampaign'),
  AcceptInvitation: Symbol('AcceptInvitation'),
} as const;
const P = PORTAL_TOKENS;

export const registerPortal = (c: DependencyContainer): void => {
  c.register(P.PortalQueries, single((r) => new SqlPortalQueries(r.resolve(T.Orm))));
  c.register(
    P.AffiliatePortal,
    single(
      (r) =>
        new AffiliatePortal(
          r.resolve(P.PortalQueries),
          r.resolve(T.AffiliateRepository),
          r.resolve(T.MerchantRepository),
          r.resolve(T.TrackingLinks),
          r.resolve(TEAM_TOKENS.TeamReads),
          r.resolve(T.Clock),
        ),
    ),
  );
  c.register(P.SignInLinkSender, single((r) => new SignInLinkSender(r.resolve(T.LinkTokens), r.resolve(T.Mailer), r.resolve(T.TrackingLinks))));
  c.register(
    P.RequestSignInLink,
    single(
      (r) =>
        new RequestSignInLink(
          r.resolve(T.UnitOfWork),
          r.resolve(T.SignInThrottle),
          r.resolve(T.MerchantRepository),
          r.resolve(T.AffiliateRepository),
          r.resolve(T.MembershipRepository),
          r.resolve(P.SignInLinkSender),
        ),
    ),
  );
  c.register(P.SignInWithLink, single((r) => new SignInWithLink(r.resolve(T.UnitOfWork), r.resolve(T.LinkTokens))));
  c.register(
    P.JoinPublicCampaign,
    single(
      (r) =>
        new JoinPublicCampaign(
          r.resolve(T.UnitOfWork),
          r.resolve(T.SignInThrottle),
          r.resolve(P.PortalQueries),
          r.resolve(T.SignUpAffiliate),
          r.resolve(T.MerchantRepository),
          r.resolve(T.AffiliateRepository),
          r.resolve(P.SignInLinkSender),
        ),
    ),
  );
  c.register(
    P.AcceptInvitation,
    single(
      (r) =>
        new AcceptInvitation(
          r.resolve(T.UnitOfWork),
          r.resolve(T.InvitationRepository),
          r.resolve(T.CampaignRepository),
          r.resolve(T.SignUpAffiliate),
          r.resolve(T.MerchantRepository),
          r.resolve(T.AffiliateRepository),
          r.resolve(P.SignInLinkSender),
          r.resolve(T.Clock),
        ),
    ),
  );
};

export const portalHttp = (c: DependencyContainer): PortalDependencies => ({
  portal: c.resolve(P.AffiliatePortal),
  joinPublicCampaign: c.resolve(P.JoinPublicCampaign),
  acceptInvitation: c.resolve(P.AcceptInvitation),
  requestSignInLink: c.resolve(P.RequestSignInLink),
  signInWithLink: c.resolve(P.SignInWithLink),
  sessions: c.resolve(T.WebSessions),
  savePayoutDetails: c.resolve(T.SavePayoutDetails),
  connectOnboarding: c.resolve(PAYOUT_TOKENS.ConnectOnboarding),
  links: c.resolve(T.TrackingLinks),
  merchants: c.resolve(T.MerchantRepository),
  queries: c.resolve(P.PortalQueries),
  publicHost: new URL(c.resolve<ServiceConfig>(T.Config).publicBaseUrl).hostname.toLowerCase(),
  logger: c.resolve(T.Logger),
  auditLog: c.resolve(T.AuditLog),
  ids: c.resolve(T.Ids),
  clock: c.resolve(T.Clock),
});
