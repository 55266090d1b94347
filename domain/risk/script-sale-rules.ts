import { err, ok, type Result } from 'neverthrow';
import type { CurrencyCode } from '../money/currency.js';
import type { Decimal } from '../money/decimal.js';
import { domainError, type DomainError } from '../shared/domain-error.js';
import type { RiskSettings } from './risk-settings.js';

/**
 * Whether the tracking script may report this sale at all: script sales on (`403
 * script_sales_disabled` otherwise) and the amount within the merchant's ceiling for its currency.
 * With ceilings set, a currency without one is refused too, so a ceiling cannot be stepped around by
 * reporting in another currency.
 */
export const checkScriptSale = (
  settings: Pick<RiskSettings, 'scriptSales' | 'scriptSaleMaxAmount'>,
  amount: Decimal,
  currency: CurrencyCode,
): Result<void, DomainError> => {
  if (settings.scriptSales === 'off') return err(domainError('script_sales_disabled', 'This merchant does not take sales reported by the tracking script'));
  if (settings.scriptSaleMaxAmount.size === 0) return ok(undefined);
  const ceiling = settings.scriptSaleMaxAmount.get(currency);
  if (ceiling === undefined) {
    return err(domainError('validation_error', `The merchant takes script-reported sales only in ${[...settings.scriptSaleMaxAmount.keys()].join(', ')}`, [{ field: 'currency', message: 'has no script sale ceiling' }]));
  }
  if (amount.gt(ceiling)) {
    return err(domainError('validation_error', `A script-reported sale may be at most ${ceiling.toFixed()} ${currency}`, [{ field: 'amount', message: `must be at most ${ceiling.toFixed()}` }]));
  }
  return ok(undefined);
};
