import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const expectLimitHeaders = (headers: Headers) => {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(headers.get(name), name).toMatch(/^\d+$/);
};

describe('rate-limit headers on every response, and every failed authentication audited', () => {
  let t: TestService;
  let m: TestMerchant;

  beforeAll(async () => {
    t = await startTestService({ anonymousRequestsPerMinute: 5, bodyLimitBytes: 1_000 });
    m = await createMerchant(t, 'scale');
  });
  afterAll(() => t.close());

  const auditRows = (requestId: string) => t.sql(`select status, error_code, api_key_id, merchant_id, count from audit_log where request_id = $1`, [requestId]);

  it('a 413 carries the headers and is audited', async () => {
    const res = await t.request('POST', '/api/v1/campaigns', { key: m.liveKey, rawBody: JSON.stringify({ name: 'x'.repeat(5_000) }), headers: { 'content-type': 'application/json', 'x-request-id': 'too-large-1' } });
    expect(res.status).toBe(413);
    expectLimitHeaders(res.headers);
    expect(await auditRows('too-large-1')).toEqual([expect.objectContaining({ status: 413, merchant_id: m.id })]);
  });

  it('CORS preflights and the OpenAPI document carry the headers (without counting)', async () => {
    const preflight = await t.request('OPTIONS', '/api/v1/conversions', { headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expectLimitHeaders(preflight.headers);
    const mcpPreflight = await t.request('OPTIONS', '/mcp', { headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' } });
    expectLimitHeaders(mcpPreflight.headers);
    const document = await t.request('GET', '/api/v1/openapi.json');
    expect(document.status).toBe(200);
    expectLimitHeaders(document.headers);
  });

  it('bad keys refused by the address limit are audited too, one row per address and minute with a count', async () => {
    const t2 = await startTestService({ anonymousRequestsPerMinute: 5 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        statuses.push((await t2.request('GET', '/api/v1/me', { key: `svc_pk_live_${'Q'.repeat(43)}`, headers: { 'x-forwarded-for': '198.51.100.40' } })).status);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      await t2.service.container.resolve(TOKENS.AuditLog).writeRefusals(true);
      const rows = await t2.sql(`select status, count, address from audit_log where path = '/api/v1/me' order by status`);
      expect(rows).toEqual([
        ...Array.from({ length: 5 }, () => ({ status: 401, count: 1, address: '198.51.100.40' })),
        { status: 429, count: 15, address: '198.51.100.40' },
      ]);
    } finally {
      await t2.close();
    }
  });

  it("a revoked key, or a key presented in the other mode, is recorded in its merchant's log with its id", async () => {
    const issued = await t.admin('POST', `/merchants/${m.id}/keys`, { mode: 'live', write: false, name: 'to revoke' });
    const keyId = issued.body.data.id as string;
    const key = issued.body.data.key as string;
    await t.admin('DELETE', `/keys/${keyId}`);
    expect((await t.request('GET', '/api/v1/me', { key, headers: { 'x-request-id': 'revoked-1' } })).status).toBe(401);
    expect(await auditRows('revoked-1')).toEqual([{ status: 401, error_code: 'unauthorized', api_key_id: keyId, merchant_id: m.id, count: 1 }]);

    const live = await t.admin('POST', `/merchants/${m.id}/keys`, { mode: 'live', write: false, name: 'live only' });
    const asTest = (live.body.data.key as string).replace('svc_pk_live_', 'svc_pk_test_');
    expect((await t.request('GET', '/api/v1/me', { key: asTest, headers: { 'x-request-id': 'other-mode-1' } })).status).toBe(401);
    expect(await auditRows('other-mode-1')).toEqual([expect.objectContaining({ api_key_id: live.body.data.id, merchant_id: m.id })]);

    const log = await t.admin('GET', `/merchants/${m.id}/audit-log?limit=100`);
    expect(log.body.data.some((e: { apiKeyId: string; status: number }) => e.apiKeyId === keyId && e.status === 401)).toBe(true);
  });

  it('a wrong secret for a real lookup prefix names nobody (it is not that key)', async () => {
    const secret = m.liveReadKey.slice('svc_pk_live_'.length);
    const wrong = `svc_pk_live_${secret.slice(0, 12)}${'Z'.repeat(secret.length - 12)}`;
    expect((await t.request('GET', '/api/v1/me', { key: wrong, headers: { 'x-request-id': 'wrong-secret-1' } })).status).toBe(401);
    expect(await auditRows('wrong-secret-1')).toEqual([expect.objectContaining({ api_key_id: null, merchant_id: null })]);
  });
});
