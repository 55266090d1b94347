import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, type TestCampaign } from '../support/program-mother.js';
import { statementsSentDuring } from '../support/sent-statements.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * A created sale's audit row is recorded with the sale, by the one repository call that writes the
 * sale, inside the sale's one transaction (one commit). Every other outcome gets its row after the
 * response, with the real status. Either way: exactly one row.
 */
describe.each([
  { path: 'no earnings cap', fields: {}, locks: false },
  { path: 'an earnings cap (the merchant row locked)', fields: { monthlyEarningsCap: 1_000_000 }, locks: true },
])('POST /conversions audit row: $path', ({ fields, locks }) => {
  let t: TestService;
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let affiliate: { id: string };

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale', fields);
    campaign = await createCampaign(t, merchant);
    affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    // A sale with this order id fails when its transaction commits (after every statement succeeded).
    await t.sql(`
      create function fail_at_commit() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end $$;
      create constraint trigger conversions_fail_at_commit after insert on conversions
        deferrable initially deferred for each row when (new.order_id = 'fails-at-commit') execute function fail_at_commit();`);
  });
  afterAll(() => t.close());

  /** Posts a sale under a fresh request id; returns the response and the audit rows of that request. */
  const post = async (body: Record<string, unknown>) => {
    const requestId = randomUUID();
    const res = await t.request('POST', '/api/v1/conversions', { key: merchant.liveKey, body, headers: { 'x-request-id': requestId } });
    const audit = await t.sql(`select actor, api_key_id, merchant_id, method, path, status, error_code from audit_log where request_id = $1`, [requestId]);
    return { res, audit };
  };
  const counts = async () => {
    const [row] = await t.sql(
      `select (select count(*)::int from conversions where merchant_id = $1) as conversions,
              (select count(*)::int from outbox_events where merchant_id = $1) as events`,
      [merchant.id],
    );
    return row as { conversions: number; events: number };
  };
  const sale = (fields: Record<string, unknown> = {}) => ({ campaignId: campaign.id, affiliateId: affiliate.id, amount: 10, ...fields });

  it('writes exactly one row with status 201 for a created sale, with the sale and its event', async () => {
    const before = await counts();
    const { res, audit } = await post(sale({ orderId: 'audited-1' }));
    expect(res.status).toBe(201);
    expect(audit).toEqual([
      {
        actor: 'api_key',
        api_key_id: expect.any(String),
        merchant_id: merchant.id,
        method: 'POST',
        path: '/api/v1/conversions',
        status: 201,
        error_code: null,
      },
    ]);
    expect(await counts()).toEqual({ conversions: before.conversions + 1, events: before.events + 1 });
  });

  it('is one transaction: one write carries the sale and its event, the next the audit row the use case built; the merchant is locked only with a cap', async () => {
    const sent = await statementsSentDuring(() => post(sale({ orderId: 'counted-1' })));
    expect(sent.filter((text) => /^begin\b/i.test(text))).toHaveLength(1);
    expect(sent.filter((text) => /^commit\b/i.test(text))).toHaveLength(1);
    const writes = sent.filter((text) => /insert into (?!rate_limit_windows)/i.test(text));
    expect(writes).toHaveLength(2);
    expect(writes[0]).toMatch(/insert into conversions[\s\S]*insert into outbox_events/i);
    expect(writes[1]).toMatch(/insert into audit_log/i);
    expect(sent.filter((text) => /for update/i.test(text))).toHaveLength(locks ? 1 : 0);
  });

  it('writes exactly one row with the error status for an unknown campaign, and no sale', async () => {
    const before = await counts();
    const { res, audit } = await post(sale({ campaignId: randomUUID() }));
    expect(res.status).toBe(404);
    expect(audit).toEqual([expect.objectContaining({ status: 404, error_code: 'not_found', merchant_id: merchant.id })]);
    expect(await counts()).toEqual(before);
  });

  it('rolls the carried 201 row back with a duplicate order: one 409 row, no second sale or event', async () => {
    expect((await post(sale({ orderId: 'audited-dup' }))).res.status).toBe(201);
    const before = await counts();
    const { res, audit } = await post(sale({ orderId: 'audited-dup' }));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('duplicate');
    expect(audit).toEqual([expect.objectContaining({ status: 409, error_code: 'duplicate' })]);
    expect(await counts()).toEqual(before);
  });

  it('rolls the row back with a sale whose commit fails: one 500 row, no sale or event', async () => {
    const before = await counts();
    const { res, audit } = await post(sale({ orderId: 'fails-at-commit' }));
    expect(res.status).toBe(500);
    expect(audit).toEqual([expect.objectContaining({ status: 500, error_code: 'internal_error' })]);
    expect(await counts()).toEqual(before);
  });

  it('writes the row after the response for a request refused before the use case (validation)', async () => {
    const { res, audit } = await post(sale({ amount: -1 }));
    expect(res.status).toBe(400);
    expect(audit).toEqual([expect.objectContaining({ status: 400, error_code: 'validation_error' })]);
  });
});
