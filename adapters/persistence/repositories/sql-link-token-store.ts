import { sql, type RawBuilder } from 'kysely';
import type { LinkTokenStore, StoredLinkToken } from '../../../application/ports/link-token-store.js';
import type { LinkGrant, LinkPurpose, SessionSubject, SessionSubjectKind } from '../../../application/web-sessions/web-session.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type GrantRow = Pick<Row<'link_tokens'>, 'subject_id' | 'merchant_id'> & {
  purpose: LinkPurpose;
  subject_kind: SessionSubjectKind;
  payload: Record<string, unknown> | string | null;
};

/** `link_tokens` in plain SQL; consuming is one conditional update, so a link works once even when clicked twice at once. */
export class SqlLinkTokenStore implements LinkTokenStore {
  constructor(private readonly orm: Orm) {}

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async insert(t: StoredLinkToken): Promise<void> {
    await this.exec(sql`insert into link_tokens (token_hash, purpose, subject_kind, subject_id, merchant_id, payload, created_at, expires_at)
       values (${t.tokenHash}, ${t.purpose}, ${t.subject.kind}, ${t.subject.id}, ${t.subject.merchantId}, ${t.payload ? JSON.stringify(t.payload) : null}::jsonb,
         ${t.createdAt}, ${t.expiresAt})`);
  }

  async consume(tokenHash: string, purpose: LinkPurpose, now: Date): Promise<LinkGrant | null> {
    const [row] = await this.exec(sql<GrantRow>`update link_tokens set used_at = ${now}
       where token_hash = ${tokenHash} and purpose = ${purpose} and used_at is null and expires_at > ${now}
       returning purpose, subject_kind, subject_id, merchant_id, payload`);
    if (!row) return null;
    const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
    return { purpose: row.purpose, subject: { kind: row.subject_kind, id: row.subject_id, merchantId: row.merchant_id }, payload };
  }

  async voidUnused(subject: Pick<SessionSubject, 'kind' | 'id'>, purpose: LinkPurpose, now: Date): Promise<void> {
    await this.exec(
      sql`update link_tokens set used_at = ${now} where subject_kind = ${subject.kind} and subject_id = ${subject.id} and purpose = ${purpose} and used_at is null`,
    );
  }
}
