import type { RiskFlagStore } from '../ports/risk-flag-store.js';
import type { RiskSettingsRepository } from '../ports/risk-settings-repository.js';
import type { SaleRisk } from './sale-risk.js';

/** What recording a sale needs for its risk check: the merchant's rules, the signals, and where flags are kept. */
export interface SaleRiskGate {
  readonly settings: RiskSettingsRepository;
  readonly assess: SaleRisk;
  readonly flags: RiskFlagStore;
}
