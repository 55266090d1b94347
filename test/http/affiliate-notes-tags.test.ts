import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, signUpAffiliate, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe("the merchant's notes, tags, name and email on an affiliate (PATCH /affiliates/:id, extension)", () => {
  let t: TestService;
  let m: TestMerchant;
  let other: TestMerchant;
  let campaign: TestCampaign;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    other = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m);
  });
  afterAll(() => t.close());

  const patch = (id: string, body: unknown, key = m.liveKey) => t.api('PATCH', `/affiliates/${id}`, key, body);
  const row = async (id: string) => (await t.sql(`select name, email, notes, tags, version from affiliates where id = $1`, [id]))[0];

  it('edits notes, tags, name and email and shows them in the detail and the list; the list filters by tag', async () => {
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    const res = await patch(a.id, { name: 'Ada Lovelace', email: 'ada.l@example.com', notes: 'Met at the fair', tags: ['VIP', 'blog', ' vip '] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: a.id, name: 'Ada Lovelace', email: 'ada.l@example.com', notes: 'Met at the fair', tags: ['VIP', 'blog'] });
    expect(res.body.data.campaigns).toHaveLength(1);
    const got = await t.api('GET', `/affiliates/${a.id}`, m.liveKey);
    expect(got.body.data).toMatchObject({ notes: 'Met at the fair', tags: ['VIP', 'blog'] });
    const tagged = await t.api('GET', `/affiliates?limit=100&tag=vip`, m.liveKey);
    expect(tagged.status).toBe(200);
    expect(tagged.body.data.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect(tagged.body.data[0]).toMatchObject({ notes: 'Met at the fair', tags: ['VIP', 'blog'] });
    expect(tagged.body.pagination.total).toBe(1);
    expect((await t.api('GET', `/affiliates?limit=100&tag=nobody`, m.liveKey)).body.data).toEqual([]);
    // Only the fields sent change.
    const tagsOnly = await patch(a.id, { tags: [] });
    expect(tagsOnly.body.data).toMatchObject({ name: 'Ada Lovelace', notes: 'Met at the fair', tags: [] });
  });

  it('refuses bad input, a taken email, a signed-up affiliate’s email and mixed requests, changing nothing', async () => {
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    const b = await createAffiliate(t, m.liveKey, campaign.id);
    const s = await signUpAffiliate(t, m.id, campaign.id);
    const before = await row(a.id);
    const cases: [string, unknown, number, string][] = [
      [a.id, { notes: 'x'.repeat(2001) }, 400, 'validation_error'],
      [a.id, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 400, 'validation_error'],
      [a.id, { tags: ['x'.repeat(33)] }, 400, 'validation_error'],
      [a.id, { name: '' }, 400, 'validation_error'],
      [a.id, { email: 'nope' }, 400, 'validation_error'],
      [a.id, { email: b.email.toUpperCase() }, 409, 'duplicate'],
      [a.id, { notes: 'n', campaignId: campaign.id, status: 'suspended' }, 400, 'validation_error'],
      [a.id, {}, 400, 'validation_error'],
    ];
    for (const [id, body, status, code] of cases) {
      const res = await patch(id, body);
      expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await row(a.id)).toEqual(before);
    const signedUp = await patch(s.id, { email: 'elsewhere@example.com' });
    expect(signedUp.status).toBe(400);
    expect(signedUp.body.error.details[0].field).toBe('email');
    // The same email in other letters is no change of address, so allowed.
    expect((await patch(s.id, { email: (await row(s.id)).email.toUpperCase(), notes: 'signed up' })).status).toBe(200);
  });

  it('gives one new email to one of two records edited to it at the same moment; the other answers 409', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = await Promise.all([createAffiliate(t, m.liveKey, campaign.id), createAffiliate(t, m.liveKey, campaign.id)]);
      const email = `race-${round}-${a.id.slice(0, 8)}@example.com`;
      const answers = await Promise.all([patch(a.id, { email }), patch(b.id, { email })]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.error.code).toBe('duplicate');
      const holders = await t.sql(`select id from affiliates where lower(email) = $1`, [email]);
      expect(holders).toHaveLength(1);
    }
  });

  it("answers 404 for another merchant's affiliate and a test key's view of a live one", async () => {
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    expect((await patch(a.id, { notes: 'mine' }, other.liveKey)).status).toBe(404);
    expect((await patch(a.id, { notes: 'mine' }, m.testKey)).status).toBe(404);
    expect((await row(a.id)).notes).toBe('');
  });
});
