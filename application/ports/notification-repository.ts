export interface Notification {
  readonly id: string;
  readonly merchantId: string;
  /** e.g. `webhook_paused`. */
  readonly kind: string;
  readonly message: string;
  readonly createdAt: Date;
}

/** In-app notifications for a merchant's account. */
export interface NotificationRepository {
  insert(notification: Notification): Promise<void>;
  listForMerchant(merchantId: string): Promise<readonly Notification[]>;
}
