import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approveMembership,
  joinCampaign,
  rejectMembership,
  suspendMembership,
  type Membership,
  type MembershipChange,
  type MembershipEventType,
  type MembershipStatus,
} from '../../domain/affiliate/membership.js';
import type { DomainError } from '../../domain/shared/domain-error.js';
import type { Result } from 'neverthrow';

const T0 = Date.UTC(2026, 0, 1);

/** null = the affiliate has not joined the campaign yet. */
interface Model {
  status: MembershipStatus | null;
  clock: number;
}
interface Real {
  membership: Membership | null;
}

const tick = (m: Model): Date => {
  m.clock += 1000;
  return new Date(T0 + m.clock);
};

const expectMove = (
  m: Model,
  r: Real,
  result: Result<MembershipChange, DomainError>,
  to: MembershipStatus,
  type: MembershipEventType,
  now: Date,
) => {
  const change = result._unsafeUnwrap();
  expect(change.membership.status).toBe(to);
  expect(change.membership.decidedAt).toEqual(now);
  expect(change.events).toEqual([
    {
      type,
      payload: {
        affiliateId: 'aff_1',
        campaignId: 'cmp_1',
        status: to,
        previousStatus: m.status,
        joinedAt: change.membership.joinedAt.toISOString(),
      },
    },
  ]);
  m.status = to;
  r.membership = change.membership;
};

class Join implements fc.Command<Model, Real> {
  constructor(readonly autoApprove: boolean) {}
  check = (m: Readonly<Model>) => m.status === null;
  run(m: Model, r: Real) {
    const now = tick(m);
    const change = joinCampaign({
      id: 'mem_1',
      merchantId: 'mer_1',
      mode: 'live',
      affiliateId: 'aff_1',
      campaignId: 'cmp_1',
      autoApprove: this.autoApprove,
      now,
    });
    const status = this.autoApprove ? 'approved' : 'pending';
    expect(change.membership.status).toBe(status);
    expect(change.membership.decidedAt).toEqual(this.autoApprove ? now : null);
    expect(change.events.map((e) => [e.type, e.payload.status])).toEqual([['affiliate.joined', status]]);
    m.status = status;
    r.membership = change.membership;
  }
  toString = () => `join(autoApprove=${this.autoApprove})`;
}

type Target = 'approved' | 'rejected' | 'suspended';

/** The merchant's moves written out by hand: from → to → the event it emits. */
const LEGAL: Record<MembershipStatus, Partial<Record<Target, MembershipEventType>>> = {
  pending: { approved: 'affiliate.approved', rejected: 'affiliate.rejected' },
  approved: { suspended: 'affiliate.suspended' },
  suspended: { approved: 'affiliate.approved' },
  rejected: { approved: 'affiliate.approved' },
};

const OPS: Record<Target, typeof approveMembership> = {
  approved: approveMembership,
  rejected: rejectMembership,
  suspended: suspendMembership,
};

class Move implements fc.Command<Model, Real> {
  constructor(readonly to: Target) {}
  check = (m: Readonly<Model>) => m.status !== null;
  run(m: Model, r: Real) {
    const now = tick(m);
    const before = r.membership as Membership;
    const result = OPS[this.to](before, now);
    const event = LEGAL[m.status as MembershipStatus][this.to];
    if (event) {
      expectMove(m, r, result, this.to, event, now);
    } else {
      // Repeats and moves the table lacks are refused, and nothing changes.
      expect(result.isErr() && result.error.code).toBe('invalid_transition');
      expect(r.membership).toBe(before);
    }
    expect(r.membership?.status).toBe(m.status);
  }
  toString = () => `move(${this.to})`;
}

describe('the affiliate membership state machine (model-based)', () => {
  const commands = fc.commands(
    [
      fc.boolean().map((auto) => new Join(auto)),
      fc.constantFrom<Target>('approved', 'rejected', 'suspended').map((to) => new Move(to)),
    ],
    { maxCommands: 16 },
  );

  it('follows the transition table (decide, suspend, reinstate, approve after rejection); each move emits its one event', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        fc.modelRun(() => ({ model: { status: null, clock: 0 }, real: { membership: null } }), cmds);
      }),
      { numRuns: 300 },
    );
  });

  it('reaches every status from a join', () => {
    const reached = new Set<MembershipStatus>();
    fc.assert(
      fc.property(commands, (cmds) => {
        const real: Real = { membership: null };
        fc.modelRun(() => ({ model: { status: null, clock: 0 }, real }), cmds);
        if (real.membership) reached.add(real.membership.status);
      }),
      { numRuns: 300 },
    );
    expect([...reached].sort()).toEqual(['approved', 'pending', 'rejected', 'suspended']);
  });

  it('keeps joinedAt fixed while the status changes', () => {
    const joined = joinCampaign({
      id: 'mem_1',
      merchantId: 'mer_1',
      mode: 'test',
      affiliateId: 'aff_1',
      campaignId: 'cmp_1',
      autoApprove: false,
      now: new Date(T0),
    });
    const approved = approveMembership(joined.membership, new Date(T0 + 5000))._unsafeUnwrap().membership;
    expect(approved.joinedAt).toEqual(new Date(T0));
    expect(approved.updatedAt).toEqual(new Date(T0 + 5000));
    expect(approved.mode).toBe('test');
  });
});
