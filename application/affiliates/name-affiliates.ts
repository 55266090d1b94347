import type { AffiliateName, AffiliateNames } from '../ports/affiliate-names.js';
import type { SearchIndex } from '../ports/search-index.js';
import type { Tenant } from '../shared/tenant.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An email or name typed into a picker may also carry the label the picker showed: `Ada <ada@example.com>`. */
const BRACKETED_EMAIL = /<([^<>\s]+@[^<>\s]+)>\s*$/;

/** Names instead of ids: what lists show for the affiliates their rows name, and what pickers accept. */
export class NameAffiliates {
  constructor(
    private readonly names: AffiliateNames,
    private readonly index: SearchIndex,
  ) {}

  /** The tenant's affiliates among `ids`, by id (others are absent: a page shows them as unknown). */
  async directory(tenant: Tenant, ids: readonly string[]): Promise<ReadonlyMap<string, AffiliateName>> {
    const unique = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
    if (unique.length === 0) return new Map();
    return new Map((await this.names.named(tenant, unique)).map((a) => [a.id, a]));
  }

  /**
   * The affiliate a picker's text means: an id, an email, or `Name <email>` as the picker offers it.
   * Null when none of the tenant's affiliates matches; the text is returned unchanged for an id, so
   * the use case behind the form refuses an unknown one as the API does.
   */
  async resolve(tenant: Tenant, text: string): Promise<string | null> {
    const trimmed = text.trim();
    if (UUID.test(trimmed)) return trimmed.toLowerCase();
    const email = BRACKETED_EMAIL.exec(trimmed)?.[1] ?? (trimmed.includes('@') ? trimmed : null);
    if (email === null) {
      // A name alone: only when exactly one of the tenant's affiliates has it.
      if (trimmed.length < 2) return null;
      const found = (await this.index.affiliates(tenant, trimmed, 2)).filter((a) => a.name.toLowerCase() === trimmed.toLowerCase());
      return found.length === 1 ? found[0]!.id : null;
    }
    return (await this.names.withEmail(tenant, email))?.id ?? null;
  }

  /** Up to `limit` of the tenant's affiliates whose name or email contains `text`, for a picker. */
  async suggest(tenant: Tenant, text: string, limit: number): Promise<readonly { id: string; name: string; email: string }[]> {
    if ([...text.trim()].length < 2) return [];
    return this.index.affiliates(tenant, text.trim(), limit);
  }
}
