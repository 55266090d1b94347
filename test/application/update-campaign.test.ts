import type { Actor } from '../../application/shared/actor.js';
import { keyActor } from '../mothers/actor.mother.js';
import { describe, expect, it } from 'vitest';
import { UpdateCampaign } from '../../application/campaigns/update-campaign.js';
import type { CampaignDetailData, CampaignQueries } from '../../application/ports/campaign-queries.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { createCampaign, Decimal, type CampaignPatch } from '../../domain/index.js';
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
  const useCase = new UpdateCampaign(world.uow, world.campaigns, queries, world.outbox, world.clock);
  const update = (patch: CampaignPatch, actor: Actor = OWNER, on: Tenant = tenant) =>
    useCase.execute({ tenant: on, actor, id: campaign.id, patch });
  const stored = () => world.campaigns.findById(tenant, campaign.id);
  return { world, tenant, campaign, update, stored };
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
