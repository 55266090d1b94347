import { err, ok, type Result } from 'neverthrow';
import { checkMembershipEarns, customerKeyOf, type DomainError, type LeadIdentity, type LeadSource } from '../../domain/index.js';
import type { ClickFinder } from '../clicks/click-lookup.js';
import type { Clock } from '../ports/clock.js';
import type { CustomerLead, CustomerLeads } from '../ports/customer-leads.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { ProviderCustomers } from '../ports/provider-sales-ledger.js';
import type { SaleContexts } from '../ports/sale-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { liveClick } from './live-click.js';

/** Who referred the customer: the click that brought them, or (server-side) the affiliate and campaign. */
export type LeadAttribution = { readonly clickId: string } | { readonly affiliateId: string; readonly campaignId: string };

export interface LinkCustomerInput extends LeadIdentity {
  readonly tenant: Tenant;
  readonly attribution: LeadAttribution;
  readonly source: LeadSource;
}

export interface LinkedLead {
  readonly lead: CustomerLead;
  /** False when the customer was linked already: the first link stays. */
  readonly linked: boolean;
}

interface Referrer {
  readonly affiliateId: string;
  readonly campaignId: string;
  readonly clickId: string | null;
}

/**
 * A lead: a customer linked to the affiliate who referred them, from the tracking script's `lead()`,
 * `POST /customers` or a provider's customer notification. A click must still attribute (the
 * tenant's, inside its window); an affiliate named directly must be approved on the campaign. A lead
 * with a provider customer id also links that provider customer, so the provider's later sales of
 * that customer (renewals included) are attributed to the affiliate without a click.
 */
export class LinkCustomer {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly leads: CustomerLeads,
    private readonly providerCustomers: ProviderCustomers,
    private readonly sales: SaleContexts,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly clicks: ClickFinder,
  ) {}

  async execute(input: LinkCustomerInput): Promise<Result<LinkedLead, DomainError>> {
    const key = customerKeyOf(input);
    if (key.isErr()) return err(key.error);
    const referrer = await this.referrerOf(input.tenant, input.attribution);
    if (referrer.isErr()) return err(referrer.error);
    return transactionalResult(this.uow, async () => {
      const now = this.clock.now();
      const linked = await this.recordLead(input.tenant, referrer.value, input, input.source, now);
      if (input.provider !== null && input.providerCustomerId !== null) {
        await this.providerCustomers.link(
          input.tenant,
          input.provider,
          input.providerCustomerId,
          { ...referrer.value, firstConversionId: null, email: input.email },
          now,
        );
      }
      return ok(linked);
    });
  }

  /** The lead row alone, inside the caller's transaction (a provider's customer notification links its provider customer itself). */
  async recordLead(tenant: Tenant, referrer: Referrer, identity: LeadIdentity, source: LeadSource, now: Date): Promise<LinkedLead> {
    const key = customerKeyOf(identity);
    if (key.isErr()) throw new Error(key.error.message);
    return this.leads.record(
      {
        id: this.ids.next(),
        merchantId: tenant.merchantId,
        mode: tenant.mode,
        email: identity.email === null ? null : identity.email.trim().toLowerCase(),
        provider: identity.providerCustomerId === null ? null : identity.provider,
        providerCustomerId: identity.providerCustomerId,
        affiliateId: referrer.affiliateId,
        campaignId: referrer.campaignId,
        clickId: referrer.clickId,
        source,
        createdAt: now,
      },
      key.value,
    );
  }

  private async referrerOf(tenant: Tenant, attribution: LeadAttribution): Promise<Result<Referrer, DomainError>> {
    if ('clickId' in attribution) {
      const click = await liveClick(this.clicks, tenant, attribution.clickId, this.clock.now());
      return click.map((k) => ({ affiliateId: k.affiliateId, campaignId: k.campaignId, clickId: k.id }));
    }
    const sale = await this.sales.find(tenant, attribution.campaignId, attribution.affiliateId);
    if (!sale) return err(notFound('Campaign'));
    if (!sale.affiliate) return err(notFound('Affiliate'));
    const earns = checkMembershipEarns(sale.membership);
    if (earns.isErr()) return err(earns.error);
    return ok({ affiliateId: sale.affiliate.id, campaignId: sale.campaign.id, clickId: null });
  }
}
