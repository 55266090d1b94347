import type { ConnectorScope } from '../../domain/connector/scopes.js';
import type { Mode } from '../../domain/index.js';

/** A registered OAuth client: public (no secret), known by its name and redirect addresses. */
export interface OAuthClient {
  readonly id: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly createdAt: Date;
}

/** A connector: what one member granted one client, at their merchant, in one mode. */
export interface ConnectorGrant {
  readonly id: string;
  readonly clientId: string;
  readonly clientName: string;
  readonly merchantId: string;
  readonly userId: string;
  readonly mode: Mode;
  readonly scopes: readonly ConnectorScope[];
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
}

export type ConnectorTokenKind = 'code' | 'access' | 'refresh';

/** A code or token of a grant, found by its hash. */
export interface ConnectorToken {
  readonly grantId: string;
  readonly kind: ConnectorTokenKind;
  readonly codeChallenge: string | null;
  readonly redirectUri: string | null;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

export interface ConnectorStore {
  insertClient(client: OAuthClient): Promise<void>;
  findClient(id: string): Promise<OAuthClient | null>;
  insertGrant(grant: Omit<ConnectorGrant, 'clientName' | 'revokedAt'>): Promise<void>;
  findGrant(id: string): Promise<ConnectorGrant | null>;
  /** The member's connectors at their merchant, newest first. */
  listGrants(merchantId: string, userId: string): Promise<ConnectorGrant[]>;
  /** Revokes the grant (and so every token of it); false when it was not found or already revoked. */
  revokeGrant(id: string, now: Date): Promise<boolean>;
  insertToken(tokenHash: string, token: Omit<ConnectorToken, 'usedAt'>, createdAt: Date): Promise<void>;
  findToken(tokenHash: string): Promise<ConnectorToken | null>;
  /** Marks a code or refresh token used; false when it already was (one conditional update: one use wins). */
  useToken(tokenHash: string, now: Date): Promise<boolean>;
  /** Deletes up to `limit` codes and tokens expired at `now`; answers how many. */
  deleteExpiredTokens(now: Date, limit: number): Promise<number>;
}
