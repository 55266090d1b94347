import { ADMIN_TOKEN } from './service.js';

export interface BenchMerchant {
  readonly id: string;
  readonly key: string;
  readonly campaignId: string;
  readonly affiliateId: string;
  /** The affiliate's tracking link on the campaign (`/r/<code>/<ref>`). */
  readonly trackingPath: string;
}

export interface HttpReply {
  readonly status: number;
  readonly body: any;
}

export const call = async (base: string, method: string, path: string, auth: string, body?: unknown): Promise<HttpReply> => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${auth}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

const expectStatus = (reply: HttpReply, status: number, what: string) => {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
};

/** Runs `work` over `items` with at most `limit` in flight. */
export const inParallel = async <T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> => {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
};

/**
 * A Scale merchant with a live write key, one active campaign and one approved affiliate, made
 * through the operator and public APIs as a real integration would.
 */
export const createMerchant = async (base: string, label: string): Promise<BenchMerchant> => {
  const admin = (method: string, path: string, body?: unknown) => call(base, method, `/admin/v1${path}`, ADMIN_TOKEN, body);
  const merchant = expectStatus(
    await admin('POST', '/merchants', { businessName: `Bench ${label}`, email: `bench-${label}@example.com`, plan: 'scale' }),
    201,
    'create merchant',
  );
  const id = merchant.data.id as string;
  const key = expectStatus(await admin('POST', `/merchants/${id}/keys`, { mode: 'live', write: true }), 201, 'create key').data.key as string;
  const campaign = expectStatus(
    await call(base, 'POST', '/api/v1/campaigns', key, { name: `Campaign ${label}`, commissionType: 'percentage', commissionValue: 10, targetUrl: 'https://shop.example.com/landing' }),
    201,
    'create campaign',
  );
  const affiliate = expectStatus(
    await call(base, 'POST', '/api/v1/affiliates', key, { email: `affiliate-${label}@example.com`, campaignId: campaign.data.id }),
    201,
    'create affiliate',
  );
  return { id, key, campaignId: campaign.data.id as string, affiliateId: affiliate.data.id as string, trackingPath: new URL(affiliate.data.trackingLink as string).pathname };
};

export const createMerchants = (base: string, count: number, prefix: string): Promise<BenchMerchant[]> =>
  inParallel(
    Array.from({ length: count }, (_, i) => i),
    8,
    (i) => createMerchant(base, `${prefix}-${i}`),
  );

/** A conversion body for the merchant's campaign and affiliate. */
export const conversionBody = (m: BenchMerchant, amount: number) => JSON.stringify({ campaignId: m.campaignId, affiliateId: m.affiliateId, amount });

export const postConversion = async (base: string, m: BenchMerchant, amount: number): Promise<string> =>
  expectStatus(
    await call(base, 'POST', '/api/v1/conversions', m.key, { campaignId: m.campaignId, affiliateId: m.affiliateId, amount }),
    201,
    'create conversion',
  ).data.id as string;
