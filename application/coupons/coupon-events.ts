import type { Coupon, CouponEvent } from '../../domain/index.js';
import type { OutboxEvent } from '../ports/event-outbox.js';

/** Domain coupon events as outbox rows, in the coupon's own merchant and mode. */
export const couponEventsToOutbox = (coupon: Coupon, events: readonly CouponEvent[], at: Date): OutboxEvent[] =>
  events.map((event) => ({
    merchantId: coupon.merchantId,
    mode: coupon.mode,
    type: event.type,
    payload: { ...event.payload },
    occurredAt: at,
  }));
