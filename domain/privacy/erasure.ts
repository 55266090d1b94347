/**
 * Erasure on request: what replaces an affiliate's or a customer's personal fields, and the texts
 * to look for in the records that copied them (event payloads, mails, stored responses).
 */

/** Placeholders carry only the record's own id, never anything derived from the erased values. */
export const erasedAffiliateFields = (affiliateId: string) => ({
  email: `erased-${affiliateId}@erased.invalid`,
  name: 'Erased affiliate',
});

/** Where a mail to an erased customer is recorded as sent: an address that can receive nothing. */
export const ERASED_RECIPIENT = 'erased@erased.invalid';

/** The replacement written wherever an erased value was copied into a text. */
export const ERASED_TEXT = '[erased]';

/** Shorter values are not looked for inside texts: they would match unrelated words. */
export const MIN_SEARCHED_LENGTH = 3;

export interface Needle {
  /** Text to find and replace. */
  readonly find: string;
  readonly replace: string;
}

/**
 * A value without JSON's structural characters can only match `"value"` as one whole JSON string,
 * never across the end of one string and the start of the next.
 */
const WHOLE_STRING_SAFE = /^[^"\\,:[\]{}]+$/;

/** A value as it appears inside a JSON string (quotes, backslashes and control characters escaped). */
const inJson = (value: string): string => JSON.stringify(value).slice(1, -1);

/**
 * The texts to replace for erased values: each value as written, lower-cased, and as escaped inside
 * JSON; `wholeJsonOnly` values (names: ordinary words) only as a whole JSON string (`"Ada Lovelace"`),
 * so prose elsewhere is not rewritten. Longest first, so a value is replaced before any part of it.
 */
export const erasureNeedles = (values: readonly string[], wholeJsonOnly: readonly string[] = []): Needle[] => {
  const found = new Map<string, string>();
  for (const raw of values) {
    const value = raw.trim();
    if (value.length < MIN_SEARCHED_LENGTH) continue;
    for (const form of [value, value.toLowerCase()]) {
      found.set(form, ERASED_TEXT);
      found.set(inJson(form), ERASED_TEXT);
    }
  }
  for (const raw of wholeJsonOnly) {
    const value = raw.trim();
    if (!WHOLE_STRING_SAFE.test(value)) continue;
    found.set(JSON.stringify(value), JSON.stringify(ERASED_TEXT));
  }
  return [...found.entries()].map(([find, replace]) => ({ find, replace })).sort((a, b) => b.find.length - a.find.length);
};

/** Applies the needles to a text (what the database does with `replace()` on each column). */
export const scrubText = (text: string, needles: readonly Needle[]): string =>
  needles.reduce((out, n) => (isWholeJsonString(n.find) ? replaceJsonValues(out, n) : out.split(n.find).join(n.replace)), text);

const isWholeJsonString = (find: string): boolean => find.length >= 2 && find.startsWith('"') && find.endsWith('"');

/** A whole-string needle replaces values only: an affiliate named `name` must not rename the `"name":` keys. */
const replaceJsonValues = (text: string, n: Needle): string => text.replace(new RegExp(`${escapeRegExp(n.find)}(?!\\s*:)`, 'g'), () => n.replace);

const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name as it may appear in prose: as written and as escaped in HTML. */
export const proseForms = (names: readonly string[]): string[] => [
  ...new Set(names.map((n) => n.trim()).filter((n) => n.length >= MIN_SEARCHED_LENGTH).flatMap((n) => [n, escapeHtml(n)])),
];

/**
 * Replaces names in prose (a notice, a mail's text) where they stand as whole words: "Ada joined"
 * loses `Ada`, "Adam joined" keeps it. Longest first, so a full name goes before a part of it.
 */
export const scrubProse = (text: string, names: readonly string[]): string =>
  proseForms(names)
    .sort((a, b) => b.length - a.length)
    .reduce((out, form) => out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(form)}(?![\\p{L}\\p{N}])`, 'gu'), ERASED_TEXT), text);
