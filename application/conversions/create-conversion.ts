import { err, ok, type Result } from 'neverthrow';
import {
  checkCampaignTakesSale,
  checkMembershipEarns,
  createConversion,
  domainError,
  type Conversion,
  type CurrencyCode,
  type Decimal,
  type DomainError,
} from '../../domain/index.js';
import { mayManagePayouts, type ApiKey } from '../api-keys/api-key.js';
import type { Clock } from '../ports/clock.js';
import type { ConversionRepository } from '../ports/conversion-repository.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { SaleContext, SaleContexts } from '../ports/sale-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { insufficientPermissions, notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { singleWriteResult, transactionalResult } from '../shared/transactional-result.js';
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
  /**
   * The sale's context when the caller already read it in the tenant for these campaign and
   * affiliate ids (with the key's admission: ports/api-key-admission.ts); `null`: the campaign is not
   * the merchant's. Absent, it is read here.
   */
  readonly saleContext?: SaleContext | null;
}

/**
 * A sale reported through the API (and, later, by payment-provider notifications: same checks, same
 * order): Manage payouts for team-member keys on live sales; the merchant's active campaign; the
 * affiliate approved on it; a unique order id; the monthly earnings cap and the self-referral check
 * on live sales. Then the commission, the row and `conversion.created`, written by one statement
 * (inside one transaction with the merchant row lock when the cap is checked).
 */
export class CreateConversion {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly sales: SaleContexts,
    private readonly conversions: ConversionRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  execute(input: CreateConversionInput): Promise<Result<Conversion, DomainError>> {
    const { tenant } = input;
    const live = tenant.mode === 'live';
    if (live && !mayManagePayouts(input.key)) {
      return Promise.resolve(err(insufficientPermissions('Creating live conversions needs the Manage payouts permission')));
    }
    // A live sale locks the merchant row to check its cap, when the merchant has one or the caller did
    // not say (`merchantEarningsCap` absent): that needs a transaction. Any other sale reads, then
    // writes with its one statement.
    const locks = live && input.merchantEarningsCap !== null;
    return (locks ? transactionalResult : singleWriteResult)(this.uow, async () => {
      const now = this.clock.now();
      // One read for the campaign, the affiliate, its membership and the rates; checked in this order.
      const sale = input.saleContext !== undefined ? input.saleContext : await this.sales.find(tenant, input.campaignId, input.affiliateId);
      if (!sale) return err(notFound('Campaign'));
      const { campaign, affiliate, membership, rates } = sale;
      // Paused, ended and suspended earn nothing new, whoever reports the sale (domain rules).
      const open = checkCampaignTakesSale(campaign);
      if (open.isErr()) return err(open.error);
      if (!affiliate) return err(notFound('Affiliate'));
      const earns = checkMembershipEarns(membership);
      if (earns.isErr()) return err(earns.error);

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
      if ((await this.conversions.insert(conversion, toOutbox(conversion, events, now))) === 'duplicate_order') {
        return err(domainError('duplicate', `A conversion with orderId "${input.orderId}" already exists`));
      }
      return ok(conversion);
    });
  }
}
