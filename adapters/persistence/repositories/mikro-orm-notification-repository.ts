import type { Notification, NotificationRepository } from '../../../application/ports/notification-repository.js';
import { currentEm, type Orm } from '../orm.js';
import { NotificationRecord } from '../records/notification.record.js';

export class MikroOrmNotificationRepository implements NotificationRepository {
  constructor(private readonly orm: Orm) {}

  async insert(notification: Notification): Promise<void> {
    await currentEm(this.orm).insert(NotificationRecord, { ...notification });
  }

  async listForMerchant(merchantId: string): Promise<readonly Notification[]> {
    const records = await currentEm(this.orm).find(
      NotificationRecord,
      { merchantId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, disableIdentityMap: true },
    );
    return records.map((r) => ({ id: r.id, merchantId: r.merchantId, kind: r.kind, message: r.message, createdAt: r.createdAt }));
  }
}
