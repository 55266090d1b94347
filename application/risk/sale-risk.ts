import {
  assessRisk,
  bannedReferrer,
  clickVelocity,
  conversionVelocity,
  customerMatchesAffiliate,
  disposableEmail,
  fastConversion,
  paidAdsClick,
  selfReferral,
  signalEnabled,
  unconfirmedScriptSale,
  type Affiliate,
  type Conversion,
  type DomainError,
  type RiskAssessment,
  type RiskFlag,
  type RiskSettings,
} from '../../domain/index.js';
import type { Result } from 'neverthrow';
import type { DisposableEmailDomains, RiskFacts } from '../ports/risk-facts.js';
import type { Tenant } from '../shared/tenant.js';

const MINUTE_MS = 60_000;

/**
 * The risk signals of a sale, evaluated as the sale is recorded from any source: reads only what the
 * enabled signals need (an `off` signal costs no read), then the merchant's rules decide (flag, hold,
 * or refuse for self-referral). Live sales only: test keys skip risk checks (spec).
 */
export class SaleRisk {
  constructor(
    private readonly facts: RiskFacts,
    private readonly disposable: DisposableEmailDomains,
  ) {}

  async assess(tenant: Tenant, sale: Conversion, affiliate: Affiliate, settings: RiskSettings): Promise<Result<RiskAssessment, DomainError>> {
    const on = (code: RiskFlag['code']) => signalEnabled(settings, code);
    const window = (minutes: number) => new Date(sale.createdAt.getTime() - minutes * MINUTE_MS);
    const clickSignals = ['customer_matches_affiliate', 'fast_conversion', 'paid_ads_click', 'banned_referrer', 'click_velocity', 'conversion_velocity'] as const;
    // One look-up for the click and its visitor, asking only what the enabled signals use.
    const facts =
      sale.clickId !== null && clickSignals.some(on)
        ? await this.facts.saleClick(tenant, {
            clickId: sale.clickId,
            affiliateId: affiliate.id,
            footprints: on('customer_matches_affiliate'),
            visitorClicks: on('click_velocity') ? { since: window(settings.clickVelocity.windowMinutes), limit: settings.clickVelocity.max + 1 } : null,
            visitorSales: on('conversion_velocity') ? { since: window(settings.conversionVelocity.windowMinutes), limit: settings.conversionVelocity.max } : null,
          })
        : null;
    const click = facts?.click ?? null;
    const fired: (RiskFlag | null)[] = [];
    // Self-referral is checked when the sale carries both a click id and a customer email (spec).
    if (on('self_referral') && sale.clickId !== null) fired.push(selfReferral(sale.customerEmail, affiliate));
    if (on('customer_matches_affiliate')) fired.push(customerMatchesAffiliate(sale.customerEmail, affiliate, click, facts?.footprints ?? []));
    if (on('disposable_email')) fired.push(disposableEmail('customer', sale.customerEmail, (d) => this.disposable.isDisposable(d), sale.id));
    if (on('fast_conversion')) fired.push(fastConversion(click, sale.createdAt, settings.fastConversionSeconds));
    if (on('paid_ads_click')) fired.push(paidAdsClick(click, settings.paidAds === 'forbidden'));
    if (on('banned_referrer')) fired.push(bannedReferrer(click, settings.bannedReferrerDomains));
    if (facts && on('click_velocity')) {
      fired.push(clickVelocity({ ids: facts.visitorClicks, windowMinutes: settings.clickVelocity.windowMinutes }, settings.clickVelocity.max));
    }
    if (facts && on('conversion_velocity')) {
      fired.push(conversionVelocity({ ids: [...facts.visitorSales, sale.id], windowMinutes: settings.conversionVelocity.windowMinutes }, settings.conversionVelocity.max));
    }
    if (on('unconfirmed_script_sale')) fired.push(unconfirmedScriptSale(sale.source, sale.id));
    return assessRisk(fired, settings);
  }
}
