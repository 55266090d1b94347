import { err, ok, type Result } from 'neverthrow';
import {
  createConversion,
  domainError,
  validationError,
  type Conversion,
  type CurrencyCode,
  type Decimal,
  type DomainError,
} from '../../domain/index.js';
import { mayManagePayouts, type ApiKey } from '../api-keys/api-key.js';
import type { AffiliateRepository, MembershipRepository } from '../ports/affiliate-repository.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { Clock } from '../ports/clock.js';
import type { CommissionRatesProvider } from '../ports/commission-rates.js';
import type { ConversionRepository } from '../ports/conversion-repository.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { insufficientPermissions, notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { calendarMonthOf } from './calendar-month.js';
import { toOutbox } from './conversion-events.js';
import { isSelfReferral } from './self-referral.js';

export interface CreateConversionInput {
  readonly tenant: Tenant;
  readonly key: Pick<ApiKey, 'createdBy' | 'managePayouts'>;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly amount: Decimal;
  readonly taxAmount: Decimal | null;
  readonly currency: CurrencyCode;
  readonly orderId: string | null;
  readonly clickId: string | null;
  readonly customerEmail: string | null;
  readonly customerName: string | null;
  /**
   * The merchant's monthly earnings cap as the request's authentication read it, when the caller
   * knows it. `null` (no cap) skips the merchant row lock on live sales; absent, the lock is taken
   * and the cap read under it. A cap set by the operator during such a request applies from the
   * next request on, as if the sale had committed just before.
   */
  readonly merchantEarningsCap?: Decimal | null;
}

/**
 * A sale reported through the API (and, later, by payment-provider notifications: same checks, same
 * order): Manage payouts for team-member keys on live sales; the merchant's active campaign; the
 * affiliate approved on it; a unique order id; the monthly earnings cap and the self-referral check
 * on live sales. Then the commission, the row and `conversion.created`, in one transaction.
 */
export class CreateConversion {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly campaigns: CampaignRepository,
    private readonly affiliates: AffiliateRepository,
    private readonly memberships: MembershipRepository,
    private readonly conversions: ConversionRepository,
    private readonly rates: CommissionRatesProvider,
    private readonly outbox: EventOutbox,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  execute(input: CreateConversionInput): Promise<Result<Conversion, DomainError>> {
    const { tenant } = input;
    const live = tenant.mode === 'live';
    if (live && !mayManagePayouts(input.key)) {
      return Promise.resolve(err(insufficientPermissions('Creating live conversions needs the Manage payouts permission')));
    }
    return transactionalResult(this.uow, async () => {
      const now = this.clock.now();
      const campaign = await this.campaigns.findById(tenant, input.campaignId);
      if (!campaign) return err(notFound('Campaign'));
      if (campaign.status !== 'active') return err(validationError('campaignId', `campaign is ${campaign.status}, not active`));
      const affiliate = await this.affiliates.findById(tenant, input.affiliateId);
      if (!affiliate) return err(notFound('Affiliate'));
      const membership = await this.memberships.find(tenant, affiliate.id, campaign.id);
      if (membership?.status !== 'approved') {
        return err(domainError('affiliate_not_approved', `The affiliate is ${membership?.status ?? 'not a member'} for this campaign`));
      }

      const month = calendarMonthOf(now);
      if (live) {
        // The merchant row lock serialises live creates while the cap is checked, so two sales cannot both slip under it.
        // Merchants without a cap (known from the request's authentication) need neither the lock nor the check.
        if (input.merchantEarningsCap !== null) {
          const merchant = await this.merchants.findByIdForUpdate(tenant.merchantId);
          if (!merchant) return err(notFound('Merchant'));
          if (merchant.monthlyEarningsCap !== null) {
            const soFar = await this.conversions.sumSales(tenant, month.from, month.to);
            if (soFar.plus(input.amount).gt(merchant.monthlyEarningsCap)) {
              return err(domainError('earnings_limit_reached', "This sale would exceed the plan's monthly earnings cap"));
            }
          }
        }
        if (input.clickId !== null && input.customerEmail !== null && isSelfReferral(input.customerEmail, affiliate)) {
          return err(domainError('self_referral', 'The customer is the referring affiliate'));
        }
      }

      const rates = await this.rates.ratesFor(tenant, campaign, affiliate.id);
      const monthToDate = rates.campaignTiers
        ? await this.conversions.monthToDate(tenant, affiliate.id, campaign.id, month.from, month.to)
        : undefined;
      const created = createConversion({
        id: this.ids.next(),
        merchantId: tenant.merchantId,
        mode: tenant.mode,
        campaignId: campaign.id,
        affiliateId: affiliate.id,
        amount: input.amount,
        taxAmount: input.taxAmount,
        currency: input.currency,
        rates,
        ...(monthToDate ? { monthToDate } : {}),
        source: 'api',
        orderId: input.orderId,
        clickId: input.clickId,
        customerEmail: input.customerEmail,
        customerName: input.customerName,
        now,
      });
      if (created.isErr()) return err(created.error);
      const { conversion, events } = created.value;
      if ((await this.conversions.insert(conversion)) === 'duplicate_order') {
        return err(domainError('duplicate', `A conversion with orderId "${input.orderId}" already exists`));
      }
      await this.outbox.record(toOutbox(conversion, events, now));
      return ok(conversion);
    });
  }
}
