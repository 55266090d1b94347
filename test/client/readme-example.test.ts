import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientTypesSource, CLIENT_TYPES_PATH } from '../../bootstrap/openapi-export.js';
import {
  AffiliateApiError,
  createAffiliateClient,
  parseWebhook,
  signWebhookPayload,
  unwrap,
  WebhookVerificationError,
} from '../../client/index.js';
import { contractChecker } from '../support/contract.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The README block between `<!-- example:create-and-approve -->` and `<!-- /example -->`. */
const readmeExample = async (): Promise<string> => {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const block = /<!-- example:create-and-approve -->\s*```ts\n([\s\S]*?)```\s*<!-- \/example -->/.exec(readme);
  if (!block?.[1]) throw new Error('README.md has no create-and-approve example block');
  return block[1];
};

describe('the typed client', () => {
  let t: TestService;
  let server: ServerType;
  let baseUrl: string;
  let m: TestMerchant;
  let scratch: string;

  beforeAll(async () => {
    t = await startTestService();
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.service.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    m = await createMerchant(t, 'scale');
    scratch = await mkdtemp(join(tmpdir(), 'affiliate-readme-'));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('type-checks the README example against the client as published (affiliate-service/client)', async () => {
    const file = join(scratch, 'typecheck-example.mts');
    await writeFile(file, await readmeExample());
    const program = ts.createProgram([file], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2023,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules/@types')],
      baseUrl: ROOT,
      paths: { 'affiliate-service/client': ['client/index.ts'] },
      allowImportingTsExtensions: true,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });

  it('runs the README example as written: it creates a conversion and approves it over HTTP', async () => {
    const source = (await readmeExample()).replace("'affiliate-service/client'", JSON.stringify(join(ROOT, 'client/index.ts')));
    const file = join(scratch, 'readme-example.mts');
    await writeFile(file, source);
    vi.stubEnv('AFFILIATE_API_URL', baseUrl);
    vi.stubEnv('AFFILIATE_API_KEY', m.liveKey);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    let logged: unknown[][];
    try {
      await import(/* @vite-ignore */ file);
    } finally {
      logged = [...log.mock.calls];
      vi.unstubAllEnvs();
      log.mockRestore();
    }
    const listed = await t.api('GET', '/conversions?status=approved', m.liveKey);
    const approved = listed.body.data.find((c: { orderId: string }) => c.orderId === 'order-1001');
    expect(approved).toMatchObject({ status: 'approved', amount: '120.00', commission: '24.00', currency: 'usd' });
    expect(logged).toEqual([[`${approved.id}: approved, commission 24`]]);
  });

  it('is typed end to end and turns error envelopes into AffiliateApiError (the responses match the document)', async () => {
    const client = createAffiliateClient({ baseUrl, apiKey: m.liveKey });
    const checker = contractChecker(t.service.app);
    const { data: me, ...rest } = await unwrap(client.GET('/me'));
    expect(rest).toEqual({});
    expect(me.plan).toBe('scale');
    const page = await unwrap(client.GET('/conversions', { params: { query: { status: 'approved', limit: 5 } } }));
    expect(page.pagination).toMatchObject({ page: 1, limit: 5 });

    const missing = await client.GET('/conversions/{id}', { params: { path: { id: '01900000-0000-7000-8000-000000000001' } } });
    expect(checker.check('GET', '/api/v1/conversions/01900000-0000-7000-8000-000000000001', { status: missing.response.status, headers: missing.response.headers, text: JSON.stringify(missing.error) })).toEqual([]);
    const error = await unwrap(client.GET('/conversions/{id}', { params: { path: { id: 'nope' } } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AffiliateApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', requestId: expect.any(String) });

    const invalid = await unwrap(client.GET('/conversions', { params: { query: { limit: 1000 } } })).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, code: 'validation_error', details: [expect.objectContaining({ field: 'limit' })] });

    const anonymous = createAffiliateClient({ baseUrl: `${baseUrl}/`, apiKey: 'svc_pk_live_wrong' });
    await expect(unwrap(anonymous.GET('/me'))).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('parses a signed webhook and refuses a tampered or stale one', () => {
    const secret = 'a'.repeat(64);
    const body = JSON.stringify({ event: 'ping', data: { subscriptionId: 's', url: 'https://x', message: 'hi' }, timestamp: '2026-11-22T10:00:00.000Z', id: 'd1' });
    const at = Date.UTC(2026, 10, 22, 10);
    const header = signWebhookPayload(secret, body, at);
    const parsed = parseWebhook(secret, header, body, { now: at });
    expect(parsed).toMatchObject({ event: 'ping', id: 'd1' });
    expect(() => parseWebhook(secret, header, body.replace('hi', 'ho'), { now: at })).toThrow(WebhookVerificationError);
    expect(() => parseWebhook(secret, header, body, { now: at + 301_000 })).toThrow(/timestamp_out_of_tolerance/);
    expect(() => parseWebhook(secret, undefined, body, { now: at })).toThrow(/missing_header/);
  });

  it('ships types generated from the current document (run `npm run generate:client` when this fails)', async () => {
    const committed = await readFile(CLIENT_TYPES_PATH, 'utf8');
    expect(committed === (await clientTypesSource()), 'client/api-types.ts is stale: run `npm run generate:client`').toBe(true);
  });
});
