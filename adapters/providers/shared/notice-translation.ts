import { factDiscount, fromMinorUnits, type CurrencyCode, type Decimal, type FactDiscount, type ProviderNotice, type SaleFact, type SaleFigures } from '../../../domain/index.js';
import { obj, str, type Json } from './json-fields.js';

/** What an adapter's translation of one event yields: a fact, or why there is none. */
export type Translation = Pick<ProviderNotice, 'fact' | 'ignoredBecause'>;

export const factOf = (fact: SaleFact): Translation => ({ fact, ignoredBecause: null });
export const ignoredAs = (type: string, because: string): Translation => ({ fact: null, ignoredBecause: `${type}: ${because}` });

/** Minor units as a decimal of the currency; null when the currency is not a currency code. */
export const decimalOf = (minor: bigint, currency: unknown): { amount: Decimal; currency: CurrencyCode } | null => {
  if (typeof currency !== 'string') return null;
  const converted = fromMinorUnits(minor, currency);
  return converted.isOk() ? converted.value : null;
};

/** Net sale and tax from minor units; null when the amounts or the currency are unusable. */
export const saleFigures = (net: bigint | null, tax: bigint | null, currency: unknown): SaleFigures | null => {
  if (net === null || net < 0n) return null;
  const amount = decimalOf(net, currency);
  if (!amount) return null;
  const taxAmount = tax !== null && tax > 0n ? decimalOf(tax, currency) : null;
  return { amount: amount.amount, taxAmount: taxAmount?.amount ?? null, currency: amount.currency };
};

/** The discount of an order or transaction: its embedded `discount` (code and id), else its `discount_id`. */
export const embeddedDiscount = (entity: Json): FactDiscount | null => {
  const discount = obj(entity.discount);
  return factDiscount(str(discount?.code), str(entity.discount_id) ?? str(discount?.id));
};
