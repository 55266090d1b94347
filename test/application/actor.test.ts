import { describe, expect, it } from 'vitest';
import { approverOf, auditActorOf, auditKeyIdOf, callerIdOf, mayManagePayouts, mayWrite, type Actor } from '../../application/shared/actor.js';
import { keyActor } from '../mothers/actor.mother.js';

const owner: Actor = { kind: 'user', userId: 'u-1', role: 'owner', managePayouts: false };
const member: Actor = { kind: 'user', userId: 'u-2', role: 'member', managePayouts: false };
const connector: Actor = { kind: 'connector', connectorId: 'g-1', userId: 'u-1', name: 'connector', write: false, managePayouts: true };

describe('actors', () => {
  it('grants Manage payouts as a key, a user or a connector holds it; a provider and the script act for the owner', () => {
    expect(mayManagePayouts(keyActor('owner', false))).toBe(true);
    expect(mayManagePayouts(keyActor('team_member', false))).toBe(false);
    expect(mayManagePayouts(keyActor('team_member', true))).toBe(true);
    expect(mayManagePayouts(owner)).toBe(true);
    expect(mayManagePayouts(member)).toBe(false);
    expect(mayManagePayouts({ ...member, managePayouts: true })).toBe(true);
    expect(mayManagePayouts(connector)).toBe(true);
    expect(mayManagePayouts({ kind: 'provider', provider: 'card' })).toBe(true);
    expect(mayManagePayouts({ kind: 'script' })).toBe(true);
    expect(mayManagePayouts({ kind: 'affiliate', affiliateId: 'a-1' })).toBe(false);
  });

  it('lets a key and a connector write as issued, and a user as the plan allows any key', () => {
    expect(mayWrite({ ...keyActor(), write: false }, 'scale')).toBe(false);
    expect(mayWrite(keyActor(), 'professional')).toBe(true);
    expect(mayWrite(connector, 'scale')).toBe(false);
    expect(mayWrite(owner, 'professional')).toBe(false);
    expect(mayWrite(member, 'ultimate')).toBe(true);
  });

  it('names each actor in the audit log and in what it approves', () => {
    expect(auditActorOf(keyActor())).toBe('api_key');
    expect(auditActorOf({ ...keyActor(), viaAssistant: true })).toBe('assistant');
    expect(auditActorOf(owner)).toBe('user:u-1');
    expect(auditActorOf(connector)).toBe('connector:g-1:user:u-1');
    expect(auditActorOf({ kind: 'operator' })).toBe('operator');
    expect([auditKeyIdOf(keyActor()), auditKeyIdOf(connector), auditKeyIdOf(owner)]).toEqual(['key-1', 'g-1', null]);
    expect([callerIdOf(keyActor()), callerIdOf(connector), callerIdOf(member)]).toEqual(['key-1', 'g-1', 'u-2']);
    expect([approverOf(keyActor()), approverOf(owner), approverOf(connector)]).toEqual(['apikey:key-1', 'user:u-1', 'connector:g-1']);
  });
});
