import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, type TestCampaign } from '../support/program-mother.js';
import { createTeam, staffTeam } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('strict input: unknown body fields and unstorable text are refused', () => {
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
  afterAll(async () => {
    await t?.close();
  });

  const conversionCount = async () => Number((await t.sql(`select count(*)::int as n from conversions where merchant_id = $1`, [merchant.id]))[0].n);
  const fields = (res: { body: any }) => (res.body.error.details as { field: string; message: string }[]).map((d) => d.field).sort();

  it('refuses a misspelled field instead of dropping it, naming every unknown field, and writes nothing', async () => {
    const before = await conversionCount();
    const res = await t.api('POST', '/conversions', merchant.liveKey, {
      campaignId: campaign.id,
      affiliateId: affiliate.id,
      amount: 100,
      order_id: 'order-77',
      customer_email: 'x@example.com',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(fields(res)).toEqual(['customer_email', 'order_id']);
    expect(res.body.error.details[0].message).toBe('is not a known field');
    expect(await conversionCount()).toBe(before);
  });

  it('names unknown fields inside nested objects and arrays by their path', async () => {
    const team = await createTeam(t, merchant);
    const res = await t.api('POST', `/teams/${team.id}/goals`, merchant.liveKey, {
      name: 'Nested',
      targetValue: 1000,
      bonusType: 'tiered',
      bonusTiers: [{ threshold: 10, amount: 5, colour: 'red' }],
    });
    expect(res.status).toBe(400);
    expect(fields(res)).toContain('bonusTiers.0.colour');
  });

  it('keeps query parameters lenient: an unknown one is ignored', async () => {
    const res = await t.api('GET', '/campaigns?utm_source=newsletter&page=1', merchant.liveKey);
    expect(res.status).toBe(200);
  });

  it('refuses a NUL byte in a body string with 400 (not 500), and writes nothing', async () => {
    const before = Number((await t.sql(`select count(*)::int as n from teams where merchant_id = $1`, [merchant.id]))[0].n);
    const res = await t.request('POST', '/api/v1/teams', {
      key: merchant.liveKey,
      rawBody: '{"name":"a\\u0000b"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(fields(res)).toEqual(['name']);
    expect(Number((await t.sql(`select count(*)::int as n from teams where merchant_id = $1`, [merchant.id]))[0].n)).toBe(before);
  });

  it('refuses other control characters and unpaired surrogates, but keeps line breaks and tabs in text', async () => {
    for (const name of ['bell\u0007', 'lone \ud800 surrogate', 'del\u007f']) {
      const res = await t.api('POST', '/teams', merchant.liveKey, { name });
      expect(res.status, JSON.stringify(name)).toBe(400);
    }
    const ok = await t.api('POST', '/teams', merchant.liveKey, { name: 'Line\tone\nLine two 😀' });
    expect(ok.status).toBe(201);
  });

  it('refuses a NUL in a path id with 400 and still writes the audit row', async () => {
    const res = await t.request('PATCH', '/api/v1/conversions/%00', { key: merchant.liveKey, body: { status: 'approved' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    const rows = await t.sql(`select path, status, error_code from audit_log where merchant_id = $1 and method = 'PATCH' order by created_at desc limit 1`, [merchant.id]);
    expect(rows).toEqual([{ path: '/api/v1/conversions/\\u0000', status: 400, error_code: 'validation_error' }]);
  });

  it('refuses a NUL in a query value with 400', async () => {
    const res = await t.api('GET', '/search?q=a%00b', merchant.liveKey);
    expect(res.status).toBe(400);
    expect(fields(res)).toEqual(['q']);
  });

  it('refuses an unbounded recurringValue on team overrides', async () => {
    const team = await createTeam(t, merchant);
    const member = await createAffiliate(t, merchant.liveKey, campaign.id);
    await staffTeam(t, merchant, team.id, [member.id], [campaign.id]);
    const body = { campaignId: campaign.id, affiliateIds: [member.id], commissionType: 'percentage', commissionValue: 10 };
    const huge = await t.api('POST', `/teams/${team.id}/overrides`, merchant.liveKey, { ...body, recurringValue: 1e15 });
    expect(huge.status).toBe(400);
    expect(fields(huge)).toEqual(['recurringValue']);
    expect((await t.api('POST', `/teams/${team.id}/overrides`, merchant.liveKey, { ...body, recurringValue: 5 })).status).toBe(200);
  });

  it('refuses an exchange-rate date and a test clock outside 1970..2999', async () => {
    const rates = await t.admin('POST', '/exchange-rates', { date: '0000-01-01', rates: { eur: 1.1 } });
    expect(rates.status).toBe(400);
    expect(fields(rates)).toEqual(['date']);
    const clock = await t.admin('POST', '/clock', { now: '9999-01-01T00:00:00Z' });
    expect(clock.status).toBe(400);
    expect(fields(clock)).toEqual(['now']);
    // The service still writes afterwards.
    expect((await t.api('POST', '/teams', merchant.liveKey, { name: 'After the clock' })).status).toBe(201);
  });
});
