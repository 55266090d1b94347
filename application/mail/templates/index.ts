/**
 * Every email the service sends, each a function from its facts to a `MailMessage` with a plain-text
 * and an HTML part. Pass the result to `Mailer.send` inside the use case's transaction.
 */
export { invitationMail, type InvitationMailInput } from './invitation.js';
export { signInLinkMail, type SignInLinkMailInput } from './sign-in-link.js';
export { passwordLinkMail, type PasswordLinkMailInput } from './password-link.js';
export { webhookPausedMail, type WebhookPausedMailInput } from './webhook-paused.js';
export { payoutCompletedMail, type PayoutCompletedMailInput } from './payout-completed.js';
export { payoutDetailsNeededMail, type PayoutDetailsNeededMailInput } from './payout-details-needed.js';
export { escapeHtml } from './layout.js';
