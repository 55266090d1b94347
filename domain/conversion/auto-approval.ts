import { needsAboveSaleConfirmation } from './commission-above-sale.guard.js';
import type { Conversion } from './conversion.js';

const DAY_MS = 86_400_000;

export interface AutoApprovalContext {
  /** The campaign's `autoApproveCommissionsAfterDays`; null = every approval is manual. */
  readonly campaignAutoApproveDays: number | null;
  /** The affiliate's membership on the conversion's campaign is `approved`. */
  readonly affiliateApproved: boolean;
  /** A risk signal flagged the sale: a person looks at it first. */
  readonly flagged: boolean;
  readonly now: Date;
}

/** When the conversion becomes due, or null when the campaign has no auto-approval. */
export const autoApprovalDueAt = (conversion: Pick<Conversion, 'createdAt'>, days: number | null): Date | null =>
  days === null ? null : new Date(conversion.createdAt.getTime() + days * DAY_MS);

/**
 * Whether the auto-approval job approves this conversion now. Days are exact 24-hour spans from
 * `createdAt` (UTC, no calendar or DST rounding); due at the instant the span ends.
 * Never for a sale reported only by the tracking script, a sale a risk signal flagged, a commission needing 5x confirmation
 * (nobody confirms for a job), or a refunded sale. A partly refunded sale qualifies: `refund()` always
 * records `refundedAmount` and recomputes the commission, so the spec's "partly refunded without the
 * refunded amount" cannot arise in this domain.
 */
export const isDueForAutoApproval = (conversion: Conversion, context: AutoApprovalContext): boolean => {
  const dueAt = autoApprovalDueAt(conversion, context.campaignAutoApproveDays);
  if (dueAt === null || context.now.getTime() < dueAt.getTime()) return false;
  if (conversion.status !== 'pending') return false;
  if (conversion.refundedAmount !== null && conversion.refundedAmount.gte(conversion.amount)) return false;
  if (!context.affiliateApproved) return false;
  if (context.flagged) return false;
  if (conversion.source === 'tracking_script') return false;
  return !needsAboveSaleConfirmation(conversion);
};
