import type { Mailer } from '../ports/mailer.js';
import type { LinkTokens } from '../web-sessions/link-tokens.js';
import type { LinkPurpose, SessionSubject } from '../web-sessions/web-session.js';
import type { MerchantUser } from './merchant-user.js';

const HOUR = 60 * 60 * 1000;

/** The emailed links of merchant users: where each leads and how long it works. */
const LINKS = {
  set_password: { path: '/dashboard/set-password', validForMs: 72 * HOUR, kind: 'merchant_user_invitation', subject: 'Set your dashboard password' },
  reset_password: { path: '/dashboard/reset-password', validForMs: 1 * HOUR, kind: 'merchant_user_password_reset', subject: 'Reset your dashboard password' },
  merchant_sign_in: { path: '/dashboard/link', validForMs: 24 * HOUR, kind: 'merchant_user_sign_in', subject: 'Your dashboard sign-in link' },
} as const satisfies Partial<Record<LinkPurpose, unknown>>;
export type UserLinkPurpose = keyof typeof LINKS;

export const userSubject = (user: Pick<MerchantUser, 'id' | 'merchantId'>): SessionSubject => ({ kind: 'merchant_user', id: user.id, merchantId: user.merchantId });

/** Issues a user's single-use link and, unless asked not to, mails it (inside the caller's transaction). */
export class UserLinks {
  constructor(
    private readonly links: LinkTokens,
    private readonly mailer: Mailer,
    private readonly publicBaseUrl: string,
  ) {}

  async issue(user: MerchantUser, purpose: UserLinkPurpose, options: { mail: boolean; businessName?: string } = { mail: true }): Promise<string> {
    const link = LINKS[purpose];
    const token = await this.links.issue({ subject: userSubject(user), purpose, validForMs: link.validForMs });
    const url = `${this.publicBaseUrl}${link.path}?token=${encodeURIComponent(token)}`;
    if (options.mail) {
      const hours = link.validForMs / HOUR;
      await this.mailer.send({
        merchantId: user.merchantId,
        kind: link.kind,
        to: user.email,
        subject: link.subject,
        text: [
          options.businessName ? `You have a dashboard account for ${options.businessName}.` : 'You have a dashboard account.',
          '',
          `${link.subject}: ${url}`,
          '',
          `The link works once, for ${hours} hour${hours === 1 ? '' : 's'}. If you did not expect this message, ignore it.`,
        ].join('\n'),
      });
    }
    return url;
  }
}
