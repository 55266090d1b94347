import type { Integration } from '../../domain/index.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

/** Integrations; tenant methods take the tenant, the receiving endpoint's lookup crosses tenants and says so. */
export interface IntegrationRepository {
  insert(integration: Integration): Promise<void>;
  update(integration: Integration): Promise<void>;
  /** Deleted integrations are gone for every reader; their events log stays. */
  delete(tenant: Tenant, id: string, now: Date): Promise<boolean>;
  findById(tenant: Tenant, id: string): Promise<Integration | null>;
  list(tenant: Tenant, page: PageRequest): Promise<Page<Integration>>;
  /** The receiving endpoint's lookup: the id names the merchant and mode; deleted ones are not found. */
  findForNotification(id: string): Promise<Integration | null>;
}
