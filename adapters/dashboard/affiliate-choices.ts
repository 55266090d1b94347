import type { ListAffiliates } from '../../application/affiliates/list-affiliates.js';
import type { NameAffiliates } from '../../application/affiliates/name-affiliates.js';
import type { Principal } from '../../application/shared/actor.js';
import type { TrackingLinks } from '../../application/affiliates/tracking-links.js';
import type { Clock } from '../../application/ports/clock.js';
import type { Tenant } from '../../application/shared/tenant.js';

/** What pages need to show affiliates by name and let a form pick one. */
export interface People {
  readonly names: NameAffiliates;
  readonly listAffiliates: ListAffiliates;
  /** Today, for the date filters' presets. */
  readonly clock: Clock;
  /** The merchant's portal address, for a campaign's public join link. */
  readonly trackingLinks: TrackingLinks;
}

/** What a picker offers before anything is typed: the merchant's latest approved affiliates (the first 100 memberships, each affiliate once). */
export const offeredAffiliates = async (people: People, tenant: Tenant, merchant: Principal['merchant']) => {
  const result = await people.listAffiliates.browse({ tenant, merchant, filter: { status: 'approved' }, sort: { field: 'joinedAt', direction: 'desc' }, page: { page: 1, limit: 100 } });
  if (result.isErr()) return [];
  const seen = new Map<string, { name: string; email: string }>();
  for (const row of result.value.items) if (!seen.has(row.affiliate.id)) seen.set(row.affiliate.id, { name: row.affiliate.name, email: row.affiliate.email });
  return [...seen.values()];
};
