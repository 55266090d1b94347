import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeConversionStatus, holdConversion, supersedeScriptSale, type Conversion } from '../../domain/index.js';
import { buildConversion, DAY_MS, saleFiguresArb, T0 } from '../arbitraries/conversion.js';

const LATER = new Date(T0.getTime() + 3 * DAY_MS);
const withOrder = (c: Conversion, orderId: string): Conversion => ({ ...c, orderId });
const providerSourceArb = fc.constantFrom('card' as const, 'mor_a' as const, 'app_store' as const, 'mor_b' as const, 'mor_c' as const);

describe('supersedeScriptSale (property)', () => {
  it("a pending script sale takes the provider's figures, source and commission, keeping its id and sale time", () => {
    fc.assert(
      fc.property(saleFiguresArb, saleFiguresArb, providerSourceArb, (scriptFigures, providerFigures, source) => {
        const script = withOrder(buildConversion(scriptFigures, { source: 'tracking_script', id: 'conv_script' }), 'order_1');
        const report = withOrder(buildConversion(providerFigures, { source, id: 'conv_report', createdAt: LATER }), 'order_1');
        const change = supersedeScriptSale(script, report, LATER)._unsafeUnwrap();
        const next = change.conversion;
        expect(next).toMatchObject({ id: script.id, createdAt: script.createdAt, updatedAt: LATER, status: 'pending', source, currency: report.currency });
        for (const field of ['amount', 'taxAmount', 'commission', 'originalCommission'] as const) expect(String(next[field])).toBe(String(report[field]));
        expect(next.commissionTerms).toEqual(report.commissionTerms);
        expect(change.events.map((e) => e.type)).toEqual(['conversion.updated']);
        expect(change.events[0]!.payload).toMatchObject({ conversionId: script.id, commission: expect.any(String) });
        // Once replaced it is a provider sale: another report of the order replaces nothing.
        expect(supersedeScriptSale(next, report, LATER)._unsafeUnwrapErr().code).toBe('duplicate');
      }),
    );
  });

  it('never replaces a sale the merchant decided, a provider sale, or a sale of another order or tenant', () => {
    fc.assert(
      fc.property(saleFiguresArb, saleFiguresArb, providerSourceArb, fc.constantFrom('approved', 'rejected', 'held'), (a, b, source, decided) => {
        const script = withOrder(buildConversion(a, { source: 'tracking_script' }), 'order_1');
        const report = withOrder(buildConversion(b, { source }), 'order_1');
        const moved =
          decided === 'held'
            ? // Held after the merchant approved it: their decision stands (a hold from pending awaits the provider, below).
              holdConversion(changeConversionStatus(script, { to: 'approved', confirmAboveSale: true, now: LATER })._unsafeUnwrap().conversion, LATER)._unsafeUnwrap().conversion
            : changeConversionStatus(script, { to: decided as 'approved' | 'rejected', confirmAboveSale: true, now: LATER })._unsafeUnwrap().conversion;
        expect(supersedeScriptSale(moved, report, LATER)._unsafeUnwrapErr().code).toBe('invalid_transition');
        expect(supersedeScriptSale(report, script, LATER)._unsafeUnwrapErr().code).toBe('duplicate');
        expect(supersedeScriptSale(script, { ...report, orderId: 'order_2' }, LATER)._unsafeUnwrapErr().code).toBe('validation_error');
        expect(supersedeScriptSale(script, { ...report, mode: 'test' }, LATER)._unsafeUnwrapErr().code).toBe('validation_error');
        expect(supersedeScriptSale(script, withOrder(buildConversion(b, { source: 'tracking_script' }), 'order_1'), LATER)._unsafeUnwrapErr().code).toBe('duplicate');
      }),
    );
  });

  it('replaces a script sale held from pending (the unconfirmed_script_sale hold waits for this report)', () => {
    fc.assert(
      fc.property(saleFiguresArb, saleFiguresArb, providerSourceArb, (a, b, source) => {
        const held = holdConversion(withOrder(buildConversion(a, { source: 'tracking_script' }), 'order_1'), LATER)._unsafeUnwrap().conversion;
        const replaced = supersedeScriptSale(held, withOrder(buildConversion(b, { source }), 'order_1'), LATER)._unsafeUnwrap().conversion;
        expect([replaced.status, replaced.heldFrom, replaced.source, replaced.id]).toEqual(['pending', null, source, held.id]);
      }),
    );
  });
});
