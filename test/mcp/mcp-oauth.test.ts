import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardBrowser } from '../support/dashboard-browser.js';
import { signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, type TestCampaign } from '../support/program-mother.js';
import { peerEnv, startTestService, type TestService } from '../support/test-service.js';
import { callTool, connectAssistant, listen } from './support.js';
import { TOKENS } from '../../bootstrap/tokens.js';

const REDIRECT = 'http://127.0.0.1:8765/callback';

describe('OAuth connectors of /mcp', () => {
  let t: TestService;
  let http: { baseUrl: string; close(): Promise<void> };
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let affiliate: { id: string };

  beforeAll(async () => {
    t = await startTestService();
    http = await listen(t);
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant, { commissionType: 'percentage', commissionValue: 20 });
    affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
  });
  afterAll(async () => {
    await http?.close();
    await t?.close();
  });

  const request = (path: string, init: RequestInit = {}) => t.service.app.request(path, init, peerEnv('10.9.8.7'));
  const form = (path: string, fields: Record<string, string>) =>
    request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

  const register = async (name = 'Claude') => {
    const res = await request('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: name, redirect_uris: [REDIRECT] }) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { client_id: string }).client_id;
  };

  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };

  const authorizeQuery = (clientId: string, challenge: string, scope: string) =>
    new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256', scope, state: 'xyz' });

  /** The member opens the consent page and approves; answers the code the redirect carries. */
  const consent = async (browser: DashboardBrowser, clientId: string, challenge: string, scope: string) => {
    const query = authorizeQuery(clientId, challenge, scope);
    const shown = await browser.get(`/dashboard/oauth/authorize?${query}`);
    expect(shown.status).toBe(200);
    const approved = await browser.post('/dashboard/oauth/authorize', [...query.entries(), ['decision', 'approve']]);
    expect(approved.status).toBe(303);
    const back = new URL(approved.location!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('xyz');
    return { code: back.searchParams.get('code')!, page: shown.html };
  };

  const tokens = async (fields: Record<string, string>) => {
    const res = await form('/oauth/token', fields);
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };

  /** Registration, consent and the code's exchange: the connector's tokens. */
  const connect = async (browser: DashboardBrowser, scope = 'read write manage_payouts') => {
    const clientId = await register();
    const { verifier, challenge } = pkce();
    const { code, page } = await consent(browser, clientId, challenge, scope);
    const exchanged = await tokens({ grant_type: 'authorization_code', code, client_id: clientId, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(exchanged.status).toBe(200);
    const body = exchanged.body as { access_token: string; refresh_token: string; scope: string };
    return { clientId, page, access_token: body.access_token, refresh_token: body.refresh_token, scope: body.scope };
  };

  it('publishes the protected-resource and authorization-server metadata', async () => {
    const resource = (await (await request('/.well-known/oauth-protected-resource/mcp')).json()) as Record<string, unknown>;
    const base = t.config.publicBaseUrl;
    expect(resource).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base] });
    const server = (await (await request('/.well-known/oauth-authorization-server')).json()) as Record<string, unknown>;
    expect(server).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/dashboard/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['read', 'write', 'manage_payouts'],
    });
  });

  it('answers /mcp without a token with 401 naming the resource metadata', async () => {
    const res = await request('/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${t.config.publicBaseUrl}/.well-known/oauth-protected-resource/mcp"`);
  });

  it('sends a signed-out member to sign in first, and back to the consent page after', async () => {
    const clientId = await register();
    const path = `/dashboard/oauth/authorize?${authorizeQuery(clientId, pkce().challenge, 'read')}`;
    const res = await request(path);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/dashboard/sign-in?next=${encodeURIComponent(path)}`);
  });

  it('answers a deny with access_denied to the connector, and grants nothing', async () => {
    const owner = await signedInUser(t, merchant.id, { role: 'owner' });
    const clientId = await register();
    const query = authorizeQuery(clientId, pkce().challenge, 'read');
    await owner.browser.get(`/dashboard/oauth/authorize?${query}`);
    const denied = await owner.browser.post('/dashboard/oauth/authorize', [...query.entries(), ['decision', 'deny']]);
    expect(new URL(denied.location!).searchParams.get('error')).toBe('access_denied');
    expect(await t.sql(`select 1 from oauth_grants where client_id = $1`, [clientId])).toEqual([]);
  });

  it('registers only public clients returning to https or loopback addresses', async () => {
    const bad = await request('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'x', redirect_uris: ['http://evil.example/cb'] }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('invalid_redirect_uri');
    expect(await t.sql(`select 1 from oauth_clients where name = 'x'`)).toEqual([]);
  });

  it('runs the whole flow: consent, token, a tool call acting as the member, refresh rotation, revoke', async () => {
    const owner = await signedInUser(t, merchant.id, { role: 'owner' });
    const connected = await connect(owner.browser);
    expect(connected.page).toContain('Claude');
    expect(connected.scope).toBe('read write manage_payouts');

    const client = await connectAssistant(http.baseUrl, connected.access_token!);
    const created = await callTool(client, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 50 });
    expect(created.isError).toBe(false);
    await client.close();
    const audit = await t.sql<{ actor: string }>(`select actor from audit_log where merchant_id = $1 and method = 'POST' and path = '/api/v1/conversions' and status = 201 order by created_at desc limit 1`, [merchant.id]);
    const grant = (await t.sql<{ id: string }>(`select id from oauth_grants where client_id = $1`, [connected.clientId]))[0]!;
    expect(audit[0]?.actor).toBe(`connector:${grant.id}:user:${owner.userId}`);

    // Rotation: the refresh token works once; its reuse revokes the whole grant.
    const refreshed = await tokens({ grant_type: 'refresh_token', refresh_token: connected.refresh_token!, client_id: connected.clientId });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(connected.refresh_token);
    const reused = await tokens({ grant_type: 'refresh_token', refresh_token: connected.refresh_token!, client_id: connected.clientId });
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    await expect(connectAssistant(http.baseUrl, refreshed.body.access_token!)).rejects.toMatchObject({ code: 401 });
  });

  it('revoking a connector (by token or in the dashboard) ends its access at once', async () => {
    const owner = await signedInUser(t, merchant.id, { role: 'owner' });
    const first = await connect(owner.browser);
    expect((await form('/oauth/revoke', { token: first.refresh_token!, client_id: first.clientId })).status).toBe(200);
    await expect(connectAssistant(http.baseUrl, first.access_token!)).rejects.toMatchObject({ code: 401 });

    const second = await connect(owner.browser);
    const live = await connectAssistant(http.baseUrl, second.access_token!);
    await live.close();
    const list = await owner.browser.get('/dashboard/connectors');
    expect(list.html).toContain('Claude');
    const grant = (await t.sql<{ id: string }>(`select id from oauth_grants where client_id = $1`, [second.clientId]))[0]!;
    expect((await owner.browser.post(`/dashboard/connectors/${grant.id}/revoke`)).status).toBe(303);
    await expect(connectAssistant(http.baseUrl, second.access_token!)).rejects.toMatchObject({ code: 401 });
  });

  it('refuses a wrong PKCE verifier and a code used twice', async () => {
    const owner = await signedInUser(t, merchant.id, { role: 'owner' });
    const clientId = await register();
    const { verifier, challenge } = pkce();
    const { code } = await consent(owner.browser, clientId, challenge, 'read');
    const wrong = await tokens({ grant_type: 'authorization_code', code, client_id: clientId, redirect_uri: REDIRECT, code_verifier: pkce().verifier });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await tokens({ grant_type: 'authorization_code', code, client_id: clientId, redirect_uri: REDIRECT, code_verifier: verifier })).status).toBe(200);
    expect((await tokens({ grant_type: 'authorization_code', code, client_id: clientId, redirect_uri: REDIRECT, code_verifier: verifier })).body.error).toBe('invalid_grant');
  });

  it("a member without Manage payouts grants no more than they hold: live sales and auto-approval are refused", async () => {
    const member = await signedInUser(t, merchant.id, { role: 'member', managePayouts: false });
    const connected = await connect(member.browser);
    expect(connected.page).toContain('not granted');
    expect(connected.scope).toBe('read write');
    const client = await connectAssistant(http.baseUrl, connected.access_token!);
    try {
      const sale = await callTool(client, 'create_conversion', { campaignId: campaign.id, affiliateId: affiliate.id, amount: 10 });
      expect(sale.error?.code).toBe('insufficient_permissions');
      const auto = await callTool(client, 'update_campaign', { id: campaign.id, autoApproveCommissionsAfterDays: 30 });
      expect(auto.error?.code).toBe('insufficient_permissions');
    } finally {
      await client.close();
    }
  });

  it("another merchant's member approves for their own merchant only", async () => {
    const other = await createMerchant(t, 'scale');
    const stranger = await signedInUser(t, other.id, { role: 'owner' });
    const connected = await connect(stranger.browser);
    const grant = (await t.sql<{ merchant_id: string }>(`select merchant_id from oauth_grants where client_id = $1`, [connected.clientId]))[0]!;
    expect(grant.merchant_id).toBe(other.id);
    const client = await connectAssistant(http.baseUrl, connected.access_token!);
    try {
      const fetched = await callTool(client, 'fetch', { id: `campaign:${campaign.id}` });
      expect(fetched.error?.code).toBe('not_found');
    } finally {
      await client.close();
    }
  });

  it('forgets expired codes and tokens, keeping live ones', async () => {
    const owner = await signedInUser(t, merchant.id, { role: 'owner' });
    const connected = await connect(owner.browser);
    const grant = (await t.sql<{ id: string }>(`select id from oauth_grants where client_id = $1`, [connected.clientId]))[0]!;
    const kinds = async () => (await t.sql<{ kind: string }>(`select kind from oauth_tokens where grant_id = $1 order by kind`, [grant.id])).map((r) => r.kind);
    expect(await kinds()).toEqual(['access', 'code', 'refresh']);
    const job = t.service.container.resolve(TOKENS.ForgetExpiredConnectorTokens);
    // An hour on: the code (one minute) and the access token (ten minutes) are gone, the refresh token stays.
    await job.runDue(new Date(Date.now() + 60 * 60 * 1000));
    expect(await kinds()).toEqual(['refresh']);
  });
});
