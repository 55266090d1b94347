import type { ClickClaims, PresentedClickToken } from '../../domain/index.js';

/**
 * Click ids that vouch for themselves: the service signs a click's claims with a key only it holds,
 * so any process can later tell an id it issued from a made-up or altered one without the click's
 * row. Whether a token attributes is the domain's rule (`clickTokenRefusal`); this only signs and reads.
 */
export interface ClickTokens {
  /** The click id for these claims (the claims' `clickRowId` readable in it, see docs/integrations.md). */
  issue(claims: ClickClaims): Promise<string>;
  /** The claims a click id carries and whether its signature holds; null when the id is not shaped as a token (an older id, an App Store UUID). */
  read(clickId: string): Promise<PresentedClickToken | null>;
}
