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
    const clickSignals = ['customer_matches_affiliate', 'fast_conversion', 'paid_ads_click', 'banned_referrer', 'click_velocity', 'conversion_velocity'] as const;
    const click = sale.clickId !== null && clickSignals.some(on) ? await this.facts.click(tenant, sale.clickId) : null;
    const fired: (RiskFlag | null)[] = [];
    // Self-referral is checked when the sale carries both a click id and a customer email (spec).
    if (on('self_referral') && sale.clickId !== null) fired.push(selfReferral(sale.customerEmail, affiliate));
    if (on('customer_matches_affiliate')) {
      const footprints = click ? await this.facts.footprints(tenant, affiliate.id) : [];
      fired.push(customerMatchesAffiliate(sale.customerEmail, affiliate, click, footprints));
    }
    if (on('disposable_email')) fired.push(disposableEmail('customer', sale.customerEmail, (d) => this.disposable.isDisposable(d), sale.id));
    if (on('fast_conversion')) fired.push(fastConversion(click, sale.createdAt, settings.fastConversionSeconds));
    if (on('paid_ads_click')) fired.push(paidAdsClick(click, settings.paidAds === 'forbidden'));
    if (on('banned_referrer')) fired.push(bannedReferrer(click, settings.bannedReferrerDomains));
    if (click && on('click_velocity')) {
      const { max, windowMinutes } = settings.clickVelocity;
      const ids = await this.facts.clicksFromVisitor(tenant, click.visitorHash, new Date(sale.createdAt.getTime() - windowMinutes * MINUTE_MS), max + 1);
      fired.push(clickVelocity({ ids, windowMinutes }, max));
    }
    if (click && on('conversion_velocity')) {
      const { max, windowMinutes } = settings.conversionVelocity;
      const earlier = await this.facts.salesFromVisitor(tenant, click.visitorHash, new Date(sale.createdAt.getTime() - windowMinutes * MINUTE_MS), max);
      fired.push(conversionVelocity({ ids: [...earlier, sale.id], windowMinutes }, max));
    }
    if (on('unconfirmed_script_sale')) fired.push(unconfirmedScriptSale(sale.source, sale.id));
    return assessRisk(fired, settings);
  }
}
