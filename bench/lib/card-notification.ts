import { signedNotifications } from './ingest.js';

type Call = (method: string, path: string, auth: string, body?: unknown) => Promise<any>;
interface InProcessApp {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

/**
 * For `round-trips.ts`: the merchant connects a card integration and a coupon, then each call sends
 * one new signed `checkout.session.completed` (its own event and order) the coupon attributes, as the
 * load bench's ingest group does, and checks it made a sale.
 */
export const cardNotifications = async (call: Call, key: string, campaignId: string, affiliateId: string, app: InProcessApp) => {
  const secret = 'whsec_round_trips';
  const integration = await call('POST', '/api/v1/integrations', key, { provider: 'card', signingSecret: secret });
  const promotionCodeId = 'promo_round_trips';
  await call('POST', '/api/v1/coupons', key, { campaignId, affiliateId, code: 'ROUNDTRIPS', cardPromotionCodeId: promotionCodeId });
  const merchant = { id: '', key, campaignId, affiliateId, trackingPath: '', integrationId: integration.id as string, secret, promotionCodeId };
  let sent = 0;
  return async () => {
    const [request] = signedNotifications([merchant], 1, `rt${sent++}_${Date.now().toString(36)}`);
    const res = await app.request(request!.path, { method: request!.method, headers: request!.headers, body: request!.body });
    const json = (await res.json()) as { data?: { outcome?: string } };
    if (res.status !== 200 || json.data?.outcome !== 'created') throw new Error(`notification: ${res.status} ${JSON.stringify(json)}`);
  };
};
