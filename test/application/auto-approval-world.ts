import { AutoApproveConversions } from '../../application/conversions/auto-approve-conversions.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { Conversion, MembershipStatus } from '../../domain/index.js';
import { inMemoryWorld } from '../fakes/in-memory-world.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { aMerchant } from '../mothers/merchant.mother.js';

export const NOW = new Date('2026-12-20T12:00:00.000Z');
export const DAY = 86_400_000;

/** The instant `days` days before NOW, moved by `ms`. */
export const daysAgo = (days: number, ms = 0): Date => new Date(NOW.getTime() - days * DAY + ms);

/**
 * The auto-approval job over the in-memory stores: one merchant (automatic payouts unless told),
 * campaigns with or without automatic approval, affiliates with a membership, sales recorded as the
 * API records them, and every claim the job makes counted (a job that claims the same rows again
 * would loop: it is stopped and the test fails).
 */
export const autoApprovalWorld = async (options: { readonly automaticPayouts?: boolean } = {}) => {
  const world = inMemoryWorld(NOW);
  const merchant = aMerchant(world.ids.next(), { automaticPayouts: options.automaticPayouts ?? true });
  await world.merchants.insert(merchant);
  const tenant: Tenant = { merchantId: merchant.id, mode: 'live' };

  const campaign = (autoApproveDays: number | null): string =>
    world.programs.addCampaign({ id: world.ids.next(), merchantId: merchant.id, autoApproveDays }).id;
  /** An affiliate of the campaign whose membership has `status` (none at all when null). */
  const affiliate = (campaignId: string, status: MembershipStatus | null = 'approved'): string => {
    const id = world.ids.next();
    if (status !== null) world.programs.setMembership({ ...tenant, campaignId, affiliateId: id, status });
    return id;
  };
  const sale = async (where: { readonly campaignId: string; readonly affiliateId: string }, fields: Parameters<typeof aConversion>[2] = {}): Promise<Conversion> => {
    const conversion = aConversion(world.ids.next(), { ...tenant, ...where }, fields);
    await world.conversions.recordSale(conversion, []);
    return conversion;
  };
  const flag = (conversion: Conversion, on = true) =>
    world.riskFlags.replace(tenant, 'conversion', conversion.id, on ? [{ code: 'fast_conversion', message: 'fast', evidence: [conversion.id], action: 'flag' }] : [], NOW);

  const claims: (string | null)[] = [];
  const claim = world.conversions.claimDueForAutoApproval.bind(world.conversions);
  world.conversions.claimDueForAutoApproval = async (now, limit, after) => {
    claims.push(after?.id ?? null);
    if (claims.length > 50) throw new Error('the job keeps claiming: it does not move past the rows it leaves');
    return claim(now, limit, after);
  };

  /** What the approvals' hooks heard (the commission mail and team goals listen there): sale id and status. */
  const heard: string[] = [];
  const job = new AutoApproveConversions(world.uow, world.merchants, world.changeSinks, [
    { afterConversionChanged: async (conversion) => void heard.push(`${conversion.id}:${conversion.status}`) },
  ]);
  const stored = async (conversion: Conversion) => (await world.conversions.findById(tenant, conversion.id))!;
  /** The outbox events about the sale, by type, in order. */
  const eventsOf = (conversion: Conversion) =>
    world.outbox.events.filter((e) => e.payload.conversionId === conversion.id).map((e) => e.type);
  /** The payout queue's calls about the sale (`queue:<id>` …). */
  const queueCalls = (conversion: Conversion) => world.payouts.calls.filter((c) => c.endsWith(`:${conversion.id}`));
  return { world, merchant, tenant, campaign, affiliate, sale, flag, job, claims, stored, eventsOf, queueCalls, heard };
};
