import type { KeyCreator } from '../../application/api-keys/api-key.js';
import type { ApiKeyActor } from '../../application/shared/actor.js';

/** An API key's actor: a write key created by `createdBy`, with or without Manage payouts. */
export const keyActor = (createdBy: KeyCreator = 'owner', managePayouts = false, keyId = 'key-1'): ApiKeyActor => ({
  kind: 'api_key',
  keyId,
  name: 'test key',
  write: true,
  createdBy,
  managePayouts,
  viaAssistant: false,
});
