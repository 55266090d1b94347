import { err, ok, type Result } from 'neverthrow';
import {
  resendInvitation,
  revokeInvitation,
  type AffiliateInvitation,
  type DomainError,
} from '../../domain/index.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { Clock } from '../ports/clock.js';
import type { InvitationFilter, InvitationRepository } from '../ports/invitation-repository.js';
import type { Mailer } from '../ports/mailer.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { invitationMessage } from './invite-affiliate.js';
import type { TrackingLinks } from './tracking-links.js';

/**
 * The merchant's invitations after they are sent (`/affiliates/invitations`): list them, revoke one,
 * send one again. Every move goes through the invitation machine (domain/affiliate/invitation.ts).
 */
export class ManageInvitations {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly invitations: InvitationRepository,
    private readonly merchants: MerchantRepository,
    private readonly campaigns: CampaignRepository,
    private readonly mailer: Mailer,
    private readonly links: TrackingLinks,
    private readonly clock: Clock,
  ) {}

  list(tenant: Tenant, filter: InvitationFilter, page: PageRequest): Promise<Page<AffiliateInvitation>> {
    return this.invitations.list(tenant, filter, page);
  }

  /** pending → revoked: the link stops working, and the email may be invited again. */
  revoke(tenant: Tenant, id: string): Promise<Result<AffiliateInvitation, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const current = await this.invitations.findForUpdate(tenant, id);
      if (!current) return err(notFound('Invitation'));
      const change = revokeInvitation(current, this.clock.now());
      if (change.isErr()) return err(change.error);
      if (change.value.changed) await this.invitations.update(change.value.invitation);
      return ok(change.value.invitation);
    });
  }

  /** The same invitation emailed again (live keys), its link good for another `invitationExpiryDays`. */
  resend(tenant: Tenant, id: string): Promise<Result<AffiliateInvitation, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const current = await this.invitations.findForUpdate(tenant, id);
      if (!current) return err(notFound('Invitation'));
      const merchant = await this.merchants.findById(tenant.merchantId);
      const campaign = await this.campaigns.findById(tenant, current.campaignId);
      if (!merchant || !campaign) return err(notFound('Invitation'));
      const change = resendInvitation(current, this.clock.now(), merchant.invitationExpiryDays);
      if (change.isErr()) return err(change.error);
      const { invitation } = change.value;
      await this.invitations.update(invitation);
      // Test keys send no real email (spec, Authentication 4).
      if (tenant.mode === 'live') await this.mailer.send(invitationMessage(this.links, merchant, campaign, invitation));
      return ok(invitation);
    });
  }
}
