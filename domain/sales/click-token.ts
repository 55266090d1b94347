import type { Mode } from '../shared/mode.js';
import { clickRefusal, type ClickCandidate } from './attribution.js';

/**
 * What a signed click id says about its click, fixed when the redirect issued it: enough to attribute
 * a sale without the click's row, which is written later, in a batch (or never, after a crash).
 */
export interface ClickClaims {
  /** The click's own id: the row it is written as, when it is. */
  readonly clickRowId: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly issuedAt: Date;
}

/** A click id read as a signed token: its text, its claims, and whether the service's signature over them holds. */
export interface PresentedClickToken {
  readonly text: string;
  readonly claims: ClickClaims;
  readonly signatureValid: boolean;
}

/**
 * The click a token vouches for, with its campaign's attribution window, or null when its signature
 * does not hold (a made-up or altered id names no click). The window is the campaign's current one,
 * as for a click read from its row.
 */
export const vouchedClick = (token: PresentedClickToken, attributionWindowDays: number): ClickCandidate | null =>
  token.signatureValid
    ? {
        id: token.text,
        merchantId: token.claims.merchantId,
        mode: token.claims.mode,
        campaignId: token.claims.campaignId,
        affiliateId: token.claims.affiliateId,
        createdAt: token.claims.issuedAt,
        attributionWindowDays,
      }
    : null;

/**
 * Why a signed click id does not attribute a sale of this merchant and mode now, or null when it
 * does: the signature holds, the merchant and mode are the sale's, and the click is inside its
 * campaign's attribution window. The same words as for a stored click, so a forged id reads as an
 * unknown one.
 */
export const clickTokenRefusal = (
  sale: { readonly merchantId: string; readonly mode: Mode; readonly now: Date },
  token: PresentedClickToken,
  attributionWindowDays: number,
): string | null => clickRefusal({ ...sale, clickId: token.text, click: vouchedClick(token, attributionWindowDays) });
