import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordVerdict } from '../../application/web-sessions/sign-in-policy.js';

const bucket = fc.record({ allowed: fc.boolean(), retryAfterSeconds: fc.integer({ min: 0, max: 120 }) });

describe('password sign-in verdict (property)', () => {
  it('refuses exactly when the address or the (account, address) pair is over; the account alone only slows', () => {
    fc.assert(
      fc.property(bucket, bucket, fc.option(fc.record({ allowed: fc.boolean() }), { nil: null }), fc.integer({ min: 0, max: 10_000 }), (address, accountAndAddress, account, delay) => {
        const verdict = passwordVerdict({ address, accountAndAddress, account }, delay);
        expect(verdict.allowed).toBe(address.allowed && accountAndAddress.allowed);
        if (verdict.allowed) expect(verdict.delayMs).toBe(account && !account.allowed ? delay : 0);
        else expect(verdict.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});
