import { Migration } from '@mikro-orm/migrations';

/**
 * Self-billing invoices and credit notes: each document stored once as the JSON it was issued with
 * (the PDF is rendered from it), numbered from a counter row per merchant, mode and kind that the
 * issuing transaction locks (so numbers have no gaps: a rolled-back issue rolls its number back).
 * A trigger refuses any update or delete of an issued document. The merchant's VAT rule and the
 * issuer's details printed on them extend `tax_settings`.
 */
export class Migration20261129050001Invoices extends Migration {
  override up(): void {
    this.addSql(`
      create table invoice_counters (
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        kind text not null check (kind in ('invoice', 'credit_note')),
        last_sequence integer not null check (last_sequence > 0),
        primary key (merchant_id, mode, kind)
      );`);
    this.addSql(`
      create table invoices (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        affiliate_id uuid not null references affiliates (id),
        kind text not null check (kind in ('invoice', 'credit_note')),
        sequence integer not null check (sequence > 0),
        number text not null,
        issue_date text not null check (issue_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
        currency text not null,
        total numeric not null,
        source_kind text not null check (source_kind in ('payment', 'payout', 'clawback')),
        source_id uuid not null,
        corrects_id uuid null references invoices (id),
        document jsonb not null,
        created_at timestamptz not null,
        unique (merchant_id, mode, kind, sequence),
        unique (source_kind, source_id)
      );`);
    this.addSql('create index invoices_merchant_date on invoices (merchant_id, mode, issue_date, sequence);');
    this.addSql('create index invoices_affiliate on invoices (merchant_id, mode, affiliate_id, issue_date);');
    this.addSql('create index invoices_lines on invoices using gin ((document -> \'lines\') jsonb_path_ops);');
    this.addSql(`
      create function invoices_immutable() returns trigger language plpgsql as $$
      begin
        raise exception 'issued invoices are immutable' using errcode = 'P0001';
      end $$;`);
    this.addSql('create trigger invoices_immutable before update or delete on invoices for each row execute function invoices_immutable();');
    this.addSql(`
      alter table tax_settings
        add column invoice_vat_rule text not null default 'none' check (invoice_vat_rule in ('none', 'reverse_charge', 'charge')),
        add column invoice_vat_rate numeric null,
        add column issuer_name text null,
        add column issuer_address text null,
        add column issuer_vat_id text null,
        add constraint tax_settings_vat_rate check ((invoice_vat_rule = 'charge') = (invoice_vat_rate is not null));`);
  }
}
