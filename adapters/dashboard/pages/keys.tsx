/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { IssueApiKey } from '../../../application/api-keys/issue-api-key.js';
import type { RevokeApiKey } from '../../../application/api-keys/revoke-api-key.js';
import type { ApiKeyRepository } from '../../../application/ports/api-key-repository.js';
import { ApiError } from '../../http/api-error.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { checked, done, formOf, idOrNotFound, noticeOf, page, pageParams, refusal, type DashboardContext } from '../page-kit.js';
import { ErrorBox, Notice, Pager, shortDate, Table, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { AskFirst } from '../ask-first.js';

export interface KeyPageDependencies {
  readonly issueApiKey: IssueApiKey;
  readonly revokeApiKey: RevokeApiKey;
  readonly apiKeys: ApiKeyRepository;
}

/** API keys: made by the signed-in user (as the owner, or as a team member with their Manage payouts), shown once, revocable. */
export const keyRoutes = (deps: KeyPageDependencies) => {
  const list = async (c: DashboardContext, extra: { problem?: Problem | null; issued?: { name: string; token: string } } = {}, status: 200 | 201 | 400 | 403 | 404 = 200) => {
    const { page: pageNo, limit } = pageParams(c);
    const result = await deps.apiKeys.listForMerchant(c.get('principal').merchant.id, { page: pageNo, limit });
    const csrf = c.get('webSession')!.csrfToken;
    const plan = c.get('principal').merchant.plan;
    return page(
      c,
      'API keys',
      '/dashboard/keys',
      <>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={extra.problem} />
        {extra.issued ? (
          <div class="notice" role="status">
            <p>
              <strong>{extra.issued.name}</strong> was created. Copy it now: it is shown only this once.
            </p>
            <code class="secret" id="new-key">
              {extra.issued.token}
            </code>
            <button type="button" class="secondary" data-copy={extra.issued.token}>
              Copy key
            </button>
          </div>
        ) : null}
        <section class="panel compact" aria-labelledby="new-key-title">
          <h2 id="new-key-title">New key</h2>
          <form method="post" action="/dashboard/keys" class="stack">
            <CsrfField token={csrf} />
            <label>
              Name
              <input name="name" required maxlength={100} />
            </label>
            <label>
              Mode
              <select name="mode">
                <option value="live" selected={c.get('tenant').mode === 'live'}>
                  Live
                </option>
                <option value="test" selected={c.get('tenant').mode === 'test'}>
                  Test
                </option>
              </select>
            </label>
            <label class="check">
              <input type="checkbox" name="write" disabled={plan === 'professional'} /> Can write {plan === 'professional' ? '(Ultimate or Scale)' : ''}
            </label>
            <button type="submit">Create key</button>
          </form>
        </section>
        <div id="list">
          <Table caption="API keys" head={['Name', 'Mode', 'Access', { label: 'Made by', narrow: true }, { label: 'Created', narrow: true }, 'State']} empty={result.items.length === 0 && 'No API keys: create one above to call the API from your code.'}>
            {result.items.map((k) => (
              <tr>
                <td>{k.name}</td>
                <td>{k.mode}</td>
                <td>{k.permissions.write ? 'read and write' : 'read only'}</td>
                <td class="hide-narrow">{k.createdBy === 'owner' ? 'owner' : `team member${k.managePayouts ? ' (manage payouts)' : ''}`}</td>
                <td class="hide-narrow">{shortDate(k.createdAt.toISOString())}</td>
                <td>
                  {k.revokedAt ? (
                    'revoked'
                  ) : (
                    <form method="post" action={`/dashboard/keys/${k.id}/revoke`} class="inline">
                      <CsrfField token={csrf} />
                      <AskFirst question={`Revoke the key ${k.name}? Scripts using it stop working at once.`} yes="Yes, revoke" />
                      <button type="submit" class="danger" aria-label={`Revoke ${k.name}`}>
                        Revoke
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </Table>
          <Pager base="/dashboard/keys" params={{}} page={result.page} limit={result.limit} total={result.total} />
        </div>
      </>,
      status,
    );
  };

  return new Hono<DashboardEnv>()
    .get('/keys', (c) => list(c))
    .post('/keys', async (c) => {
      const form = await formOf(c);
      const user = c.get('user');
      const name = (form.name ?? '').slice(0, 100);
      if (!name) {
        const r = refusal(c, new ApiError('validation_error', 'Give the key a name', [{ field: 'name', message: 'is required' }]));
        return list(c, { problem: r.problem }, 400);
      }
      const result = await deps.issueApiKey.execute({
        merchantId: c.get('principal').merchant.id,
        mode: form.mode === 'test' ? 'test' : 'live',
        write: checked(form.write),
        name,
        createdBy: user.role === 'owner' ? 'owner' : 'team_member',
        managePayouts: user.role === 'member' ? user.managePayouts : false,
      });
      if (result.isErr()) {
        const r = refusal(c, result.error);
        return list(c, { problem: r.problem }, r.status as 403);
      }
      c.header('Cache-Control', 'no-store');
      return list(c, { issued: { name: result.value.key.name, token: result.value.token } }, 201);
    })
    .post('/keys/:id/revoke', async (c) => {
      const result = await deps.revokeApiKey.execute(idOrNotFound(c.req.param('id'), 'API key'), c.get('principal').merchant.id);
      if (result.isErr()) throw ApiError.from(result.error);
      return done(c, '/dashboard/keys', 'Key revoked: it answers 401 from now on.');
    });
};
