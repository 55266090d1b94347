import type { Mode } from '../../domain/index.js';
import type { SessionSubject, WebSession } from '../web-sessions/web-session.js';

/** Browser sessions of merchant users and affiliates, kept where every process sees them. */
export interface WebSessionStore {
  insert(session: WebSession): Promise<void>;
  /** The session with this id hash, unless it expired before `now`. */
  find(idHash: string, now: Date): Promise<WebSession | null>;
  setMode(idHash: string, mode: Mode): Promise<void>;
  delete(idHash: string): Promise<void>;
  /** Every session of the subject ("sign out everywhere", or after a password change). */
  deleteAllOf(subject: Pick<SessionSubject, 'kind' | 'id'>): Promise<number>;
}
