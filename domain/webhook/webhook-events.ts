import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';

/** Every event name the service sends (spec, Events). `ping` is sent by the test endpoint only. */
export const WEBHOOK_EVENT_TYPES = [
  'conversion.created',
  'conversion.updated',
  'conversion.approved',
  'conversion.rejected',
  'conversion.paid',
  'conversion.flagged',
  'affiliate.joined',
  'affiliate.approved',
  'affiliate.rejected',
  'affiliate.suspended',
  'affiliate.payout_details_completed',
  'affiliate.flagged',
  'affiliate.banned',
  'affiliate.unbanned',
  'affiliate.tax_details_completed',
  'payout.completed',
  'payout.failed',
  'bonus.awarded',
  'bonus.paid',
  'bonus.cancelled',
  'campaign.updated',
  'ping',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const KNOWN = new Set<string>(WEBHOOK_EVENT_TYPES);

export const isWebhookEventType = (name: string): name is WebhookEventType => KNOWN.has(name);

/**
 * A subscription's event list: at least one known name; duplicates are dropped, order kept.
 * Unknown names answer `400 validation_error` naming each offending entry (`events.<index>`).
 */
export const parseWebhookEvents = (
  input: readonly string[],
  field = 'events',
): Result<readonly WebhookEventType[], DomainError<'validation_error'>> => {
  if (input.length === 0) {
    return err(domainError('validation_error', `${field} must name at least one event`, [{ field, message: 'must name at least one event' }]));
  }
  const problems: FieldProblem[] = [];
  const events: WebhookEventType[] = [];
  input.forEach((name, index) => {
    if (!isWebhookEventType(name)) {
      problems.push({ field: `${field}.${index}`, message: `unknown event "${name}"; known events: ${WEBHOOK_EVENT_TYPES.join(', ')}` });
    } else if (!events.includes(name)) {
      events.push(name);
    }
  });
  if (problems.length > 0) {
    return err(domainError('validation_error', `Unknown event name${problems.length > 1 ? 's' : ''}: ${problems.map((p) => p.field).join(', ')}`, problems));
  }
  return ok(events);
};
