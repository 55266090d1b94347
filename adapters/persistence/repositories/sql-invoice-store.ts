import { sql, type RawBuilder } from 'kysely';
import type { InvoiceFilter, InvoiceSettings, InvoiceSource, InvoiceStore, PaidLines, StoredInvoice } from '../../../application/ports/invoice-store.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type CurrencyCode, type InvoiceDocument, type InvoiceKind, type InvoiceParty, type Mode } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type InvoiceRow = Row<'invoices'>;

const storedOf = (row: InvoiceRow): StoredInvoice => ({
  id: row.id,
  merchantId: row.merchant_id,
  mode: row.mode as Mode,
  affiliateId: row.affiliate_id,
  correctsId: row.corrects_id,
  createdAt: new Date(row.created_at),
  document: row.document as InvoiceDocument,
});

type LineRow = { kind: 'commission' | 'award'; reference: string; order_id: string | null; amount: string };

/** `invoices` (immutable once inserted: a trigger refuses changes) and `invoice_counters`. */
export class SqlInvoiceStore implements InvoiceStore {
  constructor(private readonly orm: Orm) {}

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async nextSequence(tenant: Tenant, kind: InvoiceKind): Promise<number> {
    // The upsert locks the counter row until the transaction ends: concurrent issues queue here, and
    // a rollback returns the number, so the sequence has no gaps.
    const [row] = await this.exec(sql<{ last_sequence: number }>`insert into invoice_counters (merchant_id, mode, kind, last_sequence)
      values (${tenant.merchantId}, ${tenant.mode}, ${kind}, 1)
      on conflict (merchant_id, mode, kind) do update set last_sequence = invoice_counters.last_sequence + 1
      returning last_sequence`);
    return row!.last_sequence;
  }

  async issuedFor(source: InvoiceSource): Promise<boolean> {
    const rows = await this.exec(sql`select 1 from invoices where source_kind = ${source.kind} and source_id = ${source.id}`);
    return rows.length > 0;
  }

  async insert(tenant: Tenant, invoice: Omit<StoredInvoice, 'merchantId' | 'mode'>, source: InvoiceSource): Promise<void> {
    const d = invoice.document;
    await this.exec(sql`insert into invoices (id, merchant_id, mode, affiliate_id, kind, sequence, number, issue_date, currency, total,
        source_kind, source_id, corrects_id, document, created_at)
      values (${invoice.id}, ${tenant.merchantId}, ${tenant.mode}, ${invoice.affiliateId}, ${d.kind}, ${d.sequence}, ${d.number}, ${d.issueDate},
        ${d.currency}, ${d.total}, ${source.kind}, ${source.id}, ${invoice.correctsId}, ${JSON.stringify(d)}::jsonb, ${invoice.createdAt})`);
  }

  private paid(affiliateId: string, currency: string, setOff: string, lines: LineRow[]): PaidLines {
    return {
      affiliateId,
      currency: currency as CurrencyCode,
      setOff: new Decimal(setOff),
      lines: lines.map((l) => ({ kind: l.kind, reference: l.reference, orderId: l.order_id, amount: new Decimal(l.amount) })),
    };
  }

  async paymentLines(tenant: Tenant, paymentId: string): Promise<PaidLines | null> {
    const [payment] = await this.exec(sql<Row<'payout_payments'>>`select * from payout_payments
      where id = ${paymentId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and status = 'completed'`);
    if (!payment) return null;
    const lines = await this.exec(sql<LineRow>`
      select 'commission' as kind, p.conversion_id::text as reference, c.order_id, p.amount::text as amount, p.created_at
        from payouts p join conversions c on c.id = p.conversion_id
       where p.payment_id = ${paymentId} and p.status = 'completed'
      union all
      select 'award', a.id::text, null, a.amount::text, a.created_at from team_awards a where a.payment_id = ${paymentId} and a.status = 'paid'
      order by kind desc, created_at, reference`);
    return this.paid(payment.affiliate_id, payment.currency, payment.clawback, lines);
  }

  async payoutLines(tenant: Tenant, payoutId: string): Promise<PaidLines | null> {
    const [row] = await this.exec(sql<LineRow & { affiliate_id: string; currency: string }>`select 'commission' as kind, p.conversion_id::text as reference,
        c.order_id, p.amount::text as amount, p.affiliate_id, p.currency
      from payouts p join conversions c on c.id = p.conversion_id
      where p.id = ${payoutId} and p.merchant_id = ${tenant.merchantId} and p.mode = ${tenant.mode} and p.status = 'completed'`);
    return row ? this.paid(row.affiliate_id, row.currency, '0', [row]) : null;
  }

  async invoiceOfLine(tenant: Tenant, reference: string): Promise<StoredInvoice | null> {
    const [row] = await this.exec(sql<InvoiceRow>`select * from invoices where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
      and kind = 'invoice' and document -> 'lines' @> ${JSON.stringify([{ reference }])}::jsonb order by sequence desc limit 1`);
    return row ? storedOf(row) : null;
  }

  async creditedFor(invoiceId: string, reference: string): Promise<Decimal> {
    const [row] = await this.exec(sql<{ credited: string }>`select coalesce(-sum((line ->> 'amount')::numeric), 0)::text as credited
      from invoices, jsonb_array_elements(document -> 'lines') as line
      where corrects_id = ${invoiceId} and line ->> 'reference' = ${reference}`);
    return new Decimal(row?.credited ?? 0);
  }

  async find(tenant: Tenant, id: string): Promise<StoredInvoice | null> {
    const [row] = await this.exec(sql<InvoiceRow>`select * from invoices where id = ${id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
    return row ? storedOf(row) : null;
  }

  async list(tenant: Tenant, filter: InvoiceFilter): Promise<readonly StoredInvoice[]> {
    const rows = await this.exec(sql<InvoiceRow>`select * from invoices where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
      ${filter.from ? sql`and issue_date >= ${filter.from}` : sql``}
      ${filter.to ? sql`and issue_date <= ${filter.to}` : sql``}
      ${filter.affiliateId ? sql`and affiliate_id = ${filter.affiliateId}` : sql``}
      order by issue_date desc, kind, sequence desc limit ${filter.limit}`);
    return rows.map(storedOf);
  }

  async settings(tenant: Tenant): Promise<InvoiceSettings> {
    const [row] = await this.exec(sql<Row<'tax_settings'>>`select * from tax_settings where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
    const rule = !row || row.invoice_vat_rule === 'none' ? { kind: 'none' as const }
      : row.invoice_vat_rule === 'reverse_charge' ? { kind: 'reverse_charge' as const }
      : { kind: 'charge' as const, rate: new Decimal(row.invoice_vat_rate ?? 0) };
    return {
      rule,
      issuer: { name: row?.issuer_name ?? null, address: row?.issuer_address ? row.issuer_address.split('\n') : [], vatId: row?.issuer_vat_id ?? null },
    };
  }

  async saveSettings(tenant: Tenant, settings: InvoiceSettings, now: Date): Promise<void> {
    const rate = settings.rule.kind === 'charge' ? settings.rule.rate.toString() : null;
    const address = settings.issuer.address.length > 0 ? settings.issuer.address.join('\n') : null;
    await this.exec(sql`insert into tax_settings (merchant_id, mode, requirement, updated_at, invoice_vat_rule, invoice_vat_rate, issuer_name, issuer_address, issuer_vat_id)
      values (${tenant.merchantId}, ${tenant.mode}, 'off', ${now}, ${settings.rule.kind}, ${rate}, ${settings.issuer.name}, ${address}, ${settings.issuer.vatId})
      on conflict (merchant_id, mode) do update set invoice_vat_rule = excluded.invoice_vat_rule, invoice_vat_rate = excluded.invoice_vat_rate,
        issuer_name = excluded.issuer_name, issuer_address = excluded.issuer_address, issuer_vat_id = excluded.issuer_vat_id, updated_at = excluded.updated_at`);
  }

  async parties(tenant: Tenant, affiliateId: string): Promise<{ readonly merchantName: string; readonly affiliate: InvoiceParty }> {
    const [row] = await this.exec(sql<{ business_name: string; name: string }>`select m.business_name, a.name from merchants m
      join affiliates a on a.merchant_id = m.id and a.id = ${affiliateId} where m.id = ${tenant.merchantId}`);
    return { merchantName: row?.business_name ?? '', affiliate: { name: row?.name ?? '', address: [], vatId: null } };
  }
}
