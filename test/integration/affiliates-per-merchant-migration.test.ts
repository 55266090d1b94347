import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPLIT_SHARED_AFFILIATES } from '../../adapters/persistence/migrations/Migration20261128040001AffiliatesPerMerchant.js';
import { createAffiliate, createCampaign, insertConversion } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * Before affiliates belonged to one merchant, one record could hold memberships, sales and sessions
 * at several merchants. The migration's split gives each other merchant a record of its own.
 */
describe('splitting an affiliate shared by two merchants', () => {
  let t: TestService;
  let a: TestMerchant;
  let b: TestMerchant;
  let shared: { id: string; email: string; trackingLink: string };
  let campaignB: { id: string; trackingCode: string };
  let copyId: string;

  beforeAll(async () => {
    t = await startTestService();
    a = await createMerchant(t, 'scale');
    b = await createMerchant(t, 'scale');
    const campaignA = await createCampaign(t, a.liveKey);
    campaignB = await createCampaign(t, b.liveKey);
    shared = await createAffiliate(t, a.liveKey, campaignA.id, { name: 'Shared Sam' });
    await t.sql(`update affiliates set payout_method = 'wallet_a', payout_email = 'sam@pay.example' where id = $1`, [shared.id]);
    await insertConversion(t, { merchantId: a.id, affiliateId: shared.id, campaignId: campaignA.id, amount: '10', commission: '1' });

    // The old shared state at B (the old schema had no per-merchant link to break).
    await t.sql('alter table affiliate_memberships drop constraint affiliate_memberships_affiliate_merchant_fkey');
    await t.sql(
      `insert into affiliate_memberships (id, merchant_id, mode, campaign_id, affiliate_id, status, joined_at, decided_at, updated_at)
       values ($1, $2, 'live', $3, $4, 'approved', now(), now(), now())`,
      [randomUUID(), b.id, campaignB.id, shared.id],
    );
    await insertConversion(t, { merchantId: b.id, affiliateId: shared.id, campaignId: campaignB.id, amount: '50', commission: '5' });
    await t.sql(
      `insert into web_sessions (id_hash, subject_kind, subject_id, merchant_id, mode, csrf_token, created_at, expires_at)
       values ($1, 'affiliate', $2, $3, 'live', 'csrf', now(), now() + interval '1 day')`,
      [`hash-${randomUUID()}`, shared.id, b.id],
    );

    await t.sql(SPLIT_SHARED_AFFILIATES);
    await t.sql(
      `alter table affiliate_memberships add constraint affiliate_memberships_affiliate_merchant_fkey
         foreign key (affiliate_id, merchant_id) references affiliates (id, merchant_id)`,
    );
    const [copy] = await t.sql<{ id: string }>('select id from affiliates where merchant_id = $1 and lower(email) = lower($2)', [b.id, shared.email]);
    copyId = copy!.id;
  });
  afterAll(async () => t?.close());

  it("gives B a copy of the record with B's membership, sales and sessions, and leaves A's as it was", async () => {
    expect(copyId).not.toBe(shared.id);
    const [copy] = await t.sql('select name, payout_method, payout_email, ref_code from affiliates where id = $1', [copyId]);
    const [original] = await t.sql('select merchant_id, name, ref_code from affiliates where id = $1', [shared.id]);
    expect(original).toMatchObject({ merchant_id: a.id, name: 'Shared Sam' });
    // The details the person had given stay with each merchant; the referral code too, so B's links keep working.
    expect(copy).toEqual({ name: 'Shared Sam', payout_method: 'wallet_a', payout_email: 'sam@pay.example', ref_code: original.ref_code });
    expect(await t.sql('select distinct merchant_id from affiliate_memberships where affiliate_id = $1', [copyId])).toEqual([{ merchant_id: b.id }]);
    expect(await t.sql('select distinct merchant_id from affiliate_memberships where affiliate_id = $1', [shared.id])).toEqual([{ merchant_id: a.id }]);
    expect(await t.sql('select merchant_id from conversions where affiliate_id = $1', [copyId])).toEqual([{ merchant_id: b.id }]);
    expect(await t.sql('select merchant_id from conversions where affiliate_id = $1', [shared.id])).toEqual([{ merchant_id: a.id }]);
    expect(await t.sql(`select merchant_id from web_sessions where subject_kind = 'affiliate' and subject_id = $1`, [copyId])).toEqual([{ merchant_id: b.id }]);
  });

  it("moves B's running totals to the copy once, through the tables' own triggers", async () => {
    const totals = await t.sql<{ affiliate_id: string; merchant_id: string; conversions: number }>(
      `select affiliate_id, merchant_id, conversions from conversion_affiliate_monthly_totals where affiliate_id = any($1::uuid[]) order by merchant_id`,
      [[shared.id, copyId]],
    );
    expect(totals.sort((x, y) => x.merchant_id.localeCompare(y.merchant_id))).toEqual(
      [
        { affiliate_id: shared.id, merchant_id: a.id, conversions: 1 },
        { affiliate_id: copyId, merchant_id: b.id, conversions: 1 },
      ].sort((x, y) => x.merchant_id.localeCompare(y.merchant_id)),
    );
    const counted = await t.sql(`select affiliate_id from merchant_affiliate_memberships where merchant_id = $1`, [b.id]);
    expect(counted).toEqual([{ affiliate_id: copyId }]);
    expect(await t.sql(`select approved_affiliates from merchant_affiliate_counts where merchant_id = $1 and mode = 'live'`, [b.id])).toEqual([
      { approved_affiliates: 1 },
    ]);
  });

  it('answers each merchant with its own record, and the tracking link B handed out still leads to B', async () => {
    expect((await t.api('GET', `/affiliates/${copyId}`, b.liveKey)).body.data).toMatchObject({ name: 'Shared Sam', email: shared.email });
    expect((await t.api('GET', `/affiliates/${shared.id}`, b.liveKey)).status).toBe(404);
    expect((await t.api('GET', `/affiliates/${copyId}`, a.liveKey)).status).toBe(404);
    const refCode = shared.trackingLink.split('/').pop();
    const click = await t.request('GET', `/r/${campaignB.trackingCode}/${refCode}`);
    expect(click.status).toBe(302);
    // A counted click: the landing carries its id (an unknown affiliate would be sent on without one).
    expect(new URL(click.headers.get('location')!).search).not.toBe('');
  });
});
