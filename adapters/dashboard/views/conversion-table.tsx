/** @jsxImportSource hono/jsx */
import type { AffiliateName } from '../../../application/ports/affiliate-names.js';
import { shortDate, Table } from './components.js';
import { AffiliateCell } from './people.js';
import { statusLabel } from '../../display/status-labels.js';

/** What a table shows of a conversion, its figures as the JSON shows them. */
export interface ConversionFigures {
  readonly orderId: string | null;
  readonly amount: string | number;
  readonly currency: string;
  readonly commission: string | number;
  readonly status: string;
}

/** A conversion as table cells: its order, the sale with its currency, the commission and the status. */
export const ConversionCells = ({ orderId, amount, currency, commission, status }: ConversionFigures) => (
  <>
    <td>{orderId ?? '—'}</td>
    <td class="num">
      {amount} {currency.toUpperCase()}
    </td>
    <td class="num">
      {commission} {currency.toUpperCase()}
    </td>
    <td>{statusLabel(status)}</td>
  </>
);

/** The latest conversions, newest first (the overview's, a campaign's), each with its affiliate. */
export const RecentConversions = ({ rows, affiliates }: { rows: readonly (ConversionFigures & { readonly createdAt: string; readonly affiliateId: string })[]; affiliates: ReadonlyMap<string, AffiliateName> }) => (
  <>
    <h2>Recent conversions</h2>
    <Table caption="Recent conversions" head={['When', 'Affiliate', 'Order', { label: 'Amount', num: true }, { label: 'Commission', num: true }, 'Status']} empty={rows.length === 0 && 'No conversions yet: they appear as sales arrive from your integrations, the API or the Record a sale form.'}>
      {rows.map((r) => (
        <tr>
          <td>{shortDate(r.createdAt)}</td>
          <td>
            <AffiliateCell id={r.affiliateId} names={affiliates} />
          </td>
          <ConversionCells {...r} />
        </tr>
      ))}
    </Table>
  </>
);
