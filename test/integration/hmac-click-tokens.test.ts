import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClickTokens } from '../../application/ports/click-tokens.js';
import type { ClickClaims } from '../../domain/index.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { startTestService, type TestService } from '../support/test-service.js';

const claimsArb: fc.Arbitrary<ClickClaims> = fc.record({
  clickRowId: fc.uuid(),
  merchantId: fc.uuid(),
  mode: fc.constantFrom('live' as const, 'test' as const),
  campaignId: fc.uuid(),
  affiliateId: fc.uuid(),
  issuedAt: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
});
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The signing adapter against the key the migration made. */
describe('HmacClickTokens', () => {
  let t: TestService;
  let tokens: ClickTokens;

  beforeAll(async () => {
    t = await startTestService();
    tokens = t.service.container.resolve(TOKENS.ClickTokens);
  });
  afterAll(() => t.close());

  it('reads back exactly the claims it signed, as a valid token fitting a client_reference_id', async () => {
    await fc.assert(
      fc.asyncProperty(claimsArb, async (claims) => {
        const text = await tokens.issue(claims);
        expect(text).toMatch(/^[0-9a-f-]{36}_[A-Za-z0-9_-]{96}$/);
        expect(text.slice(0, 36)).toBe(claims.clickRowId.toLowerCase());
        expect(await tokens.read(text)).toEqual({ text, claims: { ...claims, clickRowId: claims.clickRowId.toLowerCase() }, signatureValid: true });
      }),
      { numRuns: 50 },
    );
  });

  it('any one character changed makes an id that is not valid', async () => {
    await fc.assert(
      fc.asyncProperty(claimsArb, fc.nat(), fc.nat(), async (claims, at, pick) => {
        const text = await tokens.issue(claims);
        const i = at % text.length;
        const replacement = (i < 36 ? '0123456789abcdef' : ALPHABET).split('').filter((c) => c !== text[i]);
        const changed = `${text.slice(0, i)}${replacement[pick % replacement.length]}${text.slice(i + 1)}`;
        const read = await tokens.read(changed);
        expect(read === null || !read.signatureValid).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('a bare uuid or any other text is not a token', async () => {
    expect(await tokens.read('0193a5b0-7e1c-7c3a-9f00-3d2f8c1b2a10')).toBeNull();
    expect(await tokens.read('cs_test_123')).toBeNull();
  });

  it('a key held by another database does not vouch for this one\'s ids', async () => {
    const claims = { clickRowId: crypto.randomUUID(), merchantId: crypto.randomUUID(), mode: 'live' as const, campaignId: crypto.randomUUID(), affiliateId: crypto.randomUUID(), issuedAt: new Date() };
    const other = await startTestService();
    try {
      // Scratch databases are clones of one migrated template, so they share its key: give this one its own.
      await other.sql(`update service_secrets set value = encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex') where name = 'click_signing_key'`);
      const foreign = await other.service.container.resolve(TOKENS.ClickTokens).issue(claims);
      expect((await tokens.read(foreign))?.signatureValid).toBe(false);
    } finally {
      await other.close();
    }
  });
});
