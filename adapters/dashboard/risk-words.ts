import type { RiskSignal, SignalAction } from '../../domain/index.js';

/** Each risk signal as a merchant reads it: a short name and what it looks at. */
export const SIGNAL_WORDS: Readonly<Record<RiskSignal, { readonly name: string; readonly reads: string }>> = {
  self_referral: { name: 'Self-referral', reads: "the customer's email is the affiliate's own (case, Gmail dots and +tags ignored)" },
  customer_matches_affiliate: { name: 'Customer looks like the affiliate', reads: "the customer's email domain, browser or address matches the affiliate's own portal sessions or clicks" },
  disposable_email: { name: 'Throwaway email', reads: "the affiliate's or the customer's email is at a disposable mail service" },
  fast_conversion: { name: 'Too fast after the click', reads: 'a sale came sooner after its click than a real visitor needs' },
  paid_ads_click: { name: 'Paid ad click', reads: 'the click came from a paid ad while paid ads on your brand are not allowed' },
  banned_referrer: { name: 'Banned referrer', reads: "the click's referring site is on your banned list" },
  click_velocity: { name: 'Many clicks from one visitor', reads: 'one browser or address clicked more than your limit in the window' },
  conversion_velocity: { name: 'Many sales from one visitor', reads: 'one browser or address bought more than your limit in the window' },
  shared_payout_details: { name: 'Shared payout details', reads: 'two of your affiliates share a payout email or connected account' },
  high_refund_rate: { name: 'High refund rate', reads: "an affiliate's refunded share of sales over 90 days is above your limit" },
  unconfirmed_script_sale: { name: 'Unconfirmed script sale', reads: 'only the tracking script on your page reported the sale; no payment provider confirmed it' },
};

/** What each rule does, in words. */
export const ACTION_WORDS: Readonly<Record<SignalAction, string>> = {
  off: 'Off',
  flag: 'Flag for review',
  hold: 'Flag and hold the sale',
  refuse: 'Refuse the sale',
};
