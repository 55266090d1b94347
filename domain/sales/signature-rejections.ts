/**
 * Bad signatures in a row (no verified notification between them) after which the merchant is told:
 * one stray forgery is noise, a run of them is almost always a secret pasted wrong or rotated on one
 * side only, and every sale the provider sends meanwhile is lost until it is fixed.
 */
export const SIGNATURE_REJECTIONS_BEFORE_NOTICE = 5;

/** A run of rejected signatures on one integration, since its last verified notification. */
export interface SignatureRejectionRun {
  readonly consecutive: number;
  /** Whether the merchant was already told about this run. */
  readonly noticed: boolean;
}

/** Whether this run should now leave the merchant a notice: once per run, at the threshold or beyond. */
export const signatureRejectionsNeedNotice = (run: SignatureRejectionRun): boolean =>
  !run.noticed && run.consecutive >= SIGNATURE_REJECTIONS_BEFORE_NOTICE;
