import { sql } from 'kysely';
import type { ProviderCustomers, ProviderPayments } from '../../../../application/ports/provider-sales-ledger.js';
import type { Tenant } from '../../../../application/shared/tenant.js';
import type { ClickCandidate, CouponProvider, LinkedCustomer, Mode } from '../../../../domain/index.js';
import { runCommittedReadQuery } from '../../named-statement.js';
import { currentDb, type Orm } from '../../orm.js';

/** The rows `provider_payment_refs` gets for an order: the order id itself and each reference, once, none empty. */
export const paymentReferenceRows = (orderId: string, references: readonly string[]): string[] => [...new Set([orderId, ...references].filter((r) => r !== ''))];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class SqlProviderCustomers implements ProviderCustomers {
  constructor(private readonly orm: Orm) {}

  async find(tenant: Tenant, provider: CouponProvider, customerId: string): Promise<LinkedCustomer | null> {
    // A sale's transaction links its customer only after this read: it goes beside the transaction (`runCommittedRead`).
    const [r] = await runCommittedReadQuery(
      this.orm,
      'provider_customer_by_id',
      sql<{ affiliate_id: string; campaign_id: string; click_id: string | null; first_conversion_id: string | null }>`
      select affiliate_id, campaign_id, click_id, first_conversion_id from provider_customers
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and provider = ${provider} and provider_customer_id = ${customerId}`,
    );
    return r ? { affiliateId: r.affiliate_id, campaignId: r.campaign_id, clickId: r.click_id, firstConversionId: r.first_conversion_id } : null;
  }

  async link(tenant: Tenant, provider: CouponProvider, customerId: string, link: LinkedCustomer & { email: string | null }, now: Date): Promise<boolean> {
    const { rows } = await sql<{ provider_customer_id: string }>`insert into provider_customers
        (merchant_id, mode, provider, provider_customer_id, affiliate_id, campaign_id, click_id, email, first_conversion_id, linked_at)
      values (${tenant.merchantId}, ${tenant.mode}, ${provider}, ${customerId}, ${link.affiliateId}, ${link.campaignId}, ${link.clickId}, ${link.email},
        ${link.firstConversionId}, ${now})
      on conflict do nothing returning provider_customer_id`.execute(currentDb(this.orm));
    return rows.length > 0;
  }

  async setFirstConversion(tenant: Tenant, provider: CouponProvider, customerId: string, conversionId: string): Promise<void> {
    await sql`update provider_customers set first_conversion_id = ${conversionId}
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and provider = ${provider} and provider_customer_id = ${customerId}
        and first_conversion_id is null`.execute(currentDb(this.orm));
  }

  async findClick(clickId: string): Promise<ClickCandidate | null> {
    // Click ids are UUIDs; anything else names no click (and must not reach a uuid comparison).
    if (!UUID.test(clickId)) return null;
    // Clicks are written by the click batch, never in a sale's transaction (`runCommittedRead`).
    const [r] = await runCommittedReadQuery(
      this.orm,
      'provider_sale_click',
      sql<{ id: string; merchant_id: string; mode: string; campaign_id: string; affiliate_id: string; created_at: Date | string; attribution_window_days: number }>`
      select k.id, k.merchant_id, k.mode, k.campaign_id, k.affiliate_id, k.created_at, c.attribution_window_days
      from clicks k join campaigns c on c.id = k.campaign_id where k.id = ${clickId}`,
    );
    return r
      ? {
          id: r.id,
          merchantId: r.merchant_id,
          mode: r.mode as Mode,
          campaignId: r.campaign_id,
          affiliateId: r.affiliate_id,
          createdAt: new Date(r.created_at),
          attributionWindowDays: r.attribution_window_days,
        }
      : null;
  }
}

export class SqlProviderPayments implements ProviderPayments {
  constructor(private readonly orm: Orm) {}

  async remember(tenant: Tenant, provider: CouponProvider, references: readonly string[], orderId: string): Promise<void> {
    const unique = paymentReferenceRows(orderId, references);
    await sql`insert into provider_payment_refs (merchant_id, mode, provider, reference, order_id)
      select ${tenant.merchantId}, ${tenant.mode}, ${provider}, r, ${orderId} from unnest(${unique}::text[]) as r
      on conflict do nothing`.execute(currentDb(this.orm));
  }

  async find(tenant: Tenant, provider: CouponProvider, references: readonly string[]): Promise<string | null> {
    if (references.length === 0) return null;
    const { rows } = await sql<{ id: string }>`select c.id from provider_payment_refs r
      join conversions c on c.merchant_id = r.merchant_id and c.mode = r.mode and c.order_id = r.order_id
      where r.merchant_id = ${tenant.merchantId} and r.mode = ${tenant.mode} and r.provider = ${provider} and r.reference = any(${[...references]}::text[])
      limit 1`.execute(currentDb(this.orm));
    return rows[0]?.id ?? null;
  }
}
