import type { z } from '@hono/zod-openapi';
import { describe, expectTypeOf, it } from 'vitest';
import {
  AffiliateBannedEventData,
  AffiliateFlaggedEventData,
  BonusEventData,
  ConversionFlaggedEventData,
  ConversionEventData,
  MembershipEventData,
  PayoutDetailsEventData,
  PayoutEventData,
  PingEventData,
  TaxDetailsEventData,
} from '../../adapters/http/openapi/webhook-events.js';
import type {
  AffiliateBannedPayload,
  AffiliateFlaggedPayload,
  BonusEventPayload,
  ConversionFlaggedPayload,
  ConversionEventPayload,
  MembershipEventPayload,
  PayoutDetailsEventPayload,
  PayoutEventData as PayoutEventPayload,
  TaxDetailsCompletedPayload,
} from '../../domain/index.js';
import type { PingPayload } from '../../domain/webhook/index.js';

type Plain<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The documented webhook payloads (OpenAPI `webhooks`) are exactly the producers' payload types: a
 * field added to, removed from or retyped in a payload fails the typecheck (`npm test` runs tsc) until
 * the document follows. Deliveries are also checked at run time in test/http/openapi.test.ts.
 */
describe('documented webhook payloads', () => {
  it('equal the payload types the domain emits', () => {
    expectTypeOf<z.infer<typeof ConversionEventData>>().toEqualTypeOf<Plain<ConversionEventPayload>>();
    expectTypeOf<z.infer<typeof MembershipEventData>>().toEqualTypeOf<Plain<MembershipEventPayload>>();
    expectTypeOf<z.infer<typeof PayoutDetailsEventData>>().toEqualTypeOf<Plain<PayoutDetailsEventPayload>>();
    expectTypeOf<z.infer<typeof PayoutEventData>>().toEqualTypeOf<Plain<PayoutEventPayload>>();
    expectTypeOf<z.infer<typeof BonusEventData>>().toEqualTypeOf<Plain<BonusEventPayload>>();
    expectTypeOf<z.infer<typeof TaxDetailsEventData>>().toEqualTypeOf<Plain<TaxDetailsCompletedPayload>>();
    expectTypeOf<z.infer<typeof PingEventData>>().toEqualTypeOf<Plain<PingPayload>>();
    expectTypeOf<z.infer<typeof ConversionFlaggedEventData>>().toEqualTypeOf<Plain<ConversionFlaggedPayload>>();
    expectTypeOf<z.infer<typeof AffiliateFlaggedEventData>>().toEqualTypeOf<Plain<AffiliateFlaggedPayload>>();
    expectTypeOf<z.infer<typeof AffiliateBannedEventData>>().toEqualTypeOf<Plain<AffiliateBannedPayload>>();
  });
});
