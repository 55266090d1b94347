import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../adapters/http/openapi/demo-ids.js';
import { createDemoMerchantIfEmpty, type DemoKeys } from '../../bootstrap/demo-merchant.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { apiOperations, dataFingerprint, exampleOf, fillPath, hasPathParams, requiredQuery, runExamples, seedIntegrationEvent, seedInvoice, seedWebhookDelivery, type ExampleRun } from '../support/openapi-walk.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * Generated from the public OpenAPI document: every id-bearing operation is called with the ids of
 * one merchant's live data by another merchant's key and by the same merchant's test key, and every
 * list is read by both. A route added later is covered without being listed here.
 */

/** Campaigns belong to the merchant, not to a mode: both of its modes read them (docs/api/campaigns.md). */
const SHARED_ACROSS_MODES = new Set(['GET /campaigns/{id}']);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

describe('tenant matrix, generated from the OpenAPI document', () => {
  let t: TestService;
  let owner: DemoKeys;
  let stranger: TestMerchant;
  let doc: any;
  let run: ExampleRun;
  let ownerIds: Set<string>;
  let campaignIds: Set<string>;

  beforeAll(async () => {
    t = await startTestService({}, undefined, { hostResolver: async () => [{ address: '93.184.215.14', family: 4 }] });
    owner = (await createDemoMerchantIfEmpty(t.service))!;
    doc = (await t.request('GET', '/api/v1/openapi.json')).body;
    // The owner's live data: the demo program plus one row of everything the examples create.
    run = await runExamples(t, doc, owner.liveKey);
    await seedWebhookDelivery(t, run);
    await seedIntegrationEvent(t, run);
    await seedInvoice(t, run, owner.merchantId);
    stranger = await createMerchant(t, 'scale');
    campaignIds = new Set([DEMO_IDS.campaign, run.created.campaigns].filter(Boolean).map((id) => id!.toLowerCase()));
    ownerIds = new Set([...Object.values(DEMO_IDS), ...run.ids].map((id) => id.toLowerCase()));
    ownerIds.delete(owner.merchantId.toLowerCase());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("the owner's examples ran, so every collection has a row to aim at", () => {
    // Whether each example works is openapi-quality's test; here enough rows must exist.
    expect(Object.keys(run.created).length).toBeGreaterThan(5);
  });

  it("answers 404 to another merchant's key and to the other mode's key on every id-bearing route, and changes nothing", async () => {
    const problems: string[] = [];
    /** Routes that could not be aimed at a row the owner really has: an unknown id would answer 404 whoever asks. */
    const notAimed: string[] = [];
    const idRoutes = apiOperations(doc).filter(({ path, op }) =>
      hasPathParams(path) && (op.parameters ?? []).some((p: any) => p.in === 'path' && !p.schema?.enum),
    );
    expect(idRoutes.length).toBeGreaterThan(20);
    for (const entry of idRoutes) {
      const filled = fillPath(entry, run.created);
      const ids = filled?.match(UUID) ?? [];
      if (!filled || ids.length === 0 || ids.some((id) => !ownerIds.has(id.toLowerCase()))) {
        notAimed.push(entry.key);
        continue;
      }
      const path = filled + requiredQuery(entry.op);
      for (const [who, key] of [['another merchant', stranger.liveKey], ['the other mode', owner.testKey]] as const) {
        const before = await dataFingerprint(t);
        const res = await t.api(entry.method.toUpperCase(), path, key, entry.op.requestBody ? exampleOf(doc, entry.op) : undefined);
        const modeRefusal = who === 'the other mode' && res.status === 403 && res.body?.error?.code === 'test_mode_unsupported';
        const shared = who === 'the other mode' && SHARED_ACROSS_MODES.has(entry.key) && res.status === 200;
        if (res.status !== 404 && !modeRefusal && !shared) problems.push(`${entry.key} by ${who}: ${res.status} ${JSON.stringify(res.body)}`);
        if ((await dataFingerprint(t)) !== before) problems.push(`${entry.key} by ${who}: changed data`);
      }
    }
    expect(notAimed).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);

  it("shows every list only the caller's rows", async () => {
    const problems: string[] = [];
    const lists = apiOperations(doc).filter(({ method, path }) => method === 'get' && !hasPathParams(path) && path !== '/openapi.json');
    expect(lists.length).toBeGreaterThan(8);
    for (const entry of lists) {
      for (const [who, key] of [['another merchant', stranger.liveKey], ['the other mode', owner.testKey]] as const) {
        const res = await t.api('GET', entry.path + requiredQuery(entry.op), key);
        if (res.status >= 500) problems.push(`${entry.key} by ${who}: ${res.status}`);
        const text = (typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '')).toLowerCase();
        for (const id of ownerIds) {
          if (who === 'the other mode' && campaignIds.has(id)) continue;
          if (text.includes(id)) problems.push(`${entry.key} by ${who} shows ${id}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
