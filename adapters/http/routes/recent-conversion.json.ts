import type { Decimal } from '../../../domain/index.js';
import { moneyNumber } from '../money.json.js';

/** The fields a "recent conversions" item shows (campaign detail and the monthly overview). */
export interface RecentConversionView {
  readonly id: string;
  readonly orderId: string | null;
  readonly customerName: string | null;
  readonly amount: Decimal;
  readonly commission: Decimal;
  readonly currency: string;
  readonly status: string;
  readonly createdAt: Date;
}

/** Money leaves as JSON numbers here, at the boundary, where the spec shows numbers. */
export const recentConversionJson = <S extends string>(r: RecentConversionView & { status: S }) => ({
  id: r.id,
  orderId: r.orderId,
  customerName: r.customerName,
  amount: moneyNumber(r.amount),
  commission: moneyNumber(r.commission),
  currency: r.currency,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});
