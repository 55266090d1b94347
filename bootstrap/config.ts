import { DEFAULT_PUBLIC_LIMITS, type PublicLimits } from '../application/rate-limiting/public-limits.js';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '../application/web-sessions/sign-in-throttle.js';

export interface ServiceConfig {
  readonly port: number;
  /**
   * Address to listen on; null lets Node listen on every interface, IPv6 and IPv4 alike (`::`, or
   * `0.0.0.0` where the machine has no IPv6), so `localhost` works whichever of ::1 and 127.0.0.1 it
   * resolves to, and a container's port mapping reaches the process.
   */
  readonly host: string | null;
  /** External PostgreSQL; null starts the embedded one under `dataDir`. */
  readonly databaseUrl: string | null;
  readonly dataDir: string;
  readonly adminToken: string | null;
  readonly testClock: boolean;
  readonly webhookDevAllowedHosts: readonly string[];
  /** How often this process looks for webhook work (when it runs jobs); 0 leaves it to the per-minute tick. */
  readonly webhookPollIntervalMs: number;
  /** Webhook attempts one process has in flight at most, and per subscription at most. */
  readonly webhookConcurrency: number;
  readonly webhookSubscriptionConcurrency: number;
  /** Node's HTTP server: a request's headers, and the whole request, must arrive within these. */
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly dbPoolMax: number;
  /** Connections for the hot reads by key, beside the pool (`DB_READ_LANES`). */
  readonly dbReadLanes: number;
  readonly jobsPoolMax: number;
  /** Whether this process works the background queues (several processes may). */
  readonly runJobs: boolean;
  readonly jobTickCron: string;
  readonly logLevel: string;
  readonly anonymousRequestsPerMinute: number;
  /** Tracking links, the tracking script's endpoints and the portal's public forms: per visitor and per address. */
  readonly publicLimits: PublicLimits;
  /** Dashboard and portal sign-in: per address, per account and address, and when one account's attempts are slowed. */
  readonly signInLimits: SignInLimits;
  /** Provider notifications one integration accepts a minute (more answer 429; providers retry). */
  readonly ingestNotificationsPerMinute: number;
  readonly bodyLimitBytes: number;
  readonly shutdownTimeoutMs: number;
  /** Base of tracking links when the merchant has no custom domain. */
  readonly publicBaseUrl: string;
  /** Payout queue rows claimed per transaction, and the sandbox providers' added latency. */
  readonly payoutBatchSize: number;
  readonly payoutSandboxLatencyMs: number;
  /** The optional online check of EU VAT ids against VIES (`VIES_CHECK=on`; off by default), and its address. */
  readonly viesCheck: boolean;
  readonly viesApiBase: string | null;
  /** How long a verified key with its merchant, and a tracking link, are answered from memory. */
  readonly memoryCacheTtlMs: number;
  /** How often local rate-limit counts and recorded clicks are written to the database. */
  readonly batchIntervalMs: number;
  /** Addresses (or CIDR ranges) of proxies whose `X-Forwarded-For` is believed; none by default. */
  readonly trustedProxies: readonly string[];
  /** How long a `POST` repeating an in-flight `Idempotency-Key` waits for the first before answering 409. */
  readonly idempotencyWaitMs: number;
  /** The SMTP relay (`SMTP_URL`, nodemailer's URL form); null keeps mail in the outbox and logs each link. */
  readonly smtpUrl: string | null;
  /** The From header of every message (`MAIL_FROM`). */
  readonly mailFrom: string;
  /** How often this process looks for queued mail (when it runs jobs and a relay is set); 0 leaves it to the per-minute tick. */
  readonly mailPollIntervalMs: number;
  /** Seals payout-provider credentials (AES-256-GCM); null: `bootstrap/secret-key.ts` keeps one in `dataDir`. */
  readonly secretKey: string | null;
  /** Older keys that still open values during a rotation (they are resealed with `secretKey` at start). */
  readonly previousSecretKeys: readonly string[];
  /** Hosted products' API bases for imports (tests point them at local stubs); unset: each product's public host. */
  readonly importApiBases: Readonly<Partial<Record<'rewardful' | 'firstpromoter' | 'tolt' | 'partnerstack' | 'dub', string>>>;
  /** Payout providers' API bases (tests point them at local stubs); null: each provider's host for the mode. */
  readonly payoutApiBases: { readonly stripe: string | null; readonly paypal: string | null; readonly wise: string | null };
  /** Development only: live payouts of a method without credentials use the sandbox instead of waiting. */
  readonly payoutLiveSandbox: boolean;
  /** Files (DER or PEM) of the root certificates App Store notifications must chain to (Apple Root CA - G3); none: app_store is refused. */
  readonly appStoreRootCertPaths: readonly string[];
  /** Apple's online checks: certificate revocation (OCSP) and expiry at the current date, instead of at the payload's signing date. */
  readonly appStoreOnlineChecks: boolean;
  /** The daily exchange-rate feed (ECB daily reference XML format); null (`off`): no feed, the operator's rates only. */
  readonly exchangeRatesUrl: string | null;
  /** Days each monthly-partitioned log keeps its rows (null: all); clicks then live on as daily aggregates. */
  readonly retentionDays: {
    readonly clicks: number | null;
    readonly webhookAttempts: number | null;
    readonly auditLog: number | null;
    readonly mailOutbox: number | null;
    readonly integrationEvents: number | null;
  };
  /** Monthly partitions made ahead of the service clock's month. */
  readonly partitionMonthsAhead: number;
}

/** The European Central Bank's daily euro reference rates. */
export const ECB_DAILY_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

/** Days; `all` or `0`: keep every row (`null`). */
const days = (value: string | undefined, fallback: number | null, name: string): number | null =>
  value === undefined || value === '' ? fallback : value === 'all' ? null : int(value, 0, name) || null;

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): ServiceConfig => {
  const port = int(env.PORT, 3000, 'PORT');
  return {
    port,
    host: env.HOST?.trim() || null,
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.DATA_DIR || './.data',
    adminToken: env.ADMIN_TOKEN || null,
    testClock: env.TEST_CLOCK === '1',
    webhookDevAllowedHosts: (env.WEBHOOK_DEV_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    webhookPollIntervalMs: int(env.WEBHOOK_POLL_INTERVAL_MS, 200, 'WEBHOOK_POLL_INTERVAL_MS'),
    webhookConcurrency: Math.max(1, int(env.WEBHOOK_CONCURRENCY, 64, 'WEBHOOK_CONCURRENCY')),
    webhookSubscriptionConcurrency: Math.max(1, int(env.WEBHOOK_SUBSCRIPTION_CONCURRENCY, 5, 'WEBHOOK_SUBSCRIPTION_CONCURRENCY')),
    headersTimeoutMs: Math.max(1, int(env.HTTP_HEADERS_TIMEOUT_MS, 10_000, 'HTTP_HEADERS_TIMEOUT_MS')),
    requestTimeoutMs: Math.max(1, int(env.HTTP_REQUEST_TIMEOUT_MS, 30_000, 'HTTP_REQUEST_TIMEOUT_MS')),
    dbPoolMax: int(env.DB_POOL_MAX, 10, 'DB_POOL_MAX'),
    dbReadLanes: int(env.DB_READ_LANES, 2, 'DB_READ_LANES'),
    jobsPoolMax: int(env.JOBS_POOL_MAX, 3, 'JOBS_POOL_MAX'),
    runJobs: env.RUN_JOBS !== '0',
    jobTickCron: env.JOB_TICK_CRON || '* * * * *',
    logLevel: env.LOG_LEVEL || 'info',
    anonymousRequestsPerMinute: int(env.ANONYMOUS_REQUESTS_PER_MINUTE, 60, 'ANONYMOUS_REQUESTS_PER_MINUTE'),
    publicLimits: {
      clicksPerVisitor: int(env.CLICKS_PER_MINUTE_PER_VISITOR, DEFAULT_PUBLIC_LIMITS.clicksPerVisitor, 'CLICKS_PER_MINUTE_PER_VISITOR'),
      clicksPerAddress: int(env.CLICKS_PER_MINUTE_PER_ADDRESS, DEFAULT_PUBLIC_LIMITS.clicksPerAddress, 'CLICKS_PER_MINUTE_PER_ADDRESS'),
      scriptCallsPerVisitor: int(env.SCRIPT_CALLS_PER_MINUTE_PER_VISITOR, DEFAULT_PUBLIC_LIMITS.scriptCallsPerVisitor, 'SCRIPT_CALLS_PER_MINUTE_PER_VISITOR'),
      scriptCallsPerAddress: int(env.SCRIPT_CALLS_PER_MINUTE_PER_ADDRESS, DEFAULT_PUBLIC_LIMITS.scriptCallsPerAddress, 'SCRIPT_CALLS_PER_MINUTE_PER_ADDRESS'),
      scriptSalesPerAddress: int(env.SCRIPT_SALES_PER_MINUTE_PER_ADDRESS, DEFAULT_PUBLIC_LIMITS.scriptSalesPerAddress, 'SCRIPT_SALES_PER_MINUTE_PER_ADDRESS'),
      portalRequestsPerAddress: int(env.PORTAL_REQUESTS_PER_MINUTE_PER_ADDRESS, DEFAULT_PUBLIC_LIMITS.portalRequestsPerAddress, 'PORTAL_REQUESTS_PER_MINUTE_PER_ADDRESS'),
      oauthRequestsPerAddress: DEFAULT_PUBLIC_LIMITS.oauthRequestsPerAddress,
    },
    signInLimits: {
      perAddressPerMinute: int(env.SIGN_IN_ATTEMPTS_PER_MINUTE_PER_ADDRESS, DEFAULT_SIGN_IN_LIMITS.perAddressPerMinute, 'SIGN_IN_ATTEMPTS_PER_MINUTE_PER_ADDRESS'),
      perAccountAndAddressPerMinute: int(
        env.SIGN_IN_ATTEMPTS_PER_MINUTE_PER_ACCOUNT_AND_ADDRESS,
        DEFAULT_SIGN_IN_LIMITS.perAccountAndAddressPerMinute,
        'SIGN_IN_ATTEMPTS_PER_MINUTE_PER_ACCOUNT_AND_ADDRESS',
      ),
      perAccountPerMinute: int(env.SIGN_IN_LINKS_PER_MINUTE_PER_ACCOUNT, DEFAULT_SIGN_IN_LIMITS.perAccountPerMinute, 'SIGN_IN_LINKS_PER_MINUTE_PER_ACCOUNT'),
      accountSlowAfterPerMinute: int(env.SIGN_IN_SLOW_AFTER_PER_MINUTE_PER_ACCOUNT, DEFAULT_SIGN_IN_LIMITS.accountSlowAfterPerMinute, 'SIGN_IN_SLOW_AFTER_PER_MINUTE_PER_ACCOUNT'),
      accountSlowDelayMs: int(env.SIGN_IN_SLOW_DELAY_MS, DEFAULT_SIGN_IN_LIMITS.accountSlowDelayMs, 'SIGN_IN_SLOW_DELAY_MS'),
    },
    ingestNotificationsPerMinute: int(env.INGEST_NOTIFICATIONS_PER_MINUTE, 6000, 'INGEST_NOTIFICATIONS_PER_MINUTE'),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    shutdownTimeoutMs: int(env.SHUTDOWN_TIMEOUT_MS, 15_000, 'SHUTDOWN_TIMEOUT_MS'),
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    payoutBatchSize: Math.max(1, int(env.PAYOUT_BATCH_SIZE, 50, 'PAYOUT_BATCH_SIZE')),
    payoutSandboxLatencyMs: int(env.PAYOUT_SANDBOX_LATENCY_MS, 0, 'PAYOUT_SANDBOX_LATENCY_MS'),
    viesCheck: env.VIES_CHECK === 'on' || env.VIES_CHECK === 'true',
    viesApiBase: env.VIES_API_BASE || null,
    memoryCacheTtlMs: int(env.MEMORY_CACHE_TTL_MS, 5_000, 'MEMORY_CACHE_TTL_MS'),
    batchIntervalMs: Math.max(1, int(env.BATCH_INTERVAL_MS, 100, 'BATCH_INTERVAL_MS')),
    trustedProxies: (env.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    idempotencyWaitMs: int(env.IDEMPOTENCY_WAIT_MS, 10_000, 'IDEMPOTENCY_WAIT_MS'),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Affiliate program <no-reply@localhost>',
    mailPollIntervalMs: int(env.MAIL_POLL_INTERVAL_MS, 1000, 'MAIL_POLL_INTERVAL_MS'),
    secretKey: env.SECRET_KEY || null,
    previousSecretKeys: (env.SECRET_KEY_PREVIOUS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    payoutApiBases: { stripe: env.STRIPE_API_BASE || null, paypal: env.PAYPAL_API_BASE || null, wise: env.WISE_API_BASE || null },
    importApiBases: Object.fromEntries(
      Object.entries({
        rewardful: env.IMPORT_API_BASE_REWARDFUL,
        firstpromoter: env.IMPORT_API_BASE_FIRSTPROMOTER,
        tolt: env.IMPORT_API_BASE_TOLT,
        partnerstack: env.IMPORT_API_BASE_PARTNERSTACK,
        dub: env.IMPORT_API_BASE_DUB,
      }).filter((e): e is [string, string] => Boolean(e[1])),
    ),
    payoutLiveSandbox: env.PAYOUT_LIVE_SANDBOX === '1',
    appStoreRootCertPaths: (env.APP_STORE_ROOT_CERTS ?? '').split(',').map((p) => p.trim()).filter(Boolean),
    appStoreOnlineChecks: env.APP_STORE_ONLINE_CHECKS !== '0',
    exchangeRatesUrl: env.EXCHANGE_RATES_URL === 'off' ? null : env.EXCHANGE_RATES_URL?.trim() || ECB_DAILY_RATES_URL,
    retentionDays: {
      // Past the longest attribution window (365 days) and the month it ends in, a click attributes nothing.
      clicks: days(env.RETAIN_CLICKS_DAYS, 400, 'RETAIN_CLICKS_DAYS'),
      webhookAttempts: days(env.RETAIN_WEBHOOK_ATTEMPTS_DAYS, null, 'RETAIN_WEBHOOK_ATTEMPTS_DAYS'),
      auditLog: days(env.RETAIN_AUDIT_LOG_DAYS, null, 'RETAIN_AUDIT_LOG_DAYS'),
      mailOutbox: days(env.RETAIN_MAIL_OUTBOX_DAYS, null, 'RETAIN_MAIL_OUTBOX_DAYS'),
      // The API lists every delivery of an integration and replays refused ones, so all are kept by default.
      integrationEvents: days(env.RETAIN_INTEGRATION_EVENTS_DAYS, null, 'RETAIN_INTEGRATION_EVENTS_DAYS'),
    },
    partitionMonthsAhead: int(env.PARTITION_MONTHS_AHEAD, 3, 'PARTITION_MONTHS_AHEAD'),
  };
};
