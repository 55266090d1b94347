import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, computeWebhookSignature, signWebhookPayload, verifyWebhookSignature } from '../../client/webhooks.js';

const secretArb = fc.stringMatching(/^[0-9a-f]{64}$/);
const bodyArb = fc.string({ unit: 'binary', maxLength: 500 });
const T = Date.UTC(2026, 10, 22, 12);

describe('webhook signatures (the receiver helper)', () => {
  it('verifies what was signed, within the tolerance either way', () => {
    fc.assert(
      fc.property(secretArb, bodyArb, fc.integer({ min: -300, max: 300 }), (secret, body, skew) => {
        const header = signWebhookPayload(secret, body, T);
        expect(verifyWebhookSignature(secret, header, body, { now: T + skew * 1000 })).toBe(true);
        expect(verifyWebhookSignature(secret, header, Buffer.from(body, 'utf8'), { now: T })).toBe(true);
      }),
    );
  });

  it('rejects another body, another secret, and timestamps beyond the tolerance', () => {
    fc.assert(
      fc.property(secretArb, secretArb, bodyArb, bodyArb, fc.integer({ min: 301, max: 100_000 }), fc.boolean(), (secret, other, body, otherBody, skew, future) => {
        const header = signWebhookPayload(secret, body, T);
        if (otherBody !== body) expect(verifyWebhookSignature(secret, header, otherBody, { now: T })).toBe(false);
        if (other !== secret) expect(verifyWebhookSignature(other, header, body, { now: T })).toBe(false);
        const now = T + (future ? -1 : 1) * skew * 1000;
        expect(checkWebhookSignature(secret, header, body, { now })).toEqual({ valid: false, reason: 'timestamp_out_of_tolerance' });
        expect(verifyWebhookSignature(secret, header, body, { now, toleranceSeconds: skew })).toBe(true);
      }),
    );
  });

  it('is the documented HMAC: hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret', () => {
    const secret = '0123456789abcdef'.repeat(4);
    const expected = createHmac('sha256', secret).update('1795000000.{"a":1}').digest('hex');
    expect(computeWebhookSignature(secret, 1795000000, '{"a":1}')).toBe(expected);
    expect(signWebhookPayload(secret, '{"a":1}', new Date(1795000000_999))).toBe(`t=1795000000,v1=${expected}`);
    expect(signWebhookPayload(secret, 'x', 1795000000_500)).toMatch(/^t=1795000000,v1=[0-9a-f]{64}$/);
  });

  it('refuses missing and malformed headers, and accepts any one matching v1 entry', () => {
    const secret = 'cd'.repeat(32);
    const header = signWebhookPayload(secret, 'body', T);
    const v1 = header.split('v1=')[1]!;
    for (const bad of ['', 'nonsense', 't=abc,v1=' + v1, `v1=${v1}`, `t=${T / 1000}`, `t=${T / 1000},v1=xyz`]) {
      expect(verifyWebhookSignature(secret, bad, 'body', { now: T }), bad).toBe(false);
    }
    expect(checkWebhookSignature(secret, null, 'body')).toEqual({ valid: false, reason: 'missing_header' });
    expect(verifyWebhookSignature(secret, `t=${T / 1000},v1=${'0'.repeat(64)},v1=${v1}`, 'body', { now: T })).toBe(true);
    expect(verifyWebhookSignature(secret, ` t=${T / 1000} , v1=${v1.toUpperCase()} `, 'body', { now: T })).toBe(true);
  });
});
