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
import type { DisposableEmailDomains, RiskFacts, SaleClickFacts } from '../ports/risk-facts.js';
import type { Tenant } from '../shared/tenant.js';

const MINUTE_MS = 60_000;

/** The signals that read the sale's click. */
const CLICK_SIGNALS = ['customer_matches_affiliate', 'fast_conversion', 'paid_ads_click', 'banned_referrer', 'click_velocity', 'conversion_velocity'] as const;

/**
 * The risk signals of a sale, evaluated as the sale is recorded from any source: first the facts the
 * enabled signals need (an `off` signal costs no read; read before the sale's transaction, as clicks
 * do not change), then the merchant's rules decide (flag, hold, or refuse for self-referral). Live
 * sales only: test keys skip risk checks (spec).
 */
export class SaleRisk {
  constructor(
    private readonly read: RiskFacts,
    private readonly disposable: DisposableEmailDomains,
  ) {}

  /**
   * The click and visitor facts the enabled signals need, in one look-up (none when no click signal
   * is on or the sale names no click); `at` is the sale's time, where the windows end.
   */
  async facts(tenant: Tenant, clickId: string | null, affiliateId: string, settings: RiskSettings, at: Date): Promise<SaleClickFacts | null> {
    const on = (code: RiskFlag['code']) => signalEnabled(settings, code);
    if (clickId === null || !CLICK_SIGNALS.some(on)) return null;
    const window = (minutes: number) => new Date(at.getTime() - minutes * MINUTE_MS);
    return this.read.saleClick(tenant, {
      clickId,
      affiliateId,
      footprints: on('customer_matches_affiliate'),
      visitorClicks: on('click_velocity') ? { since: window(settings.clickVelocity.windowMinutes), limit: settings.clickVelocity.max + 1 } : null,
      visitorSales: on('conversion_velocity') ? { since: window(settings.conversionVelocity.windowMinutes), limit: settings.conversionVelocity.max } : null,
    });
  }

  /** The merchant's rules over what fired, from the facts `facts` read for this sale. */
  assess(sale: Conversion, affiliate: Affiliate, settings: RiskSettings, facts: SaleClickFacts | null): Result<RiskAssessment, DomainError> {
    const on = (code: RiskFlag['code']) => signalEnabled(settings, code);
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
