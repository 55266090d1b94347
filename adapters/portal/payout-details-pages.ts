import { html, raw } from 'hono/html';
import type { ConnectStanding } from '../../application/payouts/connect-onboarding.js';
import type { Affiliate } from '../../domain/index.js';
import { csrfField, notice, page, type Frame } from './portal-html.js';

export const PAYOUT_METHOD_LABELS = { connect: 'Stripe (connected account)', wallet_a: 'PayPal (email)', transfer_b: 'Wise (email)' } as const;
/** The methods the form saves; a connected account comes from onboarding with the card processor instead. */
export const EMAIL_PAYOUT_METHODS = ['wallet_a', 'transfer_b'] as const;

export interface PayoutDetailsState {
  readonly saved?: boolean;
  readonly error?: string;
  readonly info?: string;
}

const connectSection = (frame: Frame, affiliate: Affiliate, standing: ConnectStanding, csrf: string) => {
  // The merchant does not pay through its card processor: nothing to offer.
  if (standing === 'unavailable') return '';
  const text =
    standing === 'payouts_enabled'
      ? affiliate.payoutMethod === 'connect'
        ? 'Your connected account is ready: your payouts go to it.'
        : 'Your connected account is ready. Use it to be paid there instead of by email.'
      : standing === 'pending'
        ? 'You started connecting an account. It is used once the card processor confirms it can receive payouts; finish or correct your details there.'
        : `Get paid straight to your bank account through ${frame.brand ?? 'the merchant'}'s card processor. You finish a short sign-up on the processor's site.`;
  const button = standing === 'payouts_enabled' ? (affiliate.payoutMethod === 'connect' ? null : 'Use my connected account') : standing === 'pending' ? 'Continue connecting' : 'Connect payouts';
  return html`<section aria-labelledby="connect-h" class="card">
    <h2 id="connect-h">Connected account</h2>
    <p>${text}</p>
    ${button
      ? html`<form method="post" action="${frame.base}/payout-details/connect">${csrfField(csrf)}<button type="submit">${button}</button></form>`
      : ''}
  </section>`;
};

export const payoutDetailsPage = (frame: Frame, affiliate: Affiliate, standing: ConnectStanding, csrf: string, state: PayoutDetailsState = {}) =>
  page(
    { ...frame, title: 'Payout details', section: 'payout-details' },
    html`<h1>Payout details</h1>
    ${state.saved ? notice('Saved.') : ''}
    ${state.info ? notice(state.info) : ''}
    ${state.error ? notice(state.error, 'error') : ''}
    <p>${affiliate.payoutMethod ? `You are paid by: ${PAYOUT_METHOD_LABELS[affiliate.payoutMethod]}.` : 'You have no payout details yet.'}</p>
    ${connectSection(frame, affiliate, standing, csrf)}
    <section aria-labelledby="email-h" class="card">
    <h2 id="email-h">Paid by email</h2>
    <form method="post" action="${frame.base}/payout-details" class="stack">
      ${csrfField(csrf)}
      <fieldset><legend>How do you want to be paid?</legend>
        ${EMAIL_PAYOUT_METHODS.map(
          (m) => html`<div><input type="radio" id="method-${m}" name="method" value="${m}" required${affiliate.payoutMethod === m ? raw(' checked') : ''}>
            <label for="method-${m}">${PAYOUT_METHOD_LABELS[m]}</label></div>`,
        )}
      </fieldset>
      <label for="payout-email">Payout email (for PayPal and Wise)</label>
      <input id="payout-email" name="email" type="email" autocomplete="email" maxlength="320" value="${affiliate.payoutEmail ?? ''}">
      <button type="submit">Save payout details</button>
    </form>
    </section>
    <p class="muted">These details apply to every program you work with on this service.</p>`,
  );

const RETURN_TEXT: Record<ConnectStanding, { title: string; text: string }> = {
  payouts_enabled: { title: 'Your account is connected', text: 'The card processor confirmed your account can receive payouts. Your payouts go to it.' },
  pending: {
    title: 'Almost there',
    text: 'The card processor has not confirmed yet that your account can receive payouts. This usually takes a moment; your payout details complete as soon as it does. If it asked for more information, continue connecting.',
  },
  unavailable: { title: 'No account connected', text: 'This program does not pay to connected accounts. Choose a payout by email in your payout details.' },
  not_started: { title: 'No account connected yet', text: 'You have not started connecting an account. Start from your payout details.' },
};

/** Where the card processor sends the affiliate back after onboarding: what stands, never a guess. */
export const connectReturnPage = (frame: Frame, standing: ConnectStanding, csrf: string) =>
  page(
    { ...frame, title: RETURN_TEXT[standing].title, section: 'payout-details' },
    html`<h1>${RETURN_TEXT[standing].title}</h1>
    ${notice(RETURN_TEXT[standing].text)}
    ${standing === 'pending'
      ? html`<form method="post" action="${frame.base}/payout-details/connect">${csrfField(csrf)}<button type="submit">Continue connecting</button></form>`
      : ''}
    <p><a href="${frame.base}/payout-details">Back to your payout details</a></p>`,
  );
