/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { AuditLog } from '../../../application/ports/audit-log.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { page, pageParams } from '../page-kit.js';
import { Pager, shortDate, Table } from '../views/components.js';

/** Every write and failed authentication of the merchant, newest first (API keys, the assistant, dashboard users). */
export const auditLogRoutes = (auditLog: AuditLog) =>
  new Hono<DashboardEnv>().get('/audit-log', async (c) => {
    const { page: pageNo, limit } = pageParams(c, 50);
    const result = await auditLog.browseForMerchant(c.get('principal').merchant.id, { page: pageNo, limit });
    return page(
      c,
      'Audit log',
      '/dashboard/audit-log',
      <div id="list">
        <Table caption="Audit log, newest first" head={['When', 'Who', 'Request', { label: 'Status', num: true }, { label: 'Error', narrow: true }, { label: 'Address', narrow: true }]} empty={result.items.length === 0 && 'Nothing recorded yet: every change made here, through the API or by an assistant, is listed here.'}>
          {result.items.map((e) => (
            <tr>
              <td>{shortDate(e.createdAt.toISOString())}</td>
              <td>{e.actor === 'api_key' ? `key ${e.apiKeyId?.slice(0, 8) ?? ''}` : e.actor.startsWith('user:') ? `user ${e.actor.slice(5, 13)}` : e.actor}</td>
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
