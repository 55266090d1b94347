import type { PayoutProvider, PayoutProviders, PayoutRequest } from '../../application/ports/payout-provider.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { PayoutMethod, PayoutOutcome } from '../../domain/index.js';

/**
 * What the fake provider answers a new request: an outcome; `throw`, no transfer and no answer; or
 * `lost`, the transfer completed but its answer never arrived (the caller died, or the network did).
 */
export type ScriptedAnswer = PayoutOutcome | 'throw' | 'lost';

/**
 * A provider with a ledger by idempotency key, as the real ones and the sandbox keep: a repeated key
 * answers with the transfer made the first time, never a second one. A new request takes the next
 * scripted answer, else completes.
 */
export class FakePayoutProvider implements PayoutProvider {
  private readonly byKey = new Map<string, PayoutOutcome>();
  private readonly made: { readonly key: string; readonly first: PayoutOutcome; readonly request: PayoutRequest }[] = [];
  private readonly byReference = new Map<string, PayoutOutcome>();
  private readonly script: ScriptedAnswer[] = [];
  private n = 0;
  /** Every request received, repeats included. */
  readonly requests: PayoutRequest[] = [];

  constructor(readonly method: PayoutMethod) {}

  /** The answers to the next new requests, in order. */
  answer(...answers: ScriptedAnswer[]): void {
    this.script.push(...answers);
  }

  /** The transfers made (one per idempotency key that was accepted; a refusal makes none), each as it stands now, with its request. */
  transfers(): readonly { readonly key: string; readonly outcome: PayoutOutcome; readonly request: PayoutRequest }[] {
    return this.made.map(({ key, first, request }) => ({ key, outcome: this.statusOf(first), request }));
  }

  /** A transfer in transit arrives. */
  settle(reference: string): void {
    if (this.byReference.get(reference)?.kind === 'in_transit') this.byReference.set(reference, { kind: 'completed', reference, cardPaymentId: null });
  }

  async send(request: PayoutRequest): Promise<PayoutOutcome> {
    this.requests.push(request);
    const made = this.byKey.get(request.idempotencyKey);
    if (made) return this.statusOf(made);
    const next = this.script.shift() ?? { kind: 'completed', reference: '', cardPaymentId: null };
    if (next === 'throw') throw new Error('the provider did not answer');
    const outcome = this.referenced(next === 'lost' ? { kind: 'completed', reference: '', cardPaymentId: null } : next);
    this.byKey.set(request.idempotencyKey, outcome);
    if ('reference' in outcome) {
      this.byReference.set(outcome.reference, outcome);
      this.made.push({ key: request.idempotencyKey, first: outcome, request });
    }
    if (next === 'lost') throw new Error('the answer was lost');
    return outcome;
  }

  async status(reference: string): Promise<PayoutOutcome> {
    const found = this.byReference.get(reference);
    if (!found) throw new Error(`unknown transfer ${reference}`);
    return found;
  }

  private statusOf(outcome: PayoutOutcome): PayoutOutcome {
    return 'reference' in outcome ? (this.byReference.get(outcome.reference) ?? outcome) : outcome;
  }

  /** A transfer that was made gets a reference of its own (the script may leave it blank). */
  private referenced(outcome: PayoutOutcome): PayoutOutcome {
    if (outcome.kind !== 'completed' && outcome.kind !== 'in_transit') return outcome;
    this.n += 1;
    return outcome.reference ? outcome : { ...outcome, reference: `fake_${this.method}_${this.n}` };
  }
}

/**
 * The provider of each method, as `ConfiguredPayoutProviders` chooses it: a merchant's configured
 * provider; without one, a provider in test mode (the sandbox) and none in live mode. One provider
 * per method, shared, so a test reads every request of its run.
 */
export class FakePayoutProviders implements PayoutProviders {
  private readonly configured = new Set<string>();
  private readonly providers = new Map<PayoutMethod, FakePayoutProvider>();

  /** The merchant saved credentials for the method in this mode. */
  configure(tenant: Tenant, method: PayoutMethod): void {
    this.configured.add(`${tenant.merchantId}:${tenant.mode}:${method}`);
  }

  provider(method: PayoutMethod): FakePayoutProvider {
    let found = this.providers.get(method);
    if (!found) {
      found = new FakePayoutProvider(method);
      this.providers.set(method, found);
    }
    return found;
  }

  async forTenant(tenant: Tenant, method: PayoutMethod): Promise<PayoutProvider | null> {
    const configured = this.configured.has(`${tenant.merchantId}:${tenant.mode}:${method}`);
    return configured || tenant.mode === 'test' ? this.provider(method) : null;
  }
}
