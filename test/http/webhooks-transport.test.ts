import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import https from 'node:https';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { pinnedLookup, SsrfSafeWebhookTransport } from '../../adapters/webhooks/ssrf-safe-webhook-transport.js';
import type { HostResolver } from '../../adapters/webhooks/host-resolver.js';
import { judgeWebhookUrl, parseDevHost } from '../../adapters/webhooks/webhook-url-policy.js';
import { verifyWebhookSignature } from '../../client/webhooks.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const resolver: HostResolver = async (hostname) => {
  if (hostname === 'dev.example.test' || hostname === 'rebound.example.test') return [{ address: '127.0.0.1', family: 4 }];
  throw new Error('ENOTFOUND');
};

describe('the SSRF-safe webhook transport (adapter)', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  const request = (url: string) => ({
    url,
    secret: 'ef'.repeat(32),
    body: '{"event":"ping","data":{},"timestamp":"2026-11-22T00:00:00.000Z","id":"d1"}',
    deliveryId: 'd1',
    eventType: 'ping',
    timestamp: new Date(),
  });

  it('keeps connections alive between sends, and a kept-alive socket never lets a non-public target through', async () => {
    const transport = new SsrfSafeWebhookTransport({ devAllowedHosts: [receiver.host], resolver });
    receiver.reply = () => ({ status: 200, body: 'ok' });
    receiver.clear();
    const before = receiver.connections;
    for (let i = 0; i < 5; i += 1) expect((await transport.send(request(receiver.url()))).succeeded).toBe(true);
    expect(receiver.connections - before).toBe(1);
    // A name resolving to the same address and port, and that address written in other forms: refused
    // before any socket is chosen, so the open connection is not used.
    for (const url of [`https://rebound.example.test:${receiver.port}/x`, `https://[::7f00:1]:${receiver.port}/x`, `https://[::ffff:127.0.0.1]:${receiver.port}/x`]) {
      const response = await transport.send(request(url));
      expect(response.error, url).toMatch(/^blocked: /);
    }
    expect(receiver.received).toHaveLength(5);
    expect(receiver.connections - before).toBe(1);
  });

  it('gives up after the timeout and records it as a failure without a status', async () => {
    const transport = new SsrfSafeWebhookTransport({ devAllowedHosts: [receiver.host], resolver, timeoutMs: 300 });
    receiver.reply = () => ({ status: 200, delayMs: 2_000 });
    const response = await transport.send(request(receiver.url()));
    expect(response).toMatchObject({ succeeded: false, httpStatus: null, responseBody: null, error: expect.stringContaining('timed out') });
    expect(response.durationMs).toBeGreaterThanOrEqual(250);
    expect(response.durationMs).toBeLessThan(1_500);
  });

  it('signs the exact bytes it sends, and reads at most maxResponseBytes of the answer', async () => {
    const transport = new SsrfSafeWebhookTransport({ devAllowedHosts: [receiver.host], resolver, maxResponseBytes: 10 });
    receiver.clear();
    receiver.reply = () => ({ status: 201, body: '0123456789abcdef' });
    const sent = request(receiver.url('/path?q=1'));
    const response = await transport.send(sent);
    expect(response).toMatchObject({ succeeded: true, httpStatus: 201, responseBody: '0123456789', error: null });
    const [got] = receiver.received;
    expect(got!.path).toBe('/path?q=1');
    expect(got!.rawBody).toBe(sent.body);
    expect(verifyWebhookSignature(sent.secret, got!.headers['x-service-signature'] as string, got!.rawBody)).toBe(true);
  });

  it('matches WEBHOOK_DEV_ALLOWED_HOSTS by host, or by host and port; resolves names through the pinned lookup', async () => {
    receiver.reply = () => ({ status: 204 });
    const byName = new SsrfSafeWebhookTransport({ devAllowedHosts: ['dev.example.test'], resolver });
    expect(await byName.check(`http://dev.example.test:${receiver.port}/x`)).toBeNull();
    expect((await byName.send(request(`http://dev.example.test:${receiver.port}/x`))).httpStatus).toBe(204);
    const byPort = new SsrfSafeWebhookTransport({ devAllowedHosts: [`dev.example.test:${receiver.port}`], resolver });
    expect(await byPort.check(`http://dev.example.test:${receiver.port}/x`)).toBeNull();
    expect(await byPort.check(`http://dev.example.test:${receiver.port + 1}/x`)).toMatch(/https/);
    expect(await byPort.check(`https://dev.example.test:${receiver.port + 1}/x`)).toMatch(/non-public address \(127\.0\.0\.1\)/);
    const none = new SsrfSafeWebhookTransport({ devAllowedHosts: [], resolver });
    expect((await none.send(request(receiver.url()))).error).toMatch(/^blocked: /);
  });

  it('parses allow-list entries and judges URL shapes', () => {
    expect(parseDevHost('127.0.0.1:4000')).toEqual({ host: '127.0.0.1', port: 4000 });
    expect(parseDevHost('LocalHost')).toEqual({ host: 'localhost', port: null });
    expect(parseDevHost('[::1]:8080')).toEqual({ host: '::1', port: 8080 });
    expect(parseDevHost('::1')).toEqual({ host: '::1', port: null });
    expect(judgeWebhookUrl('https://93.184.216.34/x', [])).toMatchObject({ ok: true });
    expect(judgeWebhookUrl(`https://example.com/${'x'.repeat(2048)}`, [])).toMatchObject({ ok: false });
    expect(judgeWebhookUrl('http://[::1]:8080/x', ['[::1]:8080'])).toMatchObject({ ok: true, target: { devAllowed: true } });
    expect(judgeWebhookUrl('http://127.0.0.1:8080/x', ['127.0.0.1:8081'])).toMatchObject({ ok: false });
  });

  it('second layer: the filtering agent refuses a non-public address even when the pinned lookup hands it one', async () => {
    const before = receiver.connections;
    const error = await new Promise<Error>((resolve) => {
      const req = https.request({
        method: 'POST',
        host: 'pinned.example.com',
        port: receiver.port,
        path: '/',
        agent: new RequestFilteringHttpsAgent({ keepAlive: false }),
        lookup: pinnedLookup([{ address: '127.0.0.1', family: 4 }]),
      });
      req.on('error', resolve);
      req.on('response', () => resolve(new Error('unexpected response')));
      req.end();
    });
    expect(error.message).toMatch(/127\.0\.0\.1.*not allowed/);
    expect(receiver.connections).toBe(before);
  });
});
