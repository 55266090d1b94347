import type { DependencyContainer } from 'tsyringe';
import { MerchantNotifications } from '../../application/notifications/merchant-notifications.js';
import { RecordedNotices } from '../../application/notifications/recorded-notices.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/**
 * In-app notices: `T.Notices` is the port any module calls to leave the merchant a notice (in its
 * transaction); the merchant reads and marks them through `/notifications`.
 */
export const registerNotifications = (c: DependencyContainer): void => {
  c.register(T.Notices, single((r) => new RecordedNotices(r.resolve(T.NotificationRepository), r.resolve(T.Ids), r.resolve(T.Clock))));
  c.register(T.MerchantNotifications, single((r) => new MerchantNotifications(r.resolve(T.UnitOfWork), r.resolve(T.NotificationRepository), r.resolve(T.Clock))));
};

export const notificationsHttp = (c: DependencyContainer): MerchantNotifications => c.resolve(T.MerchantNotifications);
