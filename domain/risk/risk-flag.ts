/** Every risk signal the service evaluates, by its public code. */
export const RISK_SIGNALS = [
  'self_referral',
  'customer_matches_affiliate',
  'disposable_email',
  'fast_conversion',
  'paid_ads_click',
  'banned_referrer',
  'click_velocity',
  'conversion_velocity',
  'shared_payout_details',
  'high_refund_rate',
  'unconfirmed_script_sale',
] as const;
export type RiskSignal = (typeof RISK_SIGNALS)[number];

/** What a signal says about a conversion or an affiliate, with the ids of what it read. */
export interface RiskFlag {
  readonly code: RiskSignal;
  /** A sentence a merchant understands, naming the evidence. */
  readonly message: string;
  /** Ids (clicks, conversions, affiliates, sessions) or values (a referrer's domain) the signal read. */
  readonly evidence: readonly string[];
}

export const riskFlag = (code: RiskSignal, message: string, evidence: readonly string[]): RiskFlag => ({ code, message, evidence: [...new Set(evidence)] });

/** What a subject of review is: a sale or an affiliate. */
export type RiskSubject = 'conversion' | 'affiliate';
