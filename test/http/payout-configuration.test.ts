import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox, parseSecretKey } from '../../adapters/secrets/aes-gcm-secret-box.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, TEST_SECRET_KEY, type TestService } from '../support/test-service.js';

const LIVE_SECRET = 'sk_live_51LiveSecretValue0000000001';
const TEST_SECRET = 'sk_test_51TestSecretValue0000000002';
const WISE_TOKEN = 'wise-token-7d3c1b0a-secret';
const PAYPAL_SECRET = 'EPayPalClientSecret-000111222';

/** Provider credentials (write-only, sealed at rest) and payout settings, per merchant and mode. */
describe('payout providers and payout settings', () => {
  let t: TestService;
  let m: TestMerchant;
  const secretsIn = (text: string) => [LIVE_SECRET, TEST_SECRET, WISE_TOKEN, PAYPAL_SECRET].filter((s) => text.includes(s));

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
  });
  afterAll(() => t.close());

  it('saves, lists and removes credentials per mode; a secret is never returned', async () => {
    const live = await t.api('PUT', '/payout-providers/connect', m.liveKey, { secretKey: LIVE_SECRET });
    expect(live.status).toBe(200);
    expect(live.body.data).toEqual({ method: 'connect', mode: 'live', configured: true, updatedAt: expect.any(String) });
    expect((await t.api('PUT', '/payout-providers/connect', m.testKey, { secretKey: TEST_SECRET })).body.data.mode).toBe('test');
    expect((await t.api('PUT', '/payout-providers/transfer_b', m.liveKey, { apiToken: WISE_TOKEN, profileId: 12345 })).status).toBe(200);
    expect((await t.api('PUT', '/payout-providers/wallet_a', m.liveKey, { clientId: 'AbC', clientSecret: PAYPAL_SECRET })).status).toBe(200);

    const listed = await t.api('GET', '/payout-providers', m.liveKey);
    expect(listed.body.data.map((p: any) => [p.method, p.mode, p.configured])).toEqual([
      ['connect', 'live', true],
      ['transfer_b', 'live', true],
      ['wallet_a', 'live', true],
    ]);
    expect((await t.api('GET', '/payout-providers', m.testKey)).body.data.map((p: any) => p.method)).toEqual(['connect']);
    expect(secretsIn(JSON.stringify(listed.body))).toEqual([]);

    expect((await t.api('DELETE', '/payout-providers/wallet_a', m.liveKey)).body.data).toEqual({ method: 'wallet_a', mode: 'live', configured: false });
    expect((await t.api('DELETE', '/payout-providers/wallet_a', m.liveKey)).status).toBe(404);
    expect((await t.api('GET', '/payout-providers', m.liveKey)).body.data.map((p: any) => p.method)).toEqual(['connect', 'transfer_b']);
  });

  it('seals secrets with AES-256-GCM bound to merchant, mode and method: the row holds no secret, and a copied value does not open', async () => {
    const rows = await t.sql(`select merchant_id, mode, method, sealed, key_id from payout_provider_credentials where merchant_id = $1 order by mode, method`, [m.id]);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(secretsIn(JSON.stringify(rows))).toEqual([]);
    const box = new AesGcmSecretBox(parseSecretKey(TEST_SECRET_KEY));
    const live = rows.find((r) => r.mode === 'live' && r.method === 'connect');
    expect(JSON.parse(box.open({ sealed: live.sealed, keyId: live.key_id }, `payout-credentials:${m.id}:live:connect`))).toEqual({ method: 'connect', secretKey: LIVE_SECRET });
    expect(() => box.open({ sealed: live.sealed, keyId: live.key_id }, `payout-credentials:${m.id}:test:connect`)).toThrow();
    const tampered = Buffer.from(live.sealed, 'base64');
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 1, tampered.length - 1);
    expect(() => box.open({ sealed: tampered.toString('base64'), keyId: live.key_id }, `payout-credentials:${m.id}:live:connect`)).toThrow();
  });

  it('refuses malformed credentials and a card key of the other mode, changing nothing', async () => {
    const cases: [string, string, unknown, string][] = [
      ['connect', m.liveKey, { secretKey: TEST_SECRET }, 'secretKey'],
      ['connect', m.testKey, { secretKey: LIVE_SECRET }, 'secretKey'],
      ['connect', m.liveKey, { secretKey: 'pk_live_publishable' }, 'secretKey'],
      ['connect', m.liveKey, {}, 'secretKey'],
      ['wallet_a', m.liveKey, { clientId: 'x' }, 'clientSecret'],
      ['transfer_b', m.liveKey, { apiToken: 'x', profileId: 'abc' }, 'profileId'],
      ['transfer_b', m.liveKey, { apiToken: 'x', profileId: 1, secretKey: 'y' }, 'secretKey'],
    ];
    const before = await t.sql(`select method, mode, sealed from payout_provider_credentials where merchant_id = $1 order by 1, 2`, [m.id]);
    for (const [method, key, body, field] of cases) {
      const res = await t.api('PUT', `/payout-providers/${method}`, key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details.map((d: any) => d.field)).toContain(field);
      expect(secretsIn(JSON.stringify(res.body))).toEqual([]);
    }
    expect((await t.api('PUT', '/payout-providers/bank', m.liveKey, { secretKey: LIVE_SECRET })).status).toBe(400);
    expect(await t.sql(`select method, mode, sealed from payout_provider_credentials where merchant_id = $1 order by 1, 2`, [m.id])).toEqual(before);
  });

  it('needs Ultimate or Scale write keys; team-member keys need Manage payouts; audit rows never hold a secret', async () => {
    const pro = await createMerchant(t, 'professional');
    expect((await t.api('GET', '/payout-providers', pro.liveReadKey)).body.error.code).toBe('plan_insufficient');
    expect((await t.api('PUT', '/payout-providers/connect', m.liveReadKey, { secretKey: LIVE_SECRET })).body.error.code).toBe('insufficient_permissions');
    const key = async (managePayouts: boolean) =>
      (await t.admin('POST', `/merchants/${m.id}/keys`, { mode: 'live', write: true, createdBy: 'team_member', managePayouts })).body.data.key as string;
    const without = await key(false);
    expect((await t.api('PUT', '/payout-providers/connect', without, { secretKey: LIVE_SECRET })).body.error.code).toBe('insufficient_permissions');
    expect((await t.api('PATCH', '/payout-settings', without, { payoutDay: 3 })).body.error.code).toBe('insufficient_permissions');
    expect((await t.api('PUT', '/payout-providers/connect', await key(true), { secretKey: LIVE_SECRET })).status).toBe(200);
    const audit = await t.sql(`select * from audit_log where merchant_id = $1`, [m.id]);
    expect(audit.some((row) => row.path === '/api/v1/payout-providers/connect')).toBe(true);
    expect(secretsIn(JSON.stringify(audit))).toEqual([]);
  });

  it('payout settings: minimum per currency and payout day, per mode, validated, defaults without any', async () => {
    const fresh = await createMerchant(t, 'scale');
    expect((await t.api('GET', '/payout-settings', fresh.liveReadKey)).body.data).toEqual({ mode: 'live', payoutDay: null, minimumPayout: {}, updatedAt: null });
    const patched = await t.api('PATCH', '/payout-settings', fresh.liveKey, { payoutDay: 15, minimumPayout: { USD: 50, jpy: '5000', kwd: 1.25 } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toEqual({ mode: 'live', payoutDay: 15, minimumPayout: { jpy: '5000', kwd: '1.250', usd: '50.00' }, updatedAt: expect.any(String) });
    const removed = await t.api('PATCH', '/payout-settings', fresh.liveKey, { minimumPayout: { jpy: null } });
    expect(removed.body.data.minimumPayout).toEqual({ kwd: '1.250', usd: '50.00' });
    expect((await t.api('GET', '/payout-settings', fresh.testKey)).body.data).toMatchObject({ mode: 'test', payoutDay: null, minimumPayout: {} });
    for (const [body, field] of [
      [{ payoutDay: 29 }, 'payoutDay'],
      [{ payoutDay: 0 }, 'payoutDay'],
      [{ minimumPayout: { usd: -1 } }, 'minimumPayout.usd'],
      [{ minimumPayout: { usd: 1.005 } }, 'minimumPayout.usd'],
      [{ minimumPayout: { jpy: 10.5 } }, 'minimumPayout.jpy'],
      [{ minimumPayout: { dollars: 5 } }, 'minimumPayout.dollars'],
    ] as const) {
      const res = await t.api('PATCH', '/payout-settings', fresh.liveKey, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.map((d: any) => d.field)).toContain(field);
    }
    expect((await t.api('GET', '/payout-settings', fresh.liveKey)).body.data).toMatchObject({ payoutDay: 15, minimumPayout: { kwd: '1.250', usd: '50.00' } });
  });
});
