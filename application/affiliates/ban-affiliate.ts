import { err, ok, type Result } from 'neverthrow';
import {
  affiliateBanned,
  affiliateMode,
  affiliateUnbanned,
  liftBan,
  planBan,
  type Affiliate,
  type AffiliateBan,
  type Conversion,
  type DomainError,
} from '../../domain/index.js';
import type { Membership } from '../../domain/affiliate/membership.js';
import { applyConversionChange, runConversionHooks, type ConversionChangeHook, type ConversionChangeSinks } from '../conversions/apply-conversion-change.js';
import type { AffiliateBanStore } from '../ports/affiliate-ban-store.js';
import type { AffiliateLocks, MembershipUpdates } from '../ports/affiliate-repository.js';
import type { Clock } from '../ports/clock.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import { notFound } from '../shared/errors.js';
import { outboxRowsOf } from '../shared/outbox-rows.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { MembershipSuspendedHook } from './decide-membership.js';

/** What a ban did, as answered and as `affiliate.banned` reports it. */
export interface BanOutcome {
  readonly ban: AffiliateBan;
  readonly suspendedMemberships: number;
  readonly rejectedConversions: number;
  readonly heldConversions: number;
  readonly cancelledPayouts: number;
  /** Approved sales whose payout is already with the provider: left as they are. */
  readonly skippedConversions: number;
}

export interface BanDependencies {
  readonly uow: UnitOfWork;
  readonly affiliates: AffiliateLocks;
  readonly memberships: MembershipUpdates;
  readonly bans: AffiliateBanStore;
  readonly merchants: MerchantRepository;
  /** The conversion repository, the outbox and the payout queue: the same sinks as every conversion move. */
  readonly sinks: ConversionChangeSinks;
  readonly clock: Clock;
  readonly conversionHooks?: readonly ConversionChangeHook[];
  readonly suspensionHooks?: readonly MembershipSuspendedHook[];
}

/** The tenant's affiliate, its row locked (one ban or unban at a time); another tenant's is not found. */
const lockAffiliate = async (deps: Pick<BanDependencies, 'affiliates'>, tenant: Tenant, id: string): Promise<Affiliate | null> => {
  const affiliate = await deps.affiliates.findByIdForUpdateAcrossMerchants(id);
  return affiliate && affiliate.merchantId === tenant.merchantId && affiliateMode(affiliate) === tenant.mode ? affiliate : null;
};

/**
 * `POST /affiliates/:id/ban`: in one transaction, through each machine, suspends the affiliate's
 * approved memberships at this merchant (pending ones rejected), rejects its pending and held sales,
 * holds its approved unpaid ones (their queued payouts cancelled), records the ban and
 * `affiliate.banned`. Paid and refunded sales are history and stay. A sale whose payout is already
 * with the provider cannot be stopped and is left approved (counted as skipped).
 */
export class BanAffiliate {
  constructor(private readonly deps: BanDependencies) {}

  /** Locks and reads the affiliate, its memberships and open sales, and plans the ban through the domain. */
  private async plan(tenant: Tenant, affiliateId: string, reason: string) {
    const { deps } = this;
    const affiliate = await lockAffiliate(deps, tenant, affiliateId);
    if (!affiliate) return err(notFound('Affiliate'));
    const merchant = await deps.merchants.findById(tenant.merchantId);
    if (!merchant) return err(notFound('Merchant'));
    const memberships: Membership[] = [];
    for (const campaignId of await deps.bans.campaignIdsOf(tenant, affiliate.id)) {
      const m = await deps.memberships.findForUpdate(tenant, affiliate.id, campaignId);
      if (m) memberships.push(m);
    }
    const open = await deps.bans.openSalesOf(tenant, affiliate.id);
    const conversions: Conversion[] = [];
    for (const sale of open) {
      const c = await deps.sinks.conversions.findByIdForUpdate(tenant, sale.conversionId);
      if (c) conversions.push(c);
    }
    const now = deps.clock.now();
    const plan = planBan({ affiliateId: affiliate.id, reason, current: await deps.bans.find(tenant, affiliate.id), memberships, conversions, now });
    if (plan.isErr()) return err(plan.error);
    return ok({ affiliate, merchant, conversions, open, plan: plan.value });
  }

  execute(input: { readonly tenant: Tenant; readonly affiliateId: string; readonly reason: string }): Promise<Result<BanOutcome, DomainError>> {
    const { deps } = this;
    const { tenant } = input;
    return transactionalResult(deps.uow, async () => {
      const loaded = await this.plan(tenant, input.affiliateId, input.reason);
      if (loaded.isErr()) return err(loaded.error);
      const { affiliate, merchant, conversions, open, plan: planned } = loaded.value;
      const now = planned.ban.bannedAt;
      for (const change of planned.memberships) {
        await deps.memberships.update(tenant, change.membership);
        if (change.membership.status === 'suspended') {
          for (const hook of deps.suspensionHooks ?? []) await hook.afterMembershipSuspended(tenant, change.membership, now);
        }
        await deps.sinks.outbox.record(outboxRowsOf(tenant, change.events, now));
      }
      let rejected = 0;
      let held = 0;
      let cancelledPayouts = 0;
      let skipped = 0;
      const withPayout = new Set(open.filter((s) => s.hasPayout).map((s) => s.conversionId));
      for (const [kind, changes] of [['rejected', planned.rejected], ['held', planned.held]] as const) {
        for (const change of changes) {
          const previous = conversions.find((c) => c.id === change.conversion.id)?.status ?? change.conversion.status;
          const applied = await applyConversionChange(deps.sinks, change, merchant, now, previous);
          if (applied.isErr()) {
            // Nothing was written for this sale: its payout is with the provider already.
            skipped += 1;
            continue;
          }
          await runConversionHooks(deps.conversionHooks ?? [], change, now);
          if (kind === 'rejected') rejected += 1;
          else held += 1;
          if (change.cancelsQueuedPayout && withPayout.has(change.conversion.id)) cancelledPayouts += 1;
        }
      }
      await deps.bans.insert(tenant, planned.ban);
      const outcome: BanOutcome = {
        ban: planned.ban,
        suspendedMemberships: planned.memberships.filter((c) => c.membership.status === 'suspended').length,
        rejectedConversions: rejected,
        heldConversions: held,
        cancelledPayouts,
        skippedConversions: skipped,
      };
      const event = affiliateBanned({
        affiliateId: affiliate.id,
        reason: outcome.ban.reason,
        bannedAt: outcome.ban.bannedAt.toISOString(),
        suspendedMemberships: outcome.suspendedMemberships,
        rejectedConversions: rejected,
        heldConversions: held,
        cancelledPayouts,
      });
      await deps.sinks.outbox.record(outboxRowsOf(tenant, [event], now));
      return ok(outcome);
    });
  }
}

/**
 * `POST /affiliates/:id/unban`: lifts the ban and records `affiliate.unbanned`. Memberships stay as
 * the ban left them: the merchant approves each campaign again (`PATCH /affiliates/:id`), a decision
 * per campaign rather than a blanket reinstatement.
 */
export class UnbanAffiliate {
  constructor(private readonly deps: Pick<BanDependencies, 'uow' | 'affiliates' | 'bans' | 'sinks' | 'clock'>) {}

  execute(input: { readonly tenant: Tenant; readonly affiliateId: string }): Promise<Result<AffiliateBan, DomainError>> {
    const { deps } = this;
    const { tenant } = input;
    return transactionalResult(deps.uow, async () => {
      const affiliate = await lockAffiliate(deps, tenant, input.affiliateId);
      if (!affiliate) return err(notFound('Affiliate'));
      const lifted = liftBan(await deps.bans.find(tenant, affiliate.id));
      if (lifted.isErr()) return err(lifted.error);
      await deps.bans.delete(tenant, affiliate.id);
      const now = deps.clock.now();
      await deps.sinks.outbox.record(outboxRowsOf(tenant, [affiliateUnbanned(lifted.value)], now));
      return ok(lifted.value);
    });
  }
}
