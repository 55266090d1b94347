import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type RawBuilder } from 'kysely';
import type { Clock } from '../../application/ports/clock.js';
import type { PayoutProvider, PayoutRequest } from '../../application/ports/payout-provider.js';
import { minorUnitDigits, type CurrencyCode, type Decimal, type PayoutMethod, type PayoutOutcome } from '../../domain/index.js';
import { poolDb, type Orm } from '../persistence/orm.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface SandboxSettings {
  /** Added to every request, to make a provider's round trip visible (tests of crashes mid-batch). */
  readonly latencyMs: number;
  /** How long an accepted transfer of an asynchronous method stays in transit. */
  readonly settleAfterMs: { readonly wallet_a: number; readonly transfer_b: number };
}

export const DEFAULT_SANDBOX_SETTINGS: SandboxSettings = { latencyMs: 0, settleAfterMs: { wallet_a: 10 * MINUTE, transfer_b: 24 * HOUR } };

/**
 * Test amounts, as card processors' test modes have them: the last two digits of the payout amount in
 * the currency's minor unit (9.91 USD → 91; 1991 JPY → 91) choose the outcome. docs/payouts.md lists them.
 */
export const SANDBOX_TEST_AMOUNTS = {
  /** Insufficient funds on the payout's first request; accepted afterwards. */
  fundsShortOnce: 91,
  /** Insufficient funds on every request. */
  fundsShortAlways: 92,
  /** A retryable failure (`provider_unavailable`) on the payout's first request; accepted afterwards. */
  failOnce: 93,
  /** A retryable failure on every request: the payout fails after the retry limit. */
  failAlways: 94,
  /** A permanent failure (`account_closed` / `recipient_unknown`): the payout fails at once. */
  failPermanently: 95,
  /** Asynchronous methods: the first transfer is accepted, then returned (`recipient_returned`); `connect`: the first transfer is reversed at once (`transfer_reversed`). Later transfers succeed. */
  returnedOnce: 96,
} as const;

/** The two digits that pick a sandbox outcome. */
export const testAmountCode = (amount: Decimal, currency: CurrencyCode): number =>
  amount.abs().times(10 ** minorUnitDigits(currency)).floor().mod(100).toNumber();

interface TransferRow {
  id: string;
  idempotency_key: string;
  payout_id: string;
  status: 'refused' | 'failed' | 'in_transit' | 'completed' | 'returned';
  failure_reason: string | null;
  retryable: boolean;
  payment_id: string | null;
  settles_at: Date | string | null;
}

interface Decision {
  readonly status: TransferRow['status'];
  readonly failureReason: string | null;
  readonly retryable: boolean;
}

const PREFIX: Record<PayoutMethod, string> = { connect: 'tr_sbx_', wallet_a: 'wa_sbx_', transfer_b: 'tb_sbx_' };
const token = () => randomBytes(12).toString('hex');
/** The line a transfer's history is kept under (its outcome by test amount may depend on earlier requests). */
const firstLineOf = (request: PayoutRequest): string => request.payoutIds[0] ?? request.awardIds[0] ?? request.paymentId;

/**
 * The sandbox payout providers' side of the world: a ledger of transfer requests in its own table,
 * written outside the service's transactions (a provider's records survive the caller's rollback or
 * crash). A repeated idempotency key answers with the transfer made the first time, never a new one.
 * Time is the service clock, so the test clock moves transfers in transit.
 */
export class SandboxPayoutLedger {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly settings: SandboxSettings = DEFAULT_SANDBOX_SETTINGS,
  ) {}

  /** Autocommitted statements on their own connection, never the caller's transaction. */
  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(poolDb(this.orm))).rows;
  }

  private async latency(): Promise<void> {
    if (this.settings.latencyMs > 0) await sleep(this.settings.latencyMs);
  }

  async send(method: PayoutMethod, request: PayoutRequest): Promise<PayoutOutcome> {
    await this.latency();
    const [existing] = await this.exec(sql<TransferRow>`select * from sandbox_payout_transfers where idempotency_key = ${request.idempotencyKey}`);
    if (existing) return this.settle(existing);

    const history = await this.exec(sql<TransferRow>`select * from sandbox_payout_transfers where payout_id = ${firstLineOf(request)}`);
    const decision = this.decide(method, request, history);
    const now = this.clock.now();
    const asynchronous = method !== 'connect';
    const accepted = decision.status === 'in_transit' || decision.status === 'completed';
    const settlesAt = accepted && asynchronous ? new Date(now.getTime() + this.settings.settleAfterMs[method]) : null;
    const values = [
      `${PREFIX[method]}${token()}`,
      request.idempotencyKey,
      firstLineOf(request),
      method,
      request.merchantId,
      request.mode,
      method === 'connect' ? `acct_sbx_${request.affiliateId.replace(/-/g, '').slice(-16)}` : (request.email ?? ''),
      request.amount.toFixed(),
      request.currency,
      decision.status,
      decision.failureReason,
      decision.retryable,
      decision.status === 'completed' && method === 'connect' ? `py_sbx_${token()}` : null,
      settlesAt,
      now,
      now,
    ];
    await this.exec(sql`insert into sandbox_payout_transfers (id, idempotency_key, payout_id, method, merchant_id, mode, destination, amount, currency,
                                             status, failure_reason, retryable, payment_id, settles_at, created_at, updated_at)
       values (${sql.join(values)})
       on conflict (idempotency_key) do nothing`);
    // Whoever inserted first, the stored transfer is the answer.
    const [stored] = await this.exec(sql<TransferRow>`select * from sandbox_payout_transfers where idempotency_key = ${request.idempotencyKey}`);
    if (!stored) throw new Error('sandbox ledger lost a transfer');
    return this.settle(stored);
  }

  async status(reference: string): Promise<PayoutOutcome> {
    await this.latency();
    const [row] = await this.exec(sql<TransferRow>`select * from sandbox_payout_transfers where id = ${reference}`);
    if (!row) throw new Error(`sandbox ledger has no transfer ${reference}`);
    return this.settle(row);
  }

  private decide(method: PayoutMethod, request: PayoutRequest, history: readonly TransferRow[]): Decision {
    const accept: Decision = { status: method === 'connect' ? 'completed' : 'in_transit', failureReason: null, retryable: false };
    const fail = (reason: string, retryable: boolean): Decision => ({ status: 'failed', failureReason: reason, retryable });
    const refuse: Decision = { status: 'refused', failureReason: 'insufficient_funds', retryable: true };
    if (method !== 'connect' && !request.email) return fail('recipient_missing', false);
    const first = history.length === 0;
    const transfersBefore = history.filter((row) => ['in_transit', 'completed', 'returned'].includes(row.status)).length;
    switch (testAmountCode(request.amount, request.currency)) {
      case SANDBOX_TEST_AMOUNTS.fundsShortOnce:
        return first ? refuse : accept;
      case SANDBOX_TEST_AMOUNTS.fundsShortAlways:
        return refuse;
      case SANDBOX_TEST_AMOUNTS.failOnce:
        return first ? fail('provider_unavailable', true) : accept;
      case SANDBOX_TEST_AMOUNTS.failAlways:
        return fail('provider_unavailable', true);
      case SANDBOX_TEST_AMOUNTS.failPermanently:
        return fail(method === 'connect' ? 'account_closed' : 'recipient_unknown', false);
      case SANDBOX_TEST_AMOUNTS.returnedOnce:
        if (transfersBefore > 0) return accept;
        if (method === 'connect') return first ? fail('transfer_reversed', true) : accept;
        // Accepted now; returned when it settles.
        return { status: 'in_transit', failureReason: 'recipient_returned', retryable: true };
      default:
        return accept;
    }
  }

  /** The transfer as it stands now: an asynchronous one settles once its time has come. */
  private async settle(row: TransferRow): Promise<PayoutOutcome> {
    let current = row;
    if (row.status === 'in_transit' && row.settles_at !== null && new Date(row.settles_at).getTime() <= this.clock.now().getTime()) {
      const next = row.failure_reason ? 'returned' : 'completed';
      const [updated] = await this.exec(
        sql<TransferRow>`update sandbox_payout_transfers set status = ${next}, updated_at = ${this.clock.now()} where id = ${row.id} and status = 'in_transit' returning *`,
      );
      current = updated ?? (await this.exec(sql<TransferRow>`select * from sandbox_payout_transfers where id = ${row.id}`))[0] ?? row;
    }
    switch (current.status) {
      case 'refused':
        return { kind: 'insufficient_funds' };
      case 'failed':
      case 'returned':
        return { kind: 'failed', reason: current.failure_reason ?? 'failed', retryable: current.retryable };
      case 'in_transit':
        return { kind: 'in_transit', reference: current.id, checkAfter: current.settles_at === null ? null : new Date(current.settles_at) };
      case 'completed':
        return { kind: 'completed', reference: current.id, cardPaymentId: current.payment_id };
    }
  }
}

/** A sandbox provider of one method. */
abstract class SandboxPayoutProvider implements PayoutProvider {
  abstract readonly method: PayoutMethod;

  constructor(protected readonly ledger: SandboxPayoutLedger) {}

  send(request: PayoutRequest): Promise<PayoutOutcome> {
    return this.ledger.send(this.method, request);
  }

  status(reference: string): Promise<PayoutOutcome> {
    return this.ledger.status(reference);
  }
}

/** Connected-account transfers: settle at once with a transfer id (`tr_…`) and the connected account's payment id (`py_…`). */
export class SandboxConnectProvider extends SandboxPayoutProvider {
  readonly method = 'connect' as const;
}

/** Email-based wallet: accepted, then completes asynchronously (default after 10 minutes). */
export class SandboxWalletAProvider extends SandboxPayoutProvider {
  readonly method = 'wallet_a' as const;
}

/** Email-based transfer: accepted, then completes asynchronously (default after 24 hours). */
export class SandboxTransferBProvider extends SandboxPayoutProvider {
  readonly method = 'transfer_b' as const;
}

/** The sandbox provider of each method (test mode, or live with `PAYOUT_LIVE_SANDBOX=1`). */
export type SandboxProviders = (method: PayoutMethod) => PayoutProvider;

export const sandboxPayoutProviders = (ledger: SandboxPayoutLedger): SandboxProviders => {
  const byMethod: Record<PayoutMethod, PayoutProvider> = {
    connect: new SandboxConnectProvider(ledger),
    wallet_a: new SandboxWalletAProvider(ledger),
    transfer_b: new SandboxTransferBProvider(ledger),
  };
  return (method) => byMethod[method];
};
