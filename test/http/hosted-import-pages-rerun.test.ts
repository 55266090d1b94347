import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpHostedApi } from '../../adapters/porting/hosted/http-hosted-api.js';
import { isWebhookEventType } from '../../domain/webhook/index.js';
import { BULK, dubProgramPastOnePage, firstpromoterProgramPastOnePage } from '../fixtures/hosted-programs-past-one-page.js';
import { partnerstackProgram } from '../fixtures/partnerstack-dub-programs.js';
import { startHostedStub, type HostedStub } from '../support/hosted-api-stubs.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { runJobs, setClock } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** What a run itself writes (the run, its events, notice, mail and audit row); every other table of the merchant is the program. */
const ABOUT_THE_RUN = new Set(['imports', 'outbox_events', 'notifications', 'mail_outbox', 'audit_log', 'idempotency_keys']);

/** FirstPromoter, PartnerStack and Dub: every page of a list read, and a second run of the same import adds nothing. */
describe('POST /imports (firstpromoter, partnerstack, dub): pages and re-runs', () => {
  let t: TestService;
  let fp: HostedStub;
  let ps: HostedStub;
  let dub: HostedStub;
  let tables: string[];

  beforeAll(async () => {
    fp = await startHostedStub({ source: 'firstpromoter', data: firstpromoterProgramPastOnePage(), apiKey: 'fp_key', accountId: 'acc_1' });
    ps = await startHostedStub({ source: 'partnerstack', data: partnerstackProgram(), apiKey: 'pk_public', privateKey: 'sk_private', maxPage: 2 });
    dub = await startHostedStub({ source: 'dub', data: dubProgramPastOnePage(), apiKey: 'dub_key' });
    t = await startTestService({}, undefined, { hostedApi: new HttpHostedApi({ firstpromoter: fp.url, partnerstack: ps.url, dub: dub.url }) });
    const rows = await t.sql(`select table_name from information_schema.columns where column_name = 'merchant_id' and table_schema = current_schema() order by table_name`);
    tables = rows.map((r: { table_name: string }) => r.table_name).filter((name: string) => !ABOUT_THE_RUN.has(name));
  });
  afterAll(async () => {
    await t.close();
    await fp.close();
    await ps.close();
    await dub.close();
  });

  const counts = async (m: TestMerchant) =>
    Object.fromEntries(await Promise.all(tables.map(async (table) => [table, (await t.sql(`select count(*)::int as n from ${table} where merchant_id = $1`, [m.id]))[0].n as number])));

  /** Starts the import and runs it to its end, stepping the service clock past each wait (PartnerStack is read a request a second). */
  const importFrom = async (m: TestMerchant, body: Record<string, unknown>) => {
    const started = await t.api('POST', '/imports', m.liveKey, body);
    expect(started.status).toBe(202);
    let run = started.body.data;
    for (let i = 0; i < 30; i += 1) {
      await runJobs(t);
      run = (await t.api('GET', `/imports/${run.id}`, m.liveKey)).body.data;
      if (['completed', 'failed', 'cancelled'].includes(run.state)) break;
      // The service clock keeps running: a step past the wait from wherever it is now.
      const now = new Date((await t.admin('GET', '/clock')).body.data.now).getTime();
      await setClock(t, new Date(now + 1_500).toISOString());
    }
    expect(run).toMatchObject({ state: 'completed', failure: null });
    return run;
  };

  /** The same import twice: no table of the merchant changes, each record of the second run is matched or skipped as before, nothing live is published. */
  const twice = async (m: TestMerchant, body: Record<string, unknown>) => {
    const first = await importFrom(m, body);
    const before = await counts(m);
    const again = await importFrom(m, body);
    expect(await counts(m)).toEqual(before);
    expect(Object.keys(again.progress).sort()).toEqual(Object.keys(first.progress).sort());
    for (const [resource, p] of Object.entries<any>(again.progress)) {
      const was = first.progress[resource];
      expect(p.created, resource).toBe(0);
      expect(p.read, resource).toBe(was.read);
      expect(p.failed, resource).toBe(was.failed);
      expect(p.matched + p.skipped, resource).toBe(p.read - p.failed);
      // What was made the first time is what is matched now.
      expect(p.matched, resource).toBeGreaterThanOrEqual(was.created + was.matched);
    }
    const published = (await t.sql('select distinct type from outbox_events where merchant_id = $1', [m.id])).map((r: { type: string }) => r.type);
    expect(published.filter((type: string) => isWebhookEventType(type) || type.startsWith('team'))).toEqual([]);
    expect(before.webhook_deliveries).toBe(0);
    return { first, again, counts: before };
  };

  it('FirstPromoter: promoters and commissions over several pages of 100 are all read, both passes over the promoters; a re-run adds nothing', async () => {
    const m = await createMerchant(t, 'scale');
    const { first, counts: made } = await twice(m, { source: 'firstpromoter', credentials: { apiKey: 'fp_key', accountId: 'acc_1' } });
    expect(first.progress.affiliates).toMatchObject({ read: 3 + BULK.promoters, created: 3 + BULK.promoters, failed: 0 });
    expect(first.progress.commissions).toMatchObject({ read: 3 + BULK.commissions, created: 3 + BULK.commissions, failed: 0 });
    expect(made.affiliates).toBe(3 + BULK.promoters);
    expect(made.conversions).toBe(3 + BULK.commissions);
    // The last promoter is on the second page of the second pass: it joins its parent's team.
    const [team] = await t.sql(`select count(*)::int as n from team_members mb join affiliates a on a.id = mb.affiliate_id where a.merchant_id = $1`, [m.id]);
    expect(team.n).toBe(3);
    const promoterPages = fp.log.filter((r) => r.path.startsWith('/api/v2/company/promoters?') && r.status === 200).map((r) => new URL(r.path, 'http://stub').searchParams);
    expect(promoterPages.map((q) => [q.get('page'), q.get('per_page'), q.get('include_parent_promoter')])).toEqual([
      ['1', '100', null],
      ['2', '100', null],
      ['1', '100', 'true'],
      ['2', '100', 'true'],
      ['1', '100', null],
      ['2', '100', null],
      ['1', '100', 'true'],
      ['2', '100', 'true'],
    ]);
    expect(fp.log.filter((r) => r.path.startsWith('/api/v2/company/commissions?')).map((r) => new URL(r.path, 'http://stub').searchParams.get('page'))).toEqual(['1', '2', '3', '1', '2', '3']);
  });

  it('PartnerStack: a re-run adds nothing', async () => {
    const m = await createMerchant(t, 'scale');
    const { first } = await twice(m, { source: 'partnerstack', credentials: { publicKey: 'pk_public', privateKey: 'sk_private' } });
    expect(first.progress.affiliates).toMatchObject({ read: 3, created: 3 });
    expect(first.progress.commissions).toMatchObject({ read: 3, created: 3 });
  });

  it('Dub: partners, customers and commissions over several pages of 100 are all read; a re-run adds nothing', async () => {
    const m = await createMerchant(t, 'scale');
    const { first, counts: made } = await twice(m, { source: 'dub', credentials: { apiKey: 'dub_key' } });
    expect(first.progress.affiliates).toMatchObject({ read: 3 + BULK.partners, created: 3 + BULK.partners, failed: 0 });
    expect(first.progress.customers).toMatchObject({ created: 1 + BULK.customers, failed: 0 });
    expect(first.progress.commissions).toMatchObject({ read: 5 + BULK.commissions, created: 5 + BULK.commissions, failed: 0 });
    expect(made.affiliates).toBe(3 + BULK.partners);
    expect(made.conversions).toBe(5 + BULK.commissions);
    // Every partner's short-link key on the last page is an old code of its own.
    const [last] = await t.sql(
      `select a.email from affiliates a where a.merchant_id = $1 and (a.ref_code = $2 or exists (select 1 from ref_code_aliases r where r.affiliate_id = a.id and r.alias = $2))`,
      [m.id, `partner${BULK.partners}`],
    );
    expect(last?.email).toBe(`partner${BULK.partners}@example.com`);
    const pagesOf = (path: string) => dub.log.filter((r) => r.path.startsWith(`${path}?`) && r.status === 200).map((r) => new URL(r.path, 'http://stub').searchParams.get('page'));
    expect(pagesOf('/commissions')).toEqual(['1', '2', '3', '1', '2', '3']);
    expect(pagesOf('/customers')).toEqual(['1', '2', '1', '2']);
  });
});
