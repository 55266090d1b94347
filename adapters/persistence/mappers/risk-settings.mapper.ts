import { changeRiskSettings, DEFAULT_RISK_SETTINGS, type RiskSettings, type RiskSettingsPatch } from '../../../domain/index.js';

/** The stored JSON is a full patch over the defaults, so a signal added later starts at its default. */
export const riskSettingsJson = (s: RiskSettings): RiskSettingsPatch => ({
  actions: { ...s.actions },
  fastConversionSeconds: s.fastConversionSeconds,
  clickVelocity: s.clickVelocity,
  conversionVelocity: s.conversionVelocity,
  refundRatePercent: s.refundRatePercent,
  refundRateMinConversions: s.refundRateMinConversions,
  bannedReferrerDomains: s.bannedReferrerDomains,
  paidAds: s.paidAds,
  scriptSales: s.scriptSales,
  scriptSaleMaxAmount: Object.fromEntries([...s.scriptSaleMaxAmount].map(([c, v]) => [c, v.toFixed()])),
});

export const riskSettingsFromRow = (row: { settings: RiskSettingsPatch; updated_at: Date | string } | undefined): RiskSettings =>
  row ? changeRiskSettings(DEFAULT_RISK_SETTINGS, row.settings, new Date(row.updated_at)).unwrapOr(DEFAULT_RISK_SETTINGS) : DEFAULT_RISK_SETTINGS;
