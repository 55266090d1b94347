import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpHostedApi } from '../../adapters/porting/hosted/http-hosted-api.js';
import { TOLT_PROGRAM_ID, toltProgram } from '../fixtures/firstpromoter-tolt-programs.js';
import { rewardfulProgram } from '../fixtures/rewardful-program.js';
import { createCampaign } from '../support/campaign-mother.js';
import { DashboardBrowser, signedInUser } from '../support/dashboard-browser.js';
import { startHostedStub, type HostedStub } from '../support/hosted-api-stubs.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { runJobs } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const KEY = 'rw_secret_dashboard_123';
const TOLT_KEY = 'tolt_key_dashboard_456';
const RUN_PATH = /^\/dashboard\/import\/[0-9a-f-]{36}$/;

/** Moving from a hosted product in the dashboard: the API's use case and jobs behind a form, against a stub of the product. */
describe('dashboard import from a hosted product', () => {
  let t: TestService;
  let rewardful: HostedStub;
  let tolt: HostedStub;
  let merchant: TestMerchant;
  let owner: DashboardBrowser;

  beforeAll(async () => {
    rewardful = await startHostedStub({ source: 'rewardful', data: rewardfulProgram(), apiKey: KEY, maxPage: 2 });
    tolt = await startHostedStub({ source: 'tolt', data: toltProgram(), apiKey: TOLT_KEY });
    t = await startTestService({}, undefined, { hostedApi: new HttpHostedApi({ rewardful: rewardful.url, tolt: tolt.url }) });
    merchant = await createMerchant(t, 'scale');
    owner = (await signedInUser(t, merchant.id)).browser;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await rewardful?.close();
    await tolt?.close();
  });

  const count = async (table: string) => (await t.sql(`select count(*)::int as n from ${table} where merchant_id = $1`, [merchant.id]))[0].n as number;
  /** Every trace a request could leave: the audit rows and the runs' stored columns. */
  const stored = async () => JSON.stringify([await t.sql('select * from audit_log where merchant_id = $1', [merchant.id]), await t.sql('select * from imports where merchant_id = $1', [merchant.id])]);

  it('offers the files and every product; a product asks for the fields its API needs, keys as password inputs', async () => {
    const start = await owner.get('/dashboard/import');
    expect(start.status).toBe(200);
    for (const source of ['csv', 'rewardful', 'tolt', 'firstpromoter', 'partnerstack', 'dub']) expect(start.html).toContain(`href="/dashboard/import?source=${source}"`);
    expect(start.html).toContain('name="files"');

    const toltForm = await owner.get('/dashboard/import?source=tolt');
    expect(toltForm.html).toMatch(/<input name="credentials\.apiKey" type="password"/);
    expect(toltForm.html).toMatch(/<input name="credentials\.programId" type="text"/);
    expect(toltForm.html).toContain('<input type="hidden" name="source" value="tolt"/>');
    expect(toltForm.html).not.toContain('name="files"');
    const partnerstack = await owner.get('/dashboard/import?source=partnerstack');
    expect(partnerstack.html).toMatch(/<input name="credentials\.publicKey" type="password"/);
    expect(partnerstack.html).toMatch(/<input name="credentials\.privateKey" type="password"/);
  });

  it('a dry run shows the preview and writes nothing; the import then carries the program, and the key is never shown nor stored in the clear', async () => {
    const started = await owner.post('/dashboard/import', { source: 'rewardful', 'credentials.apiKey': KEY, dryRun: 'true' });
    expect(started.status).toBe(303);
    expect(started.location).toMatch(RUN_PATH);
    const queued = await owner.get(started.location!);
    expect(queued.html).toContain('Dry run from Rewardful queued');
    expect(queued.html).toContain('<progress');
    expect(queued.headers.get('refresh')).toBe('2');

    await runJobs(t);
    const preview = await owner.get(started.location!);
    expect(preview.html).toContain('Dry run from Rewardful completed.');
    expect(preview.headers.get('refresh')).toBeNull();
    expect(preview.html).toContain('What the import would create');
    expect(preview.html).toContain('James Bond');
    expect(preview.html).toContain('Eve Moneypenny');
    // The refused record, with its reason, as the CSV path shows it.
    expect(preview.html).toContain('email is required');
    for (const table of ['campaigns', 'affiliates', 'conversions']) expect(await count(table), table).toBe(0);
    // Importing it asks for the key again: the run no longer holds it and the page never had it.
    expect(preview.html).toContain('Import it from Rewardful');
    expect(preview.html).toMatch(/<input name="credentials\.apiKey" type="password"/);

    const imported = await owner.post('/dashboard/import', { source: 'rewardful', 'credentials.apiKey': KEY, dryRun: 'false' });
    expect(imported.status).toBe(303);
    await runJobs(t);
    const done = await owner.get(imported.location!);
    expect(done.html).toContain('Import from Rewardful completed.');
    expect(done.html).toMatch(/<progress value="(\d+)" max="\1"/);
    // Record kinds in words, in the format's order (campaigns, then affiliates, then their links), whatever order they were read in.
    const kinds = [...done.html.matchAll(/<tr><td[^>]*>([A-Z][a-z ]+)<\/td><td[^>]*class="num"[^>]*>/g)].map((m) => m[1]);
    expect(kinds.slice(0, 3)).toEqual(['Campaigns', 'Affiliates', 'Referral links']);
    expect(kinds).toContain('Commissions');
    expect((await t.sql('select email from affiliates where merchant_id = $1 order by email', [merchant.id])).map((r) => r.email)).toEqual(['eve@example.com', 'james@example.com']);
    expect(await count('conversions')).toBe(4);

    for (const html of [started.html, queued.html, preview.html, imported.html, done.html]) expect(html).not.toContain(KEY);
    expect(await stored()).not.toContain(KEY);
    const audit = await t.sql(`select actor, status from audit_log where merchant_id = $1 and path = '/dashboard/import'`, [merchant.id]);
    expect(audit.map((r) => r.status)).toEqual([303, 303]);
  });

  it('a key the product refuses fails the run with its message on the page, and offers to start again', async () => {
    const started = await owner.post('/dashboard/import', { source: 'rewardful', 'credentials.apiKey': 'rw_wrong_key', dryRun: 'true' });
    expect(started.status).toBe(303);
    await runJobs(t);
    const failed = await owner.get(started.location!);
    expect(failed.html).toContain('Dry run from Rewardful failed.');
    expect(failed.html).toMatch(/<div class="error" role="alert"><p class="flush">Rewardful refused the API key \(401: Invalid API Secret\.\); check the key and start again\.<\/p>/);
    expect(failed.html).toContain('href="/dashboard/import?source=rewardful"');
    expect(failed.html).not.toContain('rw_wrong_key');
    expect(await stored()).not.toContain('rw_wrong_key');
  });

  it("a missing or refused field is named beside its input; the program id is kept, the key never written back", async () => {
    const runs = await count('imports');
    const empty = await owner.post('/dashboard/import', { source: 'rewardful', 'credentials.apiKey': '  ', dryRun: 'true' });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('API secret is required for Rewardful');
    expect(empty.html).toContain('id="credentials.apiKey-error"');
    expect(empty.html).toContain('aria-invalid="true"');

    const long = `${TOLT_KEY}${'x'.repeat(500)}`;
    const tooLong = await owner.post('/dashboard/import', { source: 'tolt', 'credentials.apiKey': long, 'credentials.programId': TOLT_PROGRAM_ID, dryRun: 'true' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain('id="credentials.apiKey-error"');
    expect(tooLong.html).toContain(`value="${TOLT_PROGRAM_ID}"`);
    expect(tooLong.html).not.toContain(TOLT_KEY);

    const noProgram = await owner.post('/dashboard/import', { source: 'tolt', 'credentials.apiKey': TOLT_KEY, 'credentials.programId': '', dryRun: 'true' });
    expect(noProgram.status).toBe(400);
    expect(noProgram.html).toContain('Program id is required for Tolt');
    expect(noProgram.html).not.toContain(TOLT_KEY);
    expect(await count('imports')).toBe(runs);
    expect(await stored()).not.toContain(TOLT_KEY);
  });

  it('a Tolt dry run reads the program named by its id', async () => {
    const started = await owner.post('/dashboard/import', { source: 'tolt', 'credentials.apiKey': TOLT_KEY, 'credentials.programId': TOLT_PROGRAM_ID, dryRun: 'true' });
    expect(started.status).toBe(303);
    await runJobs(t);
    const preview = await owner.get(started.location!);
    expect(preview.html).toContain('Dry run from Tolt completed.');
    expect(tolt.log.every((r) => r.path.includes(`program_id=${TOLT_PROGRAM_ID}`))).toBe(true);
    expect(preview.html).toContain('Tolt&#39;s API publishes no reward terms');
  });

  it("a dry run's page offers a select per source campaign; the import carries them into the chosen campaign, and a made-up or another merchant's id is refused on the form", async () => {
    const mover = await createMerchant(t, 'scale');
    const browser = (await signedInUser(t, mover.id)).browser;
    const ours = await createCampaign(t, mover.liveKey, { name: 'Our MI6 campaign' });
    const stranger = await createCampaign(t, merchant.liveKey, { name: 'Not yours' });
    const MI6 = 'c3482343-8680-40c5-af9a-9efa119713b5';
    const FLAT = 'ceaef6d9-767e-49aa-a6ab-46c02aa79604';
    const moverCount = async (table: string) => (await t.sql(`select count(*)::int as n from ${table} where merchant_id = $1`, [mover.id]))[0].n as number;

    await browser.get('/dashboard/import?source=rewardful');
    const dry = await browser.post('/dashboard/import', { source: 'rewardful', 'credentials.apiKey': KEY, dryRun: 'true' });
    expect(dry.status).toBe(303);
    await runJobs(t);
    const preview = await browser.get(dry.location!);
    const previewId = dry.location!.split('/').pop()!;
    // Each campaign read, labelled by its name, defaulting to a new campaign; the merchant's own campaigns only.
    for (const [id, name] of [[MI6, 'Friends Of MI6'], [FLAT, 'Flat bounty']]) {
      expect(preview.html).toMatch(new RegExp(`<label>${name} <span class="muted">\\(${id}\\)</span><select name="campaignMap\\.${id}"><option value="" selected="">Create a new campaign</option><option value="${ours.id}">Into Our MI6 campaign</option></select>`));
    }
    expect(preview.html).not.toContain(stranger.id);
    expect(preview.html).toContain(`<input type="hidden" name="preview" value="${previewId}"/>`);

    // Another merchant's campaign, or a made-up id, posted by hand: the use case's refusal on the form, nothing started.
    for (const id of [stranger.id, '0192f0c4-6c1e-7d2a-9b1e-2f3a4b5c6d7e']) {
      const refused = await browser.post('/dashboard/import', { source: 'rewardful', 'credentials.apiKey': KEY, dryRun: 'false', preview: previewId, [`campaignMap.${MI6}`]: id });
      expect(refused.status).toBe(404);
      expect(refused.html).toContain('Dry run from Rewardful completed.');
      expect(refused.html).toContain('<div class="error" role="alert"><p class="flush">Campaign not found</p>');
      expect(refused.html).toContain(`<span class="field-error" id="campaignMap.${MI6}-error">names no campaign of yours (${id})</span>`);
      expect(refused.html).toMatch(new RegExp(`<select name="campaignMap\\.${MI6}" aria-invalid="true" aria-describedby="campaignMap\\.${MI6}-error">`));
      expect(refused.html).not.toContain(KEY);
    }
    const notAnId = await browser.post('/dashboard/import', { source: 'rewardful', 'credentials.apiKey': KEY, dryRun: 'false', preview: previewId, [`campaignMap.${MI6}`]: 'not-an-id' });
    expect(notAnId.status).toBe(400);
    expect(notAnId.html).toContain(`id="campaignMap.${MI6}-error">is not a campaign id</span>`);
    expect(await moverCount('imports')).toBe(1);
    for (const table of ['affiliates', 'conversions']) expect(await moverCount(table), table).toBe(0);

    const imported = await browser.post('/dashboard/import', { source: 'rewardful', 'credentials.apiKey': KEY, dryRun: 'false', preview: previewId, [`campaignMap.${MI6}`]: ours.id, [`campaignMap.${FLAT}`]: ours.id });
    expect(imported.status).toBe(303);
    await runJobs(t);
    const done = await browser.get(imported.location!);
    expect(done.html).toContain('Import from Rewardful completed.');
    // No campaign made: every membership and commission is on ours.
    expect(await t.sql('select id from campaigns where merchant_id = $1', [mover.id])).toEqual([{ id: ours.id }]);
    const memberships = await t.sql('select distinct ms.campaign_id from affiliate_memberships ms join affiliates a on a.id = ms.affiliate_id where a.merchant_id = $1', [mover.id]);
    expect(memberships).toEqual([{ campaign_id: ours.id }]);
    expect(await t.sql('select distinct campaign_id from conversions where merchant_id = $1', [mover.id])).toEqual([{ campaign_id: ours.id }]);
    expect(await moverCount('conversions')).toBe(4);
    // The run's page says where each source campaign went.
    expect(done.html).toContain('Campaigns carried into yours');
    for (const id of [MI6, FLAT]) expect(done.html).toContain(`<tr><td data-label="Campaign in Rewardful">${id}</td><td data-label="Carried into"><a href="/dashboard/campaigns/${ours.id}">Our MI6 campaign</a></td></tr>`);
  });

  it('without the CSRF token nothing starts', async () => {
    const runs = await count('imports');
    const res = await owner.post('/dashboard/import', { source: 'rewardful', 'credentials.apiKey': KEY, dryRun: 'true' }, { csrf: false });
    expect(res.status).toBe(403);
    expect(await count('imports')).toBe(runs);
  });
});
