import type { Conversion, ConversionStatus } from '../conversion/conversion.js';
import type { RiskFlag } from './risk-flag.js';

/** Plain (mutable) fields: the payload is data a receiver may keep as it is. */
export interface RiskFlagPayload {
  code: string;
  message: string;
  evidence: string[];
}

/** `conversion.flagged`: the sale as it stands (held, when a rule held it) and every flag on it. */
export interface ConversionFlaggedPayload {
  readonly conversionId: string;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly status: ConversionStatus;
  readonly flags: RiskFlagPayload[];
}

/** `affiliate.flagged`: the affiliate and every flag on it. */
export interface AffiliateFlaggedPayload {
  readonly affiliateId: string;
  readonly flags: RiskFlagPayload[];
}

/** `affiliate.banned`: the merchant banned the affiliate, with their reason. */
export interface AffiliateBannedPayload {
  readonly affiliateId: string;
  readonly reason: string;
  readonly rejectedConversions: number;
  readonly cancelledPayouts: number;
}

export type RiskEvent =
  | { readonly type: 'conversion.flagged'; readonly payload: ConversionFlaggedPayload }
  | { readonly type: 'affiliate.flagged'; readonly payload: AffiliateFlaggedPayload }
  | { readonly type: 'affiliate.banned'; readonly payload: AffiliateBannedPayload };

const flagPayload = (f: RiskFlag): RiskFlagPayload => ({ code: f.code, message: f.message, evidence: [...f.evidence] });

export const conversionFlagged = (conversion: Conversion, flags: readonly RiskFlag[]): RiskEvent => ({
  type: 'conversion.flagged',
  payload: { conversionId: conversion.id, campaignId: conversion.campaignId, affiliateId: conversion.affiliateId, status: conversion.status, flags: flags.map(flagPayload) },
});

export const affiliateFlagged = (affiliateId: string, flags: readonly RiskFlag[]): RiskEvent => ({
  type: 'affiliate.flagged',
  payload: { affiliateId, flags: flags.map(flagPayload) },
});
