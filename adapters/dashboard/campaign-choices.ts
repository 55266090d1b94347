import type { ListCampaigns } from '../../application/campaigns/list-campaigns.js';
import type { Tenant } from '../../application/shared/tenant.js';

/** The merchant's campaigns for a form's select (the first 100 by name). */
export const campaignChoices = async (listCampaigns: ListCampaigns, tenant: Tenant) =>
  (await listCampaigns.execute(tenant, { page: 1, limit: 100 }, { field: 'name', direction: 'asc' })).items.map((v) => ({ id: v.campaign.id, name: v.campaign.name }));
