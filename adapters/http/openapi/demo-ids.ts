/**
 * The ids of the demo program the service creates on its first start (bootstrap/demo-merchant.ts),
 * fixed so that the OpenAPI document's examples name rows that exist: "Try it out" in `/docs` with
 * the demo live key works as printed.
 */
export const DEMO_IDS = {
  campaign: '01900000-0000-7000-8000-00000000c001',
  affiliate: '01900000-0000-7000-8000-00000000a001',
  /** Signed up and still pending on the campaign: the one to approve or reject. */
  pendingAffiliate: '01900000-0000-7000-8000-00000000a002',
  /** Invited and not yet accepted: the one to resend or revoke. */
  invitation: '01900000-0000-7000-8000-00000000a101',
  team: '01900000-0000-7000-8000-00000000e001',
  /** The demo affiliate's approved sale, whose payout row is due for the merchant to pay. */
  conversion: '01900000-0000-7000-8000-00000000b001',
  payout: '01900000-0000-7000-8000-00000000d001',
  /** The demo team's bonus for its first sale, waiting out its refund-safe window. */
  award: '01900000-0000-7000-8000-00000000f001',
} as const;
