import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AFFILIATE_TAG_MAX, AFFILIATE_TAGS_MAX, editAffiliate, emailChanged, newAffiliate, normaliseTags, type Affiliate } from '../../domain/index.js';

const T0 = new Date(Date.UTC(2026, 10, 29));
const base: Affiliate = newAffiliate({ id: 'a1', merchantId: 'm1', email: 'ada@example.com', name: 'Ada', mode: 'live', createdVia: 'api', refCode: 'r', now: T0 })._unsafeUnwrap();
const tagArb = fc.string({ maxLength: 40 });

describe('editAffiliate', () => {
  it('keeps tags trimmed, non-blank and each once case-insensitively, first spelling first', () => {
    fc.assert(
      fc.property(fc.array(tagArb, { maxLength: 30 }), (tags) => {
        const out = normaliseTags(tags);
        expect(out.every((t) => t === t.trim() && t.length > 0)).toBe(true);
        expect(new Set(out.map((t) => t.toLowerCase())).size).toBe(out.length);
        expect(normaliseTags(out)).toEqual(out);
        for (const t of tags) if (t.trim()) expect(out.map((o) => o.toLowerCase())).toContain(t.trim().toLowerCase());
      }),
    );
  });

  it('either applies every field within bounds or refuses, leaving absent fields as they were', () => {
    fc.assert(
      fc.property(
        fc.record({ name: fc.option(fc.string({ maxLength: 210 }), { nil: undefined }), notes: fc.option(fc.string({ maxLength: 2100 }), { nil: undefined }), tags: fc.option(fc.array(tagArb, { maxLength: 25 }), { nil: undefined }) }),
        (edit) => {
          const result = editAffiliate(base, edit, new Date(T0.getTime() + 1));
          if (result.isErr()) {
            expect(result.error.code).toBe('validation_error');
            return;
          }
          const a = result.value;
          expect(a.name).toBe(edit.name === undefined ? base.name : edit.name.trim());
          expect(a.notes.length).toBeLessThanOrEqual(2000);
          expect(a.tags.length).toBeLessThanOrEqual(AFFILIATE_TAGS_MAX);
          expect(a.tags.every((t) => t.length <= AFFILIATE_TAG_MAX)).toBe(true);
          if (edit.tags === undefined) expect(a.tags).toBe(base.tags);
          expect({ ...a, name: base.name, notes: base.notes, tags: base.tags, updatedAt: base.updatedAt }).toEqual(base);
        },
      ),
    );
  });

  it('refuses a blank name and a bad email; a change of letter case is no change of email', () => {
    expect(editAffiliate(base, { name: '  ' }, T0)._unsafeUnwrapErr().details?.[0]?.field).toBe('name');
    expect(editAffiliate(base, { email: 'nope' }, T0)._unsafeUnwrapErr().details?.[0]?.field).toBe('email');
    expect(emailChanged(base, editAffiliate(base, { email: 'ADA@example.com' }, T0)._unsafeUnwrap())).toBe(false);
    expect(emailChanged(base, editAffiliate(base, { email: 'bob@example.com' }, T0)._unsafeUnwrap())).toBe(true);
  });
});
