import { call } from './http.js';

export interface ChaosMerchant {
  readonly id: string;
  readonly key: string;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly subscriptionId: string;
}

const expect201 = (what: string, reply: { status: number; body: any }) => {
  if (reply.status !== 201) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data;
};

/** A Scale merchant with a live write key, a campaign, an approved affiliate and a webhook subscription to `hookUrl`. */
export const createChaosMerchant = async (base: string, adminToken: string, label: string, hookUrl: string): Promise<ChaosMerchant> => {
  const admin = (method: string, path: string, body?: unknown) => call(base, method, `/admin/v1${path}`, adminToken, body);
  const merchant = expect201('merchant', await admin('POST', '/merchants', { businessName: `Chaos ${label}`, email: `chaos-${label}@example.com`, plan: 'scale' }));
  const key = expect201('key', await admin('POST', `/merchants/${merchant.id}/keys`, { mode: 'live', write: true })).key as string;
  const campaign = expect201('campaign', await call(base, 'POST', '/api/v1/campaigns', key, { name: `Chaos ${label}`, commissionType: 'percentage', commissionValue: 10 }));
  const affiliate = expect201('affiliate', await call(base, 'POST', '/api/v1/affiliates', key, { email: `chaos-aff-${label}@example.com`, campaignId: campaign.id }));
  const sub = expect201('webhook', await call(base, 'POST', '/api/v1/webhooks', key, { url: hookUrl, events: ['conversion.created'] }));
  return { id: merchant.id, key, campaignId: campaign.id, affiliateId: affiliate.id, subscriptionId: sub.id };
};

export const saleBody = (m: ChaosMerchant, n: number) => ({ campaignId: m.campaignId, affiliateId: m.affiliateId, amount: 10 + (n % 50) });
