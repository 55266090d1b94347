import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORTED_PAYOUT_STATUSES, importedPayoutStatus } from '../../domain/index.js';

const WAITING = ['pending', 'awaiting_funds', 'scheduled', 'processing'];

describe('imported payouts are history', () => {
  it('never accepts a state the payout job would pay', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...WAITING), fc.constantFrom('__proto__', 'constructor', 'toString'), fc.string()), fc.constantFrom('', ' ', '  '), (status, pad) => {
        const result = importedPayoutStatus(`${pad}${status}${pad}`);
        if (result.isOk()) expect(IMPORTED_PAYOUT_STATUSES).toContain(result.value);
        if (WAITING.includes(status)) expect(result.isErr()).toBe(true);
      }),
    );
  });

  it('reads a source’s paid as completed, in any case', () => {
    fc.assert(
      fc.property(fc.constantFrom('paid', 'PAID', 'Completed'), (s) => {
        expect(importedPayoutStatus(s)._unsafeUnwrap()).toBe('completed');
      }),
    );
  });
});
