import type { Clock } from '../ports/clock.js';
import type { Notification, NotificationRepository } from '../ports/notification-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

export interface NotificationPage extends Page<Notification> {
  readonly unreadCount: number;
}

/** `GET /notifications` and `POST /notifications/read`: the merchant's in-app notices in the key's mode. */
export class MerchantNotifications {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationRepository,
    private readonly clock: Clock,
  ) {}

  async list(tenant: Tenant, page: PageRequest): Promise<NotificationPage> {
    const [found, unreadCount] = await Promise.all([this.notifications.list(tenant, page), this.notifications.unreadCount(tenant)]);
    return { ...found, unreadCount };
  }

  unreadCount(tenant: Tenant): Promise<number> {
    return this.notifications.unreadCount(tenant);
  }

  /** Marks read; already-read notices keep their first read time. Answers how many changed and what stays unread. */
  markRead(tenant: Tenant, which: { readonly ids: readonly string[] } | 'all'): Promise<{ marked: number; unreadCount: number }> {
    return this.uow.transaction(async () => {
      const marked = await this.notifications.markRead(tenant, which, this.clock.now());
      return { marked, unreadCount: await this.notifications.unreadCount(tenant) };
    });
  }
}
