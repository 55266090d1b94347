import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campaignChosenFor, importCampaignMap, MAX_CAMPAIGN_MAP_ENTRIES } from '../../domain/index.js';

const sourceId = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && s.trim() === s);

describe("an import's campaign map", () => {
  it('keeps every entry naming a campaign id, lower-cased', () => {
    fc.assert(
      fc.property(fc.dictionary(sourceId, fc.uuid(), { maxKeys: 20 }), (raw) => {
        const upper = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v.toUpperCase()]));
        const map = importCampaignMap(upper)._unsafeUnwrap();
        expect(map).toEqual(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v.toLowerCase()])));
      }),
    );
  });

  it('refuses a value that is not an id, naming its entry', () => {
    fc.assert(
      fc.property(sourceId, fc.string().filter((s) => !/^[0-9a-f-]{36}$/i.test(s.trim())), (key, value) => {
        expect(importCampaignMap({ [key]: value })._unsafeUnwrapErr().details?.[0]?.field).toBe(`campaignMap.${key}`);
      }),
    );
  });

  it('refuses an empty source id and more entries than the bound', () => {
    expect(importCampaignMap({ ' ': '0192f0c4-6c1e-7d2a-9b1e-2f3a4b5c6d7e' }).isErr()).toBe(true);
    const many = Object.fromEntries(Array.from({ length: MAX_CAMPAIGN_MAP_ENTRIES + 1 }, (_, i) => [`c${i}`, '0192f0c4-6c1e-7d2a-9b1e-2f3a4b5c6d7e']));
    expect(importCampaignMap(many).isErr()).toBe(true);
  });

  it('carries exactly the source ids it names, prototype names included, into their campaigns', () => {
    const tricky = fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty');
    fc.assert(
      fc.property(fc.dictionary(fc.oneof(sourceId, tricky), fc.uuid(), { maxKeys: 10 }), fc.oneof(sourceId, tricky), (raw, asked) => {
        const map = importCampaignMap(raw)._unsafeUnwrap();
        const named = Object.entries(raw).find(([k]) => k === asked)?.[1]?.toLowerCase();
        expect(campaignChosenFor(map, asked)).toBe(named);
        expect(campaignChosenFor(null, asked)).toBeUndefined();
      }),
    );
  });
});
