import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexHmacSha256Matches } from '../../../adapters/providers/shared/hmac-signature.js';

const reference = (secret: string, message: string) => createHmac('sha256', secret).update(message, 'utf8').digest('hex');

describe('the shared hex HMAC-SHA256 check', () => {
  it('accepts exactly the HMAC of the message under the secret, in either hex case, and nothing one character off', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), fc.nat(63), (secret, message, at) => {
        const signature = reference(secret, message);
        expect(hexHmacSha256Matches(secret, message, signature)).toBe(true);
        expect(hexHmacSha256Matches(secret, message, signature.toUpperCase())).toBe(true);
        const flipped = signature.slice(0, at) + (signature[at] === '0' ? '1' : '0') + signature.slice(at + 1);
        expect(hexHmacSha256Matches(secret, message, flipped)).toBe(false);
        expect(hexHmacSha256Matches(`${secret}x`, message, signature)).toBe(false);
        expect(hexHmacSha256Matches(secret, `${message} `, signature)).toBe(false);
      }),
    );
  });

  it('answers false, never throws, for a signature of the wrong length (crypto.timingSafeEqual would throw on unequal lengths)', () => {
    const signature = reference('secret-key', 'body');
    for (const candidate of ['', signature.slice(0, 62), signature.slice(0, 63), `${signature}00`, `${signature}0`, signature.repeat(2)]) {
      expect(() => hexHmacSha256Matches('secret-key', 'body', candidate)).not.toThrow();
      expect(hexHmacSha256Matches('secret-key', 'body', candidate)).toBe(false);
    }
  });

  it('answers false for anything that is not hex, including a valid prefix followed by junk that Buffer.from would silently drop', () => {
    const signature = reference('secret-key', 'body');
    for (const candidate of [`${signature.slice(0, 62)}zz`, `${signature.slice(0, 2)}${'g'.repeat(62)}`, 'not-a-signature', `sha256=${signature}`, ' '.repeat(64), `${signature.slice(0, 32)} ${signature.slice(33)}`]) {
      expect(hexHmacSha256Matches('secret-key', 'body', candidate)).toBe(false);
    }
  });
});
