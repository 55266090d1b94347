import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError } from '../shared/domain-error.js';
import type { RiskFlag, RiskSignal } from './risk-flag.js';
import type { RiskSettings } from './risk-settings.js';

/** What the merchant's rules make of the signals that fired. */
export interface RiskAssessment {
  /** Flags the merchant sees (every fired signal not set to `off`), in signal order. */
  readonly flags: readonly RiskFlag[];
  /** The first flag whose rule is `hold`: the sale is held with it as the reason. Null: not held. */
  readonly holdReason: RiskFlag | null;
}

/**
 * Applies the rules to the signals that fired. A signal set to `refuse` (self-referral, by default)
 * refuses the whole sale with its own code; `off` drops the flag; `hold` keeps it and holds.
 */
export const assessRisk = (fired: readonly (RiskFlag | null)[], settings: Pick<RiskSettings, 'actions'>): Result<RiskAssessment, DomainError> => {
  const flags: RiskFlag[] = [];
  let holdReason: RiskFlag | null = null;
  for (const flag of fired) {
    if (flag === null) continue;
    const action = settings.actions[flag.code];
    if (action === 'off') continue;
    if (action === 'refuse') return err(domainError(flag.code, refusalMessage(flag.code)));
    flags.push(flag);
    if (action === 'hold' && holdReason === null) holdReason = flag;
  }
  return ok({ flags, holdReason });
};

const refusalMessage = (code: RiskSignal): string => (code === 'self_referral' ? 'The customer is the referring affiliate' : `Refused by the ${code} rule`);

/** Whether the signal's rule asks to evaluate it at all (an `off` signal costs nothing). */
export const signalEnabled = (settings: Pick<RiskSettings, 'actions'>, code: RiskSignal): boolean => settings.actions[code] !== 'off';
