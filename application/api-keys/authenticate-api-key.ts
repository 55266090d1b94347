import { err, ok, type Result } from 'neverthrow';
import { PLANS, type DomainError, type Merchant, type Plan } from '../../domain/index.js';
import { MERCHANT_BUCKET_PREFIX, merchantLimit } from '../account/rate-limit-policy.js';
import type { ApiKeyAdmission } from '../ports/api-key-admission.js';
import type { RateLimitDecision } from '../ports/rate-limiter.js';
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
   * The request counted against the merchant's rate limit, when the key verified (one round trip
   * with the lookup). Null for a failed authentication: the caller limits it by client address.
   */
  readonly rateLimit: RateLimitDecision | null;
}

export const LIMITS_BY_PLAN = Object.fromEntries(PLANS.map((plan) => [plan, merchantLimit(plan)])) as Record<Plan, number>;

/** Reads `Authorization: Bearer <key>`; every failure is the same `401 unauthorized`. */
export class AuthenticateApiKey {
  constructor(private readonly admission: ApiKeyAdmission) {}

  async execute(authorization: string | undefined, now: Date): Promise<Authentication> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match?.[1]) return refusedWith('Missing or malformed Authorization header');
    const parsed = parseToken(match[1]);
    if (!parsed) return refusedWith('Malformed API key');
    const secretHash = hashSecret(parsed.secret);
    const { found, decision } = await this.admission.admit({
      lookup: parsed.lookup,
      secretHash,
      mode: parsed.mode,
      limitsByPlan: LIMITS_BY_PLAN,
      bucketPrefix: MERCHANT_BUCKET_PREFIX,
      now,
    });
    // Compared in constant time even when nothing was found, so that timing says nothing about which keys exist.
    const matches = hashesMatch(secretHash, found?.key.secretHash ?? '0'.repeat(64));
    if (!found || !matches || found.key.mode !== parsed.mode || found.key.revokedAt) return refusedWith('Invalid API key');
    return { principal: ok(found), rateLimit: decision };
  }
}

const refusedWith = (message: string): Authentication => ({ principal: err(unauthorized(message)), rateLimit: null });
