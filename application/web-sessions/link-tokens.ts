import type { Clock } from '../ports/clock.js';
import type { LinkTokenStore } from '../ports/link-token-store.js';
import { hashSecretToken, randomSecret } from './secret-token.js';
import type { LinkGrant, LinkPurpose, SessionSubject } from './web-session.js';

export interface LinkRequest {
  readonly subject: SessionSubject;
  readonly purpose: LinkPurpose;
  readonly validForMs: number;
  readonly payload?: Readonly<Record<string, unknown>> | null;
}

/**
 * Single-use links sent by email (set a password, reset it, an affiliate's sign-in). The token is
 * returned once, to be put in the message; only its hash is kept. A new link of the same purpose
 * voids the subject's older unused ones. Call inside the transaction that sends the message.
 */
export class LinkTokens {
  constructor(
    private readonly store: LinkTokenStore,
    private readonly clock: Clock,
  ) {}

  async issue(request: LinkRequest): Promise<string> {
    const now = this.clock.now();
    await this.store.voidUnused(request.subject, request.purpose, now);
    const token = randomSecret();
    await this.store.insert({
      tokenHash: hashSecretToken(token),
      purpose: request.purpose,
      subject: request.subject,
      payload: request.payload ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + request.validForMs),
    });
    return token;
  }

  /** What the link grants, once; null for an unknown, expired, used or other-purpose token. */
  consume(token: string, purpose: LinkPurpose): Promise<LinkGrant | null> {
    if (!token || token.length > 200) return Promise.resolve(null);
    return this.store.consume(hashSecretToken(token), purpose, this.clock.now());
  }
}
