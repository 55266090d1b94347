import { sql, type RawBuilder } from 'kysely';
import type { ClaimLimits } from '../../../application/ports/webhook-repositories.js';
import { FAILURES_BEFORE_PAUSE } from '../../../domain/webhook/index.js';

/**
 * One statement that claims due deliveries fairly and commits on its own:
 *
 * 1. the subscriptions with due work, locked `SKIP LOCKED` in id order, so each is claimed for by
 *    one worker at a time (its in-flight count cannot be raced) and claimers never wait on each other;
 * 2. per subscription, its oldest due deliveries up to its allowance: `min(perSubscription, 5 −
 *    consecutive failures) − in flight` (the pause rule can never be overshot), or every due one of
 *    an inactive subscription, to be skipped;
 * 3. round robin: every subscription's first delivery before anyone's second, up to `batch`;
 * 4. the chosen ones get a lease (its expiry, to the millisecond, is also the claim's token).
 *
 * The inactive subscriptions' due deliveries are returned as they are, not leased and not changed:
 * the worker settles them through the domain (`skipDelivery`) in a transaction of its own.
 *
 * Rows come back with `kind` 'claimed' (delivery and subscription columns) or 'skipped' (delivery
 * columns only).
 */
export const claimDueDeliveries = (now: Date, limits: ClaimLimits): RawBuilder<ClaimRow> => sql<ClaimRow>`
  with candidates as (
    select distinct d.subscription_id as id from webhook_deliveries d where ${due(now)}
  ),
  subs as (
    select s.*,
      (select count(*) from webhook_deliveries f where f.subscription_id = s.id and f.lease_expires_at is not null)::int as in_flight
    from webhook_subscriptions s
    where s.id in (select id from candidates)
    order by s.id
    for no key update of s skip locked
  ),
  picked as (
    select p.id, s.id as subscription_id, s.active, p.rn
    from subs s
    cross join lateral (
      select d.id, row_number() over (order by d.next_attempt_at, d.id) as rn
      from webhook_deliveries d
      where d.subscription_id = s.id and ${due(now)}
      order by d.next_attempt_at, d.id
      limit case
        when s.active then greatest(least(${limits.perSubscription}::int, ${FAILURES_BEFORE_PAUSE}::int - s.consecutive_failures) - s.in_flight, 0)
        else ${limits.batch}::int
      end
    ) p
  ),
  chosen as (
    select id from picked where active order by rn, id limit ${limits.batch}::int
  ),
  skipped as (
    select d.* from webhook_deliveries d join picked p on p.id = d.id where not p.active
  ),
  claimed as (
    update webhook_deliveries d
    set lease_expires_at = date_trunc('milliseconds', now()) + make_interval(secs => ${limits.leaseMs / 1000}::float8)
    from chosen c where c.id = d.id and d.status = 'pending' and d.lease_expires_at is null
    returning d.*
  )
  select 'claimed' as kind, c.id, c.subscription_id, c.merchant_id, c.mode, c.event_id, c.event_type, c.body, c.status, c.attempts,
    c.next_attempt_at, c.created_at, c.updated_at, c.lease_expires_at::text as lease_token,
    s.url as s_url, s.events as s_events, s.secret as s_secret, s.active as s_active, s.consecutive_failures as s_consecutive_failures,
    s.paused_at as s_paused_at, s.max_retries as s_max_retries, s.created_at as s_created_at, s.updated_at as s_updated_at
  from claimed c join subs s on s.id = c.subscription_id
  union all
  select 'skipped', k.id, k.subscription_id, k.merchant_id, k.mode, k.event_id, k.event_type, k.body, k.status, k.attempts,
    k.next_attempt_at, k.created_at, k.updated_at, null, null, null, null, null, null, null, null, null, null
  from skipped k`;

const due = (now: Date): RawBuilder<unknown> =>
  sql`d.status = 'pending' and d.next_attempt_at <= ${now} and d.lease_expires_at is null`;

export interface ClaimRow {
  kind: 'claimed' | 'skipped';
  id: string;
  subscription_id: string;
  merchant_id: string;
  mode: string;
  event_id: string | null;
  event_type: string;
  body: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
  updated_at: Date;
  lease_token: string;
  s_url: string;
  s_events: string[];
  s_secret: string;
  s_active: boolean;
  s_consecutive_failures: number;
  s_paused_at: Date | null;
  s_max_retries: number;
  s_created_at: Date;
  s_updated_at: Date;
}
