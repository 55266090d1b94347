import { sql } from 'kysely';
import type { IdGenerator } from '../../../application/ports/id-generator.js';
import type { RiskFlagStore, StoredRiskFlag } from '../../../application/ports/risk-flag-store.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { RiskFlag, RiskSignal, RiskSubject } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';

/** `risk_flags`: one row per subject and signal. */
export class SqlRiskFlagStore implements RiskFlagStore {
  constructor(
    private readonly orm: Orm,
    private readonly ids: IdGenerator,
  ) {}

  async replace(tenant: Tenant, kind: RiskSubject, subjectId: string, flags: readonly (RiskFlag & { readonly action: 'flag' | 'hold' })[], now: Date): Promise<void> {
    const db = currentDb(this.orm);
    const codes = flags.map((f) => f.code);
    const dropped = sql`delete from risk_flags where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and subject_kind = ${kind}
       and subject_id = ${subjectId} and not (code = any(${codes}::text[]))`;
    if (flags.length === 0) {
      await dropped.execute(db);
      return;
    }
    const rows = flags.map(
      (f) => sql`(${this.ids.next()}::uuid, ${tenant.merchantId}::uuid, ${tenant.mode}, ${kind}, ${subjectId}::uuid, ${f.code}, ${f.message}, ${JSON.stringify(f.evidence)}::jsonb, ${f.action}, ${now}::timestamptz)`,
    );
    // One statement: the signals no longer firing go, the firing ones are kept or added.
    await sql`with dropped as (${dropped})
      insert into risk_flags (id, merchant_id, mode, subject_kind, subject_id, code, message, evidence, action, created_at)
       values ${sql.join(rows)}
       on conflict (merchant_id, mode, subject_kind, subject_id, code) do update set message = excluded.message, evidence = excluded.evidence, action = excluded.action`.execute(db);
  }

  async forSubjects(tenant: Tenant, kind: RiskSubject, subjectIds: readonly string[]): Promise<ReadonlyMap<string, readonly StoredRiskFlag[]>> {
    const found = new Map<string, StoredRiskFlag[]>();
    if (subjectIds.length === 0) return found;
    const { rows } = await sql<{ subject_id: string; code: string; message: string; evidence: string[]; action: 'flag' | 'hold'; created_at: Date }>`
      select subject_id, code, message, evidence, action, created_at from risk_flags
       where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and subject_kind = ${kind} and subject_id = any(${[...subjectIds]}::uuid[])
       order by created_at, code`.execute(currentDb(this.orm));
    for (const r of rows) {
      const list = found.get(r.subject_id) ?? [];
      list.push({ code: r.code as RiskSignal, message: r.message, evidence: r.evidence, action: r.action, createdAt: new Date(r.created_at) });
      found.set(r.subject_id, list);
    }
    return found;
  }
}
