import type { ApiKey, KeyCreator } from '../../../application/api-keys/api-key.js';
import type { Mode } from '../../../domain/index.js';
import type { Row } from '../schema/index.js';
import { dateOrNull } from './timestamps.js';

export type ApiKeyRow = Row<'api_keys'>;

export const apiKeyToDomain = (r: ApiKeyRow): ApiKey => ({
  id: r.id,
  merchantId: r.merchant_id,
  name: r.name,
  mode: r.mode as Mode,
  permissions: { read: true, write: r.can_write },
  createdBy: r.created_by as KeyCreator,
  managePayouts: r.manage_payouts,
  lookup: r.lookup,
  secretHash: r.secret_hash,
  createdAt: new Date(r.created_at),
  revokedAt: dateOrNull(r.revoked_at),
});

export const apiKeyToRow = (k: ApiKey): ApiKeyRow => ({
  id: k.id,
  merchant_id: k.merchantId,
  name: k.name,
  mode: k.mode,
  can_write: k.permissions.write,
  created_by: k.createdBy,
  manage_payouts: k.managePayouts,
  lookup: k.lookup,
  secret_hash: k.secretHash,
  created_at: k.createdAt,
  revoked_at: k.revokedAt,
});
