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

/** `affiliate.banned`: the merchant banned the affiliate, with their reason and what the ban changed. */
export interface AffiliateBannedPayload {
  readonly affiliateId: string;
  readonly reason: string;
  readonly bannedAt: string;
  readonly suspendedMemberships: number;
  readonly rejectedConversions: number;
  readonly heldConversions: number;
  readonly cancelledPayouts: number;
}

/** `affiliate.unbanned`: the merchant lifted the ban (memberships stay as the ban left them). */
export interface AffiliateUnbannedPayload {
  readonly affiliateId: string;
  readonly reason: string;
  readonly bannedAt: string;
}

export type RiskEvent =
  | { readonly type: 'conversion.flagged'; readonly payload: ConversionFlaggedPayload }
  | { readonly type: 'affiliate.flagged'; readonly payload: AffiliateFlaggedPayload }
  | { readonly type: 'affiliate.banned'; readonly payload: AffiliateBannedPayload }
  | { readonly type: 'affiliate.unbanned'; readonly payload: AffiliateUnbannedPayload };

const flagPayload = (f: RiskFlag): RiskFlagPayload => ({ code: f.code, message: f.message, evidence: [...f.evidence] });

export const conversionFlagged = (conversion: Conversion, flags: readonly RiskFlag[]): RiskEvent => ({
  type: 'conversion.flagged',
  payload: { conversionId: conversion.id, campaignId: conversion.campaignId, affiliateId: conversion.affiliateId, status: conversion.status, flags: flags.map(flagPayload) },
});

export const affiliateFlagged = (affiliateId: string, flags: readonly RiskFlag[]): RiskEvent => ({
  type: 'affiliate.flagged',
  payload: { affiliateId, flags: flags.map(flagPayload) },
});

export const affiliateBanned = (payload: AffiliateBannedPayload): RiskEvent => ({ type: 'affiliate.banned', payload });

export const affiliateUnbanned = (ban: { readonly affiliateId: string; readonly reason: string; readonly bannedAt: Date }): RiskEvent => ({
  type: 'affiliate.unbanned',
  payload: { affiliateId: ban.affiliateId, reason: ban.reason, bannedAt: ban.bannedAt.toISOString() },
});
