import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';
import { AFFILIATE_NOTES_MAX, AFFILIATE_TAG_MAX, AFFILIATE_TAGS_MAX, normaliseTags } from './affiliate-edit.js';

export interface ImportedNotes {
  readonly notes: string;
  readonly tags: readonly string[];
}

/**
 * An imported affiliate's private notes and tags, from the portable format's cells (`tags` a JSON
 * array of strings, empty for none) under the limits the merchant's own edits keep. A source's longer
 * note is cut at the limit rather than losing the affiliate; tags past the limits are refused, since
 * which to drop is the merchant's choice.
 */
export const importedAffiliateNotes = (notesCell: string | null, tagsCell: string | null): Result<ImportedNotes, DomainError> => {
  const notes = (notesCell ?? '').trim().slice(0, AFFILIATE_NOTES_MAX);
  if (tagsCell === null || tagsCell.trim() === '') return ok({ notes, tags: [] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(tagsCell);
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.some((t) => typeof t !== 'string')) return err(validationError('tags', 'must be a JSON array of strings'));
  const tags = normaliseTags(parsed as string[]);
  if (tags.length > AFFILIATE_TAGS_MAX) return err(validationError('tags', `must hold at most ${AFFILIATE_TAGS_MAX} tags`));
  if (tags.some((t) => t.length > AFFILIATE_TAG_MAX)) return err(validationError('tags', `each tag must be at most ${AFFILIATE_TAG_MAX} characters`));
  return ok({ notes, tags });
};
