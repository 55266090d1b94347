/**
 * Every email the service sends, each a function from its facts to a `MailMessage` with a plain-text
 * and an HTML part. Pass the result to `Mailer.send` inside the use case's transaction.
 */
export { invitationMail } from './invitation.js';
export { signInLinkMail } from './sign-in-link.js';
export { passwordLinkMail } from './password-link.js';
export { webhookPausedMail } from './webhook-paused.js';
export { payoutCompletedMail } from './payout-completed.js';
export { payoutDetailsNeededMail } from './payout-details-needed.js';
export { taxDetailsNeededMail } from './tax-details-needed.js';
export { merchantNoticeMail } from './merchant-notice.js';
export { commissionMail } from './commission.js';
