import { createConversion, Decimal, type Conversion, type CurrencyCode, type Mode } from '../../domain/index.js';

export interface ConversionOwner {
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly affiliateId: string;
}

/**
 * A conversion as the domain creates it (pending, a 10% commission on a 100.00 USD sale unless told
 * otherwise), then with any field the test sets: a sale in any state the state machine reaches.
 */
export const aConversion = (
  id: string,
  owner: ConversionOwner,
  fields: Partial<Omit<Conversion, 'id' | 'merchantId' | 'mode' | 'campaignId' | 'affiliateId'>> & { readonly percent?: number } = {},
): Conversion => {
  const { percent = 10, ...overrides } = fields;
  const createdAt = overrides.createdAt ?? new Date('2026-11-10T10:00:00.000Z');
  const created = createConversion({
    id,
    ...owner,
    amount: overrides.amount ?? new Decimal('100.00'),
    taxAmount: overrides.taxAmount ?? null,
    currency: overrides.currency ?? ('usd' as CurrencyCode),
    rates: { campaign: { type: 'percentage', value: new Decimal(percent) } },
    source: overrides.source ?? 'api',
    orderId: overrides.orderId ?? null,
    now: createdAt,
  });
  if (created.isErr()) throw new Error(`conversion mother: ${created.error.message}`);
  return { ...created.value.conversion, ...overrides };
};
