import type { Mode } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { VisitorFingerprint } from '../ports/visitor-fingerprint.js';
import type { WebSessionStore } from '../ports/web-session-store.js';
import { hashSecretToken, randomSecret } from './secret-token.js';
import type { SessionSubject, WebSession } from './web-session.js';

/** A new session: the secret goes in the cookie and is never stored. */
export interface StartedSession {
  readonly secret: string;
  readonly session: WebSession;
}

/**
 * Sign-in, lookup, the live/test preference, sign-out and sign-out everywhere, for any subject kind.
 * Every sign-in makes a fresh id (an id planted before sign-in is never promoted: no fixation), and
 * ends the browser's previous session when it presents one.
 */
export class WebSessions {
  constructor(
    private readonly store: WebSessionStore,
    private readonly clock: Clock,
    private readonly lifetimeMs: number,
    /** Fingerprints affiliates' browsers as clicks are (`customer_matches_affiliate` compares them). */
    private readonly fingerprint: VisitorFingerprint | null = null,
  ) {}

  async start(
    subject: SessionSubject,
    previousSecret: string | null = null,
    mode: Mode = 'live',
    browser: { readonly address: string | null; readonly userAgent: string | null } | null = null,
  ): Promise<StartedSession> {
    if (previousSecret) await this.store.delete(hashSecretToken(previousSecret));
    const now = this.clock.now();
    const secret = randomSecret();
    const session: WebSession = {
      idHash: hashSecretToken(secret),
      subject,
      mode,
      csrfToken: randomSecret(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.lifetimeMs),
      ...(await this.footprintOf(subject, browser)),
    };
    await this.store.insert(session);
    return { secret, session };
  }

  private async footprintOf(subject: SessionSubject, browser: { readonly address: string | null; readonly userAgent: string | null } | null) {
    if (subject.kind !== 'affiliate' || !this.fingerprint || !browser) return {};
    return {
      visitorHash: await this.fingerprint.of(browser.address, browser.userAgent),
      addressHash: browser.address === null ? null : await this.fingerprint.of(browser.address, null),
    };
  }

  resolve(secret: string): Promise<WebSession | null> {
    return this.store.find(hashSecretToken(secret), this.clock.now());
  }

  setMode(session: WebSession, mode: Mode): Promise<void> {
    return this.store.setMode(session.idHash, mode);
  }

  end(session: WebSession): Promise<void> {
    return this.store.delete(session.idHash);
  }

  endEverywhere(subject: Pick<SessionSubject, 'kind' | 'id'>): Promise<number> {
    return this.store.deleteAllOf(subject);
  }
}
