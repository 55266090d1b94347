import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../../domain/index.js';
import type { InvoiceFilter, InvoiceStore, StoredInvoice } from '../ports/invoice-store.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface InvoiceQuery {
  readonly from?: string;
  readonly to?: string;
  readonly affiliateId?: string;
  readonly limit?: number;
}

/** The merchant's and the affiliate's reads of issued invoices and credit notes (one tenant each). */
export class InvoiceReads {
  constructor(private readonly store: InvoiceStore) {}

  private filter(query: InvoiceQuery, max: number): Result<InvoiceFilter, DomainError> {
    for (const field of ['from', 'to'] as const) {
      const day = query[field];
      if (day !== undefined && (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))) return err(validationError(field, 'must be a day, YYYY-MM-DD'));
    }
    if (query.from && query.to && query.from > query.to) return err(validationError('to', 'must not be before from'));
    if (query.affiliateId !== undefined && !UUID.test(query.affiliateId)) return err(validationError('affiliateId', 'must be an id'));
    return ok({ ...query, limit: Math.min(query.limit ?? max, max) });
  }

  /** Newest first; `from`/`to` bound the issue day (inclusive). */
  async list(tenant: Tenant, query: InvoiceQuery, max = 500): Promise<Result<readonly StoredInvoice[], DomainError>> {
    const filter = this.filter(query, max);
    if (filter.isErr()) return err(filter.error);
    return ok(await this.store.list(tenant, filter.value));
  }

  async get(tenant: Tenant, id: string): Promise<Result<StoredInvoice, DomainError>> {
    const found = UUID.test(id) ? await this.store.find(tenant, id) : null;
    return found ? ok(found) : err(notFound('Invoice'));
  }

  /** The affiliate's own (the portal): another affiliate's invoice is not found. */
  async own(tenant: Tenant, affiliateId: string, id?: string): Promise<readonly StoredInvoice[]> {
    if (id !== undefined) {
      const found = UUID.test(id) ? await this.store.find(tenant, id) : null;
      return found && found.affiliateId === affiliateId ? [found] : [];
    }
    return this.store.list(tenant, { affiliateId, limit: 500 });
  }
}
