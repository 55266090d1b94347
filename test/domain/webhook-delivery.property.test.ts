import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, eventDelivery, skipDelivery, type DeliveryStatus, type WebhookDelivery } from '../../domain/webhook/index.js';

const T0 = Date.UTC(2026, 10, 22);

const target = { id: '00000000-0000-4000-8000-000000000001', merchantId: '00000000-0000-4000-8000-000000000002', mode: 'live' as const };

const base = eventDelivery(
  '00000000-0000-4000-8000-000000000003',
  target,
  { id: '00000000-0000-4000-8000-000000000004', type: 'conversion.created', payload: { conversionId: 'c-1' }, occurredAt: new Date(T0) },
  new Date(T0),
  new Date(T0),
);

/** A delivery in one of `statuses`, in any state the worker can find it in. */
const aDelivery = (statuses: readonly DeliveryStatus[] = DELIVERY_STATUSES): fc.Arbitrary<WebhookDelivery> =>
  fc
    .record({
      status: fc.constantFrom(...statuses),
      attempts: fc.nat({ max: 20 }),
      nextAttemptAt: fc.option(fc.integer({ min: T0, max: T0 + 86_400_000 }).map((ms) => new Date(ms))),
      updatedAt: fc.integer({ min: T0, max: T0 + 86_400_000 }).map((ms) => new Date(ms)),
    })
    .map((state) => ({ ...base, ...state }));
const aMoment = fc.integer({ min: T0, max: T0 + 2 * 86_400_000 }).map((ms) => new Date(ms));

describe('skipDelivery (a subscription paused or deactivated before the delivery’s turn)', () => {
  it('settles a pending delivery as skipped at `now`, with nothing more scheduled and nothing else changed', () => {
    fc.assert(
      fc.property(aDelivery(['pending']), aMoment, (delivery, now) => {
        const skipped = skipDelivery(delivery, now);
        expect(skipped).toEqual({ ...delivery, status: 'skipped', nextAttemptAt: null, updatedAt: now });
      }),
    );
  });

  it('leaves a settled delivery as it is: a success, a failure or a skip is never rewritten', () => {
    fc.assert(
      fc.property(aDelivery(DELIVERY_STATUSES.filter((s) => s !== 'pending')), aMoment, (delivery, now) => {
        expect(skipDelivery(delivery, now)).toBe(delivery);
      }),
    );
  });

  it('skipping twice is the same as skipping once', () => {
    fc.assert(
      fc.property(aDelivery(), aMoment, aMoment, (delivery, first, second) => {
        const once = skipDelivery(delivery, first);
        expect(skipDelivery(once, second)).toBe(once);
      }),
    );
  });
});
