import { err, ok, type Result } from 'neverthrow';
import { checkScriptSale, domainError, type Conversion, type CurrencyCode, type Decimal, type DomainError } from '../../domain/index.js';
import type { ClickFinder } from '../clicks/click-lookup.js';
import type { RecordClick } from '../clicks/record-click.js';
import type { CreateConversion } from '../conversions/create-conversion.js';
import type { LinkCustomer, LinkedLead } from '../customers/link-customer.js';
import { clickExpiresAt, liveClick } from '../customers/live-click.js';
import type { Clock } from '../ports/clock.js';
import type { RiskFacts } from '../ports/risk-facts.js';
import type { RiskSettingsRepository } from '../ports/risk-settings-repository.js';
import type { Tenant } from '../shared/tenant.js';
import { SCRIPT_ACTOR } from '../shared/actor.js';
import type { CouponProvider } from '../../domain/index.js';

/** A click the page may keep: until when it attributes, and the window behind that. */
export interface KeptClick {
  readonly clickId: string;
  readonly attributionWindowDays: number;
  readonly expiresAt: Date;
}

export interface ScriptVisitor {
  readonly address: string | null;
  readonly userAgent: string | null;
  readonly landingUrl?: string | null;
  readonly referrer?: string | null;
}


/**
 * What the tracking script (`/t.js`) reports from a merchant's page, without an API key: every report
 * names a live click of the merchant and mode (theirs, inside its campaign's attribution window), so
 * a made-up or stale id records nothing. Clicks go through `RecordClick`, leads through
 * `LinkCustomer`, sales through `CreateConversion` (same checks; source `tracking_script`, never
 * approved automatically; a provider's later report of the order replaces it).
 */
export class TrackingScript {
  constructor(
    private readonly clicks: ClickFinder,
    private readonly recordClick: RecordClick,
    private readonly linkCustomer: LinkCustomer,
    private readonly createConversion: CreateConversion,
    private readonly clock: Clock,
    /** The merchant's script-sale rules, and the sale a click already reported. */
    private readonly risk: { readonly settings: RiskSettingsRepository; readonly facts: Pick<RiskFacts, 'scriptSaleOfClick'> },
  ) {}

  /** A landing with `click_id`: whether the page may keep it, and for how long. */
  async checkClick(tenant: Tenant, clickId: string): Promise<Result<KeptClick, DomainError>> {
    const click = await liveClick(this.clicks, tenant, clickId, this.clock.now());
    return click.map((k) => ({ clickId: k.id, attributionWindowDays: k.attributionWindowDays, expiresAt: clickExpiresAt(k) }));
  }

  /** A landing with `?ref=<refCode>` on a campaign's page: records the click the tracking link would have. */
  async registerClick(tenant: Tenant, link: { readonly trackingCode: string; readonly refCode: string }, visitor: ScriptVisitor): Promise<Result<KeptClick, DomainError>> {
    const visit = await this.recordClick.execute({ ...link, ...visitor, counts: true, tenant });
    if (visit.isErr()) return err(visit.error);
    const { clickId, attributionWindowDays, createdAt } = visit.value;
    if (clickId === null) return err(domainError('not_found', 'This link records no clicks (the campaign is not active or the affiliate not approved on it)'));
    return ok({ clickId, attributionWindowDays, expiresAt: clickExpiresAt({ createdAt, attributionWindowDays }) });
  }

  async lead(
    tenant: Tenant,
    input: { readonly clickId: string; readonly email: string | null; readonly customerId: string | null; readonly provider: CouponProvider },
  ): Promise<Result<LinkedLead, DomainError>> {
    return this.linkCustomer.execute({
      tenant,
      attribution: { clickId: input.clickId },
      email: input.email,
      provider: input.customerId === null ? null : input.provider,
      providerCustomerId: input.customerId,
      source: 'tracking_script',
    });
  }

  async sale(
    tenant: Tenant,
    input: { readonly clickId: string; readonly orderId: string; readonly amount: Decimal; readonly currency: CurrencyCode },
  ): Promise<Result<Conversion, DomainError>> {
    const click = await liveClick(this.clicks, tenant, input.clickId, this.clock.now());
    if (click.isErr()) return err(click.error);
    const allowed = checkScriptSale(await this.risk.settings.get(tenant), input.amount, input.currency);
    if (allowed.isErr()) return err(allowed.error);
    // One script sale per click: further orders from the same visit are left to the provider's notification.
    if ((await this.risk.facts.scriptSaleOfClick(tenant, click.value.id)) !== null) {
      return err(domainError('duplicate', 'This click already reported a sale; a payment provider\'s notification records further orders'));
    }
    return this.createConversion.execute({
      tenant,
      // The merchant placed the script on their page: its sales carry the merchant's authority, as a provider's do.
      actor: SCRIPT_ACTOR,
      campaignId: click.value.campaignId,
      affiliateId: click.value.affiliateId,
      amount: input.amount,
      taxAmount: null,
      currency: input.currency,
      orderId: input.orderId,
      clickId: click.value.id,
      customerEmail: null,
      customerName: null,
      source: 'tracking_script',
    });
  }
}
