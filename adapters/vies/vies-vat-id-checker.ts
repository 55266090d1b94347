import type { VatIdCheck, VatIdChecker } from '../../application/ports/vat-id-checker.js';
import type { VatId } from '../../domain/index.js';

/** The European Commission's VIES REST API (`POST /check-vat-number`). */
export const VIES_API_BASE = 'https://ec.europa.eu/taxation_customs/vies/rest-api';
const TIMEOUT_MS = 10_000;

/**
 * Asks VIES whether a VAT id is registered: `{ countryCode, vatNumber }` in, `{ valid, name, address,
 * requestDate, ... }` out. Only the prefix and number leave the service (no name, no address).
 * Anything but a clear answer (a timeout, a member state's service down, an error body) is `unavailable`.
 */
export class ViesVatIdChecker implements VatIdChecker {
  constructor(private readonly base: string = VIES_API_BASE) {}

  async check(vatId: VatId): Promise<VatIdCheck> {
    try {
      const response = await fetch(`${this.base.replace(/\/+$/, '')}/check-vat-number`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ countryCode: vatId.prefix, vatNumber: vatId.number }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) return { kind: 'unavailable', reason: `VIES answered ${response.status}` };
      const body = (await response.json()) as { valid?: unknown; userError?: unknown };
      if (body.valid === true) return { kind: 'valid' };
      // VIES says INVALID for an unregistered number; other user errors (MS_UNAVAILABLE, TIMEOUT, ...) are no answer.
      if (body.valid === false && (body.userError === undefined || body.userError === 'INVALID' || body.userError === 'VALID')) return { kind: 'invalid' };
      return { kind: 'unavailable', reason: `VIES: ${String(body.userError ?? 'no verdict')}` };
    } catch (error) {
      return { kind: 'unavailable', reason: error instanceof Error ? error.message : 'unknown' };
    }
  }
}
