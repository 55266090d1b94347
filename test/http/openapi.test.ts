import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownErrorCodes } from '../../adapters/http/error-status.js';
import { WEBHOOK_EVENT_TYPES } from '../../domain/webhook/index.js';
import { contractChecker, type ContractChecker } from '../support/contract.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, signUpAffiliate } from '../support/program-mother.js';
import { ADMIN_TOKEN, startTestService, type TestService } from '../support/test-service.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

// This file always runs the contract check on every response, whatever the environment says.
process.env.CONTRACT_CHECK = '1';

/**
 * Mounted routes that are not REST operations and so have no place in the document: the reference
 * UI itself, and the assistant interface, which speaks MCP (JSON-RPC) and is described in docs/.
 */
// Browser pages (the reference, the dashboard, the portal) and the MCP transport are not JSON API operations.
// OAuth's endpoints (for MCP connectors) are described by their own metadata documents, as /mcp is by the MCP specification.
const NOT_OPERATIONS = [/^\/docs(\/|$)/, /^\/mcp$/, /^\/dashboard(\/|$)/, /^\/portal(\/|$)/, /^\/oauth\//, /^\/\.well-known\//];

describe('the OpenAPI document', () => {
  let t: TestService;
  let receiver: WebhookReceiver;
  let checker: ContractChecker;
  let m: TestMerchant;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestService({ webhookDevAllowedHosts: [receiver.host], anonymousRequestsPerMinute: 5, bodyLimitBytes: 4096 });
    checker = contractChecker(t.service.app);
    m = await createMerchant(t, 'scale');
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('is served at /api/v1/openapi.json without a key, as OpenAPI 3.1 with the Bearer scheme', async () => {
    const res = await t.request('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('x-api-version')).toBe('1');
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    // Absolute, from PUBLIC_BASE_URL, so generators and "Try it out" reach the service from anywhere.
    expect(doc.servers).toEqual([expect.objectContaining({ url: `${t.config.publicBaseUrl}/api/v1` })]);
    expect(doc.paths['/healthz'].servers).toEqual([{ url: t.config.publicBaseUrl }]);
    // Webhook entries are calls the service makes: no bearer security on them.
    for (const item of Object.values<any>(doc.webhooks)) expect(item.post.security).toEqual([]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/openapi.json'].get.security).toEqual([]);
    // Operator paths and schemas stay out of the public document.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/admin') || p.includes('merchants'))).toBe(false);
    expect(doc.components.schemas.CreateMerchant).toBeUndefined();
    // The same document the app builds for its own checks.
    expect(doc).toEqual(checker.document('public'));
  });

  it('documents every mounted route (a route missing from the document fails here)', () => {
    const documented = new Set(checker.documentedOperations());
    const mounted = [
      ...new Set(
        t.service.app.routes
          .filter((r) => r.method !== 'ALL')
          .map((r) => `${r.method} ${r.path.replace(/:([^/{]+)(\{[^}]*\})?/g, '{$1}')}`),
      ),
    ];
    const paths = (ops: string[]) => ops.map((op) => op.replace(/\{[^}]+\}/g, '{}'));
    const documentedShapes = new Set(paths([...documented]));
    const missing = mounted.filter((op) => !documentedShapes.has(paths([op])[0]!) && !NOT_OPERATIONS.some((re) => re.test(op.split(' ')[1]!)));
    expect(missing).toEqual([]);
    expect(mounted.length).toBeGreaterThan(40);
    // And nothing is documented that is not mounted.
    const mountedShapes = new Set(paths(mounted));
    expect(paths([...documented]).filter((op) => !mountedShapes.has(op))).toEqual([]);
  });

  it('gives each operation its parameters, body, success and error responses, and headers', () => {
    const doc = checker.document('public');
    const patch = doc.paths['/conversions/{id}'].patch;
    expect(patch.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(patch.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/UpdateConversion' });
    expect(Object.keys(patch.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '422', '429', '500']);
    expect(patch.responses['200'].headers).toMatchObject({
      'X-API-Version': { $ref: '#/components/headers/XApiVersion' },
      'X-RateLimit-Remaining': { $ref: '#/components/headers/XRateLimitRemaining' },
    });
    expect(doc.components.responses.TooManyRequests.headers['Retry-After']).toEqual({ $ref: '#/components/headers/RetryAfter' });
    // Each error status lists exactly the codes error-status.ts maps to it.
    for (const [code, status] of knownErrorCodes()) {
      const name = { 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 409: 'Conflict', 413: 'PayloadTooLarge', 415: 'UnsupportedMediaType', 422: 'UnprocessableEntity', 429: 'TooManyRequests', 500: 'InternalError' }[status as number] ?? `Error${status}`;
      expect(doc.components.responses[name].content['application/json'].schema.properties.error.properties.code.enum).toContain(code);
    }
    // A guarded read lists its guards' codes; an unguarded one has no 403 at all.
    const listWebhooks = doc.paths['/webhooks'].get.responses;
    expect(listWebhooks['403'].content['application/json'].schema.properties.error.properties.code.enum).toEqual(['plan_insufficient']);
    expect(doc.paths['/me'].get.responses['403']).toBeUndefined();
    expect(Object.keys(doc.paths['/me'].get.responses).sort()).toEqual(['200', '401', '429', '500']);
  });

  it('marks operations beyond the spec x-extension: true, and leaves the spec operations unmarked', () => {
    const doc = checker.document('public');
    expect(doc.paths['/affiliates/{id}'].patch['x-extension']).toBe(true);
    expect(doc.paths['/webhooks/{id}'].delete['x-extension']).toBe(true);
    expect(doc.paths['/webhooks/{id}/deliveries/{deliveryId}/resend'].post['x-extension']).toBe(true);
    expect(doc.paths['/conversions/{id}'].patch['x-extension']).toBeUndefined();
    expect(doc.paths['/affiliates/invite'].post['x-extension']).toBeUndefined();
    expect(doc.components.schemas.CreateConversion.properties.currency['x-extension']).toBe(true);
    const admin = checker.document('admin');
    expect(admin['x-extension']).toBe(true);
    expect(Object.values<any>(admin.paths).every((item) => Object.values<any>(item).every((op) => op['x-extension'] === true))).toBe(true);
  });

  it('lists every webhook event with its envelope and the signature header', () => {
    const doc = checker.document('public');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const created = doc.webhooks['conversion.created'].post;
    expect(created.parameters).toEqual([expect.objectContaining({ name: 'x-service-signature', in: 'header', required: true })]);
    const envelope = created.requestBody.content['application/json'].schema;
    expect(envelope.required).toEqual(['event', 'data', 'timestamp', 'id']);
    expect(envelope.properties.data).toEqual({ $ref: '#/components/schemas/ConversionEventData' });
    expect(doc.components.schemas.ConversionEventData.required).toEqual(
      expect.arrayContaining(['conversionId', 'campaignId', 'affiliateId', 'amount', 'taxAmount', 'commission', 'currency', 'status']),
    );
  });

  it('serves the operator document only with the operator token', async () => {
    expect((await t.request('GET', '/admin/v1/openapi.json')).status).toBe(401);
    const res = await t.request('GET', '/admin/v1/openapi.json', { key: ADMIN_TOKEN });
    expect(res.status).toBe(200);
    expect(res.body.servers).toEqual([expect.objectContaining({ url: `${t.config.publicBaseUrl}/admin/v1` })]);
    expect(res.body.components.securitySchemes).toEqual({ adminToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/merchants', '/merchants/{id}/keys', '/clock', '/jobs/run']));
    expect(res.body.webhooks).toBeUndefined();
  });

  describe('the contract check', () => {
    const response = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
      status,
      headers: new Headers({ 'content-type': 'application/json', 'x-api-version': '1', 'x-request-id': 'r', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '1795000000', ...headers }),
      text: JSON.stringify(body),
    });
    const me = { merchant: { id: 'm', businessName: 'b', email: 'e@example.com' }, apiKey: { id: 'k', name: 'n', permissions: { read: true, write: true }, keyType: 'live' }, plan: 'scale', rateLimit: { limit: 1, remaining: 0, resetAt: 1 } };

    it('passes a conforming response and reports every kind of drift', () => {
      expect(checker.check('GET', '/api/v1/me', response(200, { data: me }))).toEqual([]);
      expect(checker.check('GET', '/api/v1/me', response(200, { data: { ...me, extra: 1 } }))).toEqual([expect.stringContaining('unevaluated properties ("extra")')]);
      expect(checker.check('GET', '/api/v1/me', response(200, { data: { ...me, plan: 'gold' } }))).toEqual([expect.stringContaining('/data/plan')]);
      expect(checker.check('GET', '/api/v1/me', response(409, { error: { code: 'duplicate', message: 'x' } }))).toEqual([expect.stringContaining('status 409 is not documented')]);
      expect(checker.check('GET', '/api/v1/me', response(401, { error: { code: 'not_found', message: 'x' } }))).toEqual([expect.stringContaining('/error/code')]);
      expect(checker.check('GET', '/api/v1/me', response(200, { data: me }, { 'x-api-version': '2' }))).toEqual([expect.stringContaining('X-API-Version')]);
      const noLimit = response(200, { data: me });
      noLimit.headers.delete('x-ratelimit-reset');
      expect(checker.check('GET', '/api/v1/me', noLimit)).toEqual(['header X-RateLimit-Reset is missing']);
      expect(checker.check('GET', '/api/v1/me', response(200, { data: me }, { 'content-type': 'text/plain' }))).toEqual([expect.stringContaining('content type')]);
      // An undocumented path is left to the route-coverage test above.
      expect(checker.check('GET', '/api/v1/nowhere', response(404, {}))).toEqual([]);
    });

    it('holds for a merchant flow with its errors: every response below was checked against the document', async () => {
      const campaign = await createCampaign(t, m, { targetUrl: 'https://shop.example.com/landing' });
      const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
      const created = await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 100, orderId: 'contract-1', taxAmount: 20, currency: 'EUR' });
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      expect((await t.api('GET', `/conversions/${id}`, m.liveKey)).status).toBe(200);
      expect((await t.api('GET', `/conversions?status=pending&campaignId=${campaign.id}`, m.liveKey)).status).toBe(200);
      expect((await t.api('PATCH', `/conversions/${id}`, m.liveKey, { status: 'approved' })).status).toBe(200);
      expect((await t.api('PATCH', `/conversions/${id}`, m.liveKey, { status: 'rejected' })).status).toBe(200);

      // Errors, each with its documented status and code.
      const zero = await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 0 });
      expect((await t.api('PATCH', `/conversions/${zero.body.data.id}`, m.liveKey, { status: 'approved' })).body.error.code).toBe('commission_above_sale');
      expect((await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 5, orderId: 'contract-1' })).body.error.code).toBe('duplicate');
      expect((await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: -1 })).status).toBe(400);
      expect((await postConversion(t, m.liveReadKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 1 })).status).toBe(403);
      expect((await t.api('GET', '/conversions/01900000-0000-7000-8000-000000000001', m.liveKey)).status).toBe(404);
      expect((await t.api('GET', '/conversions?limit=1000', m.liveKey)).status).toBe(400);
      expect((await t.api('POST', '/campaigns', m.testKey, { name: 'Test', commissionType: 'fixed', commissionValue: 1 })).body.error.code).toBe('test_mode_unsupported');
      expect((await t.request('POST', '/api/v1/conversions', { key: m.liveKey, rawBody: '{"amount":', headers: { 'content-type': 'application/json' } })).body.error.code).toBe('invalid_json');
      expect((await t.request('POST', '/api/v1/conversions', { key: m.liveKey, rawBody: 'amount=1', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
      expect((await t.request('POST', '/api/v1/conversions', { key: m.liveKey, rawBody: JSON.stringify({ pad: 'x'.repeat(5000) }), headers: { 'content-type': 'application/json' } })).status).toBe(413);
      expect((await t.api('GET', '/campaigns', 'svc_pk_live_nope')).status).toBe(401);
      const pro = await createMerchant(t, 'professional');
      expect((await t.api('GET', '/webhooks', pro.liveKey)).body.error.code).toBe('plan_insufficient');

      // Every other read of the flow.
      for (const path of ['/me', '/campaigns', `/campaigns/${campaign.id}`, '/affiliates', `/affiliates/${affiliate.id}`, '/conversions', '/webhooks']) {
        expect((await t.api('GET', path, m.liveKey)).status, path).toBe(200);
      }
      expect((await t.request('GET', '/healthz')).status).toBe(200);
      expect((await t.request('GET', '/r/nothing/here')).status).toBe(404);

      // 429 with Retry-After: anonymous requests are limited per address (5 a minute here).
      let last = await t.api('GET', '/me', undefined);
      for (let i = 0; i < 6 && last.status !== 429; i += 1) last = await t.api('GET', '/me', undefined);
      expect(last.status).toBe(429);
      expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
    });

    it('holds for webhook deliveries: every envelope received matches its documented event', async () => {
      const campaign = await createCampaign(t, m, { targetUrl: 'https://shop.example.com/landing' });
      const subscribed = await t.api('POST', '/webhooks', m.liveKey, { url: receiver.url(), events: WEBHOOK_EVENT_TYPES.filter((e) => e !== 'ping') });
      expect(subscribed.status).toBe(201);
      const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
      const created = await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 50, taxAmount: 5 });
      await t.api('PATCH', `/conversions/${created.body.data.id}`, m.liveKey, { status: 'approved' });
      const joined = await signUpAffiliate(t, m.id, campaign.id);
      await t.api('PATCH', `/affiliates/${joined.id}`, m.liveKey, { campaignId: campaign.id, status: 'approved' });
      await t.admin('POST', `/affiliates/${joined.id}/payout-details`, { method: 'wallet_a', email: 'pay@example.com' });
      expect((await t.api('POST', `/webhooks/${subscribed.body.data.id}/test`, m.liveKey)).body.data.success).toBe(true);
      await t.admin('POST', '/jobs/run');
      const expected = ['ping', 'conversion.created', 'conversion.approved', 'conversion.updated', 'affiliate.joined', 'affiliate.approved', 'affiliate.payout_details_completed'];
      const deadline = Date.now() + 15_000;
      while (!expected.every((e) => receiver.received.some((w) => w.json.event === e)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const received = [...receiver.received];
      for (const event of expected) expect(received.map((w) => w.json.event), event).toContain(event);
      for (const webhook of received) expect(checker.checkWebhook(webhook.rawBody, webhook.headers), webhook.json.event).toEqual([]);
      // And the check can fail.
      const bad = JSON.stringify({ ...received[0]!.json, data: { ...received[0]!.json.data, surprise: true } });
      expect(checker.checkWebhook(bad, received[0]!.headers)).toEqual([expect.stringContaining('surprise')]);
    });
  });
});
