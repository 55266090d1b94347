import { err, ok, type Result } from 'neverthrow';
import { parseCurrency, type CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import { validationError, type DomainError } from '../shared/domain-error.js';
import { RISK_SIGNALS, type RiskSignal } from './risk-flag.js';
import { hostOf } from './url-parts.js';

/**
 * What a signal does when it fires: nothing (`off`), a flag for review (`flag`), a flag that also
 * holds the sale (`hold`), or, for `self_referral` only, refusing the sale (`refuse`, as before signals).
 */
export const SIGNAL_ACTIONS = ['off', 'flag', 'hold', 'refuse'] as const;
export type SignalAction = (typeof SIGNAL_ACTIONS)[number];

export const PAID_ADS_POLICIES = ['allowed', 'forbidden'] as const;
export type PaidAdsPolicy = (typeof PAID_ADS_POLICIES)[number];

export interface VelocityThreshold {
  /** More than this many in the window fires the signal. */
  readonly max: number;
  readonly windowMinutes: number;
}

/** A merchant's rules for risk signals, per mode. */
export interface RiskSettings {
  readonly actions: Readonly<Record<RiskSignal, SignalAction>>;
  /** `fast_conversion`: a sale less than this many seconds after its click. */
  readonly fastConversionSeconds: number;
  readonly clickVelocity: VelocityThreshold;
  readonly conversionVelocity: VelocityThreshold;
  /** `high_refund_rate`: refunded share (percent) over 90 days above this, once the affiliate has `minConversions` sales. */
  readonly refundRatePercent: number;
  readonly refundRateMinConversions: number;
  /** `banned_referrer`: these domains and their subdomains, lowercase. */
  readonly bannedReferrerDomains: readonly string[];
  /** `paid_ads_click` fires only when paid ads on the merchant's brand are forbidden. */
  readonly paidAds: PaidAdsPolicy;
  /** `POST /t/v1/sales` answers `403 script_sales_disabled` while off. */
  readonly scriptSales: 'on' | 'off';
  /** Per currency: the largest amount one script-reported sale may carry. Empty: no ceiling. */
  readonly scriptSaleMaxAmount: ReadonlyMap<CurrencyCode, Decimal>;
  readonly updatedAt: Date | null;
}

/** Defaults that protect without surprising: self-referral refuses as before, script sales hold, the rest flag. */
export const DEFAULT_RISK_SETTINGS: RiskSettings = {
  actions: {
    self_referral: 'refuse',
    customer_matches_affiliate: 'flag',
    disposable_email: 'flag',
    fast_conversion: 'flag',
    paid_ads_click: 'flag',
    banned_referrer: 'flag',
    click_velocity: 'flag',
    conversion_velocity: 'flag',
    shared_payout_details: 'flag',
    high_refund_rate: 'flag',
    unconfirmed_script_sale: 'hold',
  },
  fastConversionSeconds: 10,
  clickVelocity: { max: 30, windowMinutes: 60 },
  conversionVelocity: { max: 3, windowMinutes: 1440 },
  refundRatePercent: 30,
  refundRateMinConversions: 5,
  bannedReferrerDomains: [],
  paidAds: 'allowed',
  scriptSales: 'on',
  scriptSaleMaxAmount: new Map(),
  updatedAt: null,
};

export interface RiskSettingsPatch {
  readonly actions?: Partial<Record<string, string>>;
  readonly fastConversionSeconds?: number;
  readonly clickVelocity?: { readonly max?: number; readonly windowMinutes?: number };
  readonly conversionVelocity?: { readonly max?: number; readonly windowMinutes?: number };
  readonly refundRatePercent?: number;
  readonly refundRateMinConversions?: number;
  readonly bannedReferrerDomains?: readonly string[];
  readonly paidAds?: PaidAdsPolicy;
  readonly scriptSales?: 'on' | 'off';
  /** Currency → amount (decimal text or number); null removes that currency's ceiling. */
  readonly scriptSaleMaxAmount?: Readonly<Record<string, string | number | null>>;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const MAX_BANNED_DOMAINS = 500;

const intIn = (field: string, value: number | undefined, min: number, max: number, fallback: number): Result<number, DomainError> => {
  if (value === undefined) return ok(fallback);
  return Number.isInteger(value) && value >= min && value <= max ? ok(value) : err(validationError(field, `must be a whole number from ${min} to ${max}`));
};

const velocity = (field: string, patch: RiskSettingsPatch['clickVelocity'], current: VelocityThreshold): Result<VelocityThreshold, DomainError> =>
  intIn(`${field}.max`, patch?.max, 1, 100_000, current.max).andThen((max) =>
    intIn(`${field}.windowMinutes`, patch?.windowMinutes, 1, 43_200, current.windowMinutes).map((windowMinutes) => ({ max, windowMinutes })),
  );

/** A banned referrer as the merchant typed it (`https://www.Spam.example/x`) → its host without `www.`. */
export const referrerDomainOf = (value: string): string | null => {
  const trimmed = value.trim().toLowerCase();
  const host = hostOf(trimmed.includes('://') ? trimmed : `http://${trimmed}`);
  return host !== null && DOMAIN.test(host) ? host : null;
};

const actions = (patch: RiskSettingsPatch['actions'], current: RiskSettings['actions']): Result<RiskSettings['actions'], DomainError> => {
  const next: Record<RiskSignal, SignalAction> = { ...current };
  for (const [signal, action] of Object.entries(patch ?? {})) {
    if (!(RISK_SIGNALS as readonly string[]).includes(signal)) return err(validationError(`actions.${signal}`, 'is not a risk signal'));
    if (!(SIGNAL_ACTIONS as readonly (string | undefined)[]).includes(action)) return err(validationError(`actions.${signal}`, `must be one of ${SIGNAL_ACTIONS.join(', ')}`));
    if (action === 'refuse' && signal !== 'self_referral') return err(validationError(`actions.${signal}`, 'only self_referral can refuse a sale; use hold'));
    next[signal as RiskSignal] = action as SignalAction;
  }
  return ok(next);
};

const ceilings = (patch: RiskSettingsPatch['scriptSaleMaxAmount'], current: RiskSettings['scriptSaleMaxAmount']): Result<RiskSettings['scriptSaleMaxAmount'], DomainError> => {
  const next = new Map(current);
  for (const [code, value] of Object.entries(patch ?? {})) {
    const currency = parseCurrency(code);
    if (currency.isErr()) return err(validationError(`scriptSaleMaxAmount.${code}`, 'is not a currency code'));
    if (value === null) {
      next.delete(currency.value);
      continue;
    }
    let amount: Decimal;
    try {
      amount = new Decimal(value);
    } catch {
      return err(validationError(`scriptSaleMaxAmount.${code}`, 'must be an amount'));
    }
    if (!amount.isFinite() || amount.lte(0) || amount.gt(1_000_000_000)) return err(validationError(`scriptSaleMaxAmount.${code}`, 'must be above 0 and at most 1000000000'));
    next.set(currency.value, amount);
  }
  return ok(next);
};

/** Applies a partial change; every field is checked, and an invalid one changes nothing. */
export const changeRiskSettings = (current: RiskSettings, patch: RiskSettingsPatch, now: Date): Result<RiskSettings, DomainError> => {
  const banned: string[] = [];
  for (const [i, entry] of (patch.bannedReferrerDomains ?? current.bannedReferrerDomains).entries()) {
    const domain = referrerDomainOf(entry);
    if (domain === null) return err(validationError(`bannedReferrerDomains.${i}`, 'must be a domain name such as spam.example'));
    if (!banned.includes(domain)) banned.push(domain);
  }
  if (banned.length > MAX_BANNED_DOMAINS) return err(validationError('bannedReferrerDomains', `at most ${MAX_BANNED_DOMAINS} domains`));
  const fast = intIn('fastConversionSeconds', patch.fastConversionSeconds, 1, 86_400, current.fastConversionSeconds);
  if (fast.isErr()) return err(fast.error);
  const percent = intIn('refundRatePercent', patch.refundRatePercent, 1, 100, current.refundRatePercent);
  if (percent.isErr()) return err(percent.error);
  const minimum = intIn('refundRateMinConversions', patch.refundRateMinConversions, 1, 10_000, current.refundRateMinConversions);
  if (minimum.isErr()) return err(minimum.error);
  const nextActions = actions(patch.actions, current.actions);
  if (nextActions.isErr()) return err(nextActions.error);
  const clickVelocity = velocity('clickVelocity', patch.clickVelocity, current.clickVelocity);
  if (clickVelocity.isErr()) return err(clickVelocity.error);
  const conversionVelocity = velocity('conversionVelocity', patch.conversionVelocity, current.conversionVelocity);
  if (conversionVelocity.isErr()) return err(conversionVelocity.error);
  return ceilings(patch.scriptSaleMaxAmount, current.scriptSaleMaxAmount).map(
    (scriptSaleMaxAmount): RiskSettings => ({
      actions: nextActions.value,
      fastConversionSeconds: fast.value,
      clickVelocity: clickVelocity.value,
      conversionVelocity: conversionVelocity.value,
      refundRatePercent: percent.value,
      refundRateMinConversions: minimum.value,
      bannedReferrerDomains: banned,
      paidAds: patch.paidAds ?? current.paidAds,
      scriptSales: patch.scriptSales ?? current.scriptSales,
      scriptSaleMaxAmount,
      updatedAt: now,
    }),
  );
};
