import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../../adapters/http/app.js';
import { httpDependencies } from '../../bootstrap/container.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { ADMIN_TOKEN, startTestService, type TestService } from '../support/test-service.js';

describe('HTTP envelopes, errors and standard headers', () => {
  let t: TestService;
  let merchant: TestMerchant;

  beforeAll(async () => {
    t = await startTestService({ bodyLimitBytes: 2048 });
    merchant = await createMerchant(t, 'scale');
  });
  afterAll(() => t.close());

  it('GET /healthz answers without a key', async () => {
    const res = await t.request('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers 400 validation_error with one detail per field', async () => {
    const res = await t.admin('POST', '/merchants', { businessName: '', email: 'not-an-email', plan: 'gold' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    const fields = res.body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['businessName', 'email', 'plan']);
    for (const detail of res.body.error.details) expect(detail.message).toEqual(expect.any(String));
  });

  it('answers 400 invalid_json for a malformed body, and writes nothing', async () => {
    const [before] = await t.sql('select count(*)::int as n from merchants');
    const res = await t.request('POST', '/admin/v1/merchants', {
      key: ADMIN_TOKEN,
      rawBody: '{"businessName": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'invalid_json', message: expect.any(String) } });
    const [after] = await t.sql('select count(*)::int as n from merchants');
    expect(after.n).toBe(before.n);
  });

  it('answers 404 not_found in the envelope for unknown routes', async () => {
    const res = await t.api('GET', '/no-such-thing', merchant.liveKey);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    const outside = await t.request('GET', '/nowhere');
    expect(outside.status).toBe(404);
    expect(outside.body.error.code).toBe('not_found');
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.admin('POST', '/merchants', { businessName: 'x'.repeat(5000), email: 'a@b.co', plan: 'scale' });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('puts X-API-Version, CORS and rate-limit headers on successes and errors alike', async () => {
    for (const res of [
      await t.api('GET', '/me', merchant.liveKey),
      await t.api('GET', '/me', 'svc_pk_live_nope'),
      await t.api('GET', '/missing', merchant.liveKey),
    ]) {
      expect(res.headers.get('x-api-version')).toBe('1');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
      expect(res.headers.get('x-ratelimit-reset')).toMatch(/^\d{10}$/);
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('answers CORS preflights without a key', async () => {
    const res = await t.request('OPTIONS', '/api/v1/me', {
      headers: { origin: 'https://merchant.example', 'access-control-request-method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-api-version')).toBe('1');
  });

  it('answers 500 with a generic message and never leaks the cause', async () => {
    const deps = httpDependencies(t.service.container);
    const app = createHttpApp({
      ...deps,
      authenticateApiKey: { execute: async () => { throw new Error('database password is hunter2'); } } as never,
    });
    const res = await app.request('/api/v1/me', { headers: { authorization: `Bearer ${merchant.liveKey}` } });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ error: { code: 'internal_error', message: 'An unexpected error occurred' } });
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(res.headers.get('x-api-version')).toBe('1');
  });
});
