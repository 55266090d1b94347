import { sql } from 'kysely';
import type { SignatureRejections } from '../../../../application/ports/signature-rejections.js';
import type { SignatureRejectionRun } from '../../../../domain/index.js';
import type { Row } from '../../schema/index.js';
import { currentDb, type Orm } from '../../orm.js';

/**
 * One row per integration that has refused a signature. A delivery recorded in the events log after
 * the last refusal means the secret verified since, so the next refusal starts a new run: the run is
 * reset by reading the log, and verified deliveries write nothing here.
 */
export class SqlSignatureRejections implements SignatureRejections {
  constructor(private readonly orm: Orm) {}

  async rejected(integrationId: string, now: Date): Promise<SignatureRejectionRun> {
    const { rows } = await sql<Pick<Row<'integration_signature_rejections'>, 'consecutive' | 'noticed'>>`
      insert into integration_signature_rejections as r (integration_id, consecutive, noticed, last_rejected_at)
      values (${integrationId}, 1, false, ${now})
      on conflict (integration_id) do update set
        consecutive = case when exists (select from integration_events e where e.integration_id = r.integration_id and e.received_at >= r.last_rejected_at)
          then 1 else r.consecutive + 1 end,
        noticed = r.noticed and not exists (select from integration_events e where e.integration_id = r.integration_id and e.received_at >= r.last_rejected_at),
        last_rejected_at = excluded.last_rejected_at
      returning consecutive, noticed`.execute(currentDb(this.orm));
    const row = rows[0]!;
    return { consecutive: Number(row.consecutive), noticed: row.noticed };
  }

  async noticed(integrationId: string): Promise<void> {
    await sql`update integration_signature_rejections set noticed = true where integration_id = ${integrationId}`.execute(currentDb(this.orm));
  }
}
