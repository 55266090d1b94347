import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';

/** Where a merchant's own portal domain stands: waiting for its DNS record, proven, or not found when checked. */
export const DOMAIN_VERIFICATION_STATUSES = ['pending', 'verified', 'failed'] as const;
export type DomainVerificationStatus = (typeof DOMAIN_VERIFICATION_STATUSES)[number];

/** How long a pending domain is looked for before it is marked failed (the merchant may check again). */
export const DOMAIN_VERIFICATION_WINDOW_HOURS = 72;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name the merchant owns (`affiliates.example.com`): lower case, at least two labels, no scheme, port or path. */
export const parsePortalDomain = (input: string, field = 'customDomain'): Result<string, DomainError> => {
  const host = input.trim().toLowerCase().replace(/\.$/, '');
  const labels = host.split('.');
  const valid = host.length <= 253 && labels.length >= 2 && labels.every((l) => LABEL.test(l)) && !/^[0-9]+$/.test(labels.at(-1) ?? '');
  return valid ? ok(host) : err(validationError(field, 'Enter a host name such as affiliates.example.com, without https:// or a path'));
};

/** The TXT record that proves the merchant controls the domain. */
export const domainVerificationRecord = (domain: string, token: string) => ({
  name: `_affiliate-verification.${domain}`,
  value: `affiliate-verification=${token}`,
});

/**
 * The outcome of one DNS look-up: verified when any TXT string equals the expected value (a long
 * TXT record arrives in chunks, which are joined first); still pending until the window has passed.
 */
export const domainCheckOutcome = (
  records: readonly (readonly string[])[],
  expected: string,
  requestedAt: Date,
  now: Date,
): DomainVerificationStatus => {
  if (records.some((chunks) => chunks.join('').trim() === expected)) return 'verified';
  const waitedHours = (now.getTime() - requestedAt.getTime()) / 3_600_000;
  return waitedHours >= DOMAIN_VERIFICATION_WINDOW_HOURS ? 'failed' : 'pending';
};
