import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type DashboardBrowser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, signUpAffiliate, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let merchant: TestMerchant;
let campaign: TestCampaign;
let owner: DashboardBrowser;

beforeAll(async () => {
  t = await startTestService();
  merchant = await createMerchant(t, 'ultimate');
  campaign = await createCampaign(t, merchant);
  owner = (await signedInUser(t, merchant.id)).browser;
  await owner.get('/dashboard');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const row = async (id: string) => (await t.sql(`select name, email, notes, tags from affiliates where id = $1`, [id]))[0];

describe("an affiliate's page: the merchant's notes, tags, name and email", () => {
  it('saves them through the API use case, shows them, lists by tag, and audits the write', async () => {
    const a = await createAffiliate(t, merchant.liveKey, campaign.id);
    const saved = await owner.post(`/dashboard/affiliates/${a.id}/edit`, { name: 'Grace Hopper', email: 'grace@example.com', notes: 'Runs a newsletter\nPays attention to EPC', tags: 'newsletter, VIP, vip' });
    expect(saved.status).toBe(303);
    expect(await row(a.id)).toEqual({ name: 'Grace Hopper', email: 'grace@example.com', notes: 'Runs a newsletter\nPays attention to EPC', tags: ['newsletter', 'VIP'] });
    const shown = await owner.get(`/dashboard/affiliates/${a.id}`);
    expect(shown.html).toContain('Grace Hopper');
    expect(shown.html).toContain('href="/dashboard/affiliates?tag=VIP"');
    expect(shown.html).toContain('Runs a newsletter');
    const listed = await owner.get('/dashboard/affiliates?tag=vip');
    expect(listed.html).toContain(`/dashboard/affiliates/${a.id}`);
    expect(listed.html).toContain('Approved');
    expect((await owner.get('/dashboard/affiliates?tag=none-such')).html).not.toContain(`/dashboard/affiliates/${a.id}"`);
    const csv = await owner.get('/dashboard/affiliates.csv?tag=vip');
    expect(csv.html.split('\n')[0]).toContain('tags');
    expect(csv.html).toContain('newsletter; VIP');
    const audit = await t.sql(`select actor, status from audit_log where merchant_id = $1 and path = $2`, [merchant.id, `/dashboard/affiliates/${a.id}/edit`]);
    expect(audit).toEqual([{ actor: expect.stringMatching(/^user:/), status: 303 }]);
  });

  it('refuses a taken email, a blank name and too many tags beside their fields, changing nothing', async () => {
    const a = await createAffiliate(t, merchant.liveKey, campaign.id);
    const b = await createAffiliate(t, merchant.liveKey, campaign.id);
    const before = await row(a.id);
    const taken = await owner.post(`/dashboard/affiliates/${a.id}/edit`, { name: 'X', email: b.email, notes: '', tags: '' });
    expect(taken.status).toBe(409);
    expect(taken.html).toContain('already');
    const bad = await owner.post(`/dashboard/affiliates/${a.id}/edit`, { name: '', email: a.email, notes: '', tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('id="name-error"');
    expect(bad.html).toContain('id="tags-error"');
    expect(await row(a.id)).toEqual(before);
  });

  it("offers no email field for an affiliate who signed up (it signs in with it), and 404s another merchant's affiliate", async () => {
    const s = await signUpAffiliate(t, merchant.id, campaign.id);
    const shown = await owner.get(`/dashboard/affiliates/${s.id}`);
    expect(shown.html).toContain('only they can change it');
    expect(shown.html).not.toContain('name="email"');
    const other = await createMerchant(t, 'ultimate');
    const otherCampaign = await createCampaign(t, other);
    const theirs = await createAffiliate(t, other.liveKey, otherCampaign.id);
    expect((await owner.post(`/dashboard/affiliates/${theirs.id}/edit`, { name: 'Mine now', notes: '', tags: '' })).status).toBe(404);
    expect((await row(theirs.id)).name).not.toBe('Mine now');
  });
});
