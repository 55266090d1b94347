import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, cardIntegration, deliver, paidSession } from '../support/card-events.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('integrations', () => {
  let t: TestService;
  let m: TestMerchant;

  beforeAll(async () => {
    t = await startTestService({ publicBaseUrl: 'https://affiliates.example.com', ingestNotificationsPerMinute: 3 });
    m = await createMerchant(t, 'scale');
  });
  afterAll(() => t.close());

  it('creates a card integration in the key mode with its endpoint URL and never returns the secret', async () => {
    const res = await t.api('POST', '/integrations', m.liveKey, { provider: 'card', signingSecret: 'whsec_live_secret_1', name: 'Stripe' });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data).toMatchObject({ provider: 'card', mode: 'live', name: 'Stripe', active: true, endpointUrl: `https://affiliates.example.com/ingest/v1/${data.id}` });
    expect(JSON.stringify(data)).not.toContain('whsec_live_secret_1');
    const got = await t.api('GET', `/integrations/${data.id}`, m.liveKey);
    expect(got.body.data).toEqual(data);
    const list = await t.api('GET', '/integrations', m.liveKey);
    expect(list.body.data.map((i: { id: string }) => i.id)).toContain(data.id);
    expect(JSON.stringify(list.body)).not.toContain('whsec_live_secret_1');
    // The test mode sees none of the live integrations.
    const testList = await t.api('GET', '/integrations', m.testKey);
    expect(testList.body.data).toEqual([]);
    expect((await t.api('GET', `/integrations/${data.id}`, m.testKey)).status).toBe(404);
  });

  it('answers 400 for unknown providers, App Store without Apple roots on the service, and bad secrets, writing nothing', async () => {
    const before = await t.sql('select count(*)::int as n from integrations');
    for (const body of [
      { provider: 'app_store', signingSecret: 'pdl_secret_123' },
      { provider: 'paypal', signingSecret: 'whsec_abcdefgh' },
      { provider: 'card', signingSecret: 'short' },
      { provider: 'card' },
    ]) {
      const res = await t.api('POST', '/integrations', m.liveKey, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    const unknown = await t.api('POST', '/integrations', m.liveKey, { provider: 'paypal', signingSecret: 'whsec_abcdefgh' });
    expect(unknown.body.error.details[0]).toMatchObject({ field: 'provider', message: expect.stringContaining('expected one of') });
    const noRoots = await t.api('POST', '/integrations', m.liveKey, { provider: 'app_store', bundleId: 'com.example.app', appAppleId: 1234 });
    expect(noRoots.status).toBe(400);
    expect(noRoots.body.error.details[0]).toMatchObject({ field: 'provider', message: expect.stringContaining('APP_STORE_ROOT_CERTS') });
    expect(await t.sql('select count(*)::int as n from integrations')).toEqual(before);
  });

  it('needs Ultimate or Scale, a write key, and Manage payouts for live team-member keys', async () => {
    const pro = await createMerchant(t, 'professional');
    expect((await t.api('GET', '/integrations', pro.liveKey)).body.error.code).toBe('plan_insufficient');
    const read = await t.api('POST', '/integrations', m.liveReadKey, { provider: 'card', signingSecret: 'whsec_abcdefgh' });
    expect(read.body.error.code).toBe('insufficient_permissions');
    const member = await t.admin('POST', `/merchants/${m.id}/keys`, { mode: 'live', write: true, createdBy: 'team_member', managePayouts: false });
    const refused = await t.api('POST', '/integrations', member.body.data.key, { provider: 'card', signingSecret: 'whsec_abcdefgh' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_permissions');
    const ultimate = await createMerchant(t, 'ultimate');
    expect((await t.api('POST', '/integrations', ultimate.testKey, { provider: 'card', signingSecret: 'whsec_abcdefgh' })).status).toBe(201);
  });

  it('rotates the secret, pauses, renames and deletes', async () => {
    const created = (await t.api('POST', '/integrations', m.testKey, { provider: 'card', signingSecret: 'whsec_first_secret' })).body.data;
    const patched = await t.api('PATCH', `/integrations/${created.id}`, m.testKey, { signingSecret: 'whsec_second_secret', active: false, name: 'Paused' });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id: created.id, active: false, name: 'Paused', mode: 'test' });
    const [row] = await t.sql('select signing_secret from integrations where id = $1', [created.id]);
    expect(row.signing_secret).toBe('whsec_second_secret');
    expect((await t.api('PATCH', `/integrations/${created.id}`, m.testKey, {})).status).toBe(400);
    const deleted = await t.api('DELETE', `/integrations/${created.id}`, m.testKey);
    expect(deleted.body.data).toEqual({ id: created.id, deleted: true });
    expect((await t.api('GET', `/integrations/${created.id}`, m.testKey)).status).toBe(404);
    expect((await t.api('DELETE', `/integrations/${created.id}`, m.testKey)).status).toBe(404);
    expect((await t.api('GET', '/integrations/not-a-uuid', m.testKey)).status).toBe(404);
  });

  it('holds back a flood against one endpoint with 429 (the provider retries), per integration', async () => {
    const flooded = await cardIntegration(t, m.testKey);
    const other = await cardIntegration(t, m.testKey);
    const send = (i: { id: string; secret: string }) => deliver(t, i.id, cardEvent('checkout.session.completed', paidSession({ amountTotal: 100 }), { livemode: false }), i.secret);
    const statuses = [];
    for (let n = 0; n < 4; n += 1) statuses.push((await send(flooded)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await send(other)).status).toBe(200);
  });
});
