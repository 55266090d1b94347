import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliateClient, unwrap } from '../../client/index.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('the typed client and Idempotency-Key', () => {
  let t: TestService;
  let merchant: TestMerchant;
  const sent: Request[] = [];

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
  });
  afterAll(async () => {
    await t?.close();
  });

  const client = (idempotencyKeys?: boolean) =>
    createAffiliateClient({
      baseUrl: 'http://service.test',
      apiKey: merchant.liveKey,
      ...(idempotencyKeys === undefined ? {} : { idempotencyKeys }),
      fetch: async (request: Request) => {
        sent.push(request.clone());
        return t.service.app.request(request);
      },
    });

  it('sends a fresh random key with every POST, none with a GET', async () => {
    sent.length = 0;
    const api = client();
    await unwrap(api.POST('/teams', { body: { name: 'Client one' } }));
    await unwrap(api.POST('/teams', { body: { name: 'Client one' } }));
    await unwrap(api.GET('/teams'));
    const keys = sent.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeNull();
    expect(client(false)).toBeDefined();
  });

  it('keeps a key the caller passes, so a retry replays the first result', async () => {
    const api = client();
    const params = { header: { 'Idempotency-Key': 'client-retry-1' } };
    const first = await api.POST('/teams', { params, body: { name: 'Retried' } });
    const retry = await api.POST('/teams', { params, body: { name: 'Retried' } });
    expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.data?.data.id).toBe(first.data?.data.id);
  });
});
