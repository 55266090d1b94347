import type { LinkGrant, LinkPurpose, SessionSubject } from '../web-sessions/web-session.js';

export interface StoredLinkToken {
  readonly tokenHash: string;
  readonly purpose: LinkPurpose;
  readonly subject: SessionSubject;
  readonly payload: Readonly<Record<string, unknown>> | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** Single-use emailed link tokens, stored as hashes. */
export interface LinkTokenStore {
  insert(token: StoredLinkToken): Promise<void>;
  /**
   * Marks the token used and answers what it grants, atomically: of two concurrent uses one wins.
   * Null when unknown, of another purpose, expired at `now` or used already.
   */
  consume(tokenHash: string, purpose: LinkPurpose, now: Date): Promise<LinkGrant | null>;
  /** Voids the subject's unused tokens of a purpose (a newer link replaces the older ones). */
  voidUnused(subject: Pick<SessionSubject, 'kind' | 'id'>, purpose: LinkPurpose, now: Date): Promise<void>;
}
