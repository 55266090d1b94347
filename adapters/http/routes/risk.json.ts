import { z } from '@hono/zod-openapi';
import type { RiskFlagStore, StoredRiskFlag } from '../../../application/ports/risk-flag-store.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { RiskSubject } from '../../../domain/index.js';

export const RiskSchema = z
  .object({
    checked: z.boolean().openapi({ description: 'False for test-mode data: test keys skip risk checks (spec)' }),
    note: z.string().nullable().openapi({ description: 'Why nothing was checked, in words; null when checked' }),
    flags: z.array(
      z.object({
        code: z.string().openapi({ description: 'The signal, e.g. `fast_conversion` (see docs/risk.md)' }),
        message: z.string().openapi({ description: 'What the signal found, in words' }),
        evidence: z.array(z.string()).openapi({ description: 'Ids (clicks, conversions, affiliates, sessions) or values the signal read' }),
        action: z.enum(['flag', 'hold']).openapi({ description: '`hold`: this flag held the sale' }),
      }),
    ),
  })
  .openapi('Risk', { 'x-extension': true, description: 'What the risk signals found (extension)' });

export type RiskJson = z.infer<typeof RiskSchema>;

const TEST_NOTE = 'Test keys skip risk checks';

export const riskJson = (tenant: Tenant, flags: readonly StoredRiskFlag[] | undefined): RiskJson =>
  tenant.mode === 'test'
    ? { checked: false, note: TEST_NOTE, flags: [] }
    : { checked: true, note: null, flags: (flags ?? []).map((f) => ({ code: f.code, message: f.message, evidence: [...f.evidence], action: f.action })) };

/** The risk of each subject, read in one go. */
export const risksOf = async (store: RiskFlagStore, tenant: Tenant, kind: RiskSubject, ids: readonly string[]): Promise<(id: string) => RiskJson> => {
  const found = tenant.mode === 'test' ? new Map() : await store.forSubjects(tenant, kind, ids);
  return (id) => riskJson(tenant, found.get(id));
};
