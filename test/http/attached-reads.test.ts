import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, parseToken } from '../../application/api-keys/api-key-token.js';
import { PostgresApiKeyAdmission } from '../../adapters/rate-limit/postgres-api-key-admission.js';
import { SqlSaleContexts } from '../../adapters/persistence/repositories/sql-sale-contexts.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, type TestCampaign } from '../support/program-mother.js';
import { statementsSentDuring } from '../support/sent-statements.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * `GET /conversions/:id` and `GET /campaigns/:id` run their read in the key admission's statement
 * (attached-reads.ts). A composite id (`conversion:<id>`) names the same record but is not matched
 * there, so it reads the usual way: both must answer the same, and the tenant rules must hold.
 */
describe('reads attached to the key admission', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let other: TestMerchant;
  let campaign: TestCampaign;
  let conversionId: string;

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    other = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant);
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    for (const amount of [10, 20.5, 7]) {
      const created = await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount, currency: 'eur' });
      expect(created.status).toBe(201);
      conversionId = created.body.data.id;
    }
  });
  afterAll(() => t.close());

  const get = (path: string, key: string) => t.api('GET', path, key);

  describe.each([
    { what: 'conversion', path: () => `/conversions/${conversionId}`, composite: () => `/conversions/conversion:${conversionId}` },
    { what: 'campaign', path: () => `/campaigns/${campaign.id}`, composite: () => `/campaigns/campaign:${campaign.id}` },
  ])('GET the $what', ({ path, composite }) => {
    it('reads in one statement, the key admission, and answers as the usual read does', async () => {
      let attached: Awaited<ReturnType<typeof get>> | undefined;
      const sent = await statementsSentDuring(async () => {
        attached = await get(path(), merchant.liveKey);
      });
      expect(sent).toHaveLength(1);
      const usual = await get(composite(), merchant.liveKey);
      expect(attached!.status).toBe(200);
      expect(attached!.body).toEqual(usual.body);
    });

    it("answers 404 to another merchant's key and to the other mode's key, as the usual read does", async () => {
      for (const key of [other.liveKey, merchant.testKey]) {
        const res = await get(path(), key);
        const usual = await get(composite(), key);
        expect(res.status).toBe(usual.status);
        expect(res.body).toEqual(usual.body);
      }
      expect((await get(path(), other.liveKey)).status).toBe(404);
    });

    it('answers 401 with no data to a revoked key', async () => {
      const issued = await t.admin('POST', `/merchants/${merchant.id}/keys`, { mode: 'live', write: false, name: 'revoked' });
      await t.admin('DELETE', `/keys/${issued.body.data.id}`);
      const res = await get(path(), issued.body.data.key);
      expect(res.status).toBe(401);
      expect(res.body.data).toBeUndefined();
    });
  });

  it('answers 429 with no data once the merchant is over its limit', async () => {
    // Professional: 60 a minute. An id of nothing it owns: each read answers 404 until the limit.
    const pro = await createMerchant(t, 'professional');
    for (let i = 0; i < 60; i += 1) expect((await get(`/conversions/${conversionId}`, pro.liveReadKey)).status).toBe(404);
    const refused = await get(`/conversions/${conversionId}`, pro.liveReadKey);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit_exceeded');
    expect(refused.body.data).toBeUndefined();
  });

  it('reads the usual way an id that is not a uuid (404, nothing attached)', async () => {
    const res = await get('/conversions/not-an-id', merchant.liveKey);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  describe('POST a sale', () => {
    it('reads its context with the admission (one statement before the write) and no transaction', async () => {
      const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
      let created: Awaited<ReturnType<typeof postConversion>> | undefined;
      const sent = await statementsSentDuring(async () => {
        created = await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 12 });
      });
      expect(created!.status).toBe(201);
      expect(sent).toHaveLength(2);
      expect(sent[1]).toMatch(/insert into conversions/);
    });

    it('reads the same context with the admission as on its own, in the key\'s tenant', async () => {
      const admission = new PostgresApiKeyAdmission(t.service.orm);
      const contexts = new SqlSaleContexts(t.service.orm);
      const approved = await createAffiliate(t, merchant.liveKey, campaign.id);
      const testOnly = await createAffiliate(t, merchant.testKey, campaign.id);
      const elsewhere = await createCampaign(t, other);
      const cases = [
        { key: merchant.liveKey, campaignId: campaign.id, affiliateId: approved.id },
        { key: merchant.liveKey, campaignId: campaign.id, affiliateId: testOnly.id },
        { key: merchant.testKey, campaignId: campaign.id, affiliateId: testOnly.id },
        { key: merchant.testKey, campaignId: campaign.id, affiliateId: approved.id },
        { key: merchant.liveKey, campaignId: elsewhere.id, affiliateId: approved.id },
        { key: other.liveKey, campaignId: campaign.id, affiliateId: approved.id },
      ];
      let found = 0;
      for (const { key, campaignId, affiliateId } of cases) {
        const parsed = parseToken(key)!;
        const { found: principal, attached } = await admission.admit({
          lookup: parsed.lookup,
          secretHash: hashSecret(parsed.secret),
          mode: parsed.mode,
          limitsByPlan: { professional: 1_000, ultimate: 1_000, scale: 1_000 },
          bucketPrefix: 'attached-sale:',
          now: new Date(),
          attach: { kind: 'sale', campaignId, affiliateId },
        });
        const tenant = { merchantId: principal!.merchant.id, mode: parsed.mode };
        const alone = await contexts.find(tenant, campaignId, affiliateId);
        expect(attached).toEqual({ kind: 'sale', found: alone });
        if (alone?.membership) found += 1;
      }
      expect(found).toBeGreaterThanOrEqual(2);
    });
  });
});
