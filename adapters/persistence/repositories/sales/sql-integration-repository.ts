import { sql } from 'kysely';
import type { IntegrationRepository } from '../../../../application/ports/integration-repository.js';
import { offsetOf, type Page, type PageRequest } from '../../../../application/shared/page.js';
import type { Tenant } from '../../../../application/shared/tenant.js';
import type { CouponProvider, Integration, Mode } from '../../../../domain/index.js';
import { runNamedReadQuery } from '../../named-statement.js';
import { currentDb, type Orm } from '../../orm.js';
import type { Row } from '../../schema/index.js';

type IntegrationRow = Omit<Row<'integrations'>, 'deleted_at'>;

const COLUMNS = sql.raw('id, merchant_id, mode, provider, name, signing_secret, bundle_id, app_apple_id, active, created_at, updated_at');

const fromRow = (r: IntegrationRow): Integration => ({
  id: r.id,
  merchantId: r.merchant_id,
  mode: r.mode as Mode,
  provider: r.provider as CouponProvider,
  name: r.name,
  signingSecret: r.signing_secret,
  bundleId: r.bundle_id,
  // bigint arrives as text; Apple IDs are far below 2^53.
  appAppleId: r.app_apple_id === null ? null : Number(r.app_apple_id),
  active: r.active,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

export class SqlIntegrationRepository implements IntegrationRepository {
  constructor(private readonly orm: Orm) {}

  async insert(i: Integration): Promise<void> {
    await sql`insert into integrations (id, merchant_id, mode, provider, name, signing_secret, bundle_id, app_apple_id, active, created_at, updated_at)
      values (${i.id}, ${i.merchantId}, ${i.mode}, ${i.provider}, ${i.name}, ${i.signingSecret}, ${i.bundleId}, ${i.appAppleId}, ${i.active}, ${i.createdAt}, ${i.updatedAt})`.execute(
      currentDb(this.orm),
    );
  }

  async update(i: Integration): Promise<void> {
    await sql`update integrations set name = ${i.name}, signing_secret = ${i.signingSecret}, bundle_id = ${i.bundleId}, app_apple_id = ${i.appAppleId},
      active = ${i.active}, updated_at = ${i.updatedAt}
      where id = ${i.id} and merchant_id = ${i.merchantId} and mode = ${i.mode} and deleted_at is null`.execute(currentDb(this.orm));
  }

  async delete(tenant: Tenant, id: string, now: Date): Promise<boolean> {
    const { rows } = await sql<{ id: string }>`update integrations set deleted_at = ${now}, active = false, updated_at = ${now}
      where id = ${id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and deleted_at is null returning id`.execute(currentDb(this.orm));
    return rows.length > 0;
  }

  async findById(tenant: Tenant, id: string): Promise<Integration | null> {
    // By name: every provider notification starts here.
    const [row] = await runNamedReadQuery(
      this.orm,
      'integration_by_id',
      sql<IntegrationRow>`select ${COLUMNS} from integrations
        where id = ${id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and deleted_at is null`,
    );
    return row ? fromRow(row) : null;
  }

  async list(tenant: Tenant, page: PageRequest): Promise<Page<Integration>> {
    const { rows } = await sql<IntegrationRow & { total: string }>`select ${COLUMNS}, count(*) over () as total from integrations
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and deleted_at is null
      order by created_at desc, id desc limit ${page.limit} offset ${offsetOf(page)}`.execute(currentDb(this.orm));
    const total = rows[0] ? Number(rows[0].total) : page.page > 1 ? await this.count(tenant) : 0;
    return { items: rows.map(fromRow), page: page.page, limit: page.limit, total };
  }

  private async count(tenant: Tenant): Promise<number> {
    const { rows } = await sql<{ n: string }>`select count(*) as n from integrations
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and deleted_at is null`.execute(currentDb(this.orm));
    return Number(rows[0]?.n ?? 0);
  }

  async findForNotification(id: string): Promise<Integration | null> {
    const { rows } = await sql<IntegrationRow>`select ${COLUMNS} from integrations where id = ${id} and deleted_at is null`.execute(currentDb(this.orm));
    return rows[0] ? fromRow(rows[0]) : null;
  }
}
