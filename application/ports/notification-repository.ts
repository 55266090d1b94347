import type { Mode } from '../../domain/index.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

export interface Notification {
  readonly id: string;
  readonly merchantId: string;
  /** Test-mode activity writes test notices, seen with test keys only; account notices are live. */
  readonly mode: Mode;
  /** e.g. `webhook_paused`, `invitation_expired`. */
  readonly kind: string;
  readonly message: string;
  readonly createdAt: Date;
  /** When the merchant marked it read; null while unread. */
  readonly readAt: Date | null;
}

/** A notice as its writer gives it: live unless said otherwise, unread. */
export type NewNotification = Omit<Notification, 'mode' | 'readAt'> & { readonly mode?: Mode; readonly once?: string };

/** In-app notifications for a merchant's account. Every method joins the caller's transaction. */
export interface NotificationRepository {
  /** Answers false when a notice with the same `once` key was already told (nothing is written). */
  insert(notification: NewNotification): Promise<boolean>;
  /** The operator's view: every notice of the merchant, both modes, newest first. */
  listForMerchant(merchantId: string): Promise<readonly Notification[]>;
  /** The tenant's notices, newest first. */
  list(tenant: Tenant, page: PageRequest): Promise<Page<Notification>>;
  unreadCount(tenant: Tenant): Promise<number>;
  /** Marks the tenant's given notices (or all of them) read at `now`; ids not the tenant's are ignored. Answers how many changed. */
  markRead(tenant: Tenant, which: { readonly ids: readonly string[] } | 'all', now: Date): Promise<number>;
}
