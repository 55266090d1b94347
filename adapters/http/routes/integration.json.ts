import { z } from '@hono/zod-openapi';
import { DELIVERY_OUTCOMES, type DeliveryRecord } from '../../../application/ports/provider-sales-ledger.js';
import type { ReplayResult } from '../../../application/sales/replay-provider-sale.js';
import { COUPON_PROVIDERS, type Integration } from '../../../domain/index.js';

export const IntegrationSchema = z
  .object({
    id: z.string(),
    provider: z.enum(COUPON_PROVIDERS).openapi({ description: 'The payment provider token; `card` is the card processor (Stripe event format), `app_store` App Store Server Notifications v2' }),
    mode: z.enum(['live', 'test']).openapi({ description: "The key's mode: which events it accepts and which data it creates" }),
    name: z.string().nullable(),
    bundleId: z.string().nullable().openapi({ description: '`app_store`: the app whose notifications this integration accepts; null for other providers', example: 'com.example.app' }),
    appAppleId: z.number().int().nullable().openapi({ description: "`app_store`: the app's Apple ID; null for other providers (and for a test integration without one)", example: 1234567890 }),
    endpointUrl: z.string().openapi({ description: 'Paste this into the provider as the webhook endpoint', example: 'https://affiliates.example.com/ingest/v1/0192f0c4-6c1e-7d2a-9b1e-2f3a4b5c6d7e' }),
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Integration', { 'x-extension': true });

export const IntegrationEventSchema = z
  .object({
    id: z.string(),
    providerEventId: z.string().openapi({ example: 'evt_1Pgc71B7WZ01zgkW' }),
    type: z.string().openapi({ example: 'checkout.session.completed' }),
    receivedAt: z.string(),
    outcome: z.enum(DELIVERY_OUTCOMES).openapi({ description: 'What the delivery did (`received` only while it is being handled)' }),
    reason: z.string().nullable().openapi({ description: 'Why: how the sale was attributed, why it was not, why it was ignored or rejected', example: 'attributed by click 0192f0c4-…' }),
    code: z.string().nullable().openapi({ description: "For `rejected`: the create check's error code", example: 'affiliate_not_approved' }),
    conversionId: z.string().nullable(),
    replayable: z.boolean().openapi({ description: 'A refused sale kept with this delivery: `POST /integrations/{id}/events/{eventId}/replay` runs it again' }),
  })
  .openapi('IntegrationEvent', { 'x-extension': true });

export const integrationJson = (i: Integration, publicBaseUrl: string): z.infer<typeof IntegrationSchema> => ({
  id: i.id,
  provider: i.provider,
  mode: i.mode,
  name: i.name,
  bundleId: i.bundleId,
  appAppleId: i.appAppleId,
  endpointUrl: `${publicBaseUrl}/ingest/v1/${i.id}`,
  active: i.active,
  createdAt: i.createdAt.toISOString(),
  updatedAt: i.updatedAt.toISOString(),
});

export const integrationEventJson = (e: DeliveryRecord): z.infer<typeof IntegrationEventSchema> => ({
  id: e.id,
  providerEventId: e.providerEventId,
  type: e.type,
  receivedAt: e.receivedAt.toISOString(),
  outcome: e.outcome,
  reason: e.reason,
  code: e.code,
  conversionId: e.conversionId,
  replayable: e.replayable,
});

export const ReplaySchema = z
  .object({
    id: z.string().openapi({ description: 'The delivery replayed' }),
    replayed: z.boolean().openapi({ description: 'False when nothing changed: the sale already has its conversion' }),
    outcome: z.enum(DELIVERY_OUTCOMES).openapi({ description: 'The delivery\'s outcome now (`created` or `renewed` when the replay made the conversion; `rejected` again when a check still refuses it)' }),
    reason: z.string().nullable().openapi({ example: 'replayed: attributed by click 0192f0c4-…' }),
    code: z.string().nullable().openapi({ description: "For `rejected`: the create check's error code", example: 'earnings_limit_reached' }),
    conversionId: z.string().nullable(),
  })
  .openapi('IntegrationEventReplay', { 'x-extension': true });

export const replayJson = (r: ReplayResult): z.infer<typeof ReplaySchema> => ({
  id: r.id,
  replayed: r.replayed,
  outcome: r.outcome,
  reason: r.reason,
  code: r.code,
  conversionId: r.conversionId,
});
