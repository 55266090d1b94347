import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AFFILIATE_NOTES_MAX, AFFILIATE_TAG_MAX, AFFILIATE_TAGS_MAX, importedAffiliateNotes, normaliseTags } from '../../domain/index.js';

const tag = fc.string({ minLength: 1, maxLength: AFFILIATE_TAG_MAX }).filter((t) => t.trim() !== '');

describe("an imported affiliate's notes and tags", () => {
  it('come back as exported: trimmed notes, tags normalised, within the limits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.array(tag, { maxLength: AFFILIATE_TAGS_MAX }), (notes, tags) => {
        const read = importedAffiliateNotes(notes, JSON.stringify(tags))._unsafeUnwrap();
        expect(read).toEqual({ notes: notes.trim(), tags: normaliseTags(tags) });
      }),
    );
  });

  it('cut a note longer than the limit, and read an empty tags cell as none', () => {
    fc.assert(
      fc.property(fc.string({ minLength: AFFILIATE_NOTES_MAX + 1, maxLength: AFFILIATE_NOTES_MAX + 50 }), fc.constantFrom(null, '', ' '), (notes, tags) => {
        const read = importedAffiliateNotes(notes, tags)._unsafeUnwrap();
        expect(read.notes.length).toBeLessThanOrEqual(AFFILIATE_NOTES_MAX);
        expect(read.tags).toEqual([]);
      }),
    );
  });

  it('refuse tags that are not a JSON array of strings, or past the limits', () => {
    fc.assert(
      fc.property(fc.constantFrom('vip', '{"a":1}', '[1,2]', 'null', JSON.stringify(['x'.repeat(AFFILIATE_TAG_MAX + 1)])), (cell) => {
        expect(importedAffiliateNotes('', cell)._unsafeUnwrapErr().details?.[0]?.field).toBe('tags');
      }),
    );
    const many = JSON.stringify(Array.from({ length: AFFILIATE_TAGS_MAX + 1 }, (_, i) => `t${i}`));
    expect(importedAffiliateNotes('', many).isErr()).toBe(true);
  });
});
