import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, cardIntegration, paidSession } from '../support/card-events.js';
import { providerProgram, type ProviderProgram } from '../support/provider-program.js';
import { ADMIN_TOKEN, startTestService, type TestService } from '../support/test-service.js';

/** `text` as UTF-8 with the marker `<FF>` replaced by the byte 0xFF, which never occurs in UTF-8. */
const withBadByte = (text: string): Buffer => {
  const [before, after] = text.split('<FF>');
  return Buffer.concat([Buffer.from(before!, 'utf8'), Buffer.from([0xff]), Buffer.from(after!, 'utf8')]);
};

describe('bodies that are not valid UTF-8', () => {
  let t: TestService;
  let program: ProviderProgram;

  beforeAll(async () => {
    t = await startTestService();
    program = await providerProgram(t);
  });
  afterAll(() => t.close());

  it('an API JSON body is refused with 400 invalid_json in the error envelope, and nothing is stored', async () => {
    const key = program.merchant.liveKey;
    const before = await t.sql('select count(*)::int as n from affiliates');
    const body = withBadByte(JSON.stringify({ email: 'cafe@buyer.example', name: 'Caf<FF>', campaignId: program.campaign.id }));
    const res = await t.request('POST', '/api/v1/affiliates', { key, rawBody: body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'invalid_json', message: 'The request body is not valid UTF-8' } });
    expect(await t.sql('select count(*)::int as n from affiliates')).toEqual(before);
    expect(await t.sql("select count(*)::int as n from affiliates where name like '%' || chr(65533) || '%'")).toEqual([{ n: 0 }]);
    // The operator API too.
    const admin = await t.request('POST', '/admin/v1/merchants', { key: ADMIN_TOKEN, rawBody: withBadByte('{"businessName": "Caf<FF>", "email": "x@shop.example", "plan": "scale"}'), headers: { 'content-type': 'application/json' } });
    expect(admin.status).toBe(400);
    expect(admin.body.error.code).toBe('invalid_json');
    // The same body in valid UTF-8 is accepted.
    const fine = await t.api('POST', '/affiliates', key, { email: 'cafe@buyer.example', name: 'Café', campaignId: program.campaign.id });
    expect(fine.status).toBe(201);
  });

  it("a provider notification signed over its bytes is refused as invalid_json, not as a bad signature, and records nothing", async () => {
    const integration = await cardIntegration(t, program.merchant.liveKey);
    const event = cardEvent('checkout.session.completed', { ...paidSession({ amountTotal: 5_000 }), customer_details: { email: 'buyer@example.net', name: 'Caf<FF>' } });
    const bytes = withBadByte(JSON.stringify(event));
    // The provider signs the bytes it sends; Stripe's helper takes them as a string of the same bytes.
    const header = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload: bytes.toString('latin1'), secret: integration.secret });
    const res = await t.request('POST', `/ingest/v1/${integration.id}`, { rawBody: bytes, headers: { 'stripe-signature': header, 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'invalid_json', message: 'The request body is not valid UTF-8' } });
    expect(await t.sql('select count(*)::int as n from integration_events where integration_id = $1', [integration.id])).toEqual([{ n: 0 }]);
  });
});
