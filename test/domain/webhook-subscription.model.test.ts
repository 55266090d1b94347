import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterAutomaticAttempt,
  afterManualAttempt,
  changeSubscription,
  createSubscription,
  deactivateSubscription,
  eventDelivery,
  FAILURES_BEFORE_PAUSE,
  parseWebhookEvents,
  pingDelivery,
  recordDeliveryOutcome,
  webhookRetryDelayMs,
  rotateSecret,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookSubscription,
} from '../../domain/webhook/index.js';

const T0 = Date.UTC(2026, 10, 22);
const SECRET = 'ab'.repeat(32);

interface Model {
  active: boolean;
  failures: number;
  /** Paused by the failure rule (as opposed to deactivated by the merchant). */
  paused: boolean;
  notices: number;
  clock: number;
}
interface Real {
  subscription: WebhookSubscription;
  notices: number;
}

const tick = (m: Model) => new Date(T0 + (m.clock += 1000));

class Deliver implements fc.Command<Model, Real> {
  constructor(readonly succeeded: boolean) {}
  check = () => true;
  run(m: Model, r: Real) {
    const { subscription, paused } = recordDeliveryOutcome(r.subscription, this.succeeded, tick(m));
    if (this.succeeded) m.failures = 0;
    else {
      m.failures += 1;
      if (m.active && m.failures >= FAILURES_BEFORE_PAUSE) {
        m.active = false;
        m.paused = true;
        m.notices += 1;
      }
    }
    if (paused) r.notices += 1;
    r.subscription = subscription;
    expect(subscription.active).toBe(m.active);
    expect(subscription.consecutiveFailures).toBe(m.failures);
    expect(subscription.pausedAt !== null).toBe(m.paused);
    expect(r.notices).toBe(m.notices);
  }
  toString = () => (this.succeeded ? 'success' : 'failure');
}

class SetActive implements fc.Command<Model, Real> {
  constructor(readonly active: boolean) {}
  check = () => true;
  run(m: Model, r: Real) {
    const next = changeSubscription(r.subscription, { active: this.active }, tick(m))._unsafeUnwrap();
    if (this.active) m.failures = 0;
    m.active = this.active;
    m.paused = false;
    r.subscription = next;
    expect(next.active).toBe(m.active);
    expect(next.consecutiveFailures).toBe(m.failures);
    expect(next.pausedAt).toBeNull();
  }
  toString = () => `patch active=${this.active}`;
}

class Delete implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    r.subscription = deactivateSubscription(r.subscription, tick(m));
    m.active = false;
    m.paused = false;
    expect(r.subscription.active).toBe(false);
    expect(r.subscription.consecutiveFailures).toBe(m.failures);
  }
  toString = () => 'delete';
}

class Rotate implements fc.Command<Model, Real> {
  constructor(readonly secret: string) {}
  check = () => true;
  run(m: Model, r: Real) {
    const before = r.subscription;
    r.subscription = rotateSecret(before, this.secret, tick(m))._unsafeUnwrap();
    expect(r.subscription.secret).toBe(this.secret);
    expect({ ...r.subscription, secret: before.secret, updatedAt: before.updatedAt }).toEqual(before);
  }
  toString = () => 'rotate';
}

const fresh = (): WebhookSubscription =>
  createSubscription({
    id: 'wh_1',
    merchantId: 'mer_1',
    mode: 'live',
    url: 'https://example.com/hook',
    events: ['conversion.created'],
    secret: SECRET,
    now: new Date(T0),
  })._unsafeUnwrap();

describe('the webhook subscription state machine (model-based)', () => {
  const commands = fc.commands(
    [
      fc.boolean().map((ok) => new Deliver(ok)),
      fc.constant(new Deliver(false)),
      fc.boolean().map((active) => new SetActive(active)),
      fc.constant(new Delete()),
      fc.stringMatching(/^[0-9a-f]{64}$/).map((s) => new Rotate(s)),
    ],
    { maxCommands: 40 },
  );

  it('pauses at the 5th consecutive failure (notifying once), and PATCH active: true resets the count', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        fc.modelRun(
          () => ({ model: { active: true, failures: 0, paused: false, notices: 0, clock: 0 }, real: { subscription: fresh(), notices: 0 } }),
          cmds,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('refuses malformed secrets and out-of-range retry counts', () => {
    expect(rotateSecret(fresh(), 'short', new Date(T0)).isErr()).toBe(true);
    expect(rotateSecret(fresh(), 'AB'.repeat(32), new Date(T0)).isErr()).toBe(true);
    expect(changeSubscription(fresh(), { maxRetries: 9 }, new Date(T0))._unsafeUnwrapErr().code).toBe('validation_error');
    expect(changeSubscription(fresh(), { maxRetries: -1 }, new Date(T0)).isErr()).toBe(true);
  });
});

describe('event names', () => {
  it('accepts every known name, drops duplicates keeping order, and names each unknown entry', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WEBHOOK_EVENT_TYPES), { minLength: 1 }), (names) => {
        expect(parseWebhookEvents(names)._unsafeUnwrap()).toEqual([...new Set(names)]);
      }),
    );
    const error = parseWebhookEvents(['conversion.created', 'Conversion.Created', 'order.paid'])._unsafeUnwrapErr();
    expect(error.code).toBe('validation_error');
    expect(error.details?.map((d) => d.field)).toEqual(['events.1', 'events.2']);
    expect(parseWebhookEvents([]).isErr()).toBe(true);
  });
});

describe('automatic retries (extension)', () => {
  const delivery = (attempts = 0): WebhookDelivery => ({
    id: 'd_1',
    subscriptionId: 'wh_1',
    merchantId: 'mer_1',
    mode: 'live',
    eventId: 'e_1',
    eventType: 'conversion.created',
    body: '{}',
    status: 'pending',
    attempts,
    nextAttemptAt: new Date(T0),
    createdAt: new Date(T0),
    updatedAt: new Date(T0),
  });

  it('makes exactly 1 + maxRetries attempts when every one fails, each wait twice the one before, and settles once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), (maxRetries) => {
        let current = delivery();
        let now = T0;
        const waits: number[] = [];
        let finals = 0;
        for (let i = 0; i < 20 && current.status === 'pending'; i += 1) {
          const applied = afterAutomaticAttempt(current, { succeeded: false }, maxRetries, new Date(now));
          if (applied.final) finals += 1;
          current = applied.delivery;
          if (current.nextAttemptAt) {
            waits.push(current.nextAttemptAt.getTime() - now);
            now = current.nextAttemptAt.getTime();
          }
        }
        expect(current.status).toBe('failed');
        expect(current.attempts).toBe(1 + maxRetries);
        expect(finals).toBe(1);
        expect(waits).toEqual(Array.from({ length: maxRetries }, (_, i) => webhookRetryDelayMs(i + 1)));
        for (let i = 1; i < waits.length; i += 1) expect(waits[i]).toBe(2 * waits[i - 1]!);
      }),
    );
  });

  it('a success settles the delivery at once', () => {
    const applied = afterAutomaticAttempt(delivery(2), { succeeded: true }, 5, new Date(T0));
    expect(applied).toMatchObject({ final: true, delivery: { status: 'succeeded', attempts: 3, nextAttemptAt: null } });
  });
});

describe('new deliveries and manual sends', () => {
  const subscription = { id: 'wh_1', merchantId: 'mer_1', mode: 'live' as const, url: 'https://example.com/hook' };
  const event = { id: 'e_1', type: 'conversion.created', payload: { amount: '10.00' }, occurredAt: new Date(T0 - 5000) };

  it("an event's delivery is pending, due when asked, and carries the envelope under its own id", () => {
    const delivery = eventDelivery('d_1', subscription, event, new Date(T0), new Date(T0 + 1));
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: new Date(T0), eventId: 'e_1', subscriptionId: 'wh_1' });
    expect(JSON.parse(delivery.body)).toEqual({ event: 'conversion.created', data: { amount: '10.00' }, timestamp: new Date(T0 - 5000).toISOString(), id: 'd_1' });
  });

  it('a failed ping settles as failed; a failed resend keeps a scheduled retry; any success settles', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (succeeded, scheduled) => {
        const ping = pingDelivery('d_2', subscription, new Date(T0));
        expect(ping).toMatchObject({ status: 'pending', nextAttemptAt: null, eventType: 'ping', eventId: null });
        const retrying = eventDelivery('d_3', subscription, event, new Date(T0), new Date(T0));
        const sent = afterManualAttempt(scheduled ? retrying : ping, { succeeded }, new Date(T0 + 1000));
        expect(sent.status).toBe(succeeded ? 'succeeded' : scheduled ? 'pending' : 'failed');
        expect(sent.attempts).toBe(1);
        expect(sent.nextAttemptAt).toEqual(succeeded || !scheduled ? null : new Date(T0));
      }),
    );
  });
});
