import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError } from '../../domain/index.js';
import { mayManagePayouts, type Actor } from '../shared/actor.js';
import type { Clock } from '../ports/clock.js';
import type { IntegrationRepository } from '../ports/integration-repository.js';
import type { DeliveryResult, IntegrationEvents } from '../ports/provider-sales-ledger.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { insufficientPermissions, notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import type { RecordProviderSale } from './record-provider-sale.js';

export interface ReplayResult extends DeliveryResult {
  /** The delivery replayed. */
  readonly id: string;
  /** False when the replay changed nothing (the delivery's sale already has its conversion). */
  readonly replayed: boolean;
}

/** Outcomes after which the delivery's sale has its conversion: a replay has nothing left to do. */
const SALE_MADE = new Set(['created', 'renewed', 'duplicate']);

/**
 * `POST /integrations/:id/events/:eventId/replay`: a provider sale that a check refused (the monthly
 * earnings cap, an affiliate not approved yet, ...) runs again through `RecordProviderSale`, the use
 * case its notification ran, once the merchant has removed the cause. The delivery row is locked
 * for the replay, and a delivery whose sale already has its conversion changes nothing, so replays
 * are idempotent; the log shows the replay's outcome in place of the refusal.
 */
export class ReplayProviderSale {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly integrations: IntegrationRepository,
    private readonly events: IntegrationEvents,
    private readonly sales: RecordProviderSale,
    private readonly clock: Clock,
  ) {}

  execute(tenant: Tenant, actor: Actor, integrationId: string, eventId: string): Promise<Result<ReplayResult, DomainError>> {
    return this.uow.transaction(async () => {
      const integration = await this.integrations.findById(tenant, integrationId);
      const delivery = integration ? await this.events.findForReplay(tenant, integrationId, eventId) : null;
      if (!integration || !delivery) return err(notFound('Integration event'));
      // A replayed live sale is a live conversion: as for the integration itself, a team member needs Manage payouts.
      if (tenant.mode === 'live' && !mayManagePayouts(actor)) return err(insufficientPermissions('Replaying a live sale creates a live conversion: it needs the Manage payouts permission'));
      if (delivery.conversionId !== null && SALE_MADE.has(delivery.outcome)) {
        return ok({
          id: delivery.id,
          outcome: delivery.outcome,
          code: null,
          conversionId: delivery.conversionId,
          reason: `the sale already has conversion ${delivery.conversionId}; nothing changed`,
          replayed: false,
        });
      }
      if (!delivery.sale) {
        return err(domainError('not_replayable', `Only a provider sale that a check refused can be replayed; this delivery was ${delivery.outcome}`));
      }
      const outcome = await this.sales.record(tenant, integration.provider, delivery.sale, this.clock.now());
      const settled: DeliveryResult = { ...outcome, reason: `replayed: ${outcome.reason ?? outcome.outcome}` };
      await this.events.resettle(delivery, settled);
      return ok({ id: delivery.id, ...settled, replayed: outcome.outcome === 'created' || outcome.outcome === 'renewed' });
    });
  }
}
