import { err, ok, type Result } from 'neverthrow';
import type { DomainError, Merchant } from '../../domain/index.js';
import type { ApiKeyLookup } from '../ports/api-key-lookup.js';
import { unauthorized } from '../shared/errors.js';
import type { ApiKey } from './api-key.js';
import { hashSecret, hashesMatch, parseToken } from './api-key-token.js';

export interface Principal {
  readonly key: ApiKey;
  readonly merchant: Merchant;
}

export interface Authentication {
  readonly principal: Result<Principal, DomainError>;
  /**
   * For a refused key whose secret is right (revoked, or presented in the other mode): whose it
   * is, so that the refusal is recorded in its merchant's audit log.
   */
  readonly refusedKey: { readonly keyId: string; readonly merchantId: string } | null;
}

/** Reads `Authorization: Bearer <key>`; every failure is the same `401 unauthorized`. */
export class AuthenticateApiKey {
  constructor(private readonly keys: ApiKeyLookup) {}

  async execute(authorization: string | undefined): Promise<Authentication> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match?.[1]) return refusedWith('Missing or malformed Authorization header');
    const parsed = parseToken(match[1]);
    if (!parsed) return refusedWith('Malformed API key');
    const secretHash = hashSecret(parsed.secret);
    const found = await this.keys.find(parsed.lookup);
    // Compared in constant time even when nothing was found, so that timing says nothing about which keys exist.
    const matches = hashesMatch(secretHash, found?.key.secretHash ?? '0'.repeat(64));
    if (!found || !matches) return refusedWith('Invalid API key');
    if (found.key.mode !== parsed.mode || found.key.revokedAt) {
      return { ...refusedWith('Invalid API key'), refusedKey: { keyId: found.key.id, merchantId: found.merchant.id } };
    }
    return { principal: ok(found), refusedKey: null };
  }
}

const refusedWith = (message: string): Authentication => ({ principal: err(unauthorized(message)), refusedKey: null });
