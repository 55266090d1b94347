import { err, ok, type Result } from 'neverthrow';
import {
  checkAffiliateLimit,
  domainError,
  expireInvitation,
  inviteAffiliate,
  type AffiliateInvitation,
  type Campaign,
  type DomainError,
  type Merchant,
} from '../../domain/index.js';
import type { AffiliateRepository, MembershipRepository } from '../ports/affiliate-repository.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { InvitationRepository } from '../ports/invitation-repository.js';
import { invitationMail } from '../mail/templates/index.js';
import type { MailMessage, Mailer } from '../ports/mailer.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import type { TrackingLinks } from './tracking-links.js';
import type { AffiliateRiskCheck } from '../risk/affiliate-risk.js';

export interface InviteAffiliateInput {
  readonly tenant: Tenant;
  readonly email: string;
  readonly name?: string | undefined;
  readonly campaignId: string;
}

const duplicate = (message: string): DomainError =>
  domainError('duplicate', message, [{ field: 'email', message }]);

/**
 * `POST /affiliates/invite`: records a pending invitation and emails it (live keys only; test keys
 * send nothing). The plan's affiliate limit applies: no invitation when no affiliate could be added.
 */
export class InviteAffiliate {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly campaigns: CampaignRepository,
    private readonly affiliates: AffiliateRepository,
    private readonly memberships: MembershipRepository,
    private readonly invitations: InvitationRepository,
    private readonly mailer: Mailer,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly links: TrackingLinks,
    /**
     * Risk signals for an invitee who is already the merchant's affiliate; a new person is checked when
     * the invitation is accepted (sign-up), once it is an affiliate the flags can be kept on.
     */
    private readonly risk?: AffiliateRiskCheck,
  ) {}

  execute(input: InviteAffiliateInput): Promise<Result<AffiliateInvitation, DomainError>> {
    const { tenant } = input;
    return transactionalResult(this.uow, async () => {
      const merchant = await this.merchants.findByIdForUpdate(tenant.merchantId);
      if (!merchant) return err(notFound('Merchant'));
      const built = inviteAffiliate({
        id: this.ids.next(),
        merchantId: tenant.merchantId,
        mode: tenant.mode,
        campaignId: input.campaignId,
        email: input.email,
        name: input.name,
        expiryDays: merchant.invitationExpiryDays,
        now: this.clock.now(),
      });
      if (built.isErr()) return err(built.error);
      const invitation = built.value;
      const campaign = await this.campaigns.findById(tenant, input.campaignId);
      if (!campaign) return err(notFound('Campaign'));
      const existing = await this.affiliates.findByEmail(tenant, invitation.email);
      if (existing && (await this.memberships.find(tenant, existing.id, campaign.id))) {
        return err(duplicate('This email already belongs to an affiliate of the campaign'));
      }
      const room = checkAffiliateLimit(merchant.affiliateLimit, await this.affiliates.countTowardsLimit(tenant));
      if (room.isErr()) return err(room.error);
      // One past its time that the expiry job has not reached yet is expired now, so it does not block a new one.
      const stale = await this.invitations.findPendingForUpdate(tenant, campaign.id, invitation.email);
      const expired = stale ? expireInvitation(stale, invitation.createdAt) : null;
      if (expired?.changed) await this.invitations.update(expired.invitation);
      if ((await this.invitations.insert(invitation)) === 'duplicate') {
        return err(duplicate('This email already has a pending invitation to the campaign; resend it, or revoke it first'));
      }
      // Test keys send no real email (spec, Authentication 4).
      if (tenant.mode === 'live') await this.mailer.send(invitationMessage(this.links, merchant, campaign, invitation));
      if (existing) await this.risk?.check(tenant, existing, invitation.createdAt);
      return ok(invitation);
    });
  }
}

/** The invitation email (sent on invite and on each resend), with the link to accept it in the portal. */
export const invitationMessage = (links: TrackingLinks, merchant: Merchant, campaign: Campaign, invitation: AffiliateInvitation): MailMessage =>
  invitationMail({
    merchantId: merchant.id,
    businessName: merchant.businessName,
    campaignName: campaign.name,
    to: invitation.email,
    recipientName: invitation.name,
    acceptLink: invitationAcceptLink(links.portalBase(merchant), invitation.id),
  });

/** The portal page where an invitation is accepted (adapters/portal serves it). */
export const invitationAcceptLink = (portalBase: string, invitationId: string): string => `${portalBase}/invitations/${invitationId}`;
