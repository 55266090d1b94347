import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../adapters/http/app-env.js';
import { createHttpApp } from '../../adapters/http/app.js';
import { requireLiveKey, requirePlan, requireWriteKey } from '../../adapters/http/middleware/guards.js';
import { httpDependencies } from '../../bootstrap/container.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('API keys', () => {
  let t: TestService;
  let scale: TestMerchant;
  let pro: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    scale = await createMerchant(t, 'scale');
    pro = await createMerchant(t, 'professional');
  });
  afterAll(() => t.close());

  it('issues live and test keys with the documented prefixes, shown once and stored only as a hash', async () => {
    expect(scale.liveKey).toMatch(/^svc_pk_live_[A-Za-z0-9]{43}$/);
    expect(scale.testKey).toMatch(/^svc_pk_test_[A-Za-z0-9]{43}$/);
    const rows = await t.sql('select lookup, secret_hash from api_keys where merchant_id = $1', [scale.id]);
    const secret = scale.liveKey.slice('svc_pk_live_'.length);
    for (const row of rows) {
      expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.secret_hash).not.toContain(secret);
      expect(row.lookup.length).toBe(12);
    }
    expect(rows.some((r) => secret.startsWith(r.lookup))).toBe(true);
  });

  it('accepts a bare svc_pk_ key as live', async () => {
    const bare = `svc_pk_${scale.liveKey.slice('svc_pk_live_'.length)}`;
    const res = await t.api('GET', '/me', bare);
    expect(res.status).toBe(200);
    expect(res.body.data.apiKey.keyType).toBe('live');
  });

  it.each([
    ['missing', undefined],
    ['not a bearer token', 'Basic abc'],
    ['malformed', 'svc_pk_live_short'],
    ['unknown', 'svc_pk_live_' + 'A'.repeat(43)],
    ['wrong prefix', 'sk_live_' + 'A'.repeat(43)],
  ])('answers 401 unauthorized for a %s key', async (_label, key) => {
    const res =
      key?.startsWith('Basic') === true
        ? await t.request('GET', '/api/v1/me', { headers: { authorization: key } })
        : await t.api('GET', '/me', key);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('refuses a live secret presented with the test prefix', async () => {
    const swapped = scale.liveKey.replace('svc_pk_live_', 'svc_pk_test_');
    expect((await t.api('GET', '/me', swapped)).status).toBe(401);
  });

  it('answers 401 from the moment a key is revoked', async () => {
    const issued = await t.admin('POST', `/merchants/${scale.id}/keys`, { mode: 'live', write: false, name: 'temp' });
    const key = issued.body.data.key as string;
    expect((await t.api('GET', '/me', key)).status).toBe(200);
    const revoked = await t.admin('DELETE', `/keys/${issued.body.data.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual({ id: issued.body.data.id, revoked: true });
    expect((await t.api('GET', '/me', key)).status).toBe(401);
  });

  it('refuses a write key on Pro with 403 plan_insufficient', async () => {
    const res = await t.admin('POST', `/merchants/${pro.id}/keys`, { mode: 'live', write: true });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('plan_insufficient');
  });

  it('records createdBy and managePayouts on issue', async () => {
    const res = await t.admin('POST', `/merchants/${scale.id}/keys`, {
      mode: 'live',
      write: true,
      createdBy: 'team_member',
      managePayouts: true,
      name: 'Ops',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Ops',
      mode: 'live',
      permissions: { read: true, write: true },
      createdBy: 'team_member',
      managePayouts: true,
    });
  });

  describe('route guards', () => {
    const guarded = () => {
      const base = createHttpApp(httpDependencies(t.service.container));
      const probe = new OpenAPIHono<AppEnv>()
        .post('/write', requireWriteKey, (c) => c.json({ data: 'written' }))
        .get('/scale-only', requirePlan('scale', 'Teams'), (c) => c.json({ data: 'ok' }))
        .post('/live-only', requireLiveKey('Campaign create'), (c) => c.json({ data: 'ok' }));
      base.route('/api/v1/probe', probe);
      return base;
    };
    const call = async (method: string, path: string, key: string) => {
      const res = await guarded().request(`/api/v1/probe${path}`, { method, headers: { authorization: `Bearer ${key}` } });
      return { status: res.status, body: await res.json() };
    };

    it('a read-only key cannot write: 403 insufficient_permissions', async () => {
      expect(await call('POST', '/write', scale.liveReadKey)).toMatchObject({ status: 403, body: { error: { code: 'insufficient_permissions' } } });
      expect(await call('POST', '/write', pro.liveKey)).toMatchObject({ status: 403, body: { error: { code: 'insufficient_permissions' } } });
      expect((await call('POST', '/write', scale.liveKey)).status).toBe(200);
    });

    it('the plan gate answers 403 plan_insufficient below the plan', async () => {
      expect(await call('GET', '/scale-only', pro.liveKey)).toMatchObject({ status: 403, body: { error: { code: 'plan_insufficient' } } });
      expect((await call('GET', '/scale-only', scale.liveKey)).status).toBe(200);
    });

    it('live-only operations refuse test keys with 403 test_mode_unsupported', async () => {
      expect(await call('POST', '/live-only', scale.testKey)).toMatchObject({ status: 403, body: { error: { code: 'test_mode_unsupported' } } });
      expect((await call('POST', '/live-only', scale.liveKey)).status).toBe(200);
    });
  });
});
