import { err, ok, type Result } from 'neverthrow';
import type { DomainError } from '../../domain/index.js';
import type { ConversionDetail, ConversionQueries } from '../ports/conversion-queries.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';

/** `GET /conversions/:id`: a conversion of another merchant or of the other mode is not found. */
export class GetConversion {
  constructor(private readonly queries: ConversionQueries) {}

  async execute(tenant: Tenant, id: string): Promise<Result<ConversionDetail, DomainError>> {
    const detail = await this.queries.get(tenant, id);
    return detail ? ok(detail) : err(notFound('Conversion'));
  }
}
