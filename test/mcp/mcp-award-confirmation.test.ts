import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion } from '../support/program-mother.js';
import { createGoal, createTeam, runJobs, setClock, staffTeam } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { callTool, connectAssistant, listen } from './support.js';

describe('award actions through the assistant: preview, then confirm', () => {
  let t: TestService;
  let http: { baseUrl: string; close(): Promise<void> };
  let merchant: TestMerchant;
  let other: TestMerchant;
  let team: { id: string };
  let campaignId: string;
  let memberId: string;
  let live: Client;
  let otherLive: Client;

  beforeAll(async () => {
    t = await startTestService();
    http = await listen(t);
    await setClock(t, '2031-01-05T10:00:00.000Z');
    merchant = await createMerchant(t, 'scale');
    other = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, merchant);
    const member = await createAffiliate(t, merchant.liveKey, campaign.id);
    campaignId = campaign.id;
    memberId = member.id;
    team = await createTeam(t, merchant);
    await staffTeam(t, merchant, team.id, [member.id], [campaign.id]);
    await createGoal(t, merchant, team.id, { targetValue: 100, bonusValue: 50, refundSafeDays: 7 });
    expect((await postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: member.id, amount: 150 })).status).toBe(201);
    await setClock(t, '2031-02-01T00:00:05.000Z');
    await runJobs(t);
    await setClock(t, '2031-02-08T00:00:05.000Z');
    await runJobs(t);
    live = await connectAssistant(http.baseUrl, merchant.liveKey);
    otherLive = await connectAssistant(http.baseUrl, other.liveKey);
  });
  afterAll(async () => {
    await live?.close();
    await otherLive?.close();
    await http?.close();
    await t?.close();
  });

  it('previews approving an award with what it then owes, and approves it with the token', async () => {
    const [award] = (await t.api('GET', `/teams/${team.id}/awards`, merchant.liveKey)).body.data;
    expect(award.status).toBe('pending_approval');
    const first = (await live.callTool({ name: 'update_team_award', arguments: { id: team.id, awardId: award.id, action: 'approve' } })) as CallToolResult;
    const answer = first.structuredContent as any;
    expect(answer.preview.rows).toEqual([expect.objectContaining({ type: 'award', id: award.id, before: expect.objectContaining({ status: 'pending_approval' }), after: expect.objectContaining({ status: 'approved' }), owedBefore: '0', owedAfter: '50' })]);
    expect(answer.preview.totals).toEqual([{ currency: 'usd', rows: 1, owedBefore: '0', owedAfter: '50', change: '50' }]);
    expect((await t.api('GET', `/teams/${team.id}/awards`, merchant.liveKey)).body.data[0].status).toBe('pending_approval');

    // Another merchant's member sees no such award, with or without this merchant's token.
    expect((await callTool(otherLive, 'update_team_award', { id: team.id, awardId: award.id, action: 'approve' })).error?.code).toBe('not_found');
    const borrowed = await callTool(otherLive, 'update_team_award', { id: team.id, awardId: award.id, action: 'approve', confirmationToken: answer.confirmationToken });
    expect(borrowed.error?.code).toBe('not_found');

    const done = await callTool(live, 'update_team_award', { id: team.id, awardId: award.id, action: 'approve', confirmationToken: answer.confirmationToken });
    expect(done.isError).toBe(false);
    expect((await t.api('GET', `/teams/${team.id}/awards`, merchant.liveKey)).body.data[0].status).toBe('approved');
    // Approving again changes nothing, and the preview says so.
    const again = await callTool(live, 'update_team_award', { id: team.id, awardId: award.id, action: 'approve' });
    expect(JSON.parse(again.text).preview.totals).toEqual([{ currency: 'usd', rows: 1, owedBefore: '50', owedAfter: '50', change: '0' }]);
  });

  it('previews a rate override per affiliate, refuses the token once the rates changed, and sets it when confirmed', async () => {
    const args = { id: team.id, campaignId, affiliateIds: [memberId], commissionType: 'percentage', commissionValue: 15 };
    const first = (await live.callTool({ name: 'set_team_overrides', arguments: args })) as CallToolResult;
    const answer = first.structuredContent as any;
    expect(answer.preview.rows).toEqual([expect.objectContaining({ type: 'rate', id: memberId, currency: null, after: { campaignId, rate: '15%' } })]);
    expect(answer.preview.rows[0].before.rate).not.toBe('15%');
    // Someone else sets another rate meanwhile: the preview no longer holds.
    expect((await t.api('POST', `/teams/${team.id}/overrides`, merchant.liveKey, { ...args, id: undefined, commissionValue: 12 })).status).toBe(200);
    const stale = await callTool(live, 'set_team_overrides', { ...args, confirmationToken: answer.confirmationToken });
    expect(stale.error?.code).toBe('stale_preview');

    const fresh = (await live.callTool({ name: 'set_team_overrides', arguments: args })) as CallToolResult;
    expect((fresh.structuredContent as any).preview.rows[0].before.rate).toBe('12%');
    const done = await callTool(live, 'set_team_overrides', { ...args, confirmationToken: (fresh.structuredContent as any).confirmationToken });
    expect(done.data).toMatchObject({ updated: 1 });
  });
});
