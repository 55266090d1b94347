import { expireInvitation } from '../../domain/index.js';
import { drainDueRows } from '../jobs/drain-in-batches.js';
import type { InvitationRepository } from '../ports/invitation-repository.js';
import type { DueJob } from '../ports/jobs.js';
import type { Notices } from '../ports/notices.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

const BATCH = 200;

/**
 * Moves pending invitations whose time has passed (service clock) to `expired`, and leaves the
 * merchant a notice for each, so an invitation nobody accepted does not go unnoticed.
 */
export class ExpireInvitations implements DueJob {
  readonly name = 'expire-invitations';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly invitations: InvitationRepository,
    private readonly notices: Notices,
  ) {}

  runDue(now: Date): Promise<number> {
    return drainDueRows(
      this.uow,
      BATCH,
      () => this.invitations.claimDueToExpire(now, BATCH),
      async (current) => {
        const change = expireInvitation(current, now);
        if (!change.changed) return 0;
        const { invitation } = change;
        await this.invitations.update(invitation);
        const days = Math.round((invitation.expiresAt.getTime() - invitation.sentAt.getTime()) / 86_400_000);
        await this.notices.notify({
          merchantId: invitation.merchantId,
          mode: invitation.mode,
          kind: 'invitation_expired',
          message:
            `The invitation of ${invitation.email} (invitation ${invitation.id}) expired unaccepted ${days} days after it was last sent. ` +
            `If you still want them, invite the email again from Affiliates → Invite in your dashboard.`,
        });
        return 1;
      },
    );
  }
}
