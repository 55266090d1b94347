import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';
import { AFFILIATE_NAME_MAX, emailKey, isEmail, type Affiliate } from './affiliate.js';

export const AFFILIATE_NOTES_MAX = 2000;
export const AFFILIATE_TAGS_MAX = 20;
export const AFFILIATE_TAG_MAX = 32;

/** What the merchant may change on its affiliate record; absent fields stay as they are. */
export interface AffiliateEdit {
  readonly name?: string | undefined;
  readonly email?: string | undefined;
  readonly notes?: string | undefined;
  readonly tags?: readonly string[] | undefined;
}

/** Trimmed, blank ones dropped, each once (case-insensitive, the first spelling kept). */
export const normaliseTags = (tags: readonly string[]): string[] => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      out.push(tag);
    }
  }
  return out;
};

/**
 * The merchant edits an affiliate's name, email, notes or tags. Every field is checked before any is
 * applied, so a refusal changes nothing. Whether the new email is free at the merchant is the
 * caller's question (it needs the other records).
 */
export const editAffiliate = (affiliate: Affiliate, edit: AffiliateEdit, now: Date): Result<Affiliate, DomainError> => {
  const name = edit.name === undefined ? affiliate.name : edit.name.trim();
  if (!name) return err(validationError('name', 'must not be empty'));
  if (name.length > AFFILIATE_NAME_MAX) return err(validationError('name', `must be at most ${AFFILIATE_NAME_MAX} characters`));
  const email = edit.email === undefined ? affiliate.email : edit.email.trim();
  if (!isEmail(email)) return err(validationError('email', 'must be a valid email address'));
  const notes = edit.notes === undefined ? affiliate.notes : edit.notes.trim();
  if (notes.length > AFFILIATE_NOTES_MAX) return err(validationError('notes', `must be at most ${AFFILIATE_NOTES_MAX} characters`));
  const tags = edit.tags === undefined ? affiliate.tags : normaliseTags(edit.tags);
  if (tags.length > AFFILIATE_TAGS_MAX) return err(validationError('tags', `must hold at most ${AFFILIATE_TAGS_MAX} tags`));
  if (tags.some((t) => t.length > AFFILIATE_TAG_MAX)) return err(validationError('tags', `each tag must be at most ${AFFILIATE_TAG_MAX} characters`));
  return ok({ ...affiliate, name, email, notes, tags, updatedAt: now });
};

/** The email changed in more than letter case: its uniqueness must be checked again. */
export const emailChanged = (before: Affiliate, after: Affiliate): boolean => emailKey(before.email) !== emailKey(after.email);
