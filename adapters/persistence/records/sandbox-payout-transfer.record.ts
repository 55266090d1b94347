import { defineEntity, p } from '@mikro-orm/core';

/** The sandbox payout providers' own ledger (adapters/payouts/sandbox-payout-providers.ts). */
export const SandboxPayoutTransferRecord = defineEntity({
  name: 'SandboxPayoutTransferRecord',
  tableName: 'sandbox_payout_transfers',
  properties: {
    id: p.text().primary(),
    idempotencyKey: p.text().unique('sandbox_payout_transfers_key'),
    payoutId: p.uuid(),
    method: p.text(),
    merchantId: p.uuid(),
    mode: p.text(),
    destination: p.text(),
    amount: p.decimal('string').precision(20).scale(6),
    currency: p.text(),
    status: p.text(),
    failureReason: p.text().nullable(),
    retryable: p.boolean(),
    paymentId: p.text().nullable(),
    settlesAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});
