import { idText, obj, str, type Json } from '../shared/json-fields.js';

/**
 * Lemon Squeezy sends no event id, so one is derived from what the body says: the event name, the
 * resource (`data.type`/`data.id`) and the resource's `updated_at`, plus `refunded_amount` on refunds.
 * A retry or a resend of the same notification carries the same body, hence the same id (one effect);
 * a new event about the same resource (a second partial refund) changes `updated_at` and the refunded
 * total, hence a new id. Refunds are running totals anyway, so an id taken twice could not count twice.
 */
export const lemonSqueezyEventId = (eventName: string, data: Json): string | null => {
  const type = str(data.type);
  const id = idText(data.id);
  if (!type || !id) return null;
  const attributes = obj(data.attributes) ?? {};
  const version = str(attributes.updated_at) ?? str(attributes.created_at) ?? '';
  const refunded = idText(attributes.refunded_amount);
  return [eventName, `${type}/${id}`, version, ...(eventName.endsWith('_refunded') && refunded !== null ? [`refunded:${refunded}`] : [])].join('|');
};
