import type { DeliveryOutcome, DeliveryResult } from '../ports/provider-sales-ledger.js';

/** A delivery's result with only what it says set. */
export const result = (outcome: DeliveryOutcome, fields: Partial<Omit<DeliveryResult, 'outcome'>> = {}): DeliveryResult => ({
  outcome,
  reason: fields.reason ?? null,
  code: fields.code ?? null,
  conversionId: fields.conversionId ?? null,
});

export const ignored = (reason: string, conversionId: string | null = null): DeliveryResult => result('ignored', { reason, conversionId });
