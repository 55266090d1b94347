import type { LinkTokenStore, StoredLinkToken } from '../../../application/ports/link-token-store.js';
import type { LinkGrant, LinkPurpose, SessionSubject, SessionSubjectKind } from '../../../application/web-sessions/web-session.js';
import { currentEm, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type GrantRow = Pick<Row<'link_tokens'>, 'subject_id' | 'merchant_id'> & {
  purpose: LinkPurpose;
  subject_kind: SessionSubjectKind;
  payload: Record<string, unknown> | string | null;
};

/** `link_tokens` in plain SQL; consuming is one conditional update, so a link works once even when clicked twice at once. */
export class SqlLinkTokenStore implements LinkTokenStore {
  constructor(private readonly orm: Orm) {}

  private exec<T>(sql: string, params: unknown[]): Promise<T[]> {
    return currentEm(this.orm).execute<T[]>(sql, params);
  }

  async insert(t: StoredLinkToken): Promise<void> {
    await this.exec(
      `insert into link_tokens (token_hash, purpose, subject_kind, subject_id, merchant_id, payload, created_at, expires_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?, ?)`,
      [t.tokenHash, t.purpose, t.subject.kind, t.subject.id, t.subject.merchantId, t.payload ? JSON.stringify(t.payload) : null, t.createdAt, t.expiresAt],
    );
  }

  async consume(tokenHash: string, purpose: LinkPurpose, now: Date): Promise<LinkGrant | null> {
    const [row] = await this.exec<GrantRow>(
      `update link_tokens set used_at = ?
       where token_hash = ? and purpose = ? and used_at is null and expires_at > ?
       returning purpose, subject_kind, subject_id, merchant_id, payload`,
      [now, tokenHash, purpose, now],
    );
    if (!row) return null;
    const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
    return { purpose: row.purpose, subject: { kind: row.subject_kind, id: row.subject_id, merchantId: row.merchant_id }, payload };
  }

  async voidUnused(subject: Pick<SessionSubject, 'kind' | 'id'>, purpose: LinkPurpose, now: Date): Promise<void> {
    await this.exec(`update link_tokens set used_at = ? where subject_kind = ? and subject_id = ? and purpose = ? and used_at is null`, [
      now,
      subject.kind,
      subject.id,
      purpose,
    ]);
  }
}
