import type { PortalRequest } from './portal-env.js';
import type { Frame } from './portal-html.js';

/** The frame of a merchant portal page for this request. */
export const frameOf = (c: PortalRequest, title = ''): Frame => {
  const session = c.get('webSession');
  const affiliate = c.get('affiliate');
  return {
    title,
    brand: c.get('merchant').businessName,
    base: c.get('base'),
    signedIn: session && affiliate ? { name: affiliate.affiliate.name, csrf: session.csrfToken } : null,
    hasTeam: c.get('hasTeam'),
    logo: c.get('branding')?.logo ?? null,
    brandCss: c.get('branding')?.colour ? `${c.get('base')}/brand.css` : null,
  };
};
