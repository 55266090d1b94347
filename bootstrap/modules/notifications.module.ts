import { CommissionMail } from '../../application/conversions/commission-mail.js';
import { SqlMerchantSettingsRepository } from '../../adapters/persistence/repositories/sql-merchant-settings-repository.js';
import type { Container } from '../token.js';
import { MerchantNotifications } from '../../application/notifications/merchant-notifications.js';
import { RecordedNotices } from '../../application/notifications/recorded-notices.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/**
 * In-app notices: `T.Notices` is the port any module calls to leave the merchant a notice (in its
 * transaction); the merchant reads and marks them through `/notifications`.
 */
export const registerNotifications = (c: Container): void => {
  c.register(
    T.CommissionMail,
    single((r) => new CommissionMail(r.resolve(T.MerchantRepository), r.resolve(T.AffiliateRepository), r.resolve(T.Mailer), r.resolve(T.Config).publicBaseUrl)),
  );
  c.register(T.ConversionChangeHook, { useFactory: (r) => r.resolve(T.CommissionMail) });
  // Which notices the merchant wants by email lives with its settings.
  c.register(T.MerchantSettingsRepository, single((r) => new SqlMerchantSettingsRepository(r.resolve(T.Orm))));
  c.register(
    T.Notices,
    single(
      (r) =>
        new RecordedNotices(r.resolve(T.NotificationRepository), r.resolve(T.Ids), r.resolve(T.Clock), {
          merchants: r.resolve(T.MerchantRepository),
          settings: r.resolve(T.MerchantSettingsRepository),
          mailer: r.resolve(T.Mailer),
          notificationsUrl: new URL('/dashboard/notifications', r.resolve(T.Config).publicBaseUrl).toString(),
        }),
    ),
  );
  c.register(T.MerchantNotifications, single((r) => new MerchantNotifications(r.resolve(T.UnitOfWork), r.resolve(T.NotificationRepository), r.resolve(T.Clock))));
};

export const notificationsHttp = (c: Container): MerchantNotifications => c.resolve(T.MerchantNotifications);
