import { linkIn } from './smtp-receiver.js';
import { PortalBrowser } from './portal-browser.js';
import type { TestService } from './test-service.js';

/** The newest sign-in link recorded for an address (the outbox keeps it while no relay sends it). */
export const latestSignInLink = async (t: TestService, email: string): Promise<string> => {
  const [row] = await t.sql(
    `select body from mail_outbox where kind = 'sign_in_link' and lower(recipient) = lower($1) order by created_at desc, id desc limit 1`,
    [email],
  );
  if (!row) throw new Error(`no sign-in link for ${email}`);
  return linkIn(row.body, '/sign-in/');
};

/** A browser signed in to the merchant's portal as the affiliate with this email, through the emailed link. */
export const signedInBrowser = async (t: TestService, merchantId: string, email: string, origin?: string): Promise<PortalBrowser> => {
  const browser = new PortalBrowser(t, origin);
  const base = origin ? '' : `/portal/m/${merchantId}`;
  await browser.get(`${base}/sign-in`);
  const asked = await browser.post(`${base}/sign-in`, { email });
  if (asked.status !== 200) throw new Error(`sign-in request failed: ${asked.status}`);
  const link = await latestSignInLink(t, email);
  await browser.get(link);
  const done = await browser.post(link);
  if (done.status !== 303) throw new Error(`sign-in failed: ${done.status} ${done.text.slice(0, 300)}`);
  return browser;
};
