import { describe, expect, it } from 'vitest';
import { payoutReasonText } from '../../adapters/display/payout-reasons.js';
import { TAX_DETAILS_MISSING } from '../../application/tax/tax-details-gate.js';

describe('payout reasons on pages', () => {
  it('read as words with what to do, never as the API code', () => {
    for (const code of ['below_minimum_payout', 'payout_provider_not_configured', TAX_DETAILS_MISSING, 'insufficient_funds', 'provider_credentials_rejected']) {
      const text = payoutReasonText(code);
      expect(text).not.toContain('_');
      expect(text).toMatch(/^(Waiting|Failed)/);
    }
  });

  it('turn a code they do not know into words too', () => {
    expect(payoutReasonText('some_new_code')).toBe('Failed: some new code');
  });
});
