import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSecretKey } from '../adapters/secrets/aes-gcm-secret-box.js';

/**
 * The key that seals payout-provider credentials: `SECRET_KEY` when set; otherwise one kept in the data
 * directory (`secret.key`, created on first start, readable by the owner only). `created` says the
 * file was just made, so start-up can tell the operator to back it up.
 */
export const resolveSecretKey = (configured: string | null, dataDir: string): { key: string; source: string; created: boolean } => {
  if (configured) return { key: configured, source: 'SECRET_KEY', created: false };
  const path = join(dataDir, 'secret.key');
  if (existsSync(path)) return { key: readFileSync(path, 'utf8').trim(), source: path, created: false };
  mkdirSync(dataDir, { recursive: true });
  const key = generateSecretKey();
  writeFileSync(path, `${key}\n`, { mode: 0o600 });
  return { key, source: path, created: true };
};
