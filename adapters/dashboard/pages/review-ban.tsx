/** @jsxImportSource hono/jsx */
import type { Result } from 'neverthrow';
import type { BanOutcome } from '../../../application/affiliates/ban-affiliate.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { checkBanReason, type DomainError } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import { ApiError } from '../../http/api-error.js';
import { statusOf } from '../../http/error-status.js';
import type { People } from '../affiliate-choices.js';
import { done, guardsRefuse, type DashboardContext } from '../page-kit.js';
import { ConfirmDialog, Table } from '../views/components.js';
import type { RenderConversions } from './conversion-bulk.js';

/** The ban of `POST /affiliates/:id/ban`. */
export interface BanAffiliates {
  execute(input: { readonly tenant: Tenant; readonly affiliateId: string; readonly reason: string }): Promise<Result<Pick<BanOutcome, 'rejectedConversions' | 'heldConversions' | 'cancelledPayouts'>, DomainError>>;
}

/** The unban of `POST /affiliates/:id/unban`. */
export interface UnbanAffiliates {
  execute(input: { readonly tenant: Tenant; readonly affiliateId: string }): Promise<Result<unknown, DomainError>>;
}

/** The API route's guard. */
const GUARDS = ['write'] as const;
const ACTION = '/dashboard/review/ban';
const HOME = '/dashboard/review';
const LIMIT = 100;

type Outcome = { readonly name: string } & ({ readonly done: true } | { readonly done: false; readonly error: DomainError | ApiError });

const BanResult = ({ outcomes }: { outcomes: readonly Outcome[] }) => (
  <section aria-labelledby="ban-result-title" id="ban-result">
    <h2 id="ban-result-title">Selected affiliates</h2>
    <p role="status">
      {outcomes.filter((o) => o.done).length} banned, {outcomes.filter((o) => !o.done).length} refused.
    </p>
    <Table caption="What happened to each selected affiliate" head={['Affiliate', 'Outcome']}>
      {outcomes.map((o) => (
        <tr>
          <td>{o.name}</td>
          <td>{o.done ? 'Banned' : `Refused: ${o.error.message}`}</td>
        </tr>
      ))}
    </Table>
  </section>
);

/**
 * `POST /dashboard/review/ban`: the selected affiliates with a reason. First the question (who, what
 * a ban does, the reason), then the ban use case once per affiliate, each in its own transaction.
 */
export const banRoute = (ban: BanAffiliates, people: People, render: RenderConversions) => async (c: DashboardContext) => {
  const body = await c.req.parseBody({ all: true });
  const fail = (error: ApiError | DomainError) => {
    c.set('errorCode', error.code);
    return render(c, { problem: { message: error.message, details: error.details } }, statusOf(error.code));
  };
  const refused = guardsRefuse(c, GUARDS);
  if (refused) return fail(refused);
  const ids = [...new Set(([] as unknown[]).concat(body.affiliateIds ?? []).filter((v): v is string => typeof v === 'string').map((v) => v.trim().toLowerCase()))];
  if (ids.length === 0) return fail(new ApiError('validation_error', 'Select at least one affiliate', [{ field: 'affiliateIds', message: 'select at least one' }]));
  if (ids.length > LIMIT) return fail(new ApiError('validation_error', `Select at most ${LIMIT} affiliates at once`, [{ field: 'affiliateIds', message: `at most ${LIMIT}` }]));
  // The ban's own rule, before asking: a question about a ban that would be refused helps no one.
  const checked = checkBanReason(typeof body.reason === 'string' ? body.reason : '');
  if (checked.isErr()) return fail(new ApiError('validation_error', 'Give the reason for the ban', checked.error.details));
  const reason = checked.value;
  const tenant = c.get('tenant');
  const directory = await people.names.directory(tenant, ids.filter(isUuid));
  const nameOf = (id: string) => {
    const a = directory.get(id);
    return a ? (a.name && a.name !== a.email ? `${a.name} (${a.email})` : a.email) : `Affiliate ${id.slice(0, 8)}`;
  };
  const back = typeof body.back === 'string' && body.back.startsWith(HOME) ? body.back : HOME;
  const count = `${ids.length} affiliate${ids.length === 1 ? '' : 's'}`;

  if (body.confirmed !== 'true') {
    const dialog = (
      <ConfirmDialog
        id="review-ban-confirm"
        name="review-ban-confirm"
        title={`Ban ${count}?`}
        text={`${ids.map(nameOf).join('; ')}. Each is suspended from all your campaigns; their pending and held sales are rejected; approved sales not yet paid are held and their queued payouts cancelled. Paid sales stay as history. Reason: “${reason}”.`}
        action={ACTION}
        csrf={c.get('webSession')!.csrfToken}
        confirm={`Ban ${count}`}
        danger
        cancelHref={back}
        cancel="Cancel"
      >
        {ids.map((id) => (
          <input type="hidden" name="affiliateIds" value={id} />
        ))}
        <input type="hidden" name="reason" value={reason} />
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="confirmed" value="true" />
      </ConfirmDialog>
    );
    return render(c, { aside: dialog }, 200);
  }

  const outcomes: Outcome[] = [];
  const moved = { rejected: 0, held: 0, cancelled: 0 };
  for (const id of ids) {
    // An id that is not a UUID names nothing (404), as another merchant's affiliate does.
    const result = isUuid(id) ? await ban.execute({ tenant, affiliateId: id, reason }) : null;
    if (result === null) outcomes.push({ name: nameOf(id), done: false, error: new ApiError('not_found', 'Affiliate not found') });
    else if (result.isErr()) outcomes.push({ name: nameOf(id), done: false, error: result.error });
    else {
      outcomes.push({ name: nameOf(id), done: true });
      moved.rejected += result.value.rejectedConversions;
      moved.held += result.value.heldConversions;
      moved.cancelled += result.value.cancelledPayouts;
    }
  }
  const banned = outcomes.filter((o) => o.done).length;
  // What the ban moved, so the merchant knows what now waits (held sales) without looking.
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const summary = `${plural(moved.rejected, 'sale', 'sales')} rejected, ${plural(moved.held, 'sale', 'sales')} held for your decision, ${plural(moved.cancelled, 'queued payout', 'queued payouts')} cancelled`;
  if (banned === outcomes.length) return done(c, back, `${plural(banned, 'affiliate', 'affiliates')} banned: ${summary}.`);
  const first = outcomes.find((o): o is Outcome & { done: false } => !o.done)!;
  c.set('errorCode', first.error.code);
  return render(c, { aside: <BanResult outcomes={outcomes} /> }, banned > 0 ? 200 : statusOf(first.error.code));
};

/**
 * `POST /dashboard/review/unban`: lifts one affiliate's ban, asked first. It moves nothing else (the
 * unban's rule): suspended memberships are reinstated one by one from the affiliate's page.
 */
export const unbanRoute = (unban: UnbanAffiliates, people: People, render: RenderConversions) => async (c: DashboardContext) => {
  const body = await c.req.parseBody();
  const refused = guardsRefuse(c, GUARDS);
  if (refused) {
    c.set('errorCode', refused.code);
    return render(c, { problem: { message: refused.message } }, statusOf(refused.code));
  }
  const id = typeof body.affiliateId === 'string' ? body.affiliateId.trim().toLowerCase() : '';
  // Not a UUID, or another merchant's: not found, as the API answers.
  if (!isUuid(id)) throw new ApiError('not_found', 'Affiliate not found');
  const tenant = c.get('tenant');
  const back = typeof body.back === 'string' && body.back.startsWith(HOME) ? body.back : HOME;
  const a = (await people.names.directory(tenant, [id])).get(id);
  const name = a ? (a.name && a.name !== a.email ? `${a.name} (${a.email})` : a.email) : 'this affiliate';
  if (body.confirmed !== 'true') {
    const dialog = (
      <ConfirmDialog
        id="review-unban-confirm"
        name="review-unban-confirm"
        title="Lift the ban?"
        text={`${name} is no longer banned. Nothing else moves: their memberships stay suspended (reinstate each campaign from the affiliate's page) and their sales stay as they are.`}
        action="/dashboard/review/unban"
        csrf={c.get('webSession')!.csrfToken}
        confirm="Lift the ban"
        cancelHref={back}
        cancel="Cancel"
      >
        <input type="hidden" name="affiliateId" value={id} />
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="confirmed" value="true" />
      </ConfirmDialog>
    );
    return render(c, { aside: dialog }, 200);
  }
  const result = await unban.execute({ tenant, affiliateId: id });
  if (result.isErr()) {
    if (result.error.code === 'not_found') throw ApiError.from(result.error);
    c.set('errorCode', result.error.code);
    return render(c, { problem: { message: result.error.message, details: result.error.details } }, statusOf(result.error.code));
  }
  return done(c, back, `Ban lifted: ${name}.`);
};
