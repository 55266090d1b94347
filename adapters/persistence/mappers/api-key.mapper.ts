import type { ApiKey, KeyCreator } from '../../../application/api-keys/api-key.js';
import type { Mode } from '../../../domain/index.js';
import type { ApiKeyRecord } from '../records/api-key.record.js';

export const apiKeyToDomain = (r: ApiKeyRecord): ApiKey => ({
  id: r.id,
  merchantId: r.merchantId,
  name: r.name,
  mode: r.mode as Mode,
  permissions: { read: true, write: r.canWrite },
  createdBy: r.createdBy as KeyCreator,
  managePayouts: r.managePayouts,
  lookup: r.lookup,
  secretHash: r.secretHash,
  createdAt: r.createdAt,
  revokedAt: r.revokedAt ?? null,
});

export const apiKeyToRecord = (k: ApiKey) => ({
  id: k.id,
  merchantId: k.merchantId,
  name: k.name,
  mode: k.mode,
  canWrite: k.permissions.write,
  createdBy: k.createdBy,
  managePayouts: k.managePayouts,
  lookup: k.lookup,
  secretHash: k.secretHash,
  createdAt: k.createdAt,
  revokedAt: k.revokedAt,
});
