import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';
import { isHttpUrl, URL_MAX } from '../shared/http-url.js';

/**
 * The merchant's website (`websiteUrl`): where visitors of a campaign without a target URL go. An
 * absolute http or https URL, trimmed; null removes it.
 */
export const checkWebsiteUrl = (value: string | null): Result<string | null, DomainError> => {
  if (value === null) return ok(null);
  const url = value.trim();
  if (url.length > URL_MAX) return err(validationError('websiteUrl', `must be at most ${URL_MAX} characters`));
  if (!isHttpUrl(url)) return err(validationError('websiteUrl', 'must be an http or https URL (null removes it)'));
  return ok(url);
};
