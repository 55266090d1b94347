import { passwordLinkMail } from '../mail/templates/index.js';
import type { Mailer } from '../ports/mailer.js';
import type { LinkTokens } from '../web-sessions/link-tokens.js';
import type { LinkPurpose, SessionSubject } from '../web-sessions/web-session.js';
import type { MerchantUser } from './merchant-user.js';

const MINUTE = 60 * 1000;

/** The emailed links of merchant users: where each leads and how long it works. */
const LINKS = {
  set_password: { path: '/dashboard/set-password', validForMs: 72 * 60 * MINUTE },
  reset_password: { path: '/dashboard/reset-password', validForMs: 60 * MINUTE },
  // The demo user's first sign-in, printed at start rather than mailed.
  merchant_sign_in: { path: '/dashboard/link', validForMs: 24 * 60 * MINUTE },
} as const satisfies Partial<Record<LinkPurpose, unknown>>;
export type UserLinkPurpose = keyof typeof LINKS;

export const userSubject = (user: Pick<MerchantUser, 'id' | 'merchantId'>): SessionSubject => ({ kind: 'merchant_user', id: user.id, merchantId: user.merchantId });

/** Issues a user's single-use link and mails the password ones (inside the caller's transaction). */
export class UserLinks {
  constructor(
    private readonly links: LinkTokens,
    private readonly mailer: Mailer,
    private readonly publicBaseUrl: string,
  ) {}

  async issue(user: MerchantUser, purpose: UserLinkPurpose, brand: string): Promise<string> {
    const link = LINKS[purpose];
    const token = await this.links.issue({ subject: userSubject(user), purpose, validForMs: link.validForMs });
    const url = `${this.publicBaseUrl}${link.path}?token=${encodeURIComponent(token)}`;
    if (purpose !== 'merchant_sign_in') {
      await this.mailer.send(
        passwordLinkMail({
          merchantId: user.merchantId,
          brand,
          to: user.email,
          purpose: purpose === 'set_password' ? 'set' : 'reset',
          link: url,
          validForMinutes: link.validForMs / MINUTE,
        }),
      );
    }
    return url;
  }
}
