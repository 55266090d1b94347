import type { Coupon, CouponEvent } from '../../domain/index.js';
import type { OutboxEvent } from '../ports/event-outbox.js';
import { outboxRowsOf } from '../shared/outbox-rows.js';

/** Domain coupon events as outbox rows, in the coupon's own merchant and mode. */
export const couponEventsToOutbox = (coupon: Coupon, events: readonly CouponEvent[], at: Date): OutboxEvent[] => outboxRowsOf(coupon, events, at);
