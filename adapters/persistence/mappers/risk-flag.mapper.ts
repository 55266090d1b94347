import type { StoredRiskFlag } from '../../../application/ports/risk-flag-store.js';
import type { RiskSignal, RiskSubject } from '../../../domain/index.js';

/** A `risk_flags` row as `json_build_object` gives it inside another read. */
export interface RiskFlagJson {
  code: string;
  message: string;
  evidence: string[];
  action: 'flag' | 'hold';
  created_at: string;
}

/**
 * A subject's flags as one JSON array (oldest first), for a read that carries them in its own
 * statement: `subjectId`, `merchantId` and `mode` are SQL expressions of that statement.
 */
export const riskFlagsJsonOf = (kind: RiskSubject, subjectId: string, merchantId: string, mode: string): string =>
  `select json_agg(json_build_object('code', f.code, 'message', f.message, 'evidence', f.evidence, 'action', f.action, 'created_at', f.created_at) order by f.created_at, f.code)
     from risk_flags f where f.merchant_id = ${merchantId} and f.mode = ${mode} and f.subject_kind = '${kind}' and f.subject_id = ${subjectId}`;

export const riskFlagFromJson = (f: RiskFlagJson): StoredRiskFlag => ({
  code: f.code as RiskSignal,
  message: f.message,
  evidence: f.evidence,
  action: f.action,
  createdAt: new Date(f.created_at),
});
