import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The operator API's token: `ADMIN_TOKEN` when set; otherwise one kept in the data directory
 * (`admin-token`, created on first start, readable by the owner only), so the quick start has the
 * operator API the getting-started guide uses without a second start. Whoever can read the data
 * directory can already read the database and the secret key beside it.
 */
export const resolveAdminToken = (configured: string | null, dataDir: string): { token: string; path: string | null; created: boolean } => {
  if (configured) return { token: configured, path: null, created: false };
  const path = join(dataDir, 'admin-token');
  if (existsSync(path)) return { token: readFileSync(path, 'utf8').trim(), path, created: false };
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  return { token, path, created: true };
};
