import { beforeAll, describe, expect, it } from 'vitest';
import type { PayoutRequest } from '../../application/ports/payout-provider.js';
import { Decimal, PAYOUT_METHODS, type CurrencyCode, type PayoutOutcome } from '../../domain/index.js';
import type { ContractWorld, ProgramRefs } from './contract-world.js';

/**
 * What `PayoutProviders` and a `PayoutProvider` promise the payout job, for a merchant that saved no
 * credentials: no provider in live mode (the rows wait for the manual path), one per method in test
 * mode; a repeated idempotency key answers with the transfer made the first time (never a second
 * one), and the transfer's status is asked by its reference.
 */
export const payoutProvidersContract = (worldOf: () => ContractWorld): void => {
  describe('PayoutProviders contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
    });

    const referenceOf = (outcome: PayoutOutcome) => ('reference' in outcome ? outcome.reference : null);

    it('gives no provider in live mode without credentials, and one of each method in test mode', async () => {
      for (const method of PAYOUT_METHODS) {
        expect(await world.run(() => world.payoutProviders.forTenant(program.live, method))).toBeNull();
        expect((await world.run(() => world.payoutProviders.forTenant(program.test, method)))?.method).toBe(method);
      }
    });

    it('answers a repeated key with the same transfer, and its status by reference', async () => {
      const provider = await world.run(() => world.payoutProviders.forTenant(program.test, 'wallet_a'));
      const paymentId = world.ids.next();
      const request: PayoutRequest = {
        idempotencyKey: paymentId,
        paymentId,
        payoutIds: [],
        awardIds: [],
        ...program.test,
        affiliateId: program.testAffiliateId,
        email: 'paid@example.com',
        connectedAccountId: null,
        amount: new Decimal('10.00'),
        currency: 'usd' as CurrencyCode,
      };
      const first = await world.run(() => provider!.send(request));
      expect(['completed', 'in_transit']).toContain(first.kind);
      const reference = referenceOf(first);
      expect(reference).toEqual(expect.any(String));
      const again = await world.run(() => provider!.send(request));
      expect(referenceOf(again)).toBe(reference);
      const status = await world.run(() => provider!.status(reference!));
      expect(['completed', 'in_transit']).toContain(status.kind);
      expect(referenceOf(status)).toBe(reference);
    });
  });
};
