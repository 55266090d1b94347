import net from 'node:net';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostResolver } from '../../adapters/webhooks/host-resolver.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * The SSRF corpus: hostile webhook URLs, refused at create, at test dispatch, and at connect time
 * (subscriptions written straight into the table, as if a name had been re-pointed after its check).
 * A trap listener on the loopback port the URLs aim at counts connections, and a guard on every socket
 * this process opens records (and for anything but loopback, refuses) each connection attempt, so a
 * regression shows up as a failed test and never as traffic to a private or public address.
 */

/** Names the injected resolver answers (nothing here uses real DNS). */
const PUBLIC_V4 = '93.184.216.34';
let rebindCalls = 0;
const DNS: Record<string, () => string[]> = {
  'localtest.me': () => ['127.0.0.1'],
  'sub.localtest.me': () => ['127.0.0.1'],
  'v6-loopback.example.com': () => ['::1'],
  'mapped.example.com': () => ['::ffff:127.0.0.1'],
  'compatible.example.com': () => ['::7f00:1'],
  'metadata.example.com': () => ['169.254.169.254'],
  'private10.example.com': () => ['10.0.0.5'],
  'private192.example.com': () => ['192.168.0.10'],
  'cgnat.example.com': () => ['100.64.1.1'],
  'unique-local.example.com': () => ['fd00::1'],
  'link-local6.example.com': () => ['fe80::1'],
  'zero.example.com': () => ['0.0.0.0'],
  'mixed.example.com': () => [PUBLIC_V4, '127.0.0.1'],
  'public.example.com': () => [PUBLIC_V4],
  // Public when the URL is checked, loopback afterwards: DNS rebinding.
  'rebind.example.com': () => (rebindCalls++ === 0 ? [PUBLIC_V4] : ['127.0.0.1']),
};
const resolver: HostResolver = async (hostname) => {
  const answer = DNS[hostname];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer().map((address) => ({ address, family: net.isIP(address) === 6 ? (6 as const) : (4 as const) }));
};

const corpus = (p: number): string[] => [
  // Loopback, every spelling.
  `https://127.0.0.1:${p}/hook`,
  `https://127.1:${p}/hook`,
  `https://2130706433:${p}/hook`,
  `https://0x7f000001:${p}/hook`,
  `https://0177.0.0.1:${p}/hook`,
  `https://0x7f.0.0.1:${p}/hook`,
  `https://0x7f.1:${p}/hook`,
  `https://127.000.000.001:${p}/hook`,
  `https://127.255.255.254:${p}/hook`,
  `https://0.0.0.0:${p}/hook`,
  `https://0:${p}/hook`,
  `https://[::1]:${p}/hook`,
  `https://[0:0:0:0:0:0:0:1]:${p}/hook`,
  `https://[::]:${p}/hook`,
  `https://[::ffff:127.0.0.1]:${p}/hook`,
  `https://[::ffff:7f00:1]:${p}/hook`,
  `https://[0:0:0:0:0:ffff:127.0.0.1]:${p}/hook`,
  `https://[64:ff9b::7f00:1]:${p}/hook`,
  `https://[2002:7f00:1::]:${p}/hook`,
  // IPv4-compatible IPv6 (::/96): loopback, metadata, private, and any IPv4 address carried that way.
  `https://[::7f00:1]:${p}/hook`,
  `https://[::127.0.0.1]:${p}/hook`,
  'https://[::a9fe:a9fe]/latest/meta-data/',
  'https://[::a00:1]/hook',
  'https://[::5db8:d822]/hook',
  // Private, link-local, CGNAT, unique-local, multicast, reserved.
  'https://10.0.0.1/hook',
  'https://10.255.255.255/hook',
  'https://172.16.0.1/hook',
  'https://172.31.255.254/hook',
  'https://192.168.1.1/hook',
  'https://169.254.169.254/latest/meta-data/',
  'https://100.64.0.1/hook',
  'https://100.127.255.254/hook',
  'https://224.0.0.1/hook',
  'https://255.255.255.255/hook',
  'https://192.0.2.1/hook',
  'https://[fc00::1]/hook',
  'https://[fd12:3456:789a::1]/hook',
  'https://[fe80::1]/hook',
  'https://[ff02::1]/hook',
  'https://[::ffff:10.0.0.1]/hook',
  'https://[::ffff:169.254.169.254]/hook',
  // Names that only mean something inside a network.
  `https://localhost:${p}/hook`,
  `https://LOCALHOST.:${p}/hook`,
  `https://localhost./hook`,
  `https://api.localhost:${p}/hook`,
  `https://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ:${p}/hook`,
  'https://printer.local/hook',
  'https://PRINTER.LOCAL./hook',
  'https://db.internal/hook',
  'https://metadata.google.INTERNAL./computeMetadata/v1/',
  'https://intranet/hook',
  // Names that resolve to internal addresses.
  `https://localtest.me:${p}/hook`,
  `https://SUB.localtest.me.:${p}/hook`,
  `https://v6-loopback.example.com:${p}/hook`,
  `https://mapped.example.com:${p}/hook`,
  `https://compatible.example.com:${p}/hook`,
  'https://metadata.example.com/latest/meta-data/',
  'https://private10.example.com/hook',
  'https://private192.example.com/hook',
  'https://cgnat.example.com/hook',
  'https://unique-local.example.com/hook',
  'https://link-local6.example.com/hook',
  `https://zero.example.com:${p}/hook`,
  `https://mixed.example.com:${p}/hook`,
  'https://does-not-resolve.example.com/hook',
  // Not https, or with credentials.
  `http://127.0.0.1:${p}/hook`,
  `http://public.example.com/hook`,
  `https://user:pass@public.example.com/hook`,
  `ftp://public.example.com/hook`,
];

interface ConnectAttempt {
  readonly host: string | undefined;
  readonly port: number | undefined;
}

describe('SSRF: hostile webhook URLs are never connected to', () => {
  let t: TestService;
  let m: TestMerchant;
  let trap: Server;
  let trapPort: number;
  let trapConnections = 0;
  let allowed: WebhookReceiver;
  const attempts: ConnectAttempt[] = [];
  const originalConnect = net.Socket.prototype.connect;

  const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address === 'localhost';

  beforeAll(async () => {
    trap = createServer((_req, res) => res.end('reached'));
    trap.on('connection', () => (trapConnections += 1));
    await new Promise<void>((resolve, reject) => {
      trap.once('error', reject);
      // Dual-stack where IPv6 exists, so 127.0.0.1, ::1 and ::ffff:127.0.0.1 all land here.
      trap.listen({ port: 0, host: '::', ipv6Only: false }, () => resolve());
    }).catch(
      () => new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', () => resolve())),
    );
    trapPort = (trap.address() as AddressInfo).port;
    allowed = await startWebhookReceiver();
    t = await startTestService({ webhookDevAllowedHosts: [allowed.host] }, undefined, { hostResolver: resolver });
    m = await createMerchant(t, 'ultimate');

    const dbPort = Number(new URL(t.db.url).port || 5432);
    // The guard: every socket this process connects, other than to the database.
    net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
      const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
      const options = (typeof first === 'object' && first !== null ? first : { port: first, host: args[1] }) as {
        host?: string;
        port?: number | string;
        path?: string;
        lookup?: (...a: any[]) => void;
      };
      const port = options.port === undefined ? undefined : Number(options.port);
      if (options.path || port === dbPort) return originalConnect.apply(this, args as never);
      attempts.push({ host: options.host, port });
      const refuse = () => {
        process.nextTick(() => this.destroy(new Error('connection refused by the test guard')));
        return this;
      };
      const host = options.host ?? 'localhost';
      if (net.isIP(host) !== 0 && !isLoopback(host)) return refuse();
      if (net.isIP(host) === 0 && options.lookup) {
        const lookup = options.lookup;
        options.lookup = (name: unknown, opts: unknown, callback: (...r: unknown[]) => void) =>
          lookup(name, opts, (error: unknown, address: unknown, family: unknown) => {
            const list = Array.isArray(address) ? (address as { address: string }[]).map((a) => a.address) : [address as string];
            if (!error && list.some((a) => !isLoopback(a))) return callback(new Error('refused by the test guard'));
            return callback(error, address, family);
          });
      } else if (net.isIP(host) === 0 && !isLoopback(host)) {
        return refuse();
      }
      return originalConnect.apply(this, args as never);
    } as typeof net.Socket.prototype.connect;
  });

  afterAll(async () => {
    net.Socket.prototype.connect = originalConnect;
    await t?.close();
    await allowed?.close();
    await new Promise<void>((resolve) => trap.close(() => resolve()));
  });

  it('the corpus has at least 40 hostile URLs', () => {
    expect(corpus(trapPort).length).toBeGreaterThanOrEqual(40);
  });

  it('control: the guard and a receiver do see a connection to an allow-listed development host', async () => {
    const sub = await t.api('POST', '/webhooks', m.liveKey, { url: allowed.url(), events: ['ping'] });
    expect(sub.status).toBe(201);
    const ping = await t.api('POST', `/webhooks/${sub.body.data.id}/test`, m.liveKey);
    expect(ping.body.data.success).toBe(true);
    expect(allowed.connections).toBe(1);
    expect(attempts.some((a) => a.port === allowed.port)).toBe(true);
    await t.api('DELETE', `/webhooks/${sub.body.data.id}`, m.liveKey);
    attempts.length = 0;
  });

  it('refuses every hostile URL at create and at patch with 400 validation_error on url', async () => {
    const ok = await t.api('POST', '/webhooks', m.liveKey, { url: 'https://public.example.com/hook', events: ['ping'] });
    expect(ok.status).toBe(201);
    for (const url of corpus(trapPort)) {
      const created = await t.api('POST', '/webhooks', m.liveKey, { url, events: ['conversion.created'] });
      expect(created.status, url).toBe(400);
      expect(created.body.error.code).toBe('validation_error');
      expect(created.body.error.details?.[0]?.field, url).toBe('url');
      const patched = await t.api('PATCH', `/webhooks/${ok.body.data.id}`, m.liveKey, { url });
      expect(patched.status, url).toBe(400);
    }
    await t.api('DELETE', `/webhooks/${ok.body.data.id}`, m.liveKey);
    expect(attempts).toEqual([]);
    expect(trapConnections).toBe(0);
  });

  it('accepts public https URLs (checked by resolving; nothing is sent)', async () => {
    for (const url of ['https://public.example.com/hook', `https://${PUBLIC_V4}/hook`, 'https://[2606:4700:4700::1111]/hook', 'https://PUBLIC.example.com./x?y=1']) {
      const created = await t.api('POST', '/webhooks', m.liveKey, { url, events: ['ping'] });
      expect(created.status, url).toBe(201);
      await t.api('DELETE', `/webhooks/${created.body.data.id}`, m.liveKey);
    }
    expect(attempts).toEqual([]);
  });

  it('at connect time: stored hostile URLs are blocked on delivery, on test and on resend, and none is reached', async () => {
    const hostile = await createMerchant(t, 'scale');
    const now = new Date((await t.admin('GET', '/clock')).body.data.now);
    const urls = corpus(trapPort);
    for (const [i, url] of urls.entries()) {
      await t.sql(
        `insert into webhook_subscriptions (id, merchant_id, mode, url, events, secret, active, consecutive_failures, max_retries, created_at, updated_at)
         values ($1, $2, 'live', $3, '["conversion.created"]', $4, true, 0, 0, $5, $5)`,
        [`01900000-0000-7000-8000-${String(i).padStart(12, '0')}`, hostile.id, url, 'a'.repeat(64), now],
      );
    }
    const c = t.service.container;
    const scope = c.resolve(TOKENS.RequestScope);
    const uow = c.resolve(TOKENS.UnitOfWork);
    const outbox = c.resolve(TOKENS.EventOutbox);
    await scope(() =>
      uow.transaction(() =>
        outbox.record([{ merchantId: hostile.id, mode: 'live', type: 'conversion.created', payload: { conversionId: 'x' }, occurredAt: now }]),
      ),
    );
    const ran = await t.admin('POST', '/jobs/run');
    expect(ran.status).toBe(200);
    const log = await t.sql<{ url: string; succeeded: boolean; http_status: number | null; error: string }>(
      `select a.url, a.succeeded, a.http_status, a.error from webhook_delivery_attempts a
       join webhook_subscriptions s on s.id = a.subscription_id where s.merchant_id = $1`,
      [hostile.id],
    );
    expect(log).toHaveLength(urls.length);
    for (const attempt of log) {
      expect(attempt.succeeded, attempt.url).toBe(false);
      expect(attempt.http_status).toBeNull();
      expect(attempt.error, attempt.url).toMatch(/^blocked: /);
    }
    const subs = (await t.api('GET', '/webhooks?limit=100', hostile.liveKey)).body.data as { id: string; url: string }[];
    expect(subs).toHaveLength(urls.length);
    for (const sub of subs) {
      const tested = await t.api('POST', `/webhooks/${sub.id}/test`, hostile.liveKey);
      expect(tested.status, sub.url).toBe(400);
      expect(tested.body.error.code).toBe('validation_error');
    }
    const [first] = (await t.api('GET', `/webhooks/${subs[0]!.id}/deliveries`, hostile.liveKey)).body.data;
    const resent = await t.api('POST', `/webhooks/${subs[0]!.id}/deliveries/${first.deliveryId}/resend`, hostile.liveKey);
    expect(resent.body.data).toMatchObject({ success: false, httpStatus: null, error: expect.stringMatching(/^blocked: /) });
    expect(attempts).toEqual([]);
    expect(trapConnections).toBe(0);
  });

  it('DNS rebinding: a name public at create that later resolves to loopback is blocked at connect time', async () => {
    rebindCalls = 0;
    const created = await t.api('POST', '/webhooks', m.liveKey, { url: `https://rebind.example.com:${trapPort}/hook`, events: ['conversion.created'] });
    expect(created.status).toBe(201);
    expect(rebindCalls).toBe(1);
    const ping = await t.api('POST', `/webhooks/${created.body.data.id}/test`, m.liveKey);
    expect(ping.status).toBe(400);
    expect(ping.body.error.details[0].message).toContain('127.0.0.1');
    const c = t.service.container;
    const now = new Date((await t.admin('GET', '/clock')).body.data.now);
    await c.resolve(TOKENS.RequestScope)(() =>
      c.resolve(TOKENS.UnitOfWork).transaction(() =>
        c.resolve(TOKENS.EventOutbox).record([{ merchantId: m.id, mode: 'live', type: 'conversion.created', payload: {}, occurredAt: now }]),
      ),
    );
    await t.admin('POST', '/jobs/run');
    const [attempt] = (await t.api('GET', `/webhooks/${created.body.data.id}/deliveries`, m.liveKey)).body.data;
    expect(attempt).toMatchObject({ success: false, httpStatus: null, error: expect.stringContaining('non-public address (127.0.0.1)') });
    expect(attempts).toEqual([]);
    expect(trapConnections).toBe(0);
  });
});
