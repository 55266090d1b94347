import { err, ok, type Result } from 'neverthrow';
import type { PayoutMethod } from '../conversion/conversion.js';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';

/** A merchant's credentials for one payout method, as each provider issues them. */
export type ProviderCredentials =
  /** The card processor's secret (or restricted) key: `sk_live_…`, `sk_test_…`, `rk_…`. */
  | { readonly method: 'connect'; readonly secretKey: string }
  /** The wallet's REST app (OAuth client credentials). */
  | { readonly method: 'wallet_a'; readonly clientId: string; readonly clientSecret: string }
  /** The bank-transfer service's API token and the business profile that pays. */
  | { readonly method: 'transfer_b'; readonly apiToken: string; readonly profileId: string };

const text = (input: Record<string, unknown>, field: string, problems: FieldProblem[], pattern?: RegExp, hint?: string): string => {
  const value = input[field];
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push({ field, message: 'is required' });
    return '';
  }
  const trimmed = value.trim();
  if (trimmed.length > 512) problems.push({ field, message: 'is too long' });
  else if (pattern && !pattern.test(trimmed)) problems.push({ field, message: hint ?? 'has the wrong format' });
  return trimmed;
};

const CARD_KEY = /^(sk|rk)_(live|test)_[A-Za-z0-9]{8,}$/;

/**
 * Reads the credentials of `method` for a key of `mode`. A card-processor key names its own mode: a
 * live API key stores live credentials and a test key test ones, so a mismatch is refused.
 */
export const parseProviderCredentials = (method: PayoutMethod, mode: Mode, input: Record<string, unknown>): Result<ProviderCredentials, DomainError> => {
  const problems: FieldProblem[] = [];
  const allowed: Record<PayoutMethod, readonly string[]> = {
    connect: ['secretKey'],
    wallet_a: ['clientId', 'clientSecret'],
    transfer_b: ['apiToken', 'profileId'],
  };
  for (const field of Object.keys(input)) {
    if (!allowed[method].includes(field)) problems.push({ field, message: `is not a ${method} credential` });
  }
  let credentials: ProviderCredentials;
  switch (method) {
    case 'connect': {
      const secretKey = text(input, 'secretKey', problems, CARD_KEY, 'must be a secret key (sk_live_…, sk_test_…) or a restricted key (rk_…)');
      const keyMode = CARD_KEY.exec(secretKey)?.[2];
      if (keyMode && keyMode !== mode) problems.push({ field: 'secretKey', message: `is a ${keyMode} key; a ${mode} API key stores ${mode} credentials` });
      credentials = { method, secretKey };
      break;
    }
    case 'wallet_a':
      credentials = { method, clientId: text(input, 'clientId', problems), clientSecret: text(input, 'clientSecret', problems) };
      break;
    case 'transfer_b': {
      const profileId = input.profileId;
      const normalized = typeof profileId === 'number' && Number.isInteger(profileId) ? { ...input, profileId: String(profileId) } : input;
      credentials = {
        method,
        apiToken: text(normalized, 'apiToken', problems),
        profileId: text(normalized, 'profileId', problems, /^\d{1,18}$/, 'must be the numeric profile id'),
      };
      break;
    }
  }
  if (problems.length > 0) return err(domainError('validation_error', `Invalid ${method} credentials: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems));
  return ok(credentials);
};
