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
import type { DisposableEmailDomains, RiskFacts, SaleClickFacts, SaleClickQuery } from '../ports/risk-facts.js';
import type { SaleClickAnswer } from '../ports/sale-context.js';
import type { Tenant } from '../shared/tenant.js';

const MINUTE_MS = 60_000;

const tenantKey = (tenant: Tenant) => `${tenant.merchantId}:${tenant.mode}`;

/** The signals that read the sale's click. */
const CLICK_SIGNALS = ['customer_matches_affiliate', 'fast_conversion', 'paid_ads_click', 'banned_referrer', 'click_velocity', 'conversion_velocity'] as const;

/** Tenants whose last seen rules are kept to guess the next sale's click query; the oldest goes first. */
const RULES_KEPT = 10_000;

const sameWindow = (a: SaleClickQuery['visitorClicks'], b: SaleClickQuery['visitorClicks']) =>
  a === b || (a !== null && b !== null && a.since.getTime() === b.since.getTime() && a.limit === b.limit);

/** Whether two queries ask the same thing, so one's answer is the other's. */
export const sameClickQuery = (a: SaleClickQuery, b: SaleClickQuery): boolean =>
  a.clickId === b.clickId &&
  a.affiliateId === b.affiliateId &&
  a.footprints === b.footprints &&
  sameWindow(a.visitorClicks, b.visitorClicks) &&
  sameWindow(a.visitorSales, b.visitorSales);

/**
 * The risk signals of a sale, evaluated as the sale is recorded from any source: first the facts the
 * enabled signals need (an `off` signal costs no read; read before the sale's transaction, as clicks
 * do not change), then the merchant's rules decide (flag, hold, or refuse for self-referral). Live
 * sales only: test keys skip risk checks (spec).
 *
 * The rules arrive with the sale's other facts, but which click facts to read depends on them: so the
 * tenant's last seen rules guess the query (`guess`), the sale's look-up answers it along, and `facts`
 * keeps that answer only when the rules that arrived ask exactly the same; otherwise (first sale of a
 * tenant here, or rules changed) it reads again. A guess is never trusted, only compared.
 */
export class SaleRisk {
  private readonly lastRules = new Map<string, RiskSettings>();

  constructor(
    private readonly read: RiskFacts,
    private readonly disposable: DisposableEmailDomains,
  ) {}

  /** What the enabled signals ask of the sale's click, or null when none reads it or the sale names no click; `at` is where the windows end. */
  clickQuery(clickId: string | null, affiliateId: string, settings: RiskSettings, at: Date): SaleClickQuery | null {
    const on = (code: RiskFlag['code']) => signalEnabled(settings, code);
    if (clickId === null || !CLICK_SIGNALS.some(on)) return null;
    const window = (minutes: number) => new Date(at.getTime() - minutes * MINUTE_MS);
    return {
      clickId,
      affiliateId,
      footprints: on('customer_matches_affiliate'),
      visitorClicks: on('click_velocity') ? { since: window(settings.clickVelocity.windowMinutes), limit: settings.clickVelocity.max + 1 } : null,
      visitorSales: on('conversion_velocity') ? { since: window(settings.conversionVelocity.windowMinutes), limit: settings.conversionVelocity.max } : null,
    };
  }

  /** The click query the tenant's last seen rules would ask, to be answered along with the sale's look-up. */
  guess(tenant: Tenant, clickId: string | null, affiliateId: string, at: Date): SaleClickQuery | null {
    const rules = this.lastRules.get(tenantKey(tenant));
    return rules ? this.clickQuery(clickId, affiliateId, rules, at) : null;
  }

  /**
   * The click and visitor facts the enabled signals need (none when no click signal is on or the sale
   * names no click): the answer given along with the sale's look-up when it asked the same, else one read.
   */
  async facts(tenant: Tenant, clickId: string | null, affiliateId: string, settings: RiskSettings, at: Date, answered?: SaleClickAnswer): Promise<SaleClickFacts | null> {
    this.remember(tenant, settings);
    const query = this.clickQuery(clickId, affiliateId, settings, at);
    if (query === null) return null;
    if (answered && sameClickQuery(answered.query, query)) return answered.facts;
    return this.read.saleClick(tenant, query);
  }

  private remember(tenant: Tenant, settings: RiskSettings): void {
    const key = tenantKey(tenant);
    // Re-inserted so that the Map's order is the order tenants were last seen in.
    this.lastRules.delete(key);
    this.lastRules.set(key, settings);
    if (this.lastRules.size > RULES_KEPT) this.lastRules.delete(this.lastRules.keys().next().value as string);
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
