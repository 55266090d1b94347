import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError } from '../shared/domain-error.js';

/** What a connector may be granted: reading, writing, and moving money's settings (Manage payouts). */
export const CONNECTOR_SCOPES = ['read', 'write', 'manage_payouts'] as const;
export type ConnectorScope = (typeof CONNECTOR_SCOPES)[number];

/** What the approving member holds: writes as the plan allows, Manage payouts as their role or permission gives. */
export interface MemberHolds {
  readonly write: boolean;
  readonly managePayouts: boolean;
}

/** The scopes of an OAuth `scope` parameter (space separated); an absent one asks for `read`. */
export const parseScopes = (scope: string | undefined): Result<ConnectorScope[], DomainError<'invalid_scope'>> => {
  const asked = (scope ?? '').split(' ').filter((s) => s.length > 0);
  if (asked.length === 0) return ok(['read']);
  const unknown = asked.find((s) => !(CONNECTOR_SCOPES as readonly string[]).includes(s));
  if (unknown !== undefined) return err(domainError('invalid_scope', `Unknown scope ${unknown}`));
  return ok(CONNECTOR_SCOPES.filter((s) => asked.includes(s)));
};

/** Whether the member holds this scope to grant it. */
export const memberHolds = (scope: ConnectorScope, holds: MemberHolds): boolean =>
  scope === 'read' || (scope === 'write' ? holds.write : holds.managePayouts);

/**
 * What a member may grant of what was asked: only scopes they hold, and `read` always (a connector
 * that cannot read is of no use). Manage payouts without write would grant nothing, so it needs write.
 */
export const grantableScopes = (asked: readonly ConnectorScope[], holds: MemberHolds): ConnectorScope[] => {
  const held = CONNECTOR_SCOPES.filter((s) => (s === 'read' || asked.includes(s)) && memberHolds(s, holds));
  return held.includes('write') ? held : held.filter((s) => s !== 'manage_payouts');
};

/**
 * What a connector's calls may do now: its granted scopes, each still held by its member (a member
 * who lost Manage payouts takes it from their connectors at once).
 */
export const effectiveScopes = (granted: readonly ConnectorScope[], holds: MemberHolds): ConnectorScope[] => grantableScopes(granted, holds);
