import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * The changes whose use case writes the request's audit row with the change (handed the request's
 * origin): exactly one row per request, the use case's on success, the middleware's with the error
 * on a refusal, with the fields the middleware writes for every other write.
 */
describe('audit rows of changes recorded by their use case', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let affiliate: { id: string };

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant);
    affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
  });
  afterAll(() => t.close());

  /** Sends a write under a fresh request id; returns the response and the audit rows of that request. */
  const send = async (method: string, path: string, body: Record<string, unknown>) => {
    const requestId = randomUUID();
    const res = await t.request(method, `/api/v1${path}`, { key: merchant.liveKey, body, headers: { 'x-request-id': requestId, 'user-agent': 'audit-test/1' } });
    const audit = await t.sql(`select actor, api_key_id, merchant_id, method, path, status, error_code, user_agent from audit_log where request_id = $1`, [requestId]);
    return { res, audit };
  };
  const row = (method: string, path: string, status: number, errorCode: string | null = null) => ({
    actor: 'api_key',
    api_key_id: expect.any(String),
    merchant_id: merchant.id,
    method,
    path: `/api/v1${path}`,
    status,
    error_code: errorCode,
    user_agent: 'audit-test/1',
  });

  it('PATCH /conversions/:id: one row for an approval, one with the error for a refused move', async () => {
    const created = await send('POST', '/conversions', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 20 });
    const path = `/conversions/${created.res.body.data.id}`;
    const approved = await send('PATCH', path, { status: 'approved' });
    expect(approved.res.status).toBe(200);
    expect(approved.audit).toEqual([row('PATCH', path, 200)]);
    const refused = await send('PATCH', path, { status: 'pending' });
    expect(refused.res.status).toBe(409);
    expect(refused.audit).toEqual([row('PATCH', path, 409, refused.res.body.error.code)]);
  });

  it('PATCH /campaigns/:id: one row for a change', async () => {
    const path = `/campaigns/${campaign.id}`;
    const changed = await send('PATCH', path, { name: 'Renamed' });
    expect(changed.res.status).toBe(200);
    expect(changed.audit).toEqual([row('PATCH', path, 200)]);
  });

  it("PATCH /affiliates/:id: one row for a membership decision, and one for a profile edit (the middleware's)", async () => {
    const path = `/affiliates/${affiliate.id}`;
    const suspended = await send('PATCH', path, { campaignId: campaign.id, status: 'suspended' });
    expect(suspended.res.status).toBe(200);
    expect(suspended.audit).toEqual([row('PATCH', path, 200)]);
    const again = await send('PATCH', path, { campaignId: campaign.id, status: 'suspended' });
    expect(again.res.status).toBe(409);
    expect(again.audit).toEqual([row('PATCH', path, 409, again.res.body.error.code)]);
    const edited = await send('PATCH', path, { notes: 'met at the fair' });
    expect(edited.res.status).toBe(200);
    expect(edited.audit).toEqual([row('PATCH', path, 200)]);
  });
});
