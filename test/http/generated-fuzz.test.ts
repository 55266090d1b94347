import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoMerchantIfEmpty, type DemoKeys } from '../../bootstrap/demo-merchant.js';
import { fuzzCases } from '../support/hostile-bodies.js';
import { apiOperations, dataFingerprint, exampleOf, fillPath, runExamples, seedIntegrationEvent, seedInvoice, seedWebhookDelivery, type ExampleRun } from '../support/openapi-walk.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * Generated from the public OpenAPI document: every write operation gets bodies drawn from its schema
 * and deliberately broken ones. Never a 5xx, always the error envelope on a refusal, and a refused
 * request writes nothing. `FUZZ_CASES` bodies per operation (default 10; `npm run fuzz` sends 400),
 * `FUZZ_SEED` picks them (printed on failure).
 */
const CASES = Number(process.env.FUZZ_CASES ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

describe('fuzzing every write operation of the OpenAPI document', () => {
  let t: TestService;
  let owner: DemoKeys;
  let doc: any;
  let run: ExampleRun;
  let sent = 0;

  beforeAll(async () => {
    t = await startTestService({}, undefined, { hostResolver: async () => [{ address: '93.184.215.14', family: 4 }] });
    owner = (await createDemoMerchantIfEmpty(t.service))!;
    doc = (await t.request('GET', '/api/v1/openapi.json')).body;
    run = await runExamples(t, doc, owner.liveKey);
    await seedWebhookDelivery(t, run);
    await seedIntegrationEvent(t, run);
    await seedInvoice(t, run, owner.merchantId);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const writes = () => apiOperations(doc).filter(({ method, op }) => method !== 'get' && op.requestBody);

  /** Moves the service clock past the minute now and then, so the merchant's rate limit never answers for the fuzzer. */
  const send = async (method: string, path: string, text: string) => {
    sent += 1;
    if (sent % 500 === 0) {
      const now = Date.parse((await t.admin('GET', '/clock')).body.data.now);
      await t.admin('POST', '/clock', { now: new Date(now + 61_000).toISOString() });
    }
    return t.request(method, `/api/v1${path}`, { key: owner.liveKey, rawBody: text, headers: { 'content-type': 'application/json' } });
  };

  it('refuses an unknown field on every write operation, naming it, and writes nothing', async () => {
    const problems: string[] = [];
    const skipped: string[] = [];
    for (const entry of writes()) {
      const path = fillPath(entry, run.created);
      const example = exampleOf(doc, entry.op);
      if (!path) skipped.push(entry.key);
      if (!path || !example || typeof example !== 'object' || Array.isArray(example)) continue;
      const before = await dataFingerprint(t);
      const res = await send(entry.method.toUpperCase(), path, JSON.stringify({ ...example, zzUnknownField: 1 }));
      const fields = (res.body?.error?.details ?? []).map((d: { field: string }) => d.field);
      if (res.status !== 400 || !fields.includes('zzUnknownField')) problems.push(`${entry.key}: ${res.status} ${JSON.stringify(res.body)}`);
      if ((await dataFingerprint(t)) !== before) problems.push(`${entry.key}: wrote with an unknown field`);
    }
    expect(skipped).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);

  it(`never answers 5xx, always the envelope, and a refused request writes nothing (${CASES} bodies per operation, seed ${SEED})`, async () => {
    const problems: string[] = [];
    let refused = 0;
    let accepted = 0;
    let detectedWrites = 0;
    let baseline = await dataFingerprint(t);
    const operations = writes();
    expect(operations.length).toBeGreaterThan(15);
    // Every write operation is fuzzed against a row that exists: none is left out for want of an id.
    expect(operations.filter((entry) => !fillPath(entry, run.created)).map((entry) => entry.key)).toEqual([]);
    for (const entry of operations) {
      const path = fillPath(entry, run.created);
      if (!path) continue;
      const schema = entry.op.requestBody.content['application/json'].schema;
      for (const fuzz of fuzzCases(doc, schema, exampleOf(doc, entry.op), CASES, SEED)) {
        const res = await send(entry.method.toUpperCase(), path, fuzz.text);
        const where = `${entry.key} with ${fuzz.label}`;
        if (res.status >= 500) problems.push(`${where}: ${res.status} ${JSON.stringify(res.body)}`);
        const after = await dataFingerprint(t);
        if (res.status >= 400) {
          refused += 1;
          if (typeof res.body?.error?.code !== 'string' || typeof res.body?.error?.message !== 'string') problems.push(`${where}: no error envelope`);
          if (after !== baseline) problems.push(`${where}: refused with ${res.status} but wrote`);
        } else {
          accepted += 1;
          if (after !== baseline) detectedWrites += 1;
        }
        baseline = after;
      }
    }
    console.info(`fuzz: ${operations.length} write operations, ${refused + accepted} bodies, ${refused} refused, ${accepted} accepted, ${problems.length} problems`);
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(operations.length * 5);
    // The detector sees writes: accepted bodies changed the fingerprint.
    expect(detectedWrites).toBeGreaterThan(0);
    // Nothing reached Object.prototype (the app runs in this process).
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);
});
