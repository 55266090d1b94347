import { Paddle } from '@paddle/paddle-node-sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPaddleSignature } from '../../../adapters/providers/paddle/paddle-signature.js';
import { paddleSignature, signatureVectors } from '../../support/paddle-events.js';

describe('Paddle-Signature', () => {
  it('agrees with the test vectors of Paddle’s own SDKs (checked at their own timestamps)', () => {
    for (const vector of signatureVectors().vectors) {
      const ts = Number(/ts=(\d+)/.exec(vector.paddle_signature_header)![1]);
      const secret = vector.correct_secret ?? vector.secret!;
      const check = checkPaddleSignature(vector.paddle_signature_header, vector.raw_body, secret, ts);
      expect(check === 'valid').toBe(vector.expected_valid);
    }
  });

  it('agrees with the official verifier (@paddle/paddle-node-sdk) on fresh signatures, right and wrong', async () => {
    // The SDK's webhook helpers need its runtime set up by the client; no API call is made.
    const official = new Paddle('pdl_unused_api_key').webhooks;
    await fc.assert(
      // Secrets as integrations hold them: no whitespace (Paddle's look like pdl_ntfset_…_base64).
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9_/+]{8,40}$/), fc.json(), fc.boolean(), async (secret, body, tamper) => {
        const header = paddleSignature(body, secret);
        const sent = tamper ? `${body} ` : body;
        const ours = checkPaddleSignature(header, sent, secret, Math.floor(Date.now() / 1000)) === 'valid';
        expect(ours).toBe(await official.isSignatureValid(sent, secret, header));
        expect(ours).toBe(!tamper);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses a timestamp more than five seconds old, as Paddle’s verifier does, and a header without ts or h1', () => {
    const header = paddleSignature('{}', 'secret-key', 1_000);
    expect(checkPaddleSignature(header, '{}', 'secret-key', 1_005)).toBe('valid');
    expect(checkPaddleSignature(header, '{}', 'secret-key', 1_006)).toBe('stale');
    expect(checkPaddleSignature('h1=abc', '{}', 'secret-key', 1_000)).toBe('malformed');
    expect(checkPaddleSignature('ts=1000', '{}', 'secret-key', 1_000)).toBe('malformed');
    expect(checkPaddleSignature('ts=1000;h1=', '{}', 'secret-key', 1_000)).toBe('malformed');
  });

  it('accepts a rotation header whichever position the matching h1 has (the SDK keeps only the last one)', () => {
    const good = /h1=([0-9a-f]+)/.exec(paddleSignature('{}', 'secret-key', 1_000))![1];
    const other = 'f'.repeat(64);
    expect(checkPaddleSignature(`ts=1000;h1=${good};h1=${other}`, '{}', 'secret-key', 1_000)).toBe('valid');
    expect(checkPaddleSignature(`ts=1000;h1=${other};h1=${good}`, '{}', 'secret-key', 1_000)).toBe('valid');
    expect(checkPaddleSignature(`ts=1000;h1=${other};h1=${other}`, '{}', 'secret-key', 1_000)).toBe('mismatch');
  });
});
