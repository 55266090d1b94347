import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES } from '../../domain/campaign/campaign.js';
import { visitorDestination } from '../../domain/campaign/visitor-destination.js';
import { checkWebsiteUrl } from '../../domain/merchant/website-url.js';

const urlArb = fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true });

describe('where a tracking link sends its visitor', () => {
  it("is the target, else the website, else a portal page the portal shows: never nowhere", () => {
    fc.assert(
      fc.property(
        fc.record({ targetUrl: fc.option(urlArb), isPublic: fc.boolean(), status: fc.constantFrom(...CAMPAIGN_STATUSES), trackingCode: fc.stringMatching(/^[a-z0-9]{8}$/) }),
        fc.option(urlArb),
        (campaign, websiteUrl) => {
          const destination = visitorDestination(campaign, websiteUrl);
          if (campaign.targetUrl) expect(destination).toEqual({ kind: 'url', url: campaign.targetUrl });
          else if (websiteUrl) expect(destination).toEqual({ kind: 'url', url: websiteUrl });
          else if (destination.kind === 'portal_campaign') {
            // The portal's campaign page exists only for public, active campaigns.
            expect(campaign.isPublic && campaign.status === 'active').toBe(true);
            expect(destination.trackingCode).toBe(campaign.trackingCode);
          } else expect(destination).toEqual({ kind: 'portal_home' });
          if (!campaign.targetUrl && !websiteUrl && campaign.isPublic && campaign.status === 'active') expect(destination.kind).toBe('portal_campaign');
        },
      ),
    );
  });

  it('accepts a website only as an absolute http or https URL', () => {
    fc.assert(
      fc.property(urlArb, (url) => {
        expect(checkWebsiteUrl(`  ${url} `)._unsafeUnwrap()).toBe(url);
      }),
    );
    for (const bad of ['', 'shop.example.com', 'ftp://shop.example.com', 'javascript:alert(1)', 'https://', 'https://exa mple.com', `https://a.example/${'x'.repeat(2048)}`]) {
      expect(checkWebsiteUrl(bad)._unsafeUnwrapErr()).toMatchObject({ code: 'validation_error', details: [{ field: 'websiteUrl' }] });
    }
    expect(checkWebsiteUrl(null)._unsafeUnwrap()).toBeNull();
  });
});
