import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptInvitation,
  expireInvitation,
  inviteAffiliate,
  resendInvitation,
  revokeInvitation,
  type AffiliateInvitation,
  type InvitationStatus,
} from '../../domain/index.js';

const T0 = Date.UTC(2026, 10, 1);
const HOUR = 3_600_000;
const EXPIRY_DAYS = 2;

/** The invitation machine written out by hand; times in hours after T0. */
interface Model {
  status: InvitationStatus;
  expiresAt: number;
  sends: number;
  clock: number;
}
interface Real {
  invitation: AffiliateInvitation;
}

const now = (m: Model) => new Date(T0 + m.clock * HOUR);
const open = (m: Model) => m.status === 'pending' && m.expiresAt > m.clock;

const checkInvariants = (m: Model, r: Real) => {
  expect(r.invitation.status).toBe(m.status);
  expect(r.invitation.expiresAt.getTime()).toBe(T0 + m.expiresAt * HOUR);
  expect(r.invitation.sendCount).toBe(m.sends);
};

class Revoke implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const result = revokeInvitation(r.invitation, now(m));
    if (m.status === 'revoked') expect(result._unsafeUnwrap().changed).toBe(false);
    else if (m.status === 'pending') {
      r.invitation = result._unsafeUnwrap().invitation;
      m.status = 'revoked';
    } else expect(result.isErr() && result.error.code).toBe('invalid_transition');
    checkInvariants(m, r);
  }
  toString = () => 'revoke';
}

class Resend implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const result = resendInvitation(r.invitation, now(m), EXPIRY_DAYS);
    if (open(m)) {
      r.invitation = result._unsafeUnwrap().invitation;
      m.sends += 1;
      m.expiresAt = m.clock + EXPIRY_DAYS * 24;
    } else expect(result.isErr() && result.error.code).toBe('invalid_transition');
    checkInvariants(m, r);
  }
  toString = () => 'resend';
}

class Accept implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const result = acceptInvitation(r.invitation, now(m));
    if (open(m)) {
      r.invitation = result._unsafeUnwrap().invitation;
      m.status = 'accepted';
    } else expect(result.isErr() && result.error.code).toBe('invalid_transition');
    checkInvariants(m, r);
  }
  toString = () => 'accept';
}

/** Time passes, then the expiry job looks at the invitation. */
class PassTimeAndExpire implements fc.Command<Model, Real> {
  constructor(readonly hours: number) {}
  check = () => true;
  run(m: Model, r: Real) {
    m.clock += this.hours;
    const change = expireInvitation(r.invitation, now(m));
    const due = m.status === 'pending' && m.expiresAt <= m.clock;
    expect(change.changed).toBe(due);
    if (due) m.status = 'expired';
    r.invitation = change.invitation;
    checkInvariants(m, r);
  }
  toString = () => `pass(${this.hours}h)+expire`;
}

const commands = fc.commands(
  [
    fc.constant(new Revoke()),
    fc.constant(new Resend()),
    fc.constant(new Accept()),
    fc.integer({ min: 0, max: 40 }).map((h) => new PassTimeAndExpire(h)),
  ],
  { maxCommands: 20 },
);

const fresh = (): Real => ({
  invitation: inviteAffiliate({
    id: 'i1',
    merchantId: 'm1',
    mode: 'live',
    campaignId: 'c1',
    email: 'ada@example.com',
    expiryDays: EXPIRY_DAYS,
    now: new Date(T0),
  })._unsafeUnwrap(),
});
const start = (): Model => ({ status: 'pending', expiresAt: EXPIRY_DAYS * 24, sends: 1, clock: 0 });

describe('the invitation state machine (model-based)', () => {
  it('only an open pending invitation is resent or accepted; revoked, accepted and expired are final', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        fc.modelRun(() => ({ model: start(), real: fresh() }), cmds);
      }),
      { numRuns: 300 },
    );
  });

  it('reaches every status', () => {
    const reached = new Set<InvitationStatus>();
    fc.assert(
      fc.property(commands, (cmds) => {
        const real = fresh();
        fc.modelRun(() => ({ model: start(), real }), cmds);
        reached.add(real.invitation.status);
      }),
      { numRuns: 300 },
    );
    expect([...reached].sort()).toEqual(['accepted', 'expired', 'pending', 'revoked']);
  });
});
