import type { PayoutPayment } from '../../domain/index.js';

/** Payments (one transfer per affiliate, method and currency per attempt). They join the caller's transaction. */
export interface PayoutPaymentRepository {
  insert(payment: PayoutPayment): Promise<void>;
  update(payment: PayoutPayment): Promise<void>;
  findById(id: string): Promise<PayoutPayment | null>;
}
