import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_OUT } from '../../bootstrap/build-service.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { callTool, listen } from './support.js';

const ROOT = resolve(import.meta.dirname, '../..');
const NODE = join(ROOT, 'node_modules/.bin/node');

/**
 * The stdio entry point as a desktop assistant starts it: a child process speaking MCP on stdin/stdout.
 * Run from the build the test run's global set-up made of the sources (what `npm run mcp` runs through
 * tsx), which starts in about a second less.
 */
const spawnAssistant = async (env: Record<string, string>) => {
  const inherited = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string'));
  let stderr = '';
  const transport = new StdioClientTransport({
    command: NODE,
    args: [join(SERVICE_OUT, 'bootstrap', 'mcp-stdio.js')],
    cwd: ROOT,
    env: { ...inherited, DATABASE_URL: '', AFFILIATE_API_URL: '', LOG_LEVEL: 'warn', ...env },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'desktop-assistant', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close();
    throw Object.assign(error as Error, { stderr });
  }
  return { client, stderr: () => stderr };
};

describe('the stdio entry point (npm run mcp)', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let affiliate: { id: string };

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant);
    affiliate = await createAffiliate(t, merchant.testKey, campaign.id);
  });
  afterAll(() => t?.close());

  it('serves the tools in-process on the same database with the key from AFFILIATE_API_KEY, audited as the assistant', async () => {
    const { client } = await spawnAssistant({ DATABASE_URL: t.db.url, AFFILIATE_API_KEY: merchant.testKey });
    try {
      const { tools } = await client.listTools();
      // The same tools as over HTTP, the generated ones included.
      const http = await t.request('POST', '/mcp', {
        key: merchant.testKey,
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
        body: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      });
      expect(tools.map((tool) => tool.name)).toEqual(http.body.result.tools.map((tool: { name: string }) => tool.name));
      expect(tools.slice(0, 7).map((tool) => tool.name)).toEqual(['create_conversion', 'update_conversion', 'get_program_overview', 'search', 'fetch', 'update_campaign', 'update_affiliate']);
      const created = await callTool(client, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 40 });
      expect(created.data).toMatchObject({ amount: 40, commission: 4, status: 'pending', isTest: true });
      const rest = await t.api('GET', `/conversions/${created.data.id}`, merchant.testKey);
      expect(rest.body.data.id).toBe(created.data.id);
      const fetched = await callTool(client, 'fetch', { id: `conversion:${created.data.id}` });
      expect(fetched.data).toEqual(rest.body.data);
      const listed = await callTool(client, 'list_conversions', { status: 'pending', campaignId: campaign.id });
      expect(listed.data.map((c: { id: string }) => c.id)).toContain(created.data.id);
    } finally {
      await client.close();
    }
    const rows = await t.sql(`select actor, merchant_id, method, path, status, user_agent from audit_log where actor = 'assistant'`);
    expect(rows).toEqual([
      { actor: 'assistant', merchant_id: merchant.id, method: 'POST', path: '/api/v1/conversions', status: 201, user_agent: 'affiliate-service-stdio/1.0.0' },
    ]);
  });

  it('relays to a running service with AFFILIATE_API_URL, and reports a refused key as a JSON-RPC error', async () => {
    const http = await listen(t);
    try {
      const { client } = await spawnAssistant({ AFFILIATE_API_URL: http.baseUrl, AFFILIATE_API_KEY: merchant.liveReadKey });
      try {
        const refused = await callTool(client, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 1 });
        expect(refused.error?.code).toBe('insufficient_permissions');
        expect((await callTool(client, 'fetch', { id: `campaign:${campaign.id}` })).data.id).toBe(campaign.id);
      } finally {
        await client.close();
      }
      await expect(spawnAssistant({ AFFILIATE_API_URL: http.baseUrl, AFFILIATE_API_KEY: 'svc_pk_live_nope' })).rejects.toThrow(/unauthorized/);
    } finally {
      await http.close();
    }
    // Two assistant processes start here, each loading the service's code.
  }, 90_000);

  it('refuses to start without a key', async () => {
    await expect(spawnAssistant({ DATABASE_URL: t.db.url, AFFILIATE_API_KEY: '' })).rejects.toMatchObject({ stderr: expect.stringContaining('AFFILIATE_API_KEY') });
  });
});
