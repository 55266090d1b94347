import { apiKeyActor } from '../application/shared/actor.js';
import 'reflect-metadata';
import type { Container } from './token.js';
import type { ApiKey } from '../application/api-keys/api-key.js';
import type { IdGenerator } from '../application/ports/id-generator.js';
import { ManageTeams } from '../application/teams/manage-teams.js';
import { Decimal } from '../domain/index.js';
import { DEMO_IDS } from '../adapters/http/openapi/demo-ids.js';
import { TOKENS as T } from './tokens.js';
import { createDemoSaleAndBonus } from './demo-sale-and-bonus.js';
import { createAffiliateWith, createCampaignWith, inviteAffiliateWith, signUpAffiliateWith } from './modules/campaigns-affiliates.module.js';

/** The usual generator, except that the next ids are the ones set with `nextAre` (null: a fresh one), in the order use cases draw them. */
export class PresetIds implements IdGenerator {
  private presets: (string | null)[] = [];
  constructor(private readonly fallback: IdGenerator) {}
  nextIs(id: string): this {
    return this.nextAre(id);
  }
  nextAre(...ids: (string | null)[]): this {
    this.presets = ids;
    return this;
  }
  next(): string {
    return this.presets.shift() ?? this.fallback.next();
  }
}

export const orFail = <T>(result: { isErr(): boolean; _unsafeUnwrap(): T }, what: string): T => {
  if (result.isErr()) throw new Error(`demo ${what} could not be created`);
  return result._unsafeUnwrap();
};

/**
 * A live campaign, an affiliate approved on it, one signed up and pending, one invited, a team, and the affiliate's
 * approved sale with its payout and the team's bonus award, with the ids the document's examples use,
 * made through the same use cases as the API (each given the preset id for its row).
 */
export const createDemoProgram = async (c: Container, merchantId: string, liveKey: ApiKey): Promise<void> => {
  const ids = new PresetIds(c.resolve(T.Ids)).nextIs(DEMO_IDS.campaign);
  const tenant = { merchantId, mode: 'live' as const };
  orFail(
    await createCampaignWith(c, ids).execute({
      merchantId,
      actor: apiKeyActor(liveKey),
      campaign: { name: 'Demo campaign', commissionType: 'percentage', commissionValue: new Decimal(20), targetUrl: 'https://shop.example.com' },
    }),
    'campaign',
  );
  ids.nextIs(DEMO_IDS.affiliate);
  orFail(await createAffiliateWith(c, ids).execute({ tenant, email: 'ada@example.com', name: 'Ada (demo affiliate)', campaignId: DEMO_IDS.campaign }), 'affiliate');
  ids.nextIs(DEMO_IDS.pendingAffiliate);
  orFail(await signUpAffiliateWith(c, ids).execute({ merchantId, campaignId: DEMO_IDS.campaign, email: 'bob@example.com', name: 'Bob (demo sign-up, pending)', mode: 'live' }), 'sign-up');
  ids.nextIs(DEMO_IDS.invitation);
  orFail(await inviteAffiliateWith(c, ids).execute({ tenant, email: 'eve@example.com', name: 'Eve (demo invitation, pending)', campaignId: DEMO_IDS.campaign }), 'invitation');
  ids.nextIs(DEMO_IDS.team);
  const manageTeams = new ManageTeams(c.resolve(T.UnitOfWork), { ...c.resolve(T.TeamStores), ids }, c.resolve(T.Clock));
  orFail(await manageTeams.create(tenant, { name: 'Demo team' }), 'team');
  await createDemoSaleAndBonus(c, merchantId, liveKey, ids);
};
