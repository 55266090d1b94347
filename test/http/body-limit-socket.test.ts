import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type ListeningServer } from '../../bootstrap/http-server.js';
import type { AddressInfo } from 'node:net';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** What a client on a real socket gets: a body's declared length, or its chunks, against the limit. */
describe('the body limit on the server socket', () => {
  let t: TestService;
  let server: ListeningServer;
  let port: number;
  let merchant: TestMerchant;

  beforeAll(async () => {
    t = await startTestService({ bodyLimitBytes: 2_000 });
    merchant = await createMerchant(t);
    server = await listen(t.service.app.fetch, { ...t.config, port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await server.drain();
    await t.close();
  });

  const post = (body: string, chunked: boolean) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/campaigns',
          headers: {
            authorization: `Bearer ${merchant.liveKey}`,
            'content-type': 'application/json',
            ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(Buffer.byteLength(body)) }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      if (chunked) for (let i = 0; i < body.length; i += 500) req.write(body.slice(i, i + 500));
      else req.write(body);
      req.end();
    });

  const campaign = (name: string) => JSON.stringify({ name, commissionType: 'percentage', commissionValue: 10 });

  it('takes a body within the limit, declared or chunked, read once for the route', async () => {
    expect((await post(campaign('Declared'), false)).status).toBe(201);
    const chunked = await post(campaign('Chunked'), true);
    expect(chunked.status).toBe(201);
    expect(chunked.body.data.name).toBe('Chunked');
  });

  it('refuses a body over the limit with 413 in the envelope, from its declared length or as its chunks arrive', async () => {
    for (const chunked of [false, true]) {
      const res = await post(campaign('x'.repeat(3_000)), chunked);
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('payload_too_large');
    }
  });
});
