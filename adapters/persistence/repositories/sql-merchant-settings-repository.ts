import { sql } from 'kysely';
import type { MerchantSettings, MerchantSettingsRepository } from '../../../application/ports/merchant-settings-repository.js';
import { DEFAULT_EMAIL_NOTICES, parseEmailNotices, type DomainVerificationStatus } from '../../../domain/index.js';
import { dateOrNull } from '../mappers/timestamps.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type SettingsRow = Row<'merchant_settings'>;

const fromRow = (r: SettingsRow): MerchantSettings => ({
  merchantId: r.merchant_id,
  requestedDomain:
    r.requested_domain === null || r.domain_token === null || r.domain_requested_at === null
      ? null
      : {
          domain: r.requested_domain,
          token: r.domain_token,
          status: r.domain_status as DomainVerificationStatus,
          requestedAt: new Date(r.domain_requested_at),
          checkedAt: dateOrNull(r.domain_checked_at),
        },
  brandColour: r.brand_colour,
  logoDataUrl: r.logo_data_url,
  emailNotices: parseEmailNotices(r.email_notices),
  updatedAt: new Date(r.updated_at),
});

const defaults = (merchantId: string, now: Date): MerchantSettings => ({
  merchantId,
  requestedDomain: null,
  brandColour: null,
  logoDataUrl: null,
  emailNotices: DEFAULT_EMAIL_NOTICES,
  updatedAt: now,
});

/** A merchant's own settings in plain SQL on the caller's transaction. */
export class SqlMerchantSettingsRepository implements MerchantSettingsRepository {
  constructor(private readonly orm: Orm) {}

  async find(merchantId: string): Promise<MerchantSettings> {
    const { rows } = await sql<SettingsRow>`select * from merchant_settings where merchant_id = ${merchantId}`.execute(currentDb(this.orm));
    return rows[0] ? fromRow(rows[0]) : defaults(merchantId, new Date(0));
  }

  async findForUpdate(merchantId: string, now: Date): Promise<MerchantSettings> {
    const db = currentDb(this.orm);
    await sql`insert into merchant_settings (merchant_id, updated_at) values (${merchantId}, ${now}) on conflict (merchant_id) do nothing`.execute(db);
    const { rows } = await sql<SettingsRow>`select * from merchant_settings where merchant_id = ${merchantId} for update`.execute(db);
    return rows[0] ? fromRow(rows[0]) : defaults(merchantId, now);
  }

  async save(s: MerchantSettings): Promise<void> {
    const d = s.requestedDomain;
    await sql`
      insert into merchant_settings (merchant_id, requested_domain, domain_token, domain_status, domain_requested_at, domain_checked_at,
        brand_colour, logo_data_url, email_notices, updated_at)
      values (${s.merchantId}, ${d?.domain ?? null}, ${d?.token ?? null}, ${d?.status ?? null}, ${d?.requestedAt ?? null}, ${d?.checkedAt ?? null},
        ${s.brandColour}, ${s.logoDataUrl}, ${JSON.stringify(s.emailNotices)}::jsonb, ${s.updatedAt})
      on conflict (merchant_id) do update set
        requested_domain = excluded.requested_domain, domain_token = excluded.domain_token, domain_status = excluded.domain_status,
        domain_requested_at = excluded.domain_requested_at, domain_checked_at = excluded.domain_checked_at,
        brand_colour = excluded.brand_colour, logo_data_url = excluded.logo_data_url,
        email_notices = excluded.email_notices, updated_at = excluded.updated_at`.execute(currentDb(this.orm));
  }

  async pendingDomains(limit: number): Promise<readonly MerchantSettings[]> {
    const { rows } = await sql<SettingsRow>`
      select * from merchant_settings where domain_status = 'pending'
      order by domain_checked_at nulls first, domain_requested_at limit ${limit}`.execute(currentDb(this.orm));
    return rows.map(fromRow);
  }
}
