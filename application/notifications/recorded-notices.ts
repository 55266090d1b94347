import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Notice, Notices } from '../ports/notices.js';
import type { NotificationRepository } from '../ports/notification-repository.js';

/** Notices kept in the notification store, stamped with an id and the service clock's time. */
export class RecordedNotices implements Notices {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  notify(notice: Notice): Promise<void> {
    return this.notifications.insert({ id: this.ids.next(), ...notice, createdAt: this.clock.now() });
  }
}
