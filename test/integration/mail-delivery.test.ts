import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPino } from '../../adapters/logging/pino-logger.js';
import { buildService } from '../../bootstrap/service.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { idleInTransaction } from '../support/open-transactions.js';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.js';
import { createScratchDatabase } from '../support/test-database.js';
import { startTestService, type TestService } from '../support/test-service.js';

const mailOf = async (t: TestService, to: string) => {
  const list = (await t.admin('GET', '/mail?limit=100')).body.data as any[];
  return list.filter((m) => m.to === to);
};

describe('mail through a real SMTP relay', () => {
  let receiver: SmtpReceiver;
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string; name: string };

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    t = await startTestService({ smtpUrl: receiver.url, mailFrom: 'Affiliates <affiliates@service.example>' });
    m = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m.liveKey, { name: 'Spring sale' });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const runJobs = async () => (await t.admin('POST', '/jobs/run')).body.data as Record<string, number>;

  it('sends an invitation with a text and an HTML part and records the relay answer', async () => {
    const email = uniqueEmail('invitee');
    const invited = await t.api('POST', '/affiliates/invite', m.liveKey, { email, name: 'Ivy', campaignId: campaign.id });
    expect(invited.status).toBe(201);
    const [queued] = await mailOf(t, email);
    expect(queued).toMatchObject({ kind: 'affiliate_invitation', status: 'queued', attempts: 0, sentAt: null });

    const before = receiver.received.length;
    expect((await runJobs())['mail-delivery']).toBeGreaterThanOrEqual(1);
    const got = receiver.received.slice(before).find((r) => r.to.includes(email));
    expect(got).toBeDefined();
    expect(got!.from).toBe('affiliates@service.example');
    expect(got!.subject).toContain('Spring sale');
    const accept = linkIn(got!.text, '/invitations/');
    expect(accept).toBe(`http://localhost:3000/portal/m/${m.id}/invitations/${invited.body.data.id}`);
    expect(got!.html).toContain(`href="${accept}"`);
    expect(got!.text).toContain('Hello Ivy,');

    const [sent] = await mailOf(t, email);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent.providerResponse).toMatch(/^250/);
    expect(sent.sentAt).not.toBeNull();
    // Sent once: another run sends nothing more.
    await runJobs();
    expect(receiver.received.filter((r) => r.to.includes(email))).toHaveLength(1);
  });

  it('keeps a message refused for now queued with a backoff, then sends it when the relay recovers', async () => {
    const email = uniqueEmail('later');
    receiver.refuse = { code: 451, message: 'try again later' };
    await t.api('POST', '/affiliates/invite', m.liveKey, { email, campaignId: campaign.id });
    await runJobs();
    let [row] = await mailOf(t, email);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lastError).toContain('try again later');
    const now = new Date((await t.admin('GET', '/clock')).body.data.now).getTime();
    expect(new Date(row.nextAttemptAt).getTime() - now).toBeGreaterThanOrEqual(59_000);

    receiver.refuse = null;
    await runJobs(); // not due yet
    [row] = await mailOf(t, email);
    expect(row.attempts).toBe(1);
    await t.admin('POST', '/clock', { now: new Date(now + 61_000).toISOString() });
    await runJobs();
    [row] = await mailOf(t, email);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(receiver.received.filter((r) => r.to.includes(email))).toHaveLength(1);
  });

  it('marks a permanently refused message failed; the operator can queue it again', async () => {
    const email = uniqueEmail('refused');
    receiver.refuse = { code: 550, message: 'mailbox unavailable' };
    await t.api('POST', '/affiliates/invite', m.liveKey, { email, campaignId: campaign.id });
    await runJobs();
    receiver.refuse = null;
    let [row] = await mailOf(t, email);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect((await t.admin('GET', '/mail?status=failed')).body.data.map((x: any) => x.id)).toContain(row.id);

    const again = await t.admin('POST', `/mail/${row.id}/retry`);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await t.admin('POST', `/mail/${row.id}/retry`)).body.error.code).toBe('invalid_transition');
    await runJobs();
    [row] = await mailOf(t, email);
    expect(row.status).toBe('sent');
    expect((await t.admin('POST', `/mail/00000000-0000-7000-8000-000000000000/retry`)).status).toBe(404);
  });

  it('hands a message to the relay with no transaction open, and records the answer after', async () => {
    const email = uniqueEmail('outside');
    await t.api('POST', '/affiliates/invite', m.liveKey, { email, campaignId: campaign.id });
    const open: number[] = [];
    receiver.beforeAccept = async () => {
      open.push(await idleInTransaction(t));
    };
    try {
      await runJobs();
    } finally {
      receiver.beforeAccept = null;
    }
    expect(open.length).toBeGreaterThanOrEqual(1);
    expect(open.filter((n) => n > 0)).toEqual([]);
    const [row] = await mailOf(t, email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('never sends a test-mode message', async () => {
    const email = uniqueEmail('test-mode');
    const scope = t.service.container.resolve(TOKENS.RequestScope);
    const uow = t.service.container.resolve(TOKENS.UnitOfWork);
    const mailer = t.service.container.resolve(TOKENS.Mailer);
    await scope(() => uow.transaction(() => mailer.send({ merchantId: m.id, kind: 'affiliate_invitation', to: email, subject: 's', text: 'x', mode: 'test' })));
    await runJobs();
    const [row] = await mailOf(t, email);
    expect(row).toMatchObject({ status: 'suppressed', attempts: 0, sentAt: null });
    expect(receiver.received.filter((r) => r.to.includes(email))).toHaveLength(0);
  });

  it('filters the outbox by merchant and status and pages it', async () => {
    const list = await t.admin('GET', `/mail?merchantId=${m.id}&status=sent&limit=1`);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ merchantId: m.id, status: 'sent' });
    expect(list.body.pagination.total).toBeGreaterThanOrEqual(3);
    expect(list.body.data[0]).not.toHaveProperty('text');
    expect((await t.admin('GET', '/mail?status=lost')).status).toBe(400);
  });
});

describe('mail while the relay is down', () => {
  it('retries until the relay is back: nothing is lost', async () => {
    // A port with nothing listening: connection refused.
    const probe = await startSmtpReceiver();
    const port = probe.port;
    await probe.close();
    const t = await startTestService({ smtpUrl: `smtp://127.0.0.1:${port}` });
    let receiver: SmtpReceiver | null = null;
    try {
      const m = await createMerchant(t, 'scale');
      const campaign = await createCampaign(t, m.liveKey);
      const email = uniqueEmail('down');
      await t.api('POST', '/affiliates/invite', m.liveKey, { email, campaignId: campaign.id });
      await t.admin('POST', '/jobs/run');
      let [row] = await mailOf(t, email);
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);

      receiver = await startSmtpReceiver(port);
      const now = new Date((await t.admin('GET', '/clock')).body.data.now).getTime();
      await t.admin('POST', '/clock', { now: new Date(now + 61_000).toISOString() });
      await t.admin('POST', '/jobs/run');
      [row] = await mailOf(t, email);
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      expect(receiver.received.map((r) => r.to[0])).toEqual([email]);
    } finally {
      await t.close();
      await receiver?.close();
    }
  });
});

describe('mail without SMTP_URL', () => {
  it('keeps messages in the outbox and logs one line with the link', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const db = await createScratchDatabase();
    const t = await startTestService({ smtpUrl: null }, db);
    try {
      // The test service logs silently; a second service on the same database logs into `lines`.
      const config = { ...t.config, logLevel: 'info' };
      const logged = await buildService(config, db.url, createPino('info', sink));
      try {
        const m = await createMerchant(t, 'scale');
        const campaign = await createCampaign(t, m.liveKey);
        const email = uniqueEmail('local');
        const res = await logged.app.request('/api/v1/affiliates/invite', {
          method: 'POST',
          headers: { authorization: `Bearer ${m.liveKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ email, campaignId: campaign.id }),
        });
        expect(res.status).toBe(201);
        const id = ((await res.json()) as any).data.id;
        expect((await t.admin('POST', '/jobs/run')).body.data).not.toHaveProperty('mail-delivery');
        const [row] = await mailOf(t, email);
        expect(row).toMatchObject({ status: 'queued', attempts: 0 });
        const notice = lines.filter((l) => l.includes('SMTP_URL is not set'));
        expect(notice).toHaveLength(1);
        expect(JSON.parse(notice[0]!).msg).toBe(
          `mail kept in the outbox (SMTP_URL is not set): affiliate_invitation to ${email} http://localhost:3000/portal/m/${m.id}/invitations/${id}`,
        );
      } finally {
        await logged.close();
      }
    } finally {
      await t.close();
      await db.drop();
    }
  });
});

