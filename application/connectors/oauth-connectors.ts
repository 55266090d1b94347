import { err, ok, type Result } from 'neverthrow';
import { effectiveScopes, grantableScopes, type ConnectorScope, type MemberHolds } from '../../domain/connector/scopes.js';
import { domainError, planAllowsWriteKeys, type DomainError, type Merchant, type Mode } from '../../domain/index.js';
import { mayManagePayouts, type Principal } from '../shared/actor.js';
import type { MerchantUser } from '../merchant-users/merchant-user.js';
import type { Clock } from '../ports/clock.js';
import type { ConnectorGrant, ConnectorStore, OAuthClient } from '../ports/connector-store.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { MerchantUserRepository } from '../ports/merchant-user-repository.js';
import { unauthorized } from '../shared/errors.js';
import { hashOf, newSecret, pkceMatches } from './connector-tokens.js';

export const ACCESS_TOKEN_TTL_S = 10 * 60;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const CODE_TTL_MS = 60 * 1000;

export interface IssuedTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresIn: number;
  readonly scopes: readonly ConnectorScope[];
}

/** A connector's authenticated call: who it acts as (its grant, for its member), in the grant's mode. */
export interface ConnectorCaller {
  readonly principal: Principal;
  readonly mode: Mode;
}

const invalidGrant = (message: string): DomainError<'invalid_grant'> => domainError('invalid_grant', message);

/** What a member holds to grant: writes as the plan allows any key, Manage payouts as their role or permission gives. */
export const holdsOf = (user: Pick<MerchantUser, 'role' | 'managePayouts'>, merchant: Merchant): MemberHolds => ({
  write: planAllowsWriteKeys(merchant.plan),
  managePayouts: mayManagePayouts({ kind: 'user', userId: '', role: user.role, managePayouts: user.managePayouts }),
});

const isLoopback = (url: URL): boolean => url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);

/** A redirect address a client may register: absolute, https or loopback http, no fragment. */
const redirectProblem = (uri: string): string | null => {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.hash) return 'has a fragment';
  if (url.protocol !== 'https:' && !isLoopback(url)) return 'must be https or a loopback address';
  return null;
};

/**
 * OAuth 2.1 connectors of the assistant endpoint: public clients register themselves; a signed-in
 * member approves one (the grant is bound to the member's merchant and mode, with the scopes the
 * member holds); the code is exchanged with PKCE for a short-lived access token and a refresh token
 * rotated on use, whose reuse revokes the grant. A connector acts as its member, as a team member.
 */
export class OAuthConnectors {
  constructor(
    private readonly store: ConnectorStore,
    private readonly users: MerchantUserRepository,
    private readonly merchants: MerchantRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async register(input: { name: unknown; redirectUris: unknown }): Promise<Result<OAuthClient, DomainError>> {
    const name = typeof input.name === 'string' && input.name.trim().length > 0 ? input.name.trim().slice(0, 100) : null;
    if (!name) return err(domainError('invalid_client_metadata', 'client_name is required'));
    const uris = input.redirectUris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10 || !uris.every((u) => typeof u === 'string' && u.length <= 2000)) {
      return err(domainError('invalid_redirect_uri', 'redirect_uris must list one to ten addresses'));
    }
    for (const uri of uris as string[]) {
      const problem = redirectProblem(uri);
      if (problem) return err(domainError('invalid_redirect_uri', `redirect_uri ${problem}`));
    }
    const client: OAuthClient = { id: this.ids.next(), name, redirectUris: uris as string[], createdAt: this.clock.now() };
    await this.store.insertClient(client);
    return ok(client);
  }

  findClient(id: string): Promise<OAuthClient | null> {
    return /^[0-9a-f-]{36}$/.test(id) ? this.store.findClient(id) : Promise.resolve(null);
  }

  /** The member approves: a grant of what they hold of what was asked, and its single-use code. */
  async approve(input: {
    client: OAuthClient;
    redirectUri: string;
    codeChallenge: string;
    asked: readonly ConnectorScope[];
    user: MerchantUser;
    merchant: Merchant;
    mode: Mode;
  }): Promise<{ code: string; grantId: string }> {
    const now = this.clock.now();
    const grant = {
      id: this.ids.next(),
      clientId: input.client.id,
      merchantId: input.merchant.id,
      userId: input.user.id,
      mode: input.mode,
      scopes: grantableScopes(input.asked, holdsOf(input.user, input.merchant)),
      createdAt: now,
    };
    await this.store.insertGrant(grant);
    const code = newSecret('mcpc_');
    await this.store.insertToken(
      hashOf(code),
      { grantId: grant.id, kind: 'code', codeChallenge: input.codeChallenge, redirectUri: input.redirectUri, expiresAt: new Date(now.getTime() + CODE_TTL_MS) },
      now,
    );
    return { code, grantId: grant.id };
  }

  async exchangeCode(input: { code: string; clientId: string; redirectUri: string; verifier: string }): Promise<Result<IssuedTokens, DomainError>> {
    const hash = hashOf(input.code);
    const found = await this.store.findToken(hash);
    const grant = found?.kind === 'code' ? await this.store.findGrant(found.grantId) : null;
    if (!found || !grant || grant.clientId !== input.clientId || found.redirectUri !== input.redirectUri) return err(invalidGrant('Invalid authorization code'));
    if (!pkceMatches(input.verifier, found.codeChallenge ?? '')) return err(invalidGrant('code_verifier does not match the code_challenge'));
    const now = this.clock.now();
    if (grant.revokedAt || found.expiresAt <= now) return err(invalidGrant('Authorization code expired'));
    // A code used twice: someone else holds it; the tokens of the first use are revoked with the grant.
    if (!(await this.store.useToken(hash, now))) {
      await this.store.revokeGrant(grant.id, now);
      return err(invalidGrant('Authorization code already used'));
    }
    return ok(await this.issue(grant, now));
  }

  async refresh(input: { refreshToken: string; clientId: string }): Promise<Result<IssuedTokens, DomainError>> {
    const hash = hashOf(input.refreshToken);
    const found = await this.store.findToken(hash);
    const grant = found?.kind === 'refresh' ? await this.store.findGrant(found.grantId) : null;
    if (!found || !grant || grant.clientId !== input.clientId) return err(invalidGrant('Invalid refresh token'));
    const now = this.clock.now();
    if (grant.revokedAt || found.expiresAt <= now) return err(invalidGrant('Refresh token expired or revoked'));
    // Rotation: a refresh token works once; presenting a used one means it leaked, so the whole grant ends.
    if (!(await this.store.useToken(hash, now))) {
      await this.store.revokeGrant(grant.id, now);
      return err(invalidGrant('Refresh token already used; the connector was revoked'));
    }
    return ok(await this.issue(grant, now));
  }

  /** RFC 7009: revoking any token of a grant ends the grant; an unknown token is not an error. */
  async revokeToken(token: string): Promise<void> {
    const found = await this.store.findToken(hashOf(token));
    if (found && found.kind !== 'code') await this.store.revokeGrant(found.grantId, this.clock.now());
  }

  /** A Bearer access token of `/mcp`: its grant, live, acting as its member with what they still hold. */
  async authenticate(accessToken: string): Promise<Result<ConnectorCaller, DomainError>> {
    const refused = err(unauthorized('Invalid or expired access token'));
    const found = await this.store.findToken(hashOf(accessToken));
    if (!found || found.kind !== 'access' || found.expiresAt <= this.clock.now()) return refused;
    const grant = await this.store.findGrant(found.grantId);
    if (!grant || grant.revokedAt) return refused;
    const [user, merchant] = await Promise.all([this.users.findById(grant.merchantId, grant.userId), this.merchants.findById(grant.merchantId)]);
    if (!user || !merchant) return refused;
    const scopes = effectiveScopes(grant.scopes, holdsOf(user, merchant));
    return ok({
      mode: grant.mode,
      principal: {
        merchant,
        actor: {
          kind: 'connector',
          connectorId: grant.id,
          userId: user.id,
          name: `connector ${grant.clientName} of ${user.email}`,
          write: scopes.includes('write'),
          // An owner's connector holds Manage payouts only when granted it.
          managePayouts: scopes.includes('manage_payouts'),
        },
      },
    });
  }

  listForUser(user: MerchantUser): Promise<ConnectorGrant[]> {
    return this.store.listGrants(user.merchantId, user.id);
  }

  /** The member revokes one of their connectors; another's is not found. */
  async revokeForUser(user: MerchantUser, grantId: string): Promise<boolean> {
    const grant = /^[0-9a-f-]{36}$/.test(grantId) ? await this.store.findGrant(grantId) : null;
    if (!grant || grant.merchantId !== user.merchantId || grant.userId !== user.id) return false;
    return this.store.revokeGrant(grant.id, this.clock.now());
  }

  private async issue(grant: ConnectorGrant, now: Date): Promise<IssuedTokens> {
    const accessToken = newSecret('mcpa_');
    const refreshToken = newSecret('mcpr_');
    const common = { grantId: grant.id, codeChallenge: null, redirectUri: null };
    await this.store.insertToken(hashOf(accessToken), { ...common, kind: 'access', expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_S * 1000) }, now);
    await this.store.insertToken(hashOf(refreshToken), { ...common, kind: 'refresh', expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS) }, now);
    return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_S, scopes: grant.scopes };
  }
}
