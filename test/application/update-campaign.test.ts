import type { Actor } from '../../application/shared/actor.js';
import { keyActor } from '../mothers/actor.mother.js';
import { describe, expect, it } from 'vitest';
import { UpdateCampaign } from '../../application/campaigns/update-campaign.js';
import type { CampaignDetailData, CampaignQueries } from '../../application/ports/campaign-queries.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { createCampaign, Decimal, type CampaignPatch } from '../../domain/index.js';
import { RequestAudit } from '../../application/shared/request-audit.js';
import type { RequestOrigin } from '../../application/shared/request-origin.js';
import { InMemoryAuditLog } from '../fakes/in-memory-audit-log.js';
import { inMemoryWorld } from '../fakes/in-memory-world.js';

const CREATED = new Date('2026-11-01T09:00:00.000Z');
const NOW = new Date('2026-11-15T12:00:00.000Z');
const OWNER = keyActor('owner', false);
const MEMBER = keyActor('team_member', false);

/** One merchant's 10 % campaign in the campaign store, and the update use case over the fakes. */
const campaignWorld = async () => {
  const world = inMemoryWorld(NOW);
  const tenant: Tenant = { merchantId: world.ids.next(), mode: 'live' };
  const campaign = createCampaign(
    { name: 'Spring', commissionType: 'percentage', commissionValue: new Decimal('10') },
    { id: world.ids.next(), merchantId: tenant.merchantId, trackingCode: 'spring', now: CREATED },
  )._unsafeUnwrap();
  await world.campaigns.insert(campaign);
  // The read side answers with the stored campaign: what the caller gets back after the write.
  const queries = {
    detail: async (on: Tenant, id: string) => {
      const stored = await world.campaigns.findById(on, id);
      return stored ? ({ campaign: stored } as unknown as CampaignDetailData) : null;
    },
  } as unknown as CampaignQueries;
  const auditLog = new InMemoryAuditLog(world.transactions);
  const useCase = new UpdateCampaign(world.uow, world.campaigns, queries, world.outbox, world.clock, new RequestAudit(auditLog, world.ids));
  const update = (patch: CampaignPatch, actor: Actor = OWNER, on: Tenant = tenant, origin?: RequestOrigin) =>
    useCase.execute({ tenant: on, actor, id: campaign.id, patch, origin });
  const stored = () => world.campaigns.findById(tenant, campaign.id);
  return { world, tenant, campaign, update, stored, auditLog };
};

describe('UpdateCampaign (use case, in-memory stores)', () => {
  it('changes the rate for sales from now on: the row and campaign.updated in one transaction', async () => {
    const { world, campaign, update, stored } = await campaignWorld();
    expect((await update({ commissionType: 'fixed', commissionValue: new Decimal('4.50') })).isOk()).toBe(true);
    const after = await stored();
    expect(after).toMatchObject({ id: campaign.id, commissionType: 'fixed', updatedAt: NOW, trackingCode: 'spring', createdAt: CREATED });
    expect(after?.commissionValue.toFixed(2)).toBe('4.50');
    expect(world.outbox.types()).toEqual(['campaign.updated']);
    expect(world.outbox.events[0]).toMatchObject({ merchantId: campaign.merchantId, occurredAt: NOW });
  });

  it("writes the request's audit row for its actor with the change, and none when the change is refused", async () => {
    const { tenant, update, auditLog } = await campaignWorld();
    const origin: RequestOrigin = { method: 'PATCH', path: '/api/v1/campaigns/c', address: null, userAgent: 'mcp', requestId: 'req-2', status: 200 };
    expect((await update({ autoApproveCommissionsAfterDays: 14 }, MEMBER, tenant, origin))._unsafeUnwrapErr().code).toBe('insufficient_permissions');
    expect(auditLog.all()).toEqual([]);
    expect((await update({ name: 'Summer' }, OWNER, tenant, origin)).isOk()).toBe(true);
    expect(auditLog.all()).toEqual([expect.objectContaining({ actor: 'api_key', merchantId: tenant.merchantId, method: 'PATCH', path: '/api/v1/campaigns/c', status: 200, requestId: 'req-2', createdAt: NOW })]);
  });

  it('writes nothing and records no event when nothing changes', async () => {
    const { world, campaign, update, stored } = await campaignWorld();
    expect((await update({ name: campaign.name, commissionValue: new Decimal('10.0') })).isOk()).toBe(true);
    expect(await stored()).toEqual(campaign);
    expect(world.outbox.events).toEqual([]);
  });

  it('refuses a bad rate and an automatic-approval change by a member without Manage payouts, changing nothing', async () => {
    const { world, campaign, update, stored } = await campaignWorld();
    expect((await update({ commissionType: 'percentage', commissionValue: new Decimal('101') }))._unsafeUnwrapErr().code).toBe('validation_error');
    expect((await update({ autoApproveCommissionsAfterDays: 14 }, MEMBER))._unsafeUnwrapErr().code).toBe('insufficient_permissions');
    expect(await stored()).toEqual(campaign);
    expect(world.outbox.events).toEqual([]);
    // The owner may.
    expect((await update({ autoApproveCommissionsAfterDays: 14 })).isOk()).toBe(true);
    expect((await stored())?.autoApproveCommissionsAfterDays).toBe(14);
  });

  it("finds no campaign of another merchant, and changes nothing", async () => {
    const { world, campaign, update, stored } = await campaignWorld();
    const refused = await update({ name: 'Hijacked' }, OWNER, { merchantId: world.ids.next(), mode: 'live' });
    expect(refused._unsafeUnwrapErr().code).toBe('not_found');
    expect(await stored()).toEqual(campaign);
    expect(world.outbox.events).toEqual([]);
  });
});
