import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importedCommission, type ImportedCommissionCells } from '../../domain/index.js';

const SOUND: ImportedCommissionCells = {
  status: 'paid',
  amount: '49.5',
  taxAmount: null,
  commission: '9.9',
  refundedAmount: null,
  currency: 'USD',
  conversionType: null,
  createdAt: '2026-10-01T10:00:00.000Z',
  approvedAt: null,
  paidAt: null,
};

const decimalText = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }), fc.option(fc.integer({ min: 0, max: 999_999 }), { nil: undefined })).map(([whole, fraction]) =>
  fraction === undefined ? whole.toString() : `${whole}.${fraction.toString().padStart(6, '0')}`,
);

/** A commission row is checked before anything is written: what passes is what storage accepts. */
describe('an imported commission row on its face', () => {
  it('takes any non-negative decimal within the stored precision, the currency lower-cased, one_time by default', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (amount, commission) => {
        const checked = importedCommission({ ...SOUND, amount, commission })._unsafeUnwrap();
        expect(checked).toMatchObject({ amount, commission, currency: 'usd', conversionType: 'one_time', status: 'paid' });
      }),
    );
  });

  it('refuses amounts that are negative, not decimal or past the precision, naming the column', () => {
    fc.assert(
      fc.property(fc.constantFrom('-1', 'abc', '1e5', '1,5', '1.1234567', '123456789012345', ' ', '0x10'), fc.constantFrom('amount', 'commission', 'taxAmount', 'refundedAmount'), (bad, field) => {
        const result = importedCommission({ ...SOUND, [field]: bad });
        expect(result.isErr()).toBe(true);
        const column = { amount: 'amount', commission: 'commission', taxAmount: 'tax_amount', refundedAmount: 'refunded_amount' }[field];
        expect(result._unsafeUnwrapErr().details?.[0]?.field).toBe(column);
      }),
    );
  });

  it('refuses a refund above the sale, a missing status or currency, an unknown type and unreadable times', () => {
    const cases: [Partial<ImportedCommissionCells>, string][] = [
      [{ refundedAmount: '50' }, 'refunded_amount'],
      [{ status: null }, 'status'],
      [{ status: 'held' }, 'status'],
      [{ currency: null }, 'currency'],
      [{ currency: 'dollars' }, 'currency'],
      [{ conversionType: 'lifetime' }, 'conversion_type'],
      [{ createdAt: 'yesterday' }, 'created_at'],
      [{ approvedAt: '2026-13-45' }, 'approved_at'],
      [{ paidAt: '01/10/2026' }, 'paid_at'],
    ];
    for (const [cells, field] of cases) expect(importedCommission({ ...SOUND, ...cells })._unsafeUnwrapErr().details?.[0]?.field, JSON.stringify(cells)).toBe(field);
    expect(importedCommission({ ...SOUND, refundedAmount: '49.5', createdAt: '2026-10-01', paidAt: '2026-10-02 10:00:00+02' }).isOk()).toBe(true);
  });
});
