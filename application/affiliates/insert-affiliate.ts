import { err, ok, type Result } from 'neverthrow';
import { duplicateAffiliateEmail, type Affiliate, type DomainError } from '../../domain/index.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
import { CODE_ATTEMPTS, randomCode } from '../shared/random-code.js';

/** Inserts a new affiliate, drawing another ref code on a collision; a lost email race is `409 duplicate`. */
export const insertAffiliate = async (
  affiliates: AffiliateRepository,
  affiliate: Affiliate,
): Promise<Result<Affiliate, DomainError>> => {
  let candidate = affiliate;
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const outcome = await affiliates.insert(candidate);
    if (outcome === 'inserted') return ok(candidate);
    if (outcome === 'duplicate_email') return err(duplicateAffiliateEmail());
    candidate = { ...candidate, refCode: randomCode() };
  }
  throw new Error(`no free ref code after ${CODE_ATTEMPTS} attempts`);
};
