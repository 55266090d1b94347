import { err, ok, type Result } from 'neverthrow';
import { clickRefusal, domainError, signatureRejectionsNeedNotice, SIGNATURE_REJECTIONS_BEFORE_NOTICE, type CouponProvider, type DomainError, type Integration, type ProviderNotice, type SaleFact } from '../../domain/index.js';
import type { ClickFinder } from '../clicks/click-lookup.js';
import type { LinkCustomer } from '../customers/link-customer.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { IntegrationRepository } from '../ports/integration-repository.js';
import type { Notices } from '../ports/notices.js';
import type { ProviderNotificationReader, RawNotification } from '../ports/provider-notifications.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { SignatureRejections } from '../ports/signature-rejections.js';
import type { DeliveryResult, IntegrationEvents, PaymentLink, ProviderCustomers } from '../ports/provider-sales-ledger.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import type { ApplyPaymentChange } from './apply-payment-change.js';
import { ignored, result } from './delivery-results.js';
import type { RecordProviderSale } from './record-provider-sale.js';

/** Connected-account changes the card processor reports (affiliate payouts): the payout side's onboarding. */
export interface ConnectedAccountUpdates {
  accountUpdated(tenant: Tenant, account: { readonly id: string; readonly payoutsEnabled: boolean }): Promise<Result<'completed' | 'unchanged', DomainError>>;
}

/** A live event at a test integration, or the other way round: ignored. */
const otherMode = (integration: Integration, notice: ProviderNotice): boolean =>
  notice.livemode !== null && (notice.livemode ? 'live' : 'test') !== integration.mode;

/**
 * The payment ids a delivery's sale, renewal or payment link names its order with: remembered with
 * the delivery (its refunds and disputes find the order by them), as one write with it.
 * None for an event of the other mode, which is ignored.
 */
const paymentsNamed = (integration: Integration, notice: ProviderNotice): PaymentLink | null => {
  const fact = notice.fact;
  if (fact === null || otherMode(integration, notice)) return null;
  if (fact.kind !== 'sale' && fact.kind !== 'renewal' && fact.kind !== 'payment_linked') return null;
  return { provider: integration.provider, references: fact.paymentReferences, orderId: fact.orderId };
};

/** The provider readers this service has, by provider token. */
export type ProviderReaders = ReadonlyMap<CouponProvider, ProviderNotificationReader>;

/**
 * `POST /ingest/v1/:integrationId`: one provider notification, end to end. The integration names
 * merchant and mode; its provider's reader verifies the signature and translates the event; then
 * one transaction records the delivery and its effect together. The first delivery of an event id
 * holds the effect, every later (or concurrent) one is logged as a duplicate. Anything unexpected
 * rolls the whole delivery back, so the provider's retry finds nothing recorded.
 */
export class IngestNotification {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly integrations: IntegrationRepository,
    private readonly readers: ProviderReaders,
    private readonly events: IntegrationEvents,
    private readonly customers: ProviderCustomers,
    private readonly sales: RecordProviderSale,
    private readonly changes: ApplyPaymentChange,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    /** Deliveries a minute one integration accepts: far above any provider's pace; refused ones are retried by the provider. */
    private readonly perMinute: number,
    private readonly connectedAccounts: ConnectedAccountUpdates,
    private readonly signatureRejections: SignatureRejections,
    private readonly notices: Notices,
    /** A linked customer is also a lead of the affiliate (`GET /customers`). */
    private readonly leads: Pick<LinkCustomer, 'recordLead'>,
    private readonly clicks: ClickFinder,
  ) {}

  get supportedProviders(): readonly CouponProvider[] {
    return [...this.readers.keys()];
  }

  async execute(integrationId: string, notification: RawNotification): Promise<Result<DeliveryResult, DomainError>> {
    const integration = await this.integrations.findForNotification(integrationId);
    const reader = integration ? this.readers.get(integration.provider) : undefined;
    if (!integration || !integration.active || !reader) return err(notFound('Integration'));
    // Counted per integration, after the look-up, so made-up ids write nothing; a 429 is retried by
    // the provider, so no sale is lost, while a flood against one endpoint is held back.
    const decision = await this.limiter.consume(`ingest:${integration.id}`, this.perMinute, this.clock.now());
    if (!decision.allowed) return err(domainError('rate_limit_exceeded', `Too many notifications for this integration; retry in ${decision.retryAfterSeconds} s`));
    const read = await reader.read(notification, integration);
    if (read.isErr()) {
      if (read.error.kind === 'invalid_signature') await this.signatureRefused(integration);
      return err(domainError(read.error.kind, read.error.message));
    }
    const notice = read.value;
    const tenant: Tenant = { merchantId: integration.merchantId, mode: integration.mode };
    return ok(
      await this.uow.transaction(async () => {
        const id = this.ids.next();
        const now = this.clock.now();
        const delivery = {
          id,
          integrationId: integration.id,
          tenant,
          providerEventId: notice.eventId,
          type: notice.type,
          receivedAt: now,
          payload: notification.rawBody,
          payments: paymentsNamed(integration, notice),
        };
        const first = await this.events.record(delivery);
        if (first === 'duplicate') return result('duplicate', { reason: `event ${notice.eventId} was already received` });
        const outcome = await this.apply(integration, tenant, notice, now);
        // The provider got its 200 and will not send it again: a refused sale is kept for the merchant to replay.
        const fact = notice.fact;
        const keep = outcome.outcome === 'rejected' && (fact?.kind === 'sale' || fact?.kind === 'renewal') ? fact : null;
        await this.events.settle(delivery, outcome, keep);
        return outcome;
      }),
    );
  }

  /** A refused signature records no delivery; a run of them tells the merchant, once per run. */
  private signatureRefused(integration: Integration): Promise<void> {
    return this.uow.transaction(async () => {
      const run = await this.signatureRejections.rejected(integration.id, this.clock.now());
      if (!signatureRejectionsNeedNotice(run)) return;
      await this.notices.notify({
        merchantId: integration.merchantId,
        mode: integration.mode,
        kind: 'integration_signatures_rejected',
        message: `The ${integration.provider} integration ${integration.name ?? integration.id} refused ${SIGNATURE_REJECTIONS_BEFORE_NOTICE} notifications in a row because their signature did not verify; sales sent meanwhile are not recorded. In your dashboard, open Integrations → ${integration.name ?? integration.provider} and use Replace the signing secret with the one the provider shows for this endpoint; the provider retries refused notifications.`,
      });
      await this.signatureRejections.noticed(integration.id);
    });
  }

  private apply(integration: Integration, tenant: Tenant, notice: ProviderNotice, now: Date): Promise<DeliveryResult> {
    if (otherMode(integration, notice)) {
      const mode = notice.livemode ? 'live' : 'test';
      return Promise.resolve(ignored(`a ${mode}-mode event reached a ${integration.mode} integration; connect a ${mode} integration for it`));
    }
    if (notice.fact === null) return Promise.resolve(ignored(notice.ignoredBecause ?? 'nothing to do'));
    return this.applyFact(tenant, integration.provider, notice.fact, now);
  }

  private async applyFact(tenant: Tenant, provider: CouponProvider, fact: SaleFact, now: Date): Promise<DeliveryResult> {
    switch (fact.kind) {
      case 'sale':
      case 'renewal':
        return this.sales.record(tenant, provider, fact, now);
      case 'refund':
        return this.changes.refund(tenant, provider, fact);
      case 'refund_issued':
        return this.changes.refundIssued(tenant, provider, fact);
      case 'refund_reversed':
        return this.changes.refundReversed(tenant, provider, fact);
      case 'dispute_opened':
        return this.changes.disputeOpened(tenant, provider, fact);
      case 'dispute_closed':
        return this.changes.disputeClosed(tenant, provider, fact);
      case 'payment_linked':
        // Its payment ids were remembered with the delivery (`paymentsNamed`).
        return ignored(`payment ${fact.paymentReferences.join(' / ')} belongs to order ${fact.orderId} (kept for its refunds and disputes)`);
      case 'customer_linked':
        return this.linkCustomer(tenant, provider, fact, now);
      case 'connected_account_updated':
        return this.connectedAccountUpdated(tenant, fact);
    }
  }

  private async connectedAccountUpdated(tenant: Tenant, fact: Extract<SaleFact, { kind: 'connected_account_updated' }>): Promise<DeliveryResult> {
    if (!fact.payoutsEnabled) return ignored(`connected account ${fact.accountId}: payouts are not enabled yet`);
    const updated = await this.connectedAccounts.accountUpdated(tenant, { id: fact.accountId, payoutsEnabled: true });
    if (updated.isErr()) return ignored(`connected account ${fact.accountId} is not an affiliate's account of this merchant and mode`);
    return ignored(
      updated.value === 'completed'
        ? `connected account ${fact.accountId}: payouts enabled; the affiliate's payout details are complete`
        : `connected account ${fact.accountId}: payouts were already enabled`,
    );
  }

  private async linkCustomer(tenant: Tenant, provider: CouponProvider, fact: Extract<SaleFact, { kind: 'customer_linked' }>, now: Date): Promise<DeliveryResult> {
    const customerId = fact.customer.providerCustomerId;
    if (!customerId || !fact.clickId) return ignored('no customer id or click id to link');
    const click = await this.clicks.findClick(fact.clickId);
    const refusal = clickRefusal({ ...tenant, now, clickId: fact.clickId, click });
    if (refusal !== null || click === null) return result('unattributed', { reason: refusal ?? `click ${fact.clickId} not found` });
    const linked = await this.customers.link(
      tenant,
      provider,
      customerId,
      { affiliateId: click.affiliateId, campaignId: click.campaignId, clickId: click.id, firstConversionId: null, email: fact.customer.email },
      now,
    );
    if (!linked) return ignored(`customer ${customerId} is already linked to an affiliate (the first link stays)`);
    await this.leads.recordLead(tenant, { affiliateId: click.affiliateId, campaignId: click.campaignId, clickId: click.id }, { email: fact.customer.email, provider, providerCustomerId: customerId }, provider, now);
    return result('customer_linked', { reason: `customer ${customerId} linked by click ${click.id}` });
  }
}
