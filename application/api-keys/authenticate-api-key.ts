import { err, ok, type Result } from 'neverthrow';
import type { DomainError, Merchant } from '../../domain/index.js';
import type { ApiKeyRepository } from '../ports/api-key-repository.js';
import { unauthorized } from '../shared/errors.js';
import type { ApiKey } from './api-key.js';
import { parseToken, secretMatches } from './api-key-token.js';

export interface Principal {
  readonly key: ApiKey;
  readonly merchant: Merchant;
}

/** Reads `Authorization: Bearer <key>`; every failure is the same `401 unauthorized`. */
export class AuthenticateApiKey {
  constructor(private readonly keys: ApiKeyRepository) {}

  async execute(authorization: string | undefined): Promise<Result<Principal, DomainError>> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match?.[1]) return err(unauthorized('Missing or malformed Authorization header'));
    const parsed = parseToken(match[1]);
    if (!parsed) return err(unauthorized('Malformed API key'));
    const found = await this.keys.findByLookup(parsed.lookup);
    // Hash even when nothing was found so that timing says nothing about which keys exist.
    const matches = secretMatches(parsed.secret, found?.key.secretHash ?? '0'.repeat(64));
    if (!found || !matches || found.key.mode !== parsed.mode || found.key.revokedAt) {
      return err(unauthorized('Invalid API key'));
    }
    return ok(found);
  }
}
