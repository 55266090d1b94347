/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { AddMerchantUser } from '../../../application/merchant-users/add-merchant-user.js';
import type { MerchantUserRepository } from '../../../application/ports/merchant-user-repository.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { checked, done, formOf, noticeOf, page, pageParams, refusal, type DashboardContext } from '../page-kit.js';
import { ErrorBox, Notice, Pager, shortDate, Table, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';

export interface UserPageDependencies {
  readonly users: MerchantUserRepository;
  readonly addMerchantUser: AddMerchantUser;
}

/** The merchant's dashboard users; owners invite more (each gets an emailed link to set a password). */
export const userRoutes = (deps: UserPageDependencies) => {
  const list = async (c: DashboardContext, problem?: Problem | null, status: 200 | 400 | 403 | 409 = 200) => {
    const { page: pageNo, limit } = pageParams(c);
    const users = await deps.users.listForMerchant(c.get('principal').merchant.id, { page: pageNo, limit });
    const owner = c.get('user').role === 'owner';
    return page(
      c,
      'Users',
      '/dashboard/users',
      <>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={problem} />
        {owner ? (
          <section class="panel compact" aria-labelledby="invite-user">
            <h2 id="invite-user">Invite a user</h2>
            <form method="post" action="/dashboard/users" class="stack">
              <CsrfField token={c.get('webSession')!.csrfToken} />
              <label>
                Email
                <input type="email" name="email" required />
              </label>
              <label>
                Role
                <select name="role">
                  <option value="member">Member</option>
                  <option value="owner">Owner</option>
                </select>
              </label>
              <label class="check">
                <input type="checkbox" name="managePayouts" /> Manage payouts (members: live conversions and automatic approval)
              </label>
              <button type="submit">Send invitation</button>
            </form>
          </section>
        ) : (
          <p class="muted">Only owners invite users.</p>
        )}
        <div id="list">
          <Table caption="Dashboard users" head={['Email', 'Role', 'Manage payouts', { label: 'Since', narrow: true }, 'Password']}>
            {users.items.map((u) => (
              <tr>
                <td>{u.email}</td>
                <td>{u.role}</td>
                <td>{u.managePayouts ? 'yes' : 'no'}</td>
                <td class="hide-narrow">{shortDate(u.createdAt.toISOString())}</td>
                <td>{u.passwordHash ? 'set' : 'invited'}</td>
              </tr>
            ))}
          </Table>
          <Pager base="/dashboard/users" params={{}} page={users.page} limit={users.limit} total={users.total} />
        </div>
      </>,
      status,
    );
  };
  return new Hono<DashboardEnv>()
    .get('/users', (c) => list(c))
    .post('/users', async (c) => {
      const form = await formOf(c);
      const user = c.get('user');
      const result = await deps.addMerchantUser.execute({
        merchantId: user.merchantId,
        email: form.email ?? '',
        role: form.role === 'owner' ? 'owner' : 'member',
        managePayouts: checked(form.managePayouts),
        invitedBy: user,
      });
      if (result.isErr()) {
        const r = refusal(c, result.error);
        return list(c, r.problem, r.status as 400);
      }
      return done(c, '/dashboard/users', `Invitation sent to ${result.value.email}.`);
    });
};
