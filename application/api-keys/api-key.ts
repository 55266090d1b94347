import type { Mode } from '../../domain/index.js';

export type KeyCreator = 'owner' | 'team_member';

export interface ApiKey {
  readonly id: string;
  readonly merchantId: string;
  readonly name: string;
  readonly mode: Mode;
  readonly permissions: { readonly read: true; readonly write: boolean };
  readonly createdBy: KeyCreator;
  /** Only restricts `team_member` keys: live conversions and auto-approval settings need it. */
  readonly managePayouts: boolean;
  /** Short public prefix of the secret that finds the row; never enough to authenticate. */
  readonly lookup: string;
  /** SHA-256 of the secret part, hex. The key itself is never stored. */
  readonly secretHash: string;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
}
