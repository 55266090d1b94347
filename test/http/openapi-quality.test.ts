import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoMerchantIfEmpty, type DemoKeys } from '../../bootstrap/demo-merchant.js';
import { exampleOf, runExamples } from '../support/openapi-walk.js';
import { startTestService, type TestService } from '../support/test-service.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

describe('the OpenAPI documents as a user meets them', () => {
  let t: TestService;
  let demo: DemoKeys;
  let docs: { public: any; admin: any };

  beforeAll(async () => {
    t = await startTestService({}, undefined, { hostResolver: async () => [{ address: '93.184.215.14', family: 4 }] });
    demo = (await createDemoMerchantIfEmpty(t.service))!;
    docs = { public: (await t.request('GET', '/api/v1/openapi.json')).body, admin: (await t.admin('GET', '/openapi.json')).body };
  });
  afterAll(async () => {
    await t?.close();
  });

  const operations = (doc: any) =>
    Object.entries<any>(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, method: m, path, op: item[m] })));

  it('passes `redocly lint` with no errors, both documents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      for (const [name, doc] of Object.entries(docs)) {
        const file = join(dir, `${name}.json`);
        writeFileSync(file, JSON.stringify(doc));
        const { stdout } = await run(join(ROOT, 'node_modules/.bin/redocly'), ['lint', file, '--format=json'], { cwd: dir }).catch((e: { stdout: string }) => e);
        const problems = (JSON.parse(stdout) as { problems: { severity: string; ruleId: string; location: { pointer: string }[] }[] }).problems;
        expect(problems.filter((p) => p.severity === 'error').map((p) => `${name}: ${p.ruleId} ${p.location[0]?.pointer}`)).toEqual([]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('gives every operation a summary and a description, and every request body an example', () => {
    for (const doc of Object.values(docs)) {
      for (const { key, op } of operations(doc)) {
        expect(op.summary, key).toEqual(expect.any(String));
        expect(op.description, key).toEqual(expect.any(String));
        if (op.requestBody) expect(exampleOf(doc, op), key).toBeDefined();
      }
    }
  });

  it('names absolute servers and puts no bearer security on webhook entries', () => {
    expect(docs.public.servers[0].url).toBe(`${t.config.publicBaseUrl}/api/v1`);
    expect(docs.admin.servers[0].url).toBe(`${t.config.publicBaseUrl}/admin/v1`);
    for (const [event, item] of Object.entries<any>(docs.public.webhooks)) expect(item.post.security, event).toEqual([]);
  });

  it('every request-body example works against the demo merchant with its live key, as "Try it out" sends it', async () => {
    const run = await runExamples(t, docs.public, demo.liveKey);
    expect(run.failures).toEqual([]);
    expect(run.unfilled).toEqual([]);
  });
});
