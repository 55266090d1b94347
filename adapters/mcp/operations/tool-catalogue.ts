import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { ApiMethod } from './api-operations.js';

/** The `_meta` key naming the API operation a tool answers (`GET /conversions`), for clients and the parity test. */
export const OPERATION_META = 'affiliate-service/operation';

/**
 * Operations of `/api/v1` that have no generated tool, each with its reason (docs/mcp.md lists
 * them). Operations served outside `/api/v1` (the health check, tracking links, the tracking script,
 * provider notifications) are left out as a class: they are not the merchant's API.
 */
export const EXCLUDED_OPERATIONS: Readonly<Record<string, string>> = {
  'GET /openapi.json': 'The API description itself, not an operation on the program; tools/list already describes every tool.',
  'PUT /payout-providers/{method}':
    "Takes the payout provider's API credentials: secrets must not pass through an assistant's conversation; connect providers in the dashboard.",
  'DELETE /webhooks': 'The query-string form of DELETE /webhooks/{id} (delete_webhook), kept for the spec; one tool per action.',
};

/**
 * Operations answered by a hand-written tool of the spec (or one kept from before generation), which
 * stands in for the generated one with its own name and behaviour.
 */
export const HAND_TOOL_OPERATIONS: Readonly<Record<string, string>> = {
  'POST /conversions': 'create_conversion',
  'PATCH /conversions/{id}': 'update_conversion',
  'GET /stats/overview': 'get_program_overview',
  'GET /search': 'search',
  'PATCH /campaigns/{id}': 'update_campaign',
  'PATCH /affiliates/{id}': 'update_affiliate',
};

/** Readable names for the operations of today; an operation added later gets its operationId in snake case. */
const TOOL_NAMES: Readonly<Record<string, string>> = {
  'GET /me': 'get_me',
  'GET /campaigns': 'list_campaigns',
  'POST /campaigns': 'create_campaign',
  'GET /campaigns/{id}': 'get_campaign',
  'GET /affiliates/invitations': 'list_affiliate_invitations',
  'DELETE /affiliates/invitations/{id}': 'revoke_affiliate_invitation',
  'POST /affiliates/invitations/{id}/resend': 'resend_affiliate_invitation',
  'GET /affiliates': 'list_affiliates',
  'POST /affiliates': 'create_affiliate',
  'POST /affiliates/invite': 'invite_affiliate',
  'GET /affiliates/{id}': 'get_affiliate',
  'POST /affiliates/{id}/ban': 'ban_affiliate',
  'POST /affiliates/{id}/unban': 'unban_affiliate',
  'GET /risk/reviews': 'list_risk_reviews',
  'GET /webhooks': 'list_webhooks',
  'POST /webhooks': 'create_webhook',
  'GET /webhooks/{id}': 'get_webhook',
  'PATCH /webhooks/{id}': 'update_webhook',
  'DELETE /webhooks/{id}': 'delete_webhook',
  'GET /webhooks/{id}/deliveries': 'list_webhook_deliveries',
  'POST /webhooks/{id}/deliveries/{deliveryId}/resend': 'resend_webhook_delivery',
  'POST /webhooks/{id}/rotate': 'rotate_webhook_secret',
  'POST /webhooks/{id}/test': 'send_test_webhook',
  'GET /conversions': 'list_conversions',
  'GET /conversions/{id}': 'get_conversion',
  'POST /conversions/{id}/refund': 'refund_conversion',
  'GET /coupons': 'list_coupons',
  'POST /coupons': 'create_coupon',
  'GET /coupons/{id}': 'get_coupon',
  'PATCH /coupons/{id}': 'update_coupon',
  'DELETE /coupons/{id}': 'delete_coupon',
  'GET /payouts': 'list_payouts',
  'GET /payout-providers': 'list_payout_providers',
  'DELETE /payout-providers/{method}': 'disconnect_payout_provider',
  'GET /payouts/export': 'export_payouts',
  'POST /payouts/mark-paid': 'mark_payouts_paid',
  'GET /payout-settings': 'get_payout_settings',
  'PATCH /payout-settings': 'update_payout_settings',
  'GET /stats': 'get_stats',
  'GET /teams': 'list_teams',
  'POST /teams': 'create_team',
  'GET /teams/{id}': 'get_team',
  'PATCH /teams/{id}': 'update_team',
  'DELETE /teams/{id}': 'delete_team',
  'POST /teams/{id}/members': 'add_team_members',
  'DELETE /teams/{id}/members/{affiliateId}': 'remove_team_member',
  'POST /teams/{id}/campaigns': 'add_team_campaign',
  'DELETE /teams/{id}/campaigns/{campaignId}': 'remove_team_campaign',
  'POST /teams/{id}/overrides': 'set_team_overrides',
  'GET /teams/{id}/goals': 'list_team_goals',
  'POST /teams/{id}/goals': 'create_team_goal',
  'PATCH /teams/{id}/goals/{goalId}': 'update_team_goal',
  'GET /teams/{id}/history': 'get_team_history',
  'GET /teams/{id}/awards': 'list_team_awards',
  'PATCH /teams/{id}/awards/{awardId}': 'update_team_award',
  'GET /awards': 'list_awards',
  'GET /integrations': 'list_integrations',
  'POST /integrations': 'create_integration',
  'GET /integrations/{id}': 'get_integration',
  'PATCH /integrations/{id}': 'update_integration',
  'DELETE /integrations/{id}': 'delete_integration',
  'GET /integrations/{id}/events': 'list_integration_events',
  'GET /notifications': 'list_notifications',
  'POST /notifications/read': 'mark_notifications_read',
  'GET /customers': 'list_customers',
  'POST /customers': 'create_customer',
};

/** `postTeamsByIdMembers` → `post_teams_by_id_members`, within the 64 characters tool names may have. */
const snakeCase = (operationId: string): string =>
  operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase()
    .slice(0, 64);

export const toolNameOf = (key: string, operationId: string, available: (name: string) => boolean): string => {
  const readable = TOOL_NAMES[key];
  return readable !== undefined && available(readable) ? readable : snakeCase(operationId);
};

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/**
 * By method, as HTTP defines them: a read changes nothing; a `POST` adds (a second call adds again);
 * `PATCH`/`PUT` overwrite and `DELETE` removes (both destructive; repeating them changes nothing more).
 */
const BY_METHOD: Record<ApiMethod, ToolAnnotations> = {
  get: READ,
  post: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  put: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  patch: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  delete: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
};

/** Where an operation does more (or less) than its method says. */
const ANNOTATION_OVERRIDES: Readonly<Record<string, Partial<ToolAnnotations>>> = {
  // Emails the invitee: reaches outside the service.
  'POST /affiliates/invite': { openWorldHint: true },
  'POST /affiliates/invitations/{id}/resend': { openWorldHint: true },
  // Sends to the merchant's endpoint.
  'POST /webhooks/{id}/test': { openWorldHint: true },
  'POST /webhooks/{id}/deliveries/{deliveryId}/resend': { openWorldHint: true },
  // The old secret stops verifying: receivers must be updated.
  'POST /webhooks/{id}/rotate': { destructiveHint: true },
  // Reverses commission (in part or whole); a second partial refund takes more.
  'POST /conversions/{id}/refund': { destructiveHint: true },
  // Closes payout rows; rows already paid are not paid again.
  'POST /payouts/mark-paid': { destructiveHint: true, idempotentHint: true },
  'POST /notifications/read': { idempotentHint: true },
  // Replaces the members' rates on the campaign.
  'POST /teams/{id}/overrides': { destructiveHint: true, idempotentHint: true },
  'POST /teams/{id}/members': { idempotentHint: true },
  'POST /teams/{id}/campaigns': { idempotentHint: true },
  // Approving, paying or cancelling an award moves it along its machine; the same action again is refused.
  'PATCH /teams/{id}/awards/{awardId}': { idempotentHint: false },
  // Rejects and holds the affiliate's sales, cancels queued payouts; a second ban is refused.
  'POST /affiliates/{id}/ban': { destructiveHint: true },
  // Creates or updates the customer of that email.
  'POST /customers': { destructiveHint: true, idempotentHint: true },
};

export const annotationsOf = (key: string, method: ApiMethod): ToolAnnotations => ({ ...BY_METHOD[method], ...ANNOTATION_OVERRIDES[key] });
