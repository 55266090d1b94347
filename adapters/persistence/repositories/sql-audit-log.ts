import { sql } from 'kysely';
import type { AuditActor, AuditEntry, AuditLog } from '../../../application/ports/audit-log.js';
import { offsetOf, sliceOf, type Page, type PageRequest, type Slice } from '../../../application/shared/page.js';
import { currentDb, poolDb, type Orm } from '../orm.js';
import { runDeferred } from '../statements.js';
import { columnsOf, type Row } from '../schema/index.js';

const COLUMNS = sql.join(columnsOf('audit_log').map((column) => sql.ref(column)));

/** The insert of one audit row. */
export const auditInsert = (e: AuditEntry) => sql`
  insert into audit_log (id, actor, api_key_id, merchant_id, method, path, status, error_code, address, user_agent, request_id, created_at, count)
  values (${e.id}::uuid, ${e.actor}::text, ${e.apiKeyId}::uuid, ${e.merchantId}::uuid, ${e.method}::text,
    ${e.path}::text, ${e.status}::int, ${e.errorCode}::text, ${e.address}::text, ${e.userAgent}::text, ${e.requestId}::text,
    ${e.createdAt}::timestamptz, ${e.count ?? 1}::int)`;

const MINUTE_MS = 60_000;

export class SqlAuditLog implements AuditLog {
  /** Refusals grouped by address and minute, until their minute is over. */
  private readonly refusals = new Map<string, { entry: AuditEntry; minute: number; count: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly orm: Orm,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.writeRefusals(false).catch(() => undefined), 1_000);
    this.timer.unref();
  }

  recordRefusal(entry: AuditEntry): void {
    const minute = Math.floor(entry.createdAt.getTime() / MINUTE_MS);
    const key = `${entry.address ?? ''}\n${minute}`;
    const group = this.refusals.get(key);
    if (group) group.count += 1;
    else this.refusals.set(key, { entry, minute, count: 1 });
  }

  /** Writes the groups whose minute is over (all of them with `all`: shutdown), in one statement. */
  async writeRefusals(all: boolean): Promise<void> {
    const current = Math.floor(this.nowMs() / MINUTE_MS);
    const done = [...this.refusals].filter(([, g]) => all || g.minute < current);
    if (done.length === 0) return;
    for (const [key] of done) this.refusals.delete(key);
    const rows = done.map(([, g]) => ({ ...g.entry, count: g.count }));
    const [first, ...rest] = rows.map((e) => auditInsert(e));
    try {
      await (rest.length === 0 ? first! : sql`with ${sql.join(rest.map((insert, i) => sql`${sql.raw(`r${i}`)} as (${insert})`))} ${first!}`).execute(
        poolDb(this.orm),
      );
    } catch (error) {
      // Kept for the next attempt (a group of a later request of the same minute simply adds up).
      for (const [key, group] of done) {
        const later = this.refusals.get(key);
        this.refusals.set(key, later ? { ...group, count: group.count + later.count } : group);
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.writeRefusals(true);
  }

  /** Every write request appends one: plain SQL, no entity metadata. */
  async append(e: AuditEntry): Promise<void> {
    // By name (each connection plans it once); in a transaction it goes with the commit (nothing
    // reads an audit row back in the transaction that writes it).
    await runDeferred(this.orm, 'audit_append', auditInsert(e));
  }

  async listForMerchant(merchantId: string, page: PageRequest): Promise<Page<AuditEntry>> {
    const items = await this.read(merchantId, page.limit, offsetOf(page));
    const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from audit_log where merchant_id = ${merchantId}`.execute(
      currentDb(this.orm),
    );
    return { items, total: count[0]!.n, page: page.page, limit: page.limit };
  }

  async browseForMerchant(merchantId: string, page: PageRequest): Promise<Slice<AuditEntry>> {
    return sliceOf(await this.read(merchantId, page.limit + 1, offsetOf(page)), page);
  }

  private async read(merchantId: string, limit: number, offset: number): Promise<AuditEntry[]> {
    const { rows } = await sql<Row<'audit_log'>>`select ${COLUMNS} from audit_log where merchant_id = ${merchantId}
      order by created_at desc, id desc limit ${limit} offset ${offset}`.execute(currentDb(this.orm));
    return rows.map(
      (r): AuditEntry => ({
        id: r.id,
        actor: r.actor as AuditActor,
        apiKeyId: r.api_key_id,
        merchantId: r.merchant_id,
        method: r.method,
        path: r.path,
        status: r.status,
        errorCode: r.error_code,
        address: r.address,
        userAgent: r.user_agent,
        requestId: r.request_id,
        createdAt: new Date(r.created_at),
        count: r.count,
      }),
    );
  }
}
