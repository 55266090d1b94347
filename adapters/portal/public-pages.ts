import { html } from 'hono/html';
import type { InvitationView } from '../../application/portal/join-campaign.js';
import type { PublicCampaign } from '../../application/ports/portal-queries.js';
import type { Page } from '../../application/shared/page.js';
import { csrfField, notice, page, pager, type Frame } from './portal-html.js';

const commission = (c: PublicCampaign): string =>
  c.commissionType === 'percentage' ? `${c.commissionValue.toString()}% of each sale` : `${c.commissionValue.toFixed(2)} per sale`;

/** Discovery: public campaigns as cards, each linking to its page. */
export const campaignList = (frame: Frame, campaigns: Page<PublicCampaign>, linkOf: (c: PublicCampaign) => string, path: string) =>
  page(
    { ...frame, section: 'campaigns' },
    html`<h1>${frame.brand ? 'Campaigns you can join' : 'Affiliate programs you can join'}</h1>
    ${campaigns.items.length === 0 ? html`<p>No public campaigns yet.</p>` : ''}
    <ul class="cards">
      ${campaigns.items.map(
        (c) => html`<li class="card">
          <h2><a href="${linkOf(c)}">${c.name}</a></h2>
          ${frame.brand ? '' : html`<p class="muted">by ${c.businessName}</p>`}
          <p>${commission(c)}</p>
          ${c.description ? html`<p>${c.description}</p>` : ''}
        </li>`,
      )}
    </ul>
    ${pager(path, campaigns.page, campaigns.limit, campaigns.total)}`,
  );

export interface JoinFormState {
  readonly csrf: string;
  readonly email?: string;
  readonly name?: string;
  readonly error?: string;
}

/** A public campaign's page with its join form. */
export const campaignPage = (frame: Frame, c: PublicCampaign, form: JoinFormState) =>
  page(
    { ...frame, title: c.name, section: 'campaigns' },
    html`<h1>${c.name}</h1>
    <p class="lead">Earn ${commission(c)} you refer to ${c.businessName}.</p>
    ${c.description ? html`<p>${c.description}</p>` : ''}
    <p>${c.autoApproveAffiliates ? 'You can start promoting as soon as you join.' : `${c.businessName} reviews every application.`}</p>
    <h2>Join this campaign</h2>
    ${form.error ? notice(form.error, 'error') : ''}
    <form method="post" action="${frame.base}/c/${c.trackingCode}/join" class="stack">
      ${csrfField(form.csrf)}
      <label for="join-name">Your name</label>
      <input id="join-name" name="name" autocomplete="name" maxlength="200" value="${form.name ?? ''}">
      <label for="join-email">Email</label>
      <input id="join-email" name="email" type="email" autocomplete="email" required maxlength="320" value="${form.email ?? ''}">
      <button type="submit">Join</button>
    </form>
    <p class="muted">We email you a link to sign in; there is no password to remember.</p>`,
  );

export const joinedPage = (frame: Frame, campaignName: string, status: string, alreadyMember: boolean) =>
  page(
    { ...frame, title: 'Joined' },
    html`<h1>${alreadyMember ? `You are already on ${campaignName}` : `You joined ${campaignName}`}</h1>
    ${notice(
      status === 'approved'
        ? 'You are approved: your tracking link is waiting in the portal.'
        : status === 'pending'
          ? 'Your application is pending: the merchant will review it.'
          : 'The merchant did not approve this application.',
    )}
    <p>We sent a sign-in link to your email address. It works once, for 15 minutes.</p>`,
  );

export const invitationPage = (frame: Frame, invitation: InvitationView, csrf: string) =>
  page(
    { ...frame, title: 'Invitation' },
    invitation.status === 'pending'
      ? html`<h1>Join ${invitation.campaignName}</h1>
        <p>${frame.brand} invites <strong>${invitation.email}</strong> to promote ${invitation.campaignName} and earn commission on the sales you refer.</p>
        <form method="post" action="${frame.base}/invitations/${invitation.id}/accept">
          ${csrfField(csrf)}
          <button type="submit">Accept the invitation</button>
        </form>`
      : html`<h1>This invitation was ${invitation.status}</h1>
        <p><a href="${frame.base}/sign-in">Sign in</a> to see your campaigns.</p>`,
  );

export const signInPage = (frame: Frame, csrf: string, state: { sent?: boolean; error?: string; email?: string } = {}) =>
  page(
    { ...frame, title: 'Sign in', section: 'sign-in' },
    html`<h1>Sign in</h1>
    ${state.sent ? notice('If this address belongs to an affiliate of the program, a sign-in link is on its way. It works once, for 15 minutes.') : ''}
    ${state.error ? notice(state.error, 'error') : ''}
    <form method="post" action="${frame.base}/sign-in" class="stack">
      ${csrfField(csrf)}
      <label for="sign-in-email">Email</label>
      <input id="sign-in-email" name="email" type="email" autocomplete="email" required maxlength="320" value="${state.email ?? ''}">
      <button type="submit">Email me a sign-in link</button>
    </form>`,
  );

/** The emailed link lands here; a button signs in (a mail scanner that fetches the link does not use it up). */
export const confirmSignInPage = (frame: Frame, token: string, csrf: string) =>
  page(
    { ...frame, title: 'Sign in', section: 'sign-in' },
    html`<h1>Sign in to ${frame.brand}</h1>
    <form method="post" action="${frame.base}/sign-in/${token}">
      ${csrfField(csrf)}
      <button type="submit">Sign in</button>
    </form>`,
  );

export const messagePage = (frame: Frame, title: string, text: string, status: 'info' | 'error' = 'info') =>
  page({ ...frame, title }, html`<h1>${title}</h1>${notice(text, status)}`);
