import { err, ok, type Result } from 'neverthrow';
import { acceptInvitation, isOpen, type DomainError, type MembershipStatus } from '../../domain/index.js';
import type { SignUpAffiliate } from '../affiliates/sign-up-affiliate.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { Clock } from '../ports/clock.js';
import type { InvitationRepository } from '../ports/invitation-repository.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { PortalQueries } from '../ports/portal-queries.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import { transactionalResult } from '../shared/transactional-result.js';
import type { SignInThrottle } from '../web-sessions/sign-in-throttle.js';
import { portalAccount, rateLimited, type SignInLinkSender } from './sign-in-links.js';

export interface JoinOutcome {
  readonly affiliateId: string;
  readonly campaignName: string;
  readonly status: MembershipStatus;
  /** false when the affiliate was already on the campaign (nothing changed). */
  readonly joined: boolean;
}

/** Emails the affiliate a sign-in link to the merchant's portal, in the joining transaction. */
const sendSignInLink = async (
  merchants: MerchantRepository,
  affiliates: AffiliateRepository,
  sender: SignInLinkSender,
  merchantId: string,
  affiliateId: string,
): Promise<void> => {
  const merchant = await merchants.findById(merchantId);
  const affiliate = await affiliates.findById({ merchantId, mode: 'live' }, affiliateId);
  if (merchant && affiliate && !affiliate.headless) await sender.send(merchant, affiliate);
};

export interface JoinPublicCampaignInput {
  readonly merchantId: string;
  readonly trackingCode: string;
  readonly email: string;
  readonly name?: string | undefined;
  readonly address: string | null;
}

/**
 * The portal's join form on a public campaign: the operator's sign-up use case (membership `pending`,
 * or `approved` when the campaign auto-approves affiliates, with `affiliate.joined`), then a sign-in
 * link by email. Only live, active, `isPublic` campaigns take joins; throttled like sign-in.
 */
export class JoinPublicCampaign {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly throttle: SignInThrottle,
    private readonly queries: PortalQueries,
    private readonly signUp: SignUpAffiliate,
    private readonly merchants: MerchantRepository,
    private readonly affiliates: AffiliateRepository,
    private readonly sender: SignInLinkSender,
  ) {}

  async execute(input: JoinPublicCampaignInput): Promise<Result<JoinOutcome, DomainError>> {
    const verdict = await this.throttle.attempt('portal-join', input.address, portalAccount(input.merchantId, input.email));
    if (!verdict.allowed) return err(rateLimited(verdict.retryAfterSeconds));
    return transactionalResult(this.uow, async () => {
      const campaign = await this.queries.publicCampaign(input.merchantId, input.trackingCode);
      if (!campaign) return err(notFound('Campaign'));
      const joined = await this.signUp.execute({
        merchantId: input.merchantId,
        campaignId: campaign.id,
        email: input.email,
        name: input.name,
        mode: 'live',
      });
      if (joined.isErr()) return err(joined.error);
      await sendSignInLink(this.merchants, this.affiliates, this.sender, input.merchantId, joined.value.affiliateId);
      return ok({ affiliateId: joined.value.affiliateId, campaignName: campaign.name, status: joined.value.status, joined: joined.value.joined });
    });
  }
}

export interface InvitationView {
  readonly id: string;
  readonly email: string;
  readonly campaignName: string;
  readonly status: string;
}

/**
 * The portal's accept link: the invitation moves pending → accepted and its email joins the invited
 * campaign through the sign-up use case, approved at once (the merchant chose them) with
 * `affiliate.joined`; a sign-in link follows by email. Accepting does not sign the browser in: the
 * invitation's id is known to the merchant too, and only the mailbox's owner may get a session.
 */
export class AcceptInvitation {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly invitations: InvitationRepository,
    private readonly campaigns: CampaignRepository,
    private readonly signUp: SignUpAffiliate,
    private readonly merchants: MerchantRepository,
    private readonly affiliates: AffiliateRepository,
    private readonly sender: SignInLinkSender,
    private readonly clock: Clock,
  ) {}

  /** The invitation as its accept page shows it (live, of this merchant), or not found. */
  view(merchantId: string, invitationId: string): Promise<Result<InvitationView, DomainError>> {
    return this.uow.transaction(async () => {
      const invitation = await this.invitations.findForUpdate({ merchantId, mode: 'live' }, invitationId);
      if (!invitation) return err(notFound('Invitation'));
      const campaign = await this.campaigns.findById({ merchantId, mode: 'live' }, invitation.campaignId);
      if (!campaign) return err(notFound('Invitation'));
      const status = invitation.status === 'pending' && !isOpen(invitation, this.clock.now()) ? 'expired' : invitation.status;
      return ok({ id: invitation.id, email: invitation.email, campaignName: campaign.name, status });
    });
  }

  execute(merchantId: string, invitationId: string): Promise<Result<JoinOutcome, DomainError>> {
    return transactionalResult(this.uow, async () => {
      // Live only: test-mode invitations are never mailed, so nobody holds their link.
      const invitation = await this.invitations.findForUpdate({ merchantId, mode: 'live' }, invitationId);
      if (!invitation) return err(notFound('Invitation'));
      const accepted = acceptInvitation(invitation, this.clock.now());
      if (accepted.isErr()) return err(accepted.error);
      await this.invitations.update(accepted.value.invitation);
      const campaign = await this.campaigns.findById({ merchantId, mode: 'live' }, invitation.campaignId);
      if (!campaign) return err(notFound('Invitation'));
      const joined = await this.signUp.execute({
        merchantId,
        campaignId: invitation.campaignId,
        email: invitation.email,
        name: invitation.name ?? undefined,
        mode: 'live',
        invited: true,
      });
      if (joined.isErr()) return err(joined.error);
      await sendSignInLink(this.merchants, this.affiliates, this.sender, merchantId, joined.value.affiliateId);
      return ok({ affiliateId: joined.value.affiliateId, campaignName: campaign.name, status: joined.value.status, joined: joined.value.joined });
    });
  }
}
