import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** More entries than any program has campaigns: a bound on what one request stores with its run. */
export const MAX_CAMPAIGN_MAP_ENTRIES = 500;

/**
 * The `campaignMap` of an import run (a source campaign or program id → one of our campaign ids) read as
 * it is kept: source ids trimmed and not empty, our ids as lower-case UUIDs. Whether each campaign
 * is the merchant's is for the caller to check.
 */
export const importCampaignMap = (raw: Readonly<Record<string, string>>): Result<Readonly<Record<string, string>>, DomainError> => {
  const entries = Object.entries(raw);
  if (entries.length > MAX_CAMPAIGN_MAP_ENTRIES) return err(validationError('campaignMap', `holds at most ${MAX_CAMPAIGN_MAP_ENTRIES} campaigns`));
  // No prototype: a source id such as `__proto__` is an id like any other.
  const map: Record<string, string> = Object.create(null);
  for (const [source, ours] of entries) {
    const key = source.trim();
    if (key === '') return err(validationError('campaignMap', 'names a source campaign by an empty id'));
    const id = ours.trim().toLowerCase();
    if (!UUID.test(id)) return err(validationError(`campaignMap.${key}`, 'is not a campaign id'));
    map[key] = id;
  }
  return ok(map);
};

/** The campaign of ours the map carries a source campaign into, if any (own entries only: an id is never read off the prototype). */
export const campaignChosenFor = (map: Readonly<Record<string, string>> | null | undefined, externalId: string): string | undefined =>
  map && Object.hasOwn(map, externalId) ? map[externalId] : undefined;
