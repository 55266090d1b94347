import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { OAuthConnectors } from '../../../application/connectors/oauth-connectors.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { RateLimiter } from '../../../application/ports/rate-limiter.js';
import { publicAddressBucket } from '../../../application/rate-limiting/public-limits.js';
import type { AppEnv } from '../app-env.js';
import { clientAddress } from '../middleware/client-address.js';
import { OAUTH_SCOPES_SUPPORTED, oauthUrls } from './oauth-urls.js';

export interface OAuthRouteDependencies {
  readonly connectors: OAuthConnectors;
  readonly rateLimiter: RateLimiter;
  readonly clock: Clock;
  readonly oauthRequestsPerAddress: number;
  readonly publicBaseUrl: string;
}

/** RFC 6749's error answer: `{ error, error_description }`, never cached. */
const oauthError = (c: Context<AppEnv>, status: 400 | 401 | 429, error: string, description: string) =>
  c.json({ error, error_description: description }, status, { 'Cache-Control': 'no-store' });

/** Registrations, tokens and revocations from one client address, every client behind it together. */
const perAddress =
  (deps: OAuthRouteDependencies): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const decision = await deps.rateLimiter.consume(publicAddressBucket('oauth', clientAddress(c)), deps.oauthRequestsPerAddress, deps.clock.now());
    if (!decision.allowed) {
      c.header('Retry-After', String(Math.max(1, decision.retryAfterSeconds)));
      return oauthError(c, 429, 'slow_down', 'Too many requests from this address');
    }
    await next();
  };

const formOf = async (c: Context<AppEnv>): Promise<Record<string, string>> => {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) return {};
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
};

/**
 * The authorization server of the assistant endpoint's connectors, as the MCP authorization
 * specification describes: protected-resource metadata (RFC 9728) naming this service's `/mcp`,
 * authorization-server metadata (RFC 8414), dynamic registration of public clients (RFC 7591),
 * the token endpoint (authorization code with PKCE S256, refresh-token rotation) and revocation
 * (RFC 7009). The authorization endpoint is the dashboard's consent page.
 */
const metadataOf = (publicBaseUrl: string) => {
  const urls = oauthUrls(publicBaseUrl);
  const resource = { resource: urls.resource, authorization_servers: [urls.issuer], scopes_supported: OAUTH_SCOPES_SUPPORTED, bearer_methods_supported: ['header'], resource_name: 'Affiliate program assistant tools' };
  const serverMetadata = {
    issuer: urls.issuer,
    authorization_endpoint: urls.authorization,
    token_endpoint: urls.token,
    registration_endpoint: urls.registration,
    revocation_endpoint: urls.revocation,
    scopes_supported: OAUTH_SCOPES_SUPPORTED,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
  };
  return { resource, server: serverMetadata };
};

export const oauthRoutes = (deps: OAuthRouteDependencies) =>
  new Hono<AppEnv>()
    .get('/.well-known/oauth-protected-resource', (c) => c.json(metadataOf(deps.publicBaseUrl).resource))
    .get('/.well-known/oauth-protected-resource/mcp', (c) => c.json(metadataOf(deps.publicBaseUrl).resource))
    .get('/.well-known/oauth-authorization-server', (c) => c.json(metadataOf(deps.publicBaseUrl).server))
    .use('/oauth/*', perAddress(deps))
    .post('/oauth/register', async (c) => {
      let body: Record<string, unknown>;
      try {
        body = (await c.req.json()) as Record<string, unknown>;
      } catch {
        return oauthError(c, 400, 'invalid_client_metadata', 'The body must be JSON');
      }
      if (typeof body !== 'object' || body === null) return oauthError(c, 400, 'invalid_client_metadata', 'The body must be a JSON object');
      const method = body.token_endpoint_auth_method;
      if (method !== undefined && method !== 'none') return oauthError(c, 400, 'invalid_client_metadata', 'Only public clients (token_endpoint_auth_method none) may register');
      const registered = await deps.connectors.register({ name: body.client_name, redirectUris: body.redirect_uris });
      if (registered.isErr()) return oauthError(c, 400, registered.error.code, registered.error.message);
      const client = registered.value;
      return c.json(
        {
          client_id: client.id,
          client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
          client_name: client.name,
          redirect_uris: client.redirectUris,
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          scope: OAUTH_SCOPES_SUPPORTED.join(' '),
        },
        201,
        { 'Cache-Control': 'no-store' },
      );
    })
    .post('/oauth/token', async (c) => {
      const form = await formOf(c);
      const clientId = form.client_id ?? '';
      const client = await deps.connectors.findClient(clientId);
      if (!client) return oauthError(c, 401, 'invalid_client', 'Unknown client_id');
      const issued =
        form.grant_type === 'authorization_code'
          ? await deps.connectors.exchangeCode({ code: form.code ?? '', clientId, redirectUri: form.redirect_uri ?? '', verifier: form.code_verifier ?? '' })
          : form.grant_type === 'refresh_token'
            ? await deps.connectors.refresh({ refreshToken: form.refresh_token ?? '', clientId })
            : null;
      if (!issued) return oauthError(c, 400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
      if (issued.isErr()) return oauthError(c, 400, issued.error.code, issued.error.message);
      const t = issued.value;
      return c.json(
        { access_token: t.accessToken, token_type: 'Bearer', expires_in: t.expiresIn, refresh_token: t.refreshToken, scope: t.scopes.join(' ') },
        200,
        { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
      );
    })
    .post('/oauth/revoke', async (c) => {
      const form = await formOf(c);
      if (!form.token) return oauthError(c, 400, 'invalid_request', 'token is required');
      await deps.connectors.revokeToken(form.token);
      return c.body(null, 200);
    });
