import { err, ok, type Result } from 'neverthrow';
import { clickRefusal, domainError, type ClickCandidate, type DomainError } from '../../domain/index.js';
import type { ClickFinder } from '../clicks/click-lookup.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * The click a page or a server names, when it still attributes: the tenant's own (merchant and
 * mode), inside its campaign's attribution window. Another merchant's or mode's click reads as
 * unknown, so nobody learns which ids exist elsewhere.
 */
export const liveClick = async (clicks: ClickFinder, tenant: Tenant, clickId: string, now: Date): Promise<Result<ClickCandidate, DomainError>> => {
  const click = await clicks.findClick(clickId);
  const refusal = clickRefusal({ ...tenant, now, clickId, click });
  if (click === null || click.merchantId !== tenant.merchantId || click.mode !== tenant.mode) {
    return err(domainError('not_found', `Click ${clickId} not found`));
  }
  if (refusal !== null) return err(domainError('not_found', `Click ${clickId} no longer attributes: ${refusal}`));
  return ok(click);
};

/** When a live click stops attributing. */
export const clickExpiresAt = (click: Pick<ClickCandidate, 'createdAt' | 'attributionWindowDays'>): Date =>
  new Date(click.createdAt.getTime() + click.attributionWindowDays * 86_400_000);
