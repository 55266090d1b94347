import { formatAmount } from '../money/money.js';
import type { Conversion, ConversionStatus } from './conversion.js';

export const CONVERSION_EVENT_TYPES = [
  'conversion.created',
  'conversion.updated',
  'conversion.approved',
  'conversion.rejected',
  'conversion.paid',
] as const;
export type ConversionEventType = (typeof CONVERSION_EVENT_TYPES)[number];

/** The spec's conversion event `data`; money as canonical strings. */
export interface ConversionEventPayload {
  readonly conversionId: string;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly amount: string;
  readonly taxAmount: string | null;
  readonly commission: string;
  readonly currency: string;
  readonly status: ConversionStatus;
}

/**
 * A fact for the outbox. The domain emits events in both modes; whoever dispatches webhooks drops
 * test-mode ones (the conversion's `mode` is at hand there).
 */
export interface ConversionEvent {
  readonly type: ConversionEventType;
  readonly payload: ConversionEventPayload;
}

export const conversionPayload = (conversion: Conversion): ConversionEventPayload => ({
  conversionId: conversion.id,
  campaignId: conversion.campaignId,
  affiliateId: conversion.affiliateId,
  amount: formatAmount(conversion.amount, conversion.currency),
  taxAmount: conversion.taxAmount === null ? null : formatAmount(conversion.taxAmount, conversion.currency),
  commission: formatAmount(conversion.commission, conversion.currency),
  currency: conversion.currency,
  status: conversion.status,
});

/** Events carry the conversion as it is after the change. */
export const conversionEvent = (type: ConversionEventType, conversion: Conversion): ConversionEvent => ({
  type,
  payload: conversionPayload(conversion),
});
