import { err, ok, type Result } from 'neverthrow';
import {
  createIntegration,
  updateIntegration,
  type CouponProvider,
  type DomainError,
  type Integration,
  type IntegrationChanges,
  type NewIntegration,
} from '../../domain/index.js';
import { mayManagePayouts, type Actor } from '../shared/actor.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { IntegrationRepository } from '../ports/integration-repository.js';
import type { DeliveryRecord, IntegrationEvents } from '../ports/provider-sales-ledger.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { insufficientPermissions, notFound } from '../shared/errors.js';
import type { Page, PageRequest, Slice } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

export type NewIntegrationInput = NewIntegration;

/**
 * The merchant's integrations (plan and write-key gates are the HTTP adapter's). A live integration
 * creates live sales, so a team-member key needs Manage payouts for it, as for a live conversion.
 */
export class ManageIntegrations {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly integrations: IntegrationRepository,
    private readonly events: IntegrationEvents,
    private readonly supported: () => readonly CouponProvider[],
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    /** Supported providers that cannot verify notifications on this service yet, with why (their creation is refused). */
    private readonly unavailable: () => Readonly<Partial<Record<CouponProvider, string>>> = () => ({}),
  ) {}

  private static mayWrite(tenant: Tenant, actor: Actor): DomainError | null {
    return tenant.mode === 'live' && !mayManagePayouts(actor) ? insufficientPermissions('Live integrations create live sales: they need the Manage payouts permission') : null;
  }

  async create(tenant: Tenant, actor: Actor, input: NewIntegrationInput): Promise<Result<Integration, DomainError>> {
    const created = createIntegration(input, { id: this.ids.next(), ...tenant, now: this.clock.now(), supported: this.supported(), unavailable: this.unavailable() });
    if (created.isErr()) return err(created.error);
    const refused = ManageIntegrations.mayWrite(tenant, actor);
    if (refused) return err(refused);
    await this.uow.transaction(() => this.integrations.insert(created.value));
    return ok(created.value);
  }

  list(tenant: Tenant, page: PageRequest): Promise<Page<Integration>> {
    return this.integrations.list(tenant, page);
  }

  async get(tenant: Tenant, id: string): Promise<Result<Integration, DomainError>> {
    const found = await this.integrations.findById(tenant, id);
    return found ? ok(found) : err(notFound('Integration'));
  }

  async update(tenant: Tenant, actor: Actor, id: string, changes: IntegrationChanges): Promise<Result<Integration, DomainError>> {
    const refused = ManageIntegrations.mayWrite(tenant, actor);
    return this.uow.transaction(async () => {
      const found = await this.integrations.findById(tenant, id);
      if (!found) return err(notFound('Integration'));
      if (refused) return err(refused);
      const updated = updateIntegration(found, changes, this.clock.now());
      if (updated.isErr()) return err(updated.error);
      await this.integrations.update(updated.value);
      return ok(updated.value);
    });
  }

  async delete(tenant: Tenant, actor: Actor, id: string): Promise<Result<{ id: string; deleted: true }, DomainError>> {
    const refused = ManageIntegrations.mayWrite(tenant, actor);
    if (refused) {
      const found = await this.integrations.findById(tenant, id);
      return err(found ? refused : notFound('Integration'));
    }
    const deleted = await this.integrations.delete(tenant, id, this.clock.now());
    return deleted ? ok({ id, deleted: true }) : err(notFound('Integration'));
  }

  async deliveries(tenant: Tenant, id: string, page: PageRequest): Promise<Result<Page<DeliveryRecord>, DomainError>> {
    const found = await this.integrations.findById(tenant, id);
    if (!found) return err(notFound('Integration'));
    return ok(await this.events.list(tenant, id, page));
  }

  /** The deliveries without a total (previous / next only), so a long log is not counted on every view. */
  async browseDeliveries(tenant: Tenant, id: string, page: PageRequest): Promise<Result<Slice<DeliveryRecord>, DomainError>> {
    const found = await this.integrations.findById(tenant, id);
    if (!found) return err(notFound('Integration'));
    return ok(await this.events.browse(tenant, id, page));
  }
}
