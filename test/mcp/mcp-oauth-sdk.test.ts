import { serve, type ServerType } from '@hono/node-server';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const REDIRECT = 'http://127.0.0.1:8766/callback';

/** A free port, so the service's public base address (the issuer and resource) is where it listens. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The SDK's OAuth client provider, in memory; the authorization URL is kept for the member to open. */
class MemoryProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'SDK assistant', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], scope: 'read write' };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe("the MCP SDK's OAuth client against the service", () => {
  let t: TestService;
  let server: ServerType;
  let base: string;
  let merchant: TestMerchant;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestService({ publicBaseUrl: base });
    await new Promise<void>((done) => {
      server = serve({ fetch: t.service.app.fetch, port, hostname: '127.0.0.1' }, () => done());
    });
    merchant = await createMerchant(t, 'scale');
  });
  afterAll(async () => {
    // close() waits for every open connection; a stream the client's transport left open (its GET)
    // would hold it for ever, so every connection is ended first.
    (server as Server | undefined)?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await t?.close();
  });

  it('discovers, registers, sends the member to consent, exchanges the code, calls a tool, refreshes', async () => {
    const provider = new MemoryProvider();
    const serverUrl = new URL('/mcp', base);
    expect(await auth(provider, { serverUrl, scope: 'read write' })).toBe('REDIRECT');
    const url = provider.authorizationUrl!;
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/dashboard/oauth/authorize`);

    const owner = await signedInUser(t, merchant.id, { role: 'owner' });
    const shown = await owner.browser.get(`${url.pathname}${url.search}`);
    expect(shown.html).toContain('SDK assistant');
    const fields = [...url.searchParams.entries(), ['decision', 'approve']] as [string, string][];
    const approved = await owner.browser.post('/dashboard/oauth/authorize', fields);
    const code = new URL(approved.location!).searchParams.get('code')!;
    expect(await auth(provider, { serverUrl, authorizationCode: code })).toBe('AUTHORIZED');

    const client = new Client({ name: 'sdk-oauth', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider }));
    const overview = await client.callTool({ name: 'get_program_overview', arguments: {} });
    expect(overview.isError).toBeFalsy();
    await client.close();

    // With a refresh token saved, auth() refreshes: a new pair, the old refresh token spent.
    const first = provider.saved!;
    expect(await auth(provider, { serverUrl })).toBe('AUTHORIZED');
    expect(provider.saved!.refresh_token).not.toBe(first.refresh_token);
    expect(provider.saved!.access_token).not.toBe(first.access_token);
  });
});
