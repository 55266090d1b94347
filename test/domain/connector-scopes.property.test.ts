import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONNECTOR_SCOPES, grantableScopes, memberHolds, parseScopes } from '../../domain/connector/scopes.js';

const scopes = fc.subarray([...CONNECTOR_SCOPES]);
const holds = fc.record({ write: fc.boolean(), managePayouts: fc.boolean() });

describe('connector scopes', () => {
  it('a member grants only what they hold, always read, and Manage payouts only with write', () => {
    fc.assert(
      fc.property(scopes, holds, (asked, h) => {
        const granted = grantableScopes(asked, h);
        expect(granted).toContain('read');
        for (const s of granted) {
          expect(memberHolds(s, h)).toBe(true);
          expect(s === 'read' || asked.includes(s)).toBe(true);
        }
        if (granted.includes('manage_payouts')) expect(granted).toContain('write');
        // Granting again what was granted changes nothing (a connector's scopes re-checked per call are stable).
        expect(grantableScopes(granted, h)).toEqual(granted);
      }),
    );
  });

  it('a member holding everything grants what was asked (and read)', () => {
    fc.assert(
      fc.property(scopes, (asked) => {
        const granted = grantableScopes(asked, { write: true, managePayouts: true });
        const expected = CONNECTOR_SCOPES.filter((s) => s === 'read' || asked.includes(s));
        expect(granted).toEqual(expected.includes('write') ? expected : expected.filter((s) => s !== 'manage_payouts'));
      }),
    );
  });

  it('parses space-separated scopes, refusing unknown ones', () => {
    expect(parseScopes(undefined)._unsafeUnwrap()).toEqual(['read']);
    expect(parseScopes('manage_payouts read')._unsafeUnwrap()).toEqual(['read', 'manage_payouts']);
    expect(parseScopes('read admin')._unsafeUnwrapErr().code).toBe('invalid_scope');
  });
});
