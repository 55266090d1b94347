import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/index.js';
import { autoApprovalWorld, daysAgo, NOW } from './auto-approval-world.js';

describe('AutoApproveConversions (due job, in-memory stores)', () => {
  it("approves a pending sale once its campaign's period has passed, through the state machine: events, payout queued", async () => {
    const { campaign, affiliate, sale, job, stored, eventsOf, world, tenant } = await autoApprovalWorld();
    const weekly = campaign(7);
    const due = await sale({ campaignId: weekly, affiliateId: affiliate(weekly) }, { createdAt: daysAgo(7) });

    expect(await job.runDue(NOW)).toBe(1);

    expect(await stored(due)).toMatchObject({ status: 'approved', approvedAt: NOW, updatedAt: NOW, commission: new Decimal('10') });
    expect(eventsOf(due)).toEqual(['conversion.approved', 'conversion.updated']);
    for (const event of world.outbox.events) {
      expect(event).toMatchObject({ merchantId: tenant.merchantId, mode: 'live', occurredAt: NOW });
      expect(event.payload).toMatchObject({ conversionId: due.id, status: 'approved', commission: '10.00' });
    }
    expect(world.payouts.queued(due.id)).toEqual({ conversionId: due.id, amount: '10', queuedAt: NOW });
  });

  it("runs the approval's hooks as a manual approval does (the affiliate's mail, team goals), once per approved sale", async () => {
    const { campaign, affiliate, sale, job, heard } = await autoApprovalWorld();
    const weekly = campaign(7);
    const due = await sale({ campaignId: weekly, affiliateId: affiliate(weekly) }, { createdAt: daysAgo(7) });
    await sale({ campaignId: weekly, affiliateId: affiliate(weekly) }, { createdAt: daysAgo(6) });
    await sale({ campaignId: weekly, affiliateId: affiliate(weekly, 'pending') }, { createdAt: daysAgo(9) });

    await job.runDue(NOW);
    await job.runDue(NOW);

    expect(heard).toEqual([`${due.id}:approved`]);
  });

  it('approves without queueing a payout for a merchant who pays by hand', async () => {
    const { campaign, affiliate, sale, job, stored, queueCalls, world } = await autoApprovalWorld({ automaticPayouts: false });
    const weekly = campaign(7);
    const due = await sale({ campaignId: weekly, affiliateId: affiliate(weekly) }, { createdAt: daysAgo(8) });
    expect(await job.runDue(NOW)).toBe(1);
    expect((await stored(due)).status).toBe('approved');
    expect(queueCalls(due)).toEqual([]);
    expect(world.payouts.queued(due.id)).toBeUndefined();
  });

  it('leaves a sale pending until the last millisecond of its period, then approves it', async () => {
    const { campaign, affiliate, sale, job, stored, eventsOf } = await autoApprovalWorld();
    const weekly = campaign(7);
    const early = await sale({ campaignId: weekly, affiliateId: affiliate(weekly) }, { createdAt: daysAgo(7, 1) });
    expect(await job.runDue(NOW)).toBe(0);
    expect((await stored(early)).status).toBe('pending');
    expect(eventsOf(early)).toEqual([]);
    expect(await job.runDue(new Date(NOW.getTime() + 1))).toBe(1);
    expect((await stored(early)).status).toBe('approved');
  });

  it('never approves a sale of a campaign without automatic approval', async () => {
    const { campaign, affiliate, sale, job, stored, eventsOf } = await autoApprovalWorld();
    const manual = campaign(null);
    const old = await sale({ campaignId: manual, affiliateId: affiliate(manual) }, { createdAt: daysAgo(3650) });
    expect(await job.runDue(NOW)).toBe(0);
    expect((await stored(old)).status).toBe('pending');
    expect(eventsOf(old)).toEqual([]);
  });

  it('never approves a sale a risk signal flagged; once the flag is gone, it does', async () => {
    const { campaign, affiliate, sale, flag, job, stored, eventsOf, queueCalls } = await autoApprovalWorld();
    const weekly = campaign(7);
    const flagged = await sale({ campaignId: weekly, affiliateId: affiliate(weekly) }, { createdAt: daysAgo(30) });
    await flag(flagged);
    expect(await job.runDue(NOW)).toBe(0);
    expect((await stored(flagged)).status).toBe('pending');
    expect(eventsOf(flagged)).toEqual([]);
    expect(queueCalls(flagged)).toEqual([]);
    await flag(flagged, false);
    expect(await job.runDue(NOW)).toBe(1);
    expect((await stored(flagged)).status).toBe('approved');
  });

  it('never approves imported history (it waits for the merchant)', async () => {
    const { campaign, affiliate, sale, job, stored, eventsOf } = await autoApprovalWorld();
    const weekly = campaign(7);
    const imported = await sale({ campaignId: weekly, affiliateId: affiliate(weekly) }, { createdAt: daysAgo(30), source: 'import' });
    expect(await job.runDue(NOW)).toBe(0);
    expect((await stored(imported)).status).toBe('pending');
    expect(eventsOf(imported)).toEqual([]);
  });

  it('leaves pending (neither approves nor rejects) the sales the rule excludes: tracking script, 5x guard, zero sale', async () => {
    const { campaign, affiliate, sale, job, stored, eventsOf } = await autoApprovalWorld();
    const weekly = campaign(7);
    const where = { campaignId: weekly, affiliateId: affiliate(weekly) };
    const excluded = [
      await sale(where, { createdAt: daysAgo(30), source: 'tracking_script' }),
      await sale(where, { createdAt: daysAgo(30), amount: new Decimal('10'), percent: 501 }),
      await sale(where, { createdAt: daysAgo(30), amount: new Decimal('0') }),
    ];
    expect(await job.runDue(NOW)).toBe(0);
    for (const c of excluded) {
      expect((await stored(c)).status).toBe('pending');
      expect(eventsOf(c)).toEqual([]);
    }
  });

  it("leaves pending a sale whose affiliate's membership is not approved (pending, suspended, rejected, none), and approves it once it is", async () => {
    const { campaign, affiliate, sale, job, stored, eventsOf, world, tenant } = await autoApprovalWorld();
    const weekly = campaign(7);
    const left = [];
    for (const status of ['pending', 'suspended', 'rejected', null] as const) {
      left.push(await sale({ campaignId: weekly, affiliateId: affiliate(weekly, status) }, { createdAt: daysAgo(30) }));
    }
    expect(await job.runDue(NOW)).toBe(0);
    for (const c of left) {
      expect((await stored(c)).status).toBe('pending');
      expect(eventsOf(c)).toEqual([]);
    }
    const [joining] = left;
    world.programs.setMembership({ ...tenant, campaignId: weekly, affiliateId: joining!.affiliateId, status: 'approved' });
    expect(await job.runDue(NOW)).toBe(1);
    expect((await stored(joining!)).status).toBe('approved');
  });

  it('touches no sale in another status, however old', async () => {
    const { campaign, affiliate, sale, job, stored, eventsOf } = await autoApprovalWorld();
    const weekly = campaign(7);
    const where = { campaignId: weekly, affiliateId: affiliate(weekly) };
    for (const status of ['held', 'rejected', 'approved', 'paid'] as const) {
      const c = await sale(where, { createdAt: daysAgo(30), status });
      expect(await job.runDue(NOW)).toBe(0);
      expect((await stored(c)).status).toBe(status);
      expect(eventsOf(c)).toEqual([]);
    }
  });

  it('approves nothing twice: a second run writes no event and queues no payout again', async () => {
    const { campaign, affiliate, sale, job, stored, eventsOf, queueCalls, world } = await autoApprovalWorld();
    const weekly = campaign(7);
    const due = await sale({ campaignId: weekly, affiliateId: affiliate(weekly) }, { createdAt: daysAgo(10) });
    expect(await job.runDue(NOW)).toBe(1);
    const first = await stored(due);
    expect(await job.runDue(new Date(NOW.getTime() + 86_400_000))).toBe(0);
    expect(await stored(due)).toEqual(first);
    expect(eventsOf(due)).toEqual(['conversion.approved', 'conversion.updated']);
    expect(queueCalls(due)).toEqual([`queue:${due.id}`]);
    expect(world.payouts.queued(due.id)?.queuedAt).toEqual(NOW);
  });

  it('pages past a full batch of sales it leaves pending to approve the ones behind them, each once', async () => {
    const { campaign, affiliate, sale, flag, job, stored, claims, eventsOf } = await autoApprovalWorld();
    const weekly = campaign(7);
    const where = { campaignId: weekly, affiliateId: affiliate(weekly) };
    // The oldest 250 are flagged (more than one batch of 200), then 230 approvable sales.
    const flagged = [];
    for (let i = 0; i < 250; i += 1) flagged.push(await sale(where, { createdAt: daysAgo(60, i * 1000) }));
    for (const c of flagged) await flag(c);
    const approvable = [];
    for (let i = 0; i < 230; i += 1) approvable.push(await sale(where, { createdAt: daysAgo(30, i * 1000) }));

    expect(await job.runDue(NOW)).toBe(230);
    for (const c of approvable) {
      expect((await stored(c)).status).toBe('approved');
      expect(eventsOf(c)).toEqual(['conversion.approved', 'conversion.updated']);
    }
    for (const c of flagged) expect((await stored(c)).status).toBe('pending');
    // 480 rows in batches of 200: three claims, each after the last row of the one before.
    expect(claims).toEqual([null, flagged[199]!.id, approvable[149]!.id]);
  });
});
