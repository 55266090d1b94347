/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { holdsOf, type OAuthConnectors } from '../../../application/connectors/oauth-connectors.js';
import type { OAuthClient } from '../../../application/ports/connector-store.js';
import { CONNECTOR_SCOPES, grantableScopes, memberHolds, parseScopes, type ConnectorScope } from '../../../domain/connector/scopes.js';
import { oauthUrls } from '../../http/oauth/oauth-urls.js';
import { redirectTo } from '../../http/web-session/web-session.middleware.js';
import { DASHBOARD_CSP } from '../dashboard-security.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, noticeOf, page, type DashboardContext } from '../page-kit.js';
import { ErrorBox, Notice, shortDate, Table } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { AskFirst } from '../ask-first.js';

export interface ConnectorPageDependencies {
  readonly connectors: OAuthConnectors;
  readonly publicBaseUrl: string;
}

const SCOPE_LABELS: Record<ConnectorScope, string> = {
  read: 'Read your program: campaigns, affiliates, sales, payouts and statistics',
  write: 'Make changes: approve or reject sales, edit campaigns and affiliates',
  manage_payouts: 'Manage payouts: live sales, auto-approval and payout settings',
};

/** A checked authorization request: its client, where to send the answer, and what it asks. */
interface AuthorizationRequest {
  readonly client: OAuthClient;
  readonly redirectUri: string;
  readonly state: string;
  readonly codeChallenge: string;
  readonly asked: readonly ConnectorScope[];
}

type Checked = { ok: true; request: AuthorizationRequest } | { ok: false; message: string } | { ok: false; redirect: string };

const answerTo = (redirectUri: string, params: Record<string, string>): string => {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== '') url.searchParams.set(k, v);
  return url.toString();
};

/**
 * RFC 6749 4.1.2.1: an unknown client or redirect address is shown to the member (never redirected to);
 * any other problem goes back to the client with an error.
 */
const check = async (connectors: OAuthConnectors, issuer: string, p: Record<string, string | undefined>): Promise<Checked> => {
  const client = await connectors.findClient(p.client_id ?? '');
  if (!client) return { ok: false, message: 'This connector is not registered (unknown client_id).' };
  const redirectUri = p.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : '');
  if (!client.redirectUris.includes(redirectUri)) return { ok: false, message: 'The connector asked to return to an address it did not register.' };
  const state = p.state ?? '';
  const back = (error: string, description: string) => ({ ok: false as const, redirect: answerTo(redirectUri, { error, error_description: description, state, iss: issuer }) });
  if (p.response_type !== 'code') return back('unsupported_response_type', 'response_type must be code');
  if (!p.code_challenge || p.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(p.code_challenge)) return back('invalid_request', 'PKCE with code_challenge_method S256 is required');
  const asked = parseScopes(p.scope);
  if (asked.isErr()) return back('invalid_scope', asked.error.message);
  return { ok: true, request: { client, redirectUri, state, codeChallenge: p.code_challenge, asked: asked.value } };
};

const hidden = (r: AuthorizationRequest, scope: string) => (
  <>
    <input type="hidden" name="response_type" value="code" />
    <input type="hidden" name="client_id" value={r.client.id} />
    <input type="hidden" name="redirect_uri" value={r.redirectUri} />
    <input type="hidden" name="state" value={r.state} />
    <input type="hidden" name="code_challenge" value={r.codeChallenge} />
    <input type="hidden" name="code_challenge_method" value="S256" />
    <input type="hidden" name="scope" value={scope} />
  </>
);

/** The OAuth consent page (the authorization endpoint) and the member's list of connectors, revocable. */
export const connectorRoutes = (deps: ConnectorPageDependencies) => {
  const issuer = () => oauthUrls(deps.publicBaseUrl).issuer;
  const refused = (c: DashboardContext, message: string) => page(c, 'Connect an assistant', '/dashboard/connectors', <ErrorBox problem={{ message }} />, 400);
  return new Hono<DashboardEnv>()
    .get('/oauth/authorize', async (c) => {
      const checked = await check(deps.connectors, issuer(), c.req.query());
      if (!checked.ok) return 'redirect' in checked ? c.redirect(checked.redirect, 302) : refused(c, checked.message);
      const r = checked.request;
      const user = c.get('user');
      const merchant = c.get('principal').merchant;
      const holds = holdsOf(user, merchant);
      const granted = grantableScopes(r.asked, holds);
      const withheld = r.asked.filter((s) => !granted.includes(s));
      const csrf = c.get('webSession')!.csrfToken;
      // The approval's answer is a redirect to the connector: the form may lead there.
      c.header('Content-Security-Policy', DASHBOARD_CSP.replace("form-action 'self'", `form-action 'self' ${new URL(r.redirectUri).origin}`));
      return page(
        c,
        'Connect an assistant',
        '/dashboard/connectors',
        <>
          <p>
            <strong>{r.client.name}</strong> asks to act as you, <strong>{user.email}</strong>, at <strong>{merchant.businessName}</strong> in <strong>{c.get('tenant').mode}</strong> mode.
          </p>
          <h2>It will be able to</h2>
          <ul>
            {granted.map((s) => (
              <li>{SCOPE_LABELS[s]}</li>
            ))}
          </ul>
          {withheld.length > 0 ? (
            <>
              <h2>Asked for, not granted (you do not hold it)</h2>
              <ul>
                {withheld.map((s) => (
                  <li>{SCOPE_LABELS[s]}</li>
                ))}
              </ul>
            </>
          ) : null}
          <p>
            It will return to <code>{r.redirectUri}</code>. You can revoke it at any time under <a href="/dashboard/connectors">Connectors</a>.
          </p>
          <div class="actions">
            <form method="post" action="/dashboard/oauth/authorize">
              <CsrfField token={csrf} />
              {hidden(r, r.asked.join(' '))}
              <button type="submit" name="decision" value="approve">
                Approve
              </button>
            </form>
            <form method="post" action="/dashboard/oauth/authorize">
              <CsrfField token={csrf} />
              {hidden(r, r.asked.join(' '))}
              <button type="submit" name="decision" value="deny" class="secondary">
                Deny
              </button>
            </form>
          </div>
        </>,
      );
    })
    .post('/oauth/authorize', async (c) => {
      const form = await formOf(c);
      const checked = await check(deps.connectors, issuer(), form);
      if (!checked.ok) return 'redirect' in checked ? redirectTo(c, checked.redirect) : refused(c, checked.message);
      const r = checked.request;
      if (form.decision !== 'approve') return redirectTo(c, answerTo(r.redirectUri, { error: 'access_denied', error_description: 'The member denied access', state: r.state, iss: issuer() }));
      const { code } = await deps.connectors.approve({
        client: r.client,
        redirectUri: r.redirectUri,
        codeChallenge: r.codeChallenge,
        asked: r.asked,
        user: c.get('user'),
        merchant: c.get('principal').merchant,
        mode: c.get('tenant').mode,
      });
      return redirectTo(c, answerTo(r.redirectUri, { code, state: r.state, iss: issuer() }));
    })
    .get('/connectors', async (c) => {
      const user = c.get('user');
      const grants = await deps.connectors.listForUser(user);
      const csrf = c.get('webSession')!.csrfToken;
      const holds = holdsOf(user, c.get('principal').merchant);
      return page(
        c,
        'Connectors',
        '/dashboard/connectors',
        <>
          <Notice text={noticeOf(c)} />
          <p>Assistants you connected with OAuth act as you, with what you granted and still hold. Revoking one ends its access at once.</p>
          <Table caption="Your connectors" head={['Assistant', 'Mode', 'Access', { label: 'Approved', narrow: true }, 'State']} empty={grants.length === 0 ? 'No assistant is connected.' : false}>
            {grants.map((g) => (
              <tr>
                <td>{g.clientName}</td>
                <td>{g.mode}</td>
                <td>{CONNECTOR_SCOPES.filter((s) => g.scopes.includes(s) && memberHolds(s, holds)).join(', ')}</td>
                <td class="hide-narrow">{shortDate(g.createdAt.toISOString())}</td>
                <td>
                  {g.revokedAt ? (
                    'revoked'
                  ) : (
                    <form method="post" action={`/dashboard/connectors/${g.id}/revoke`} class="inline">
                      <CsrfField token={csrf} />
                      <AskFirst question={`Revoke ${g.clientName}? It loses access at once.`} yes="Yes, revoke" />
                      <button type="submit" class="danger" aria-label={`Revoke ${g.clientName}`}>
                        Revoke
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        </>,
      );
    })
    .post('/connectors/:id/revoke', async (c) => {
      const revoked = await deps.connectors.revokeForUser(c.get('user'), c.req.param('id'));
      return done(c, '/dashboard/connectors', revoked ? 'Connector revoked.' : 'That connector was already revoked.');
    });
};
