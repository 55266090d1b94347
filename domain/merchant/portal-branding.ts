import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';

/** A logo is shown inline on every portal page, so it stays small. */
export const MAX_LOGO_BYTES = 64 * 1024;

export interface PortalLogo {
  readonly contentType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  readonly bytes: Uint8Array;
}

/** A brand colour as `#rgb` or `#rrggbb`, answered as lower-case `#rrggbb`. */
export const parseBrandColour = (input: string, field = 'brandColour'): Result<string, DomainError> => {
  const text = input.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return ok(`#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`);
  if (/^#[0-9a-f]{6}$/.test(text)) return ok(text);
  return err(validationError(field, 'Use a hex colour such as #1a73e8'));
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);

/**
 * What the bytes are, read from their first bytes (never from the name or the browser's claim):
 * PNG, JPEG, WebP or GIF only. SVG can carry scripts, so it is refused.
 */
const sniff = (bytes: Uint8Array): PortalLogo['contentType'] | null => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  return null;
};

export const parsePortalLogo = (bytes: Uint8Array, field = 'logo'): Result<PortalLogo, DomainError> => {
  if (bytes.length === 0) return err(validationError(field, 'The file is empty'));
  if (bytes.length > MAX_LOGO_BYTES) return err(validationError(field, `Use an image of at most ${MAX_LOGO_BYTES / 1024} KB`));
  const contentType = sniff(bytes);
  if (!contentType) return err(validationError(field, 'Use a PNG, JPEG, WebP or GIF image'));
  return ok({ contentType, bytes });
};
