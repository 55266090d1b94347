import { err, ok, type Result } from 'neverthrow';
import { parseInvoiceVatRule, validationError, type DomainError } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { InvoiceSettings, InvoiceStore } from '../ports/invoice-store.js';
import type { Tenant } from '../shared/tenant.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

export interface InvoiceSettingsChange {
  readonly invoiceVatRule?: unknown;
  readonly invoiceVatRate?: unknown;
  readonly issuerName?: unknown;
  readonly issuerAddress?: unknown;
  readonly issuerVatId?: unknown;
}

const text = (value: unknown, field: string, max: number): Result<string | null, DomainError> => {
  if (value === null || value === undefined || value === '') return ok(null);
  if (typeof value !== 'string' || value.trim().length > max) return err(validationError(field, `must be text of at most ${max} characters`));
  return ok(value.trim() || null);
};

/** The VAT rule and the issuer's details printed on the invoices issued from now on (issued ones never change). */
export class InvoiceSettingsUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: InvoiceStore,
    private readonly clock: Clock,
  ) {}

  get(tenant: Tenant): Promise<InvoiceSettings> {
    return this.store.settings(tenant);
  }

  /** The settings after `change` (absent fields keep their value), checked and not saved yet. */
  async prepare(tenant: Tenant, change: InvoiceSettingsChange): Promise<Result<InvoiceSettings, DomainError>> {
    {
      const current = await this.store.settings(tenant);
      const touchesRule = change.invoiceVatRule !== undefined || change.invoiceVatRate !== undefined;
      const rule = touchesRule
        ? parseInvoiceVatRule(change.invoiceVatRule ?? current.rule.kind, change.invoiceVatRate ?? (change.invoiceVatRule === undefined && current.rule.kind === 'charge' ? current.rule.rate.toString() : undefined))
        : ok(current.rule);
      if (rule.isErr()) return err(rule.error);
      const name = change.issuerName === undefined ? ok(current.issuer.name) : text(change.issuerName, 'issuerName', 200);
      const address = change.issuerAddress === undefined ? ok(current.issuer.address.join('\n')) : text(change.issuerAddress, 'issuerAddress', 500);
      const vatId = change.issuerVatId === undefined ? ok(current.issuer.vatId) : text(change.issuerVatId, 'issuerVatId', 20);
      for (const r of [name, address, vatId]) if (r.isErr()) return err(r.error);
      const settings: InvoiceSettings = {
        rule: rule.value,
        issuer: {
          name: name._unsafeUnwrap(),
          address: (address._unsafeUnwrap() ?? '').split('\n').map((l) => l.trim()).filter(Boolean),
          vatId: vatId._unsafeUnwrap(),
        },
      };
      return ok(settings);
    }
  }

  save(tenant: Tenant, settings: InvoiceSettings): Promise<void> {
    return this.uow.transaction(() => this.store.saveSettings(tenant, settings, this.clock.now()));
  }
}
