import type { SignatureRejectionRun } from '../../domain/index.js';

/**
 * Counts the notifications an integration refused for their signature, as a run that a verified
 * notification (any delivery recorded in its events log) ends.
 */
export interface SignatureRejections {
  /** Counts one more refusal at `now`; the run as it stands after it. */
  rejected(integrationId: string, now: Date): Promise<SignatureRejectionRun>;
  /** Remembers that the merchant was told about the current run. */
  noticed(integrationId: string): Promise<void>;
}
