import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, clockOf, DAY, headlessAffiliate, payableAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import type { TestCampaign } from '../support/program-mother.js';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Affiliates owed commission without payout details hear about it, at most once a week. */
describe('payout details needed: the weekly reminder', () => {
  let receiver: SmtpReceiver;
  let t: TestService;
  let m: TestMerchant;
  let campaign: TestCampaign;

  const emailOf = async (affiliateId: string) => (await t.sql('select email from affiliates where id = $1', [affiliateId]))[0].email as string;
  const remindersTo = async (affiliateId: string) => {
    const email = await emailOf(affiliateId);
    return receiver.received.filter((r) => r.to.includes(email) && r.subject.includes('add your payout details'));
  };
  /** The payout and reminder jobs write the message; the mail job (possibly earlier in a run) sends it. */
  const runTwice = async () => {
    await runJobs(t);
    await runJobs(t);
  };

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    t = await startTestService({ smtpUrl: receiver.url });
    m = await createMerchant(t, 'scale', { businessName: 'Remind Me Inc', automaticPayouts: true, payoutHoldingDays: 0 });
    campaign = await payoutCampaign(t, m);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('one email (text and HTML, link to the payout-details page) per affiliate, again only after 7 days, never once details are saved', async () => {
    const waiting = await payableAffiliate(t, m.id, campaign.id, null);
    const withDetails = await payableAffiliate(t, m.id, campaign.id, 'wallet_a');
    const headless = await headlessAffiliate(t, m.liveKey, campaign.id);
    const sales = [
      await approvedSale(t, m.liveKey, campaign.id, waiting.id, 10.1),
      await approvedSale(t, m.liveKey, campaign.id, waiting.id, 2.25),
      await approvedSale(t, m.liveKey, campaign.id, waiting.id, 7, 'eur'),
    ];
    await approvedSale(t, m.liveKey, campaign.id, withDetails.id, 5);
    await approvedSale(t, m.liveKey, campaign.id, headless.id, 5);

    await runTwice();
    for (const id of sales) expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'pending' });
    const [first, ...more] = await remindersTo(waiting.id);
    expect(more).toEqual([]);
    expect(first!.subject).toBe('Remind Me Inc: add your payout details to receive 7.00 EUR and 12.35 USD');
    const link = linkIn(first!.text, '/payout-details');
    expect(link).toBe(`http://localhost:3000/portal/m/${m.id}/payout-details`);
    expect(first!.text).toContain('You have 7.00 EUR and 12.35 USD in commission from Remind Me Inc waiting, but no payout details yet.');
    expect(first!.html).toContain(`href="${link}"`);
    expect(first!.html).toContain('but no payout details yet.');
    // Nobody else: the affiliate with details is paid (or waits for credentials), a headless one is the merchant's to pay.
    expect(await remindersTo(withDetails.id)).toEqual([]);
    expect(await t.sql(`select 1 from mail_outbox where kind = 'payout_details_needed' and lower(recipient) = lower($1)`, [headless.email])).toEqual([]);

    // Within the week: nothing more, however often the jobs run.
    await clockOf(t).advance(6 * DAY);
    await runTwice();
    expect(await remindersTo(waiting.id)).toHaveLength(1);
    // A week later: once more.
    await clockOf(t).advance(DAY + 60_000);
    await runTwice();
    await runTwice();
    expect(await remindersTo(waiting.id)).toHaveLength(2);

    // Details saved: the rows move on and no reminder follows.
    expect((await t.admin('POST', `/affiliates/${waiting.id}/payout-details`, { method: 'wallet_a', email: 'late@example.com' })).status).toBe(200);
    await runTwice();
    expect(await payoutOf(t, m.liveKey, sales[0]!)).not.toMatchObject({ status: 'pending' });
    await clockOf(t).advance(8 * DAY);
    await runTwice();
    expect(await remindersTo(waiting.id)).toHaveLength(2);
    expect(await t.sql(`select count(*)::int as n from payout_details_reminders where affiliate_id = $1`, [waiting.id])).toEqual([{ n: 1 }]);
  });
});
