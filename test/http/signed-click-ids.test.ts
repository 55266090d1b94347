import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createAffiliate } from '../support/campaign-mother.js';
import { cardEvent, cardIntegration, customer, deliver, events, paidSession } from '../support/card-events.js';
import { clockOf } from '../support/payout-mother.js';
import { providerProgram, type ProviderProgram } from '../support/provider-program.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** The socket peer the in-process app reads (as `TestService.request` passes it). */
const PEER = { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 40_001, remoteFamily: 'IPv4' } } };

/**
 * A click id is a signed token: a sale naming it attributes whether or not the click's row has been
 * written. The batch interval here is an hour, so no click row is written unless a test flushes.
 */
describe('signed click ids', () => {
  let t: TestService;
  let p: ProviderProgram;
  let card: { id: string; secret: string };

  beforeAll(async () => {
    t = await startTestService({ batchIntervalMs: 3_600_000 });
    p = await providerProgram(t);
    card = await cardIntegration(t, p.merchant.liveKey);
  });
  afterAll(() => t.close());

  /** The redirect, without the test helper's flush: the click stays queued in memory. */
  const redirect = async (trackingLink: string): Promise<string> => {
    const res = await t.service.app.request(new URL(trackingLink).pathname, { headers: { 'user-agent': `visitor ${randomUUID()}` } }, PEER);
    expect(res.status).toBe(302);
    const clickId = new URL(res.headers.get('location') ?? '').searchParams.get('click_id');
    if (!clickId) throw new Error('no click id');
    return clickId;
  };
  const rowsOf = async (clickId: string) => (await t.sql('select count(*)::int as n from clicks where id = $1', [clickId.slice(0, 36)]))[0].n as number;
  /** A paid checkout carrying `clickId`, as its events-log entry (outcome, reason, conversion). */
  const sale = async (clickId: string) => {
    const event = cardEvent('checkout.session.completed', paidSession({ amountTotal: 10_000, clickId }));
    expect((await deliver(t, card.id, event, card.secret)).status).toBe(200);
    return (await events(t, p.merchant, card.id)).find((e) => e.providerEventId === event.id);
  };
  const flush = () => t.service.container.resolve(TOKENS.ClickWriter).flush();

  it('a notification right after the redirect, before the click is written, is attributed by the click', async () => {
    const clickId = await redirect(p.affiliate.trackingLink);
    expect(await rowsOf(clickId)).toBe(0);
    const res = await sale(clickId);
    expect(res).toMatchObject({ outcome: 'created', reason: `attributed by click ${clickId}` });
    const conversion = (await t.api('GET', `/conversions/${res?.conversionId}`, p.merchant.liveKey)).body.data;
    expect(conversion).toMatchObject({ affiliateId: p.affiliate.id, campaignId: p.campaign.id, clickId });
    // Still unwritten: the attribution read no click row.
    expect(await rowsOf(clickId)).toBe(0);
  });

  it('the tracking script keeps, and sells through, a click not written yet', async () => {
    const clickId = await redirect(p.affiliate.trackingLink);
    const check = await t.request('GET', `/t/v1/clicks/${clickId}?merchantId=${p.merchant.id}`);
    expect(check.status).toBe(200);
    expect(check.body.data.clickId).toBe(clickId);
    const sold = await t.request('POST', '/t/v1/sales', { body: { merchantId: p.merchant.id, clickId, orderId: `order-${randomUUID()}`, amount: 30 } });
    expect(sold.status).toBe(201);
    expect(await rowsOf(clickId)).toBe(0);
  });

  it('a lead linked before the click is written finds its click once it is (the click id names the row)', async () => {
    const clickId = await redirect(p.affiliate.trackingLink);
    const linked = await deliver(t, card.id, cardEvent('customer.created', customer({ clickId })), card.secret);
    expect(linked.body.data.outcome).toBe('customer_linked');
    const leadOf = async () => ((await t.api('GET', '/customers?limit=100', p.merchant.liveKey)).body.data as { clickId: string; clickedAt: string | null }[]).find((l) => l.clickId === clickId);
    expect(await leadOf()).toMatchObject({ clickId, clickedAt: null });
    await flush();
    const [row] = await t.sql('select created_at from clicks where id = $1', [clickId.slice(0, 36)]);
    expect((await leadOf())?.clickedAt).toBe(new Date(row.created_at).toISOString());
  });

  it('a forged or altered click id is not attributed, and the tracking script does not keep it', async () => {
    const clickId = await redirect(p.affiliate.trackingLink);
    const [rowId, signed = ''] = [clickId.slice(0, 36), clickId.slice(37)];
    const raw = Buffer.from(signed, 'base64url');
    // Claims altered to another affiliate of the merchant, the signature kept.
    const other = await createAffiliate(t, p.merchant.liveKey, p.campaign.id);
    const altered = Buffer.from(raw);
    Buffer.from(other.id.replaceAll('-', ''), 'hex').copy(altered, 34);
    // One bit of the signature flipped; a signature made up from nothing.
    const flipped = Buffer.from(raw);
    flipped[flipped.length - 1] = (flipped.at(-1) ?? 0) ^ 1;
    const madeUp = Buffer.concat([raw.subarray(0, 56), Buffer.alloc(16)]);
    for (const forged of [altered, flipped, madeUp].map((b) => `${rowId}_${b.toString('base64url')}`)) {
      expect(forged).not.toBe(clickId);
      expect(await sale(forged)).toMatchObject({ outcome: 'unattributed', reason: expect.stringContaining(`click ${forged} is not one of this merchant's clicks`) });
      expect((await t.request('GET', `/t/v1/clicks/${forged}?merchantId=${p.merchant.id}`)).status).toBe(404);
    }
    // Even once the click's row is written, an altered id is not the click.
    await flush();
    expect((await sale(`${rowId}_${altered.toString('base64url')}`))?.outcome).toBe('unattributed');
    expect((await sale(clickId))?.outcome).toBe('created');
  });

  it("another merchant's click id, though signed, attributes nothing here", async () => {
    const elsewhere = await providerProgram(t);
    const clickId = await redirect(elsewhere.affiliate.trackingLink);
    expect(await sale(clickId)).toMatchObject({ outcome: 'unattributed', reason: expect.stringContaining("is not one of this merchant's clicks") });
  });

  it('a click id issued before ids were signed (a bare uuid) still attributes through its row', async () => {
    const id = randomUUID();
    await t.sql('insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, created_at) values ($1, $2, $3, $4, $5, $6, now())', [
      id,
      p.merchant.id,
      'live',
      p.campaign.id,
      p.affiliate.id,
      'f'.repeat(64),
    ]);
    expect(await sale(id)).toMatchObject({ outcome: 'created', reason: `attributed by click ${id}` });
  });

  it('the attribution window still applies to a signed id', async () => {
    const clickId = await redirect(p.affiliate.trackingLink);
    await clockOf(t).advance(31 * 86_400_000);
    expect(await sale(clickId)).toMatchObject({ outcome: 'unattributed', reason: expect.stringContaining("outside the campaign's 30-day attribution window") });
  });
});
