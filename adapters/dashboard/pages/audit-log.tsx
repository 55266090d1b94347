/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { AuditLog } from '../../../application/ports/audit-log.js';
import type { ApiKeyRepository } from '../../../application/ports/api-key-repository.js';
import type { MerchantUserRepository } from '../../../application/ports/merchant-user-repository.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { page, pageParams } from '../page-kit.js';
import { Pager, shortDate, Table } from '../views/components.js';

/** Every write and failed authentication of the merchant, newest first (API keys, the assistant, dashboard users). */
export const auditLogRoutes = ({ auditLog, users, apiKeys }: { auditLog: AuditLog; users: MerchantUserRepository; apiKeys: ApiKeyRepository }) =>
  new Hono<DashboardEnv>().get('/audit-log', async (c) => {
    const { page: pageNo, limit } = pageParams(c, 50);
    const merchantId = c.get('principal').merchant.id;
    const result = await auditLog.browseForMerchant(merchantId, { page: pageNo, limit });
    // Who acted, by the name a person knows them by: the user's email, the key's name (the page's few, looked up once each).
    const userIds = [...new Set(result.items.filter((e) => e.actor.startsWith('user:')).map((e) => e.actor.slice(5)))];
    const keyIds = [...new Set(result.items.flatMap((e) => (e.actor === 'api_key' && e.apiKeyId ? [e.apiKeyId] : [])))];
    const [people, keys] = await Promise.all([
      Promise.all(userIds.map(async (id) => [id, (await users.findById(merchantId, id))?.email] as const)),
      Promise.all(keyIds.map(async (id) => { const key = await apiKeys.findById(id); return [id, key?.merchantId === merchantId ? key.name : undefined] as const; })),
    ]);
    const userNames = new Map(people);
    const keyNames = new Map(keys);
    const who = (actor: string, apiKeyId: string | null | undefined) => {
      if (actor === 'api_key') return apiKeyId && keyNames.get(apiKeyId) ? `API key “${keyNames.get(apiKeyId)}”` : 'an API key since deleted';
      if (actor.startsWith('user:')) return userNames.get(actor.slice(5)) ?? 'a user since removed';
      return actor;
    };
    return page(
      c,
      'Audit log',
      '/dashboard/audit-log',
      <div id="list">
        <Table caption="Audit log, newest first" head={['When', 'Who', 'Request', { label: 'Status', num: true }, { label: 'Error', narrow: true }, { label: 'Address', narrow: true }]} empty={result.items.length === 0 && 'Nothing recorded yet: every change made here, through the API or by an assistant, is listed here.'}>
          {result.items.map((e) => (
            <tr>
              <td>{shortDate(e.createdAt.toISOString())}</td>
              <td>{who(e.actor, e.apiKeyId)}</td>
              <td>
                <code>
                  {e.method} {e.path}
                </code>
              </td>
              <td class="num">{e.status}</td>
              <td class="hide-narrow">{e.errorCode ?? ''}</td>
              <td class="hide-narrow">{e.address ?? ''}</td>
            </tr>
          ))}
        </Table>
        <Pager base="/dashboard/audit-log" params={{ limit: String(limit) }} page={result.page} limit={result.limit} hasMore={result.hasMore} />
      </div>,
    );
  });
