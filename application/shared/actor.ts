import { planAllowsWriteKeys, type CouponProvider, type Merchant, type Plan } from '../../domain/index.js';
import type { ApiKey, KeyCreator } from '../api-keys/api-key.js';
import type { AuditActor } from '../ports/audit-log.js';

/** An API key's caller; `viaAssistant` when it calls through the assistant endpoint (audited as `assistant`). */
export interface ApiKeyActor {
  readonly kind: 'api_key';
  readonly keyId: string;
  readonly name: string;
  readonly write: boolean;
  readonly createdBy: KeyCreator;
  readonly managePayouts: boolean;
  readonly viaAssistant: boolean;
}

/** A merchant's user signed in to the dashboard: an owner, or a member with their Manage payouts. */
export interface UserActor {
  readonly kind: 'user';
  readonly userId: string;
  readonly role: 'owner' | 'member';
  readonly managePayouts: boolean;
}

/** An assistant's OAuth connector, acting for the member who approved it with the scopes granted. */
export interface ConnectorActor {
  readonly kind: 'connector';
  readonly connectorId: string;
  readonly userId: string;
  readonly name: string;
  readonly write: boolean;
  readonly managePayouts: boolean;
}

/**
 * Who asks a use case to act. The callers that authenticate (a key, a dashboard user, a connector)
 * carry what they may do; a payment provider and the tracking script act with the merchant's
 * authority (the merchant connected the one and installed the other); the operator holds the admin token.
 */
export type Actor =
  | ApiKeyActor
  | UserActor
  | ConnectorActor
  | { readonly kind: 'provider'; readonly provider: CouponProvider }
  | { readonly kind: 'script' }
  | { readonly kind: 'operator' }
  | { readonly kind: 'affiliate'; readonly affiliateId: string };

/** The actors that authenticate as a merchant's caller on the API, the dashboard or the assistant endpoint. */
export type MerchantCaller = ApiKeyActor | UserActor | ConnectorActor;

/** Who is calling and for which merchant: set by authentication, read by the guards. */
export interface Principal {
  readonly merchant: Merchant;
  readonly actor: MerchantCaller;
}

export const SCRIPT_ACTOR: Actor = { kind: 'script' };

export const apiKeyActor = (key: ApiKey): ApiKeyActor => ({
  kind: 'api_key',
  keyId: key.id,
  name: key.name,
  write: key.permissions.write,
  createdBy: key.createdBy,
  managePayouts: key.managePayouts,
  viaAssistant: false,
});

/** The audit log's name for the actor. */
export const auditActorOf = (actor: Actor): AuditActor => {
  switch (actor.kind) {
    case 'api_key':
      return actor.viaAssistant ? 'assistant' : 'api_key';
    case 'user':
      return `user:${actor.userId}`;
    case 'connector':
      return `connector:${actor.connectorId}:user:${actor.userId}`;
    case 'affiliate':
      return `affiliate:${actor.affiliateId}`;
    case 'operator':
      return 'operator';
    case 'provider':
    case 'script':
      return 'anonymous';
  }
};

/** The credential an audit row names: the key, or the connector's grant; none for the others. */
export const auditKeyIdOf = (actor: Actor): string | null => (actor.kind === 'api_key' ? actor.keyId : actor.kind === 'connector' ? actor.connectorId : null);

/** One id per caller (key, grant or user), for what is scoped to a caller (idempotency, confirmations, decisions). */
export const callerIdOf = (actor: MerchantCaller): string => (actor.kind === 'api_key' ? actor.keyId : actor.kind === 'connector' ? actor.connectorId : actor.userId);

/** Who approved something, as the approval records it: `apikey:<id>`, `user:<id>`, `connector:<id>`, or the audit name of the others. */
export const approverOf = (actor: Actor): string => {
  if (actor.kind === 'api_key') return `apikey:${actor.keyId}`;
  if (actor.kind === 'connector') return `connector:${actor.connectorId}`;
  return auditActorOf(actor);
};

/**
 * Team-member keys and members without Manage payouts may not move money settings (spec,
 * Authentication 5); a connector holds it only when granted it; a provider and the script act for the owner.
 */
export const mayManagePayouts = (actor: Actor): boolean => {
  switch (actor.kind) {
    case 'api_key':
      return actor.createdBy === 'owner' || actor.managePayouts;
    case 'user':
      return actor.role === 'owner' || actor.managePayouts;
    case 'connector':
      return actor.managePayouts;
    case 'provider':
    case 'script':
    case 'operator':
      return true;
    case 'affiliate':
      return false;
  }
};

/** Whether the actor may write on the merchant's plan: a key as it was issued, a user as the plan allows any key, a connector as granted. */
export const mayWrite = (actor: Actor, plan: Plan): boolean => {
  switch (actor.kind) {
    case 'api_key':
    case 'connector':
      return actor.write;
    case 'user':
      return planAllowsWriteKeys(plan);
    case 'provider':
    case 'script':
    case 'operator':
      return true;
    case 'affiliate':
      return false;
  }
};
