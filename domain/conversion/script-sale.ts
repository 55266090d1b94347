import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError } from '../shared/domain-error.js';
import type { Conversion } from './conversion.js';
import { invalidTransition } from './conversion.errors.js';
import { conversionEvent } from './conversion.events.js';
import type { ConversionChange } from './conversion.ops.js';

/** A sale the merchant's page reported through the tracking script, not (yet) confirmed by a payment provider. */
export const isScriptSale = (conversion: Pick<Conversion, 'source'>): boolean => conversion.source === 'tracking_script';

/**
 * A sale only the tracking script reported, which no provider confirmed and the merchant has not
 * approved: pending or held. Anyone holding a live click id can report one, so it moves no money and
 * no limit: it stays out of the monthly earnings cap, volume tiers, team goals and payouts.
 */
export const isUnconfirmedScriptSale = (conversion: Pick<Conversion, 'source' | 'status'>): boolean =>
  isScriptSale(conversion) && (conversion.status === 'pending' || conversion.status === 'held');

/** Whether a sale counts toward the merchant's limits and the affiliate's tiers: a real sale (not rejected or refunded), not an unconfirmed script sale. */
export const countsTowardLimits = (conversion: Pick<Conversion, 'source' | 'status'>): boolean =>
  conversion.status !== 'rejected' && conversion.status !== 'refunded' && !isUnconfirmedScriptSale(conversion) && conversion.source !== 'import';

/** A script sale a provider's report may still replace: pending, or held from pending (a risk hold awaiting confirmation). */
export const isReplaceableScriptSale = (conversion: Pick<Conversion, 'source' | 'status' | 'heldFrom'>): boolean =>
  isScriptSale(conversion) && (conversion.status === 'pending' || (conversion.status === 'held' && conversion.heldFrom === 'pending'));

/**
 * A payment provider reported an order the tracking script had already reported: the provider's
 * report replaces the script's figures (amount, tax, currency, commission and its terms), its
 * attribution and its source, while the conversion keeps its id and its sale time. From then on it is
 * a provider sale, so the provider sale's auto-approval rules apply to it. `report` is the conversion
 * the provider's report would have created on its own (same checks, same commission calculation).
 *
 * Only a pending script sale is replaced, or one held from pending (the `unconfirmed_script_sale`
 * hold waits for exactly this report; the provider's sale then gets its own risk assessment): once the
 * merchant approved, rejected or refunded it, their decision stands and the provider's report is a
 * duplicate (`invalid_transition`). A report
 * from the script itself never replaces anything (`duplicate`). Emits `conversion.updated`.
 */
export const supersedeScriptSale = (scriptSale: Conversion, report: Conversion, now: Date): Result<ConversionChange, DomainError> => {
  if (!isScriptSale(scriptSale) || isScriptSale(report)) {
    return err(domainError('duplicate', `A conversion with orderId "${scriptSale.orderId}" already exists`));
  }
  if (scriptSale.merchantId !== report.merchantId || scriptSale.mode !== report.mode || scriptSale.orderId === null || scriptSale.orderId !== report.orderId) {
    return err(domainError('validation_error', 'A provider report replaces only the script sale of the same merchant, mode and order'));
  }
  if (!isReplaceableScriptSale(scriptSale)) return err(invalidTransition(scriptSale.status, 'supersede'));
  const next: Conversion = {
    ...report,
    id: scriptSale.id,
    status: 'pending',
    approvedAt: null,
    heldFrom: null,
    refundedAmount: null,
    clickId: report.clickId ?? scriptSale.clickId,
    customerEmail: report.customerEmail ?? scriptSale.customerEmail,
    customerName: report.customerName ?? scriptSale.customerName,
    createdAt: scriptSale.createdAt,
    updatedAt: now,
  };
  return ok({ conversion: next, events: [conversionEvent('conversion.updated', next)], changed: true, cancelsQueuedPayout: false });
};
