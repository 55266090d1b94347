import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERASED_TEXT, erasedAffiliateFields, erasureNeedles, MIN_SEARCHED_LENGTH, scrubProse, scrubText } from '../../domain/index.js';

const value = fc.string({ minLength: MIN_SEARCHED_LENGTH, maxLength: 20 }).filter((v) => v.trim().length >= MIN_SEARCHED_LENGTH && !ERASED_TEXT.includes(v.trim()) && !v.trim().includes(ERASED_TEXT));
const email = fc.emailAddress();

describe('erasure', () => {
  it('leaves no erased value in a text, as written, lower-cased or inside JSON', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(value, email), { minLength: 1, maxLength: 3 }), fc.string(), fc.string(), (values, before, after) => {
        const needles = erasureNeedles(values);
        const text = `${before}${values.join(' ')} ${JSON.stringify({ values, lower: values.map((v) => v.toLowerCase()) })}${after}`;
        const scrubbed = scrubText(text, needles);
        for (const v of values) {
          expect(scrubbed.includes(v.trim())).toBe(false);
          expect(scrubbed.includes(v.trim().toLowerCase())).toBe(false);
        }
      }),
    );
  });

  it('replaces a name only as a whole JSON string, keeping prose and JSON valid', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }).filter((n) => n.trim().length > 0 && !/["\\,:[\]{}]/.test(n)), fc.dictionary(fc.string(), fc.string()), (name, other) => {
        const json = JSON.stringify({ ...other, name: name.trim() });
        const scrubbed = scrubText(json, erasureNeedles([], [name]));
        const parsed = JSON.parse(scrubbed) as Record<string, unknown>;
        expect(parsed.name).toBe(ERASED_TEXT);
      }),
    );
  });

  it('keeps keys that spell the name: only values are replaced', () => {
    const scrubbed = scrubText('{"name": "name", "status": "x"}', erasureNeedles([], ['name']));
    expect(JSON.parse(scrubbed)).toEqual({ name: ERASED_TEXT, status: 'x' });
  });

  it('never looks for a name with JSON punctuation, which could match across two strings', () => {
    expect(erasureNeedles([], ['a", "b', 'x:y'])).toEqual([]);
  });

  it('gives placeholders made of the id alone', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        const fields = erasedAffiliateFields(id);
        expect(fields.email).toBe(`erased-${id}@erased.invalid`);
        expect(fields.name).not.toContain('@');
      }),
    );
  });
});

describe('erasure in prose', () => {
  const word = fc.stringMatching(/^[A-Za-z][a-z]{2,9}$/);
  it('removes a name standing as a word, keeps words that merely contain it', () => {
    fc.assert(
      fc.property(word, word, (first, last) => {
        const name = `${first} ${last}`;
        const text = `${name} joined; ${name}'s sale. X${first}X stays.`;
        const out = scrubProse(text, [name, first]);
        expect(out).not.toContain(name);
        expect(out).toContain(`X${first}X`);
        expect(out.startsWith(ERASED_TEXT)).toBe(true);
      }),
    );
  });

  it('removes the HTML-escaped form of a name too', () => {
    expect(scrubProse('<p>O&#39;Brien joined</p>', ["O'Brien"])).toBe(`<p>${ERASED_TEXT} joined</p>`);
  });
});
