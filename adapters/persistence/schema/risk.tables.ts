import { jsonb, table, text, timestamptz, uuid } from './columns.js';

export const riskSettings = table('risk_settings', {
  merchant_id: uuid(),
  mode: text(),
  settings: jsonb(),
  updated_at: timestamptz(),
});

export const riskFlags = table('risk_flags', {
  id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  subject_kind: text(),
  subject_id: uuid(),
  code: text(),
  message: text(),
  evidence: jsonb(),
  action: text(),
  created_at: timestamptz(),
});

export const affiliateBans = table('affiliate_bans', {
  merchant_id: uuid(),
  affiliate_id: uuid(),
  reason: text(),
  banned_at: timestamptz(),
});
