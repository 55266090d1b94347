import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  leaseMail,
  MAIL_LEASE_MS,
  MAIL_MAX_ATTEMPTS,
  mailRetryDelayMs,
  queuedMail,
  recordSendAttempt,
  requeueMail,
  suppressedMail,
  type MailDelivery,
  type SendOutcome,
} from '../../domain/index.js';

const outcome: fc.Arbitrary<SendOutcome> = fc.oneof(
  fc.record({ accepted: fc.constant(true as const), response: fc.constantFrom('250 OK'), messageId: fc.option(fc.string(), { nil: null }) }),
  fc.record({
    accepted: fc.constant(false as const),
    permanent: fc.boolean(),
    error: fc.constantFrom('ECONNREFUSED', '451 later', '550 no such user'),
    response: fc.option(fc.string(), { nil: null }),
  }),
);

describe('mail delivery state machine', () => {
  it('counts every attempt, sends at most once, and leaves the queue only as sent or failed', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 30 }), fc.integer({ min: 0, max: 1e12 }), (outcomes, start) => {
        let mail: MailDelivery = queuedMail(new Date(start));
        let now = start;
        let attempts = 0;
        for (const o of outcomes) {
          now += 3_600_000;
          const next = recordSendAttempt(mail, o, new Date(now));
          if (mail.status !== 'queued') {
            expect(next.isErr()).toBe(true);
            continue;
          }
          attempts += 1;
          mail = next._unsafeUnwrap();
          expect(mail.attempts).toBe(attempts);
          if (o.accepted) {
            expect(mail).toMatchObject({ status: 'sent', nextAttemptAt: null, lastError: null });
            expect(mail.sentAt?.getTime()).toBe(now);
          } else if (o.permanent || attempts >= MAIL_MAX_ATTEMPTS) {
            expect(mail).toMatchObject({ status: 'failed', nextAttemptAt: null, sentAt: null, lastError: o.error });
          } else {
            expect(mail.status).toBe('queued');
            expect(mail.nextAttemptAt!.getTime()).toBe(now + mailRetryDelayMs(attempts));
          }
        }
        expect(mail.attempts).toBeLessThanOrEqual(MAIL_MAX_ATTEMPTS);
      }),
    );
  });

  it('backs off from a minute, doubling, to at most an hour', () => {
    expect(mailRetryDelayMs(1)).toBe(60_000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (n) => {
        expect(mailRetryDelayMs(n + 1)).toBeGreaterThanOrEqual(mailRetryDelayMs(n));
        expect(mailRetryDelayMs(n)).toBeLessThanOrEqual(3_600_000);
      }),
    );
  });

  it('never sends a suppressed message; only a failed one is queued again', () => {
    const sent = { accepted: true as const, response: '250', messageId: null };
    expect(recordSendAttempt(suppressedMail(), sent, new Date()).isErr()).toBe(true);
    expect(requeueMail(suppressedMail(), new Date()).isErr()).toBe(true);
    expect(requeueMail(queuedMail(new Date()), new Date()).isErr()).toBe(true);
    const failed = recordSendAttempt(queuedMail(new Date(0)), { accepted: false, permanent: true, error: '550', response: null }, new Date(1))._unsafeUnwrap();
    expect(requeueMail(failed, new Date(5))._unsafeUnwrap()).toMatchObject({ status: 'queued', attempts: 0, nextAttemptAt: new Date(5) });
  });

  it('a lease only moves a queued message\'s next attempt ahead: no attempt counted, nothing else changed', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 15 }), fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 3_600_000 }), (outcomes, start, lease) => {
        let mail: MailDelivery = queuedMail(new Date(start));
        for (const o of outcomes) {
          const now = new Date(start + 1000);
          const leased = leaseMail(mail, now, lease);
          if (mail.status !== 'queued') {
            expect(leased.isErr()).toBe(true);
            break;
          }
          expect(leased._unsafeUnwrap()).toEqual({ ...mail, nextAttemptAt: new Date(now.getTime() + lease) });
          mail = recordSendAttempt(leased._unsafeUnwrap(), o, now)._unsafeUnwrap();
        }
      }),
    );
    expect(leaseMail(queuedMail(new Date(0)), new Date(0))._unsafeUnwrap().nextAttemptAt).toEqual(new Date(MAIL_LEASE_MS));
    expect(leaseMail(suppressedMail(), new Date()).isErr()).toBe(true);
  });
});
