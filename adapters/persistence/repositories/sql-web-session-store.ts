import { sql, type RawBuilder } from 'kysely';
import type { Mode } from '../../../domain/index.js';
import type { WebSessionStore } from '../../../application/ports/web-session-store.js';
import type { SessionSubject, SessionSubjectKind, WebSession } from '../../../application/web-sessions/web-session.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type SessionRow = Omit<Row<'web_sessions'>, 'subject_kind' | 'mode'> & { subject_kind: SessionSubjectKind; mode: Mode };

const fromRow = (r: SessionRow): WebSession => ({
  idHash: r.id_hash,
  subject: { kind: r.subject_kind, id: r.subject_id, merchantId: r.merchant_id },
  mode: r.mode,
  csrfToken: r.csrf_token,
  createdAt: new Date(r.created_at),
  expiresAt: new Date(r.expires_at),
});

/** `web_sessions` in plain SQL; a lookup is one primary-key read. */
export class SqlWebSessionStore implements WebSessionStore {
  constructor(private readonly orm: Orm) {}

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async insert(s: WebSession): Promise<void> {
    await this.exec(sql`insert into web_sessions (id_hash, subject_kind, subject_id, merchant_id, mode, csrf_token, created_at, expires_at, visitor_hash, address_hash)
       values (${s.idHash}, ${s.subject.kind}, ${s.subject.id}, ${s.subject.merchantId}, ${s.mode}, ${s.csrfToken}, ${s.createdAt}, ${s.expiresAt},
         ${s.visitorHash ?? null}, ${s.addressHash ?? null})`);
  }

  async find(idHash: string, now: Date): Promise<WebSession | null> {
    const [row] = await this.exec(sql<SessionRow>`select * from web_sessions where id_hash = ${idHash} and expires_at > ${now}`);
    return row ? fromRow(row) : null;
  }

  async setMode(idHash: string, mode: Mode): Promise<void> {
    await this.exec(sql`update web_sessions set mode = ${mode} where id_hash = ${idHash}`);
  }

  async delete(idHash: string): Promise<void> {
    await this.exec(sql`delete from web_sessions where id_hash = ${idHash}`);
  }

  async deleteAllOf(subject: Pick<SessionSubject, 'kind' | 'id'>): Promise<number> {
    const rows = await this.exec(sql<{ id_hash: string }>`delete from web_sessions where subject_kind = ${subject.kind} and subject_id = ${subject.id} returning id_hash`);
    return rows.length;
  }
}
