import { err, ok, type Result } from 'neverthrow';
import type { DomainError, Mode } from '../../domain/index.js';
import type { ApiKeyLookup } from '../ports/api-key-lookup.js';
import { apiKeyActor, type Principal } from '../shared/actor.js';
import { unauthorized } from '../shared/errors.js';
import { hashSecret, hashesMatch, parseToken } from './api-key-token.js';

export interface Authentication {
  /** The key's actor and merchant, and the key's mode (the request's). */
  readonly principal: Result<Principal & { readonly mode: Mode }, DomainError>;
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
    return { principal: ok({ merchant: found.merchant, actor: apiKeyActor(found.key), mode: found.key.mode }), refusedKey: null };
  }
}

const refusedWith = (message: string): Authentication => ({ principal: err(unauthorized(message)), refusedKey: null });
