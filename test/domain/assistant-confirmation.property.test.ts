import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkConfirmation, CONFIRMATION_TTL_MS, confirmationExpiry, type ConfirmationTerms } from '../../domain/assistant/confirmation.js';

const termsArb: fc.Arbitrary<ConfirmationTerms> = fc.record({
  callerId: fc.constantFrom('key:a', 'key:b', 'connector:c'),
  tool: fc.constantFrom('update_conversion', 'refund_conversion'),
  argsDigest: fc.constantFrom('a1', 'a2'),
  stateDigest: fc.constantFrom('s1', 's2'),
});
const T0 = Date.UTC(2026, 10, 28, 12);

describe('confirming a money move', () => {
  it('confirms exactly the issued, unused, unexpired token for the same caller, tool, arguments and rows', () => {
    fc.assert(
      fc.property(termsArb, termsArb, fc.integer({ min: 0, max: 2 * CONFIRMATION_TTL_MS }), fc.boolean(), (issuedTerms, presented, elapsed, used) => {
        const issued = { ...issuedTerms, expiresAt: confirmationExpiry(new Date(T0)), usedAt: used ? new Date(T0) : null };
        const result = checkConfirmation(issued, presented, new Date(T0 + elapsed));
        const sameCall = issuedTerms.callerId === presented.callerId && issuedTerms.tool === presented.tool && issuedTerms.argsDigest === presented.argsDigest;
        const valid = sameCall && !used && elapsed < CONFIRMATION_TTL_MS;
        if (valid && issuedTerms.stateDigest === presented.stateDigest) expect(result.isOk()).toBe(true);
        else if (valid) expect(result._unsafeUnwrapErr().code).toBe('stale_preview');
        else expect(result._unsafeUnwrapErr().code).toBe('confirmation_invalid');
      }),
      { numRuns: 500 },
    );
  });

  it('knows no token it did not issue', () => {
    fc.assert(
      fc.property(termsArb, (presented) => {
        expect(checkConfirmation(null, presented, new Date(T0))._unsafeUnwrapErr().code).toBe('confirmation_invalid');
      }),
    );
  });
});
