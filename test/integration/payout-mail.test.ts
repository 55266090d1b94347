import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, clockOf, payableAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import type { TestCampaign } from '../support/program-mother.js';
import { linkIn, startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../support/smtp-receiver.js';
import { startTestService, type TestService } from '../support/test-service.js';

const MINUTE = 60_000;

/** The affiliate's `payout_completed` email for every way a payment completes, through a real SMTP relay. */
describe('payout completed email through a real SMTP relay', () => {
  let receiver: SmtpReceiver;
  let t: TestService;
  let m: TestMerchant;
  let campaign: TestCampaign;

  const emailOf = async (affiliateId: string) => (await t.sql('select email from affiliates where id = $1', [affiliateId]))[0].email as string;
  /** Runs the jobs twice: the payout job writes the message, the mail job (possibly first in a run) sends it. */
  const runTwice = async () => {
    await runJobs(t);
    await runJobs(t);
  };
  const paidMailsTo = (email: string): ReceivedMail[] => receiver.received.filter((r) => r.to.includes(email) && / paid you /.test(r.subject));
  const expectPaidMail = (mail: ReceivedMail | undefined, amount: string) => {
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Payday Goods paid you ${amount}`);
    const link = linkIn(mail!.text, '/payouts');
    expect(link).toBe(`http://localhost:3000/portal/m/${m.id}/payouts`);
    expect(mail!.text).toContain(`paid you ${amount} in commission`);
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.html).toContain(`paid you ${amount} in commission`);
  };

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    // Live payouts through the sandbox providers, so the automatic path runs without credentials.
    t = await startTestService({ smtpUrl: receiver.url, payoutLiveSandbox: true });
    m = await createMerchant(t, 'scale', { businessName: 'Payday Goods', automaticPayouts: true, payoutHoldingDays: 0 });
    campaign = await payoutCampaign(t, m);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('a payment the provider confirms: one email for the payment (not per row), with text, HTML and the portal link', async () => {
    const a = await payableAffiliate(t, m.id, campaign.id, 'wallet_a');
    const ids = [await approvedSale(t, m.liveKey, campaign.id, a.id, 10.1), await approvedSale(t, m.liveKey, campaign.id, a.id, 2.25)];
    await runTwice(); // sent to the wallet; it settles later
    for (const id of ids) expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'processing' });
    expect(paidMailsTo(await emailOf(a.id))).toEqual([]);
    await clockOf(t).advance(11 * MINUTE);
    await runTwice();
    for (const id of ids) expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'completed' });
    const mails = paidMailsTo(await emailOf(a.id));
    expect(mails).toHaveLength(1);
    expectPaidMail(mails[0], '12.35 USD');
    expect(mails[0]!.text).toContain('to your wallet');
    // Later runs send nothing more.
    await runTwice();
    expect(paidMailsTo(await emailOf(a.id))).toHaveLength(1);
  });

  it('rows the merchant marks paid: one email per affiliate and currency, and one for an operator mark-paid row', async () => {
    const manual = await createMerchant(t, 'scale', { businessName: 'Payday Goods', automaticPayouts: true, payoutHoldingDays: 0 });
    // A minimum no row reaches keeps them due for the merchant's own payment.
    expect((await t.api('PATCH', '/payout-settings', manual.liveKey, { minimumPayout: { usd: 1000, eur: 1000 } })).status).toBe(200);
    const k = await payoutCampaign(t, manual);
    const a = await payableAffiliate(t, manual.id, k.id, 'transfer_b');
    const usd = [await approvedSale(t, manual.liveKey, k.id, a.id, 40), await approvedSale(t, manual.liveKey, k.id, a.id, 2.5)];
    const eur = await approvedSale(t, manual.liveKey, k.id, a.id, 7, 'eur');
    const single = await approvedSale(t, manual.liveKey, k.id, a.id, 3);
    await runTwice(); // released to `scheduled`, held below the minimum
    const rowIds = async (conversionIds: string[]) => Promise.all(conversionIds.map(async (id) => (await payoutOf(t, manual.liveKey, id))!.id as string));
    const marked = await t.api('POST', '/payouts/mark-paid', manual.liveKey, { ids: await rowIds([...usd, eur]) });
    expect(marked.status).toBe(200);
    const [singleRow] = await rowIds([single]);
    expect((await t.admin('POST', `/payouts/${singleRow}/mark-paid`, { payoutMethod: 'transfer_b' })).status).toBe(200);
    await runTwice();
    const email = await emailOf(a.id);
    // Payment emails only (the affiliate also hears of each commission and its approval).
    const mails = paidMailsTo(email);
    expect(mails.map((r) => r.subject).sort()).toEqual(['Payday Goods paid you 3.00 USD', 'Payday Goods paid you 42.50 USD', 'Payday Goods paid you 7.00 EUR']);
    const byAmount = (amount: string) => mails.find((r) => r.subject.endsWith(amount));
    for (const amount of ['42.50 USD', '7.00 EUR', '3.00 USD']) {
      const mail = byAmount(amount)!;
      expect(linkIn(mail.text, '/payouts')).toBe(`http://localhost:3000/portal/m/${manual.id}/payouts`);
      expect(mail.html).toContain(`href="http://localhost:3000/portal/m/${manual.id}/payouts"`);
      expect(mail.text).toContain('by bank transfer');
    }
  });

  it('never sends from test mode: the message is recorded as suppressed', async () => {
    const a = await payableAffiliate(t, m.id, campaign.id, 'connect', 'test');
    const id = await approvedSale(t, m.testKey, campaign.id, a.id, 5);
    await runTwice();
    expect(await payoutOf(t, m.testKey, id)).toMatchObject({ status: 'completed' });
    const rows = await t.sql(`select status from mail_outbox where kind = 'payout_completed' and lower(recipient) = lower($1)`, [await emailOf(a.id)]);
    expect(rows).toEqual([{ status: 'suppressed' }]);
    expect(paidMailsTo(await emailOf(a.id))).toEqual([]);
  });
});
