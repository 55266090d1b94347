import { err, ok, type Result } from 'neverthrow';
import { moveMembership, type Membership } from '../../domain/affiliate/membership.js';
import { checkNotBanned, type DomainError, type Merchant } from '../../domain/index.js';
import type { AffiliateBanStore } from '../ports/affiliate-ban-store.js';
import type { AffiliateQueries } from '../ports/affiliate-queries.js';
import type { AffiliateRepository, MembershipRepository } from '../ports/affiliate-repository.js';
import type { Clock } from '../ports/clock.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { withTrackingLink, type AffiliateListItem, type TrackingLinks } from './tracking-links.js';
import { outboxRowsOf } from '../shared/outbox-rows.js';
import type { AuditedRequest, RequestAudit } from '../shared/request-audit.js';

export interface DecideMembershipInput {
  readonly tenant: Tenant;
  readonly merchant: Pick<Merchant, 'plan' | 'customDomain'>;
  readonly affiliateId: string;
  readonly campaignId: string;
  readonly status: 'approved' | 'rejected' | 'suspended';
  /** The request whose audit row the change records with it (absent: the caller audits otherwise). */
  readonly request?: AuditedRequest;
}

/** Runs in the suspension's transaction (the teams module takes the affiliate off its rosters). */
export interface MembershipSuspendedHook {
  afterMembershipSuspended(tenant: Tenant, membership: Membership, now: Date): Promise<void>;
}

/**
 * `PATCH /affiliates/:id`: moves one campaign membership through its machine (decide a pending one,
 * suspend an approved one, reinstate a suspended or rejected one; anything else is
 * `409 invalid_transition`; approving a banned affiliate too) and records its `affiliate.*` event with the change.
 */
export class DecideMembership {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly affiliates: AffiliateRepository,
    private readonly memberships: MembershipRepository,
    private readonly queries: AffiliateQueries,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly links: TrackingLinks,
    private readonly audit: RequestAudit,
    private readonly suspensionHooks: readonly MembershipSuspendedHook[] = [],
    private readonly bans: Pick<AffiliateBanStore, 'find'> | null = null,
  ) {}

  execute(input: DecideMembershipInput): Promise<Result<AffiliateListItem, DomainError>> {
    const { tenant } = input;
    return transactionalResult(this.uow, async () => {
      if (!(await this.affiliates.findById(tenant, input.affiliateId))) return err(notFound('Affiliate'));
      const membership = await this.memberships.findForUpdate(tenant, input.affiliateId, input.campaignId);
      if (!membership) return err(notFound('Affiliate membership of the campaign'));
      if (input.status === 'approved' && this.bans) {
        const allowed = checkNotBanned(await this.bans.find(tenant, input.affiliateId));
        if (allowed.isErr()) return err(allowed.error);
      }
      const now = this.clock.now();
      const decided = moveMembership(membership, input.status, now);
      if (decided.isErr()) return err(decided.error);
      await this.memberships.update(tenant, decided.value.membership);
      if (decided.value.membership.status === 'suspended') {
        for (const hook of this.suspensionHooks) await hook.afterMembershipSuspended(tenant, decided.value.membership, now);
      }
      await this.outbox.record(outboxRowsOf(tenant, decided.value.events, now));
      await this.audit.record(input.request, tenant.merchantId, now);
      const row = await this.queries.row(tenant, input.affiliateId, input.campaignId);
      if (!row) throw new Error('membership vanished inside its own transaction');
      return ok(withTrackingLink(row, input.merchant, this.links));
    });
  }
}
