import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one table from an error code to its HTTP status (spec Errors + extensions.md Codes). */
const STATUS_BY_CODE: Record<string, ContentfulStatusCode> = {
  validation_error: 400,
  invalid_json: 400,
  invalid_signature: 400,
  affiliate_not_approved: 400,
  unauthorized: 401,
  insufficient_permissions: 403,
  plan_insufficient: 403,
  test_mode_unsupported: 403,
  earnings_limit_reached: 403,
  affiliate_limit_reached: 403,
  script_sales_disabled: 403,
  not_found: 404,
  duplicate: 409,
  commission_above_sale: 409,
  coupon_exists: 409,
  team_has_awards: 409,
  too_many_goals: 409,
  stale_goal: 409,
  currency_locked: 409,
  invalid_transition: 409,
  confirmation_required: 409,
  confirmation_invalid: 409,
  stale_preview: 409,
  payout_in_progress: 409,
  not_replayable: 409,
  idempotency_key_reuse: 409,
  idempotency_key_in_progress: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  self_referral: 422,
  rate_limit_exceeded: 429,
  internal_error: 500,
  verification_unavailable: 503,
  exchange_rate_unavailable: 503,
};

export const statusOf = (code: string): ContentfulStatusCode => STATUS_BY_CODE[code] ?? 500;

/** Every known code with its status (for the OpenAPI document's error responses). */
export const knownErrorCodes = (): ReadonlyArray<readonly [code: string, status: ContentfulStatusCode]> => Object.entries(STATUS_BY_CODE);
