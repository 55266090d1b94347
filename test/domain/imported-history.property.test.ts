import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, IMPORTED_PAYOUT_KINDS, importedPayoutKind, owedOnImport } from '../../domain/index.js';

const WAITING = ['pending', 'due', 'awaiting_funds', 'scheduled'];

describe('imported payouts', () => {
  it('reads every state as one kind, and a state still to pay as owed, never as history', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...WAITING, 'processing'), fc.constantFrom('__proto__', 'constructor', 'toString'), fc.string()), fc.constantFrom('', ' ', '  '), (status, pad) => {
        const result = importedPayoutKind(`${pad}${status}${pad}`);
        if (result.isOk()) expect(IMPORTED_PAYOUT_KINDS).toContain(result.value);
        if (WAITING.includes(status)) expect(result._unsafeUnwrap()).toBe('owed');
        if (status === 'processing') expect(result._unsafeUnwrap()).toBe('in_flight');
        if (['__proto__', 'constructor', 'toString'].includes(status)) expect(result.isErr()).toBe(true);
      }),
    );
  });

  it('reads a source’s paid as completed, in any case', () => {
    fc.assert(
      fc.property(fc.constantFrom('paid', 'PAID', 'Completed'), (s) => {
        expect(importedPayoutKind(s)._unsafeUnwrap()).toBe('completed');
      }),
    );
  });

  it('owes only an approved commission above zero: a paid one is never paid again', () => {
    fc.assert(
      fc.property(fc.constantFrom('pending', 'approved', 'paid', 'rejected', 'refunded'), fc.integer({ min: -5, max: 5 }), (status, cents) => {
        expect(owedOnImport(status, new Decimal(cents).div(100))).toBe(status === 'approved' && cents > 0);
      }),
    );
  });
});
