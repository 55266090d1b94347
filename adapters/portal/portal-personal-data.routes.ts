import { Hono } from 'hono';
import type { PersonalDataRequests } from '../../application/privacy/personal-data-requests.js';
import type { PortalEnv } from './portal-env.js';

export interface PortalPersonalDataUseCases {
  readonly personalData: Pick<PersonalDataRequests, 'exportAffiliate'>;
}

/** The signed-in affiliate's own copy of what the merchant's program holds about it (docs/privacy.md). */
export const portalPersonalDataRoutes = (uc: PortalPersonalDataUseCases) =>
  new Hono<PortalEnv>().get('/my-data.json', async (c) => {
    const viewer = c.get('affiliate')!.viewer;
    // The portal is the live program: its memberships are the live mode's.
    const found = await uc.personalData.exportAffiliate({ merchantId: viewer.merchantId, mode: 'live' }, viewer.affiliateId);
    if (found.isErr()) return c.json({ error: { code: 'not_found', message: 'Nothing is held about you here' } }, 404);
    c.header('content-disposition', `attachment; filename="my-data-${found.value.exportedAt.slice(0, 10)}.json"`);
    c.header('cache-control', 'no-store');
    return c.json({ data: found.value });
  });
