import { noticeChoiceOf } from '../../domain/index.js';
import { merchantNoticeMail } from '../mail/templates/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Mailer } from '../ports/mailer.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { MerchantSettingsRepository } from '../ports/merchant-settings-repository.js';
import type { Notice, Notices } from '../ports/notices.js';
import type { NotificationRepository } from '../ports/notification-repository.js';

/** Where a notice emailed to the merchant sends it: the dashboard, never an API call. */
export interface NoticeEmail {
  readonly merchants: Pick<MerchantRepository, 'findById'>;
  readonly settings: Pick<MerchantSettingsRepository, 'find'>;
  readonly mailer: Mailer;
  /** The dashboard's notifications page, absolute. */
  readonly notificationsUrl: string;
}

/**
 * Notices kept in the notification store, stamped with an id and the service clock's time, and
 * emailed to the merchant's address when it chose that kind of notice (Settings → Email notices).
 * Both in the caller's transaction, through the mail outbox; test-mode notices send no email.
 */
export class RecordedNotices implements Notices {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly email?: NoticeEmail,
  ) {}

  async notify(notice: Notice): Promise<void> {
    const told = await this.notifications.insert({ id: this.ids.next(), ...notice, createdAt: this.clock.now() });
    if (!told || !this.email || notice.mode !== 'live') return;
    const [merchant, settings] = await Promise.all([this.email.merchants.findById(notice.merchantId), this.email.settings.find(notice.merchantId)]);
    if (!merchant || !settings.emailNotices.includes(noticeChoiceOf(notice.kind))) return;
    await this.email.mailer.send(
      merchantNoticeMail({
        merchantId: merchant.id,
        businessName: merchant.businessName,
        to: merchant.email,
        kind: notice.kind,
        message: notice.message,
        link: this.email.notificationsUrl,
      }),
    );
  }
}
