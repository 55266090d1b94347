/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { CampaignDetail } from '../../../application/campaigns/get-campaign.js';
import type { Campaign, CampaignStatus } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { toCampaignPatch, UpdateCampaignBody, type CampaignUseCases } from '../../http/routes/campaigns.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { checked, done, formOf, guardsRefuse, idOrNotFound, numberOrText, optional, page, parseWith, refusal, throwIfNotFound, type DashboardContext, type Form } from '../page-kit.js';
import { AutoApproveCommissionsField, COMMISSION_TYPE_CHOICES, commissionTypeShown } from '../views/campaign-fields.js';
import { ConfirmDialog, ErrorBox, FieldError, invalidIf, SelectField, TextField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { statusLabel } from '../../display/status-labels.js';

/** `PATCH /campaigns/:id`'s guards, in the route's order. */
const CHANGE_GUARDS = [{ plan: 'ultimate', feature: 'Changing campaigns' }, 'write', { live: 'Changing campaigns' }] as const;

const STATUS_MOVES: Record<CampaignStatus, readonly { to: CampaignStatus; label: string }[]> = {
  active: [
    { to: 'inactive', label: 'Pause' },
    { to: 'expired', label: 'End' },
  ],
  inactive: [
    { to: 'active', label: 'Resume' },
    { to: 'expired', label: 'End' },
  ],
  expired: [],
};
const DONE_NOTICE: Record<CampaignStatus, string> = { active: 'Campaign resumed.', inactive: 'Campaign paused: its links record no clicks and new sales are refused.', expired: 'Campaign ended.' };

/** A stored instant as a `datetime-local` value in UTC (minutes). */
const localUtc = (d: Date | null) => (d ? d.toISOString().slice(0, 16) : '');

/** The campaign's fields as the edit form shows them first. */
const formOfCampaign = (c: Campaign): Form => ({
  name: c.name,
  description: c.description ?? '',
  targetUrl: c.targetUrl ?? '',
  commissionType: c.commissionType,
  commissionValue: c.commissionValue.toString(),
  autoApproveAffiliates: c.autoApproveAffiliates ? 'on' : '',
  autoApproveCommissionsAfterDays: c.autoApproveCommissionsAfterDays === null ? '' : String(c.autoApproveCommissionsAfterDays),
  isPublic: c.isPublic ? 'on' : '',
  enableRecurringCommissions: c.enableRecurringCommissions ? 'on' : '',
  recurringCommissionMonths: c.recurringCommissionMonths === null ? '' : String(c.recurringCommissionMonths),
  attributionWindowDays: String(c.attributionWindowDays),
  endsAt: localUtc(c.endsAt),
  endsAtWas: c.endsAt?.toISOString() ?? '',
});

/**
 * `endsAt` from the form: a `datetime-local` value is read as UTC; the minute the form showed is sent
 * back as the exact stored instant, so an unchanged end date stays unchanged (even a passed one).
 */
const endsAtOf = (form: Form): string | null => {
  const value = optional(form.endsAt);
  if (value === undefined) return null;
  if (form.endsAtWas && value === form.endsAtWas.slice(0, 16)) return form.endsAtWas;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value}${value.length === 16 ? ':00' : ''}Z` : value;
};

/** The detail page's actions: edit, and the status moves the campaign machine allows from here. */
export const CampaignActions = ({ c, campaign, editing = false }: { c: DashboardContext; campaign: { id: string; name: string; status: CampaignStatus }; editing?: boolean }) => (
  <div class="actions">
    {editing ? null : (
      <a class="button secondary" href={`/dashboard/campaigns/${campaign.id}/edit`}>
        Edit campaign
      </a>
    )}
    {STATUS_MOVES[campaign.status].map((move) => (
      <form method="post" action={`/dashboard/campaigns/${campaign.id}/status`} class="inline">
        <CsrfField token={c.get('webSession')!.csrfToken} />
        <input type="hidden" name="status" value={move.to} />
        <button type="submit" class={move.to === 'expired' ? 'danger' : 'secondary'} data-asks-first aria-label={`${move.label} ${campaign.name}`}>
          {move.label}
        </button>
      </form>
    ))}
  </div>
);

const EditForm = ({ c, id, form, problem }: { c: DashboardContext; id: string; form: Form; problem?: Problem | null | undefined }) => (
  <form method="post" action={`/dashboard/campaigns/${id}/edit`} class="stack">
    <CsrfField token={c.get('webSession')!.csrfToken} />
    <input type="hidden" name="endsAtWas" value={form.endsAtWas ?? ''} />
    <TextField form={form} problem={problem} name="name" label="Name" required />
    <label>
      Description
      <textarea name="description" rows={3} maxlength={5000} {...invalidIf(problem, 'description')}>
        {form.description ?? ''}
      </textarea>
      <FieldError problem={problem} field="description" />
    </label>
    <TextField form={form} problem={problem} name="targetUrl" label="Landing page URL" type="url" />
    <SelectField label="Commission type" name="commissionType" choices={COMMISSION_TYPE_CHOICES} selected={commissionTypeShown(form.commissionType)} problem={problem} />
    <TextField form={form} problem={problem} name="commissionValue" label="Commission value" inputmode="decimal" required hint="A new rate applies to sales made from now on; recorded sales keep theirs." />
    <AutoApproveCommissionsField selected={form.autoApproveCommissionsAfterDays} problem={problem} />
    <label class="check">
      <input type="checkbox" name="autoApproveAffiliates" checked={checked(form.autoApproveAffiliates)} /> Approve affiliates who join automatically
    </label>
    <label class="check">
      <input type="checkbox" name="isPublic" checked={checked(form.isPublic)} /> Listed publicly for affiliates to join
    </label>
    <label class="check">
      <input type="checkbox" name="enableRecurringCommissions" checked={checked(form.enableRecurringCommissions)} /> Renewals earn commission (recurring)
    </label>
    <TextField form={form} problem={problem} name="recurringCommissionMonths" label="Months of renewals that earn commission" type="number" min={1} max={120} hint="Empty: for the customer's lifetime." />
    <TextField form={form} problem={problem} name="attributionWindowDays" label="Attribution window (days after a click)" type="number" min={1} max={365} required />
    <TextField form={form} problem={problem} name="endsAt" label="Ends at (UTC)" type="datetime-local" hint="Empty: no end. Once it passes, the campaign ends on its own." />
    <button type="submit">Save changes</button>
  </form>
);

/** Campaign edit, pause, resume and end: `PATCH /campaigns/:id`'s use case, guards and validation. */
export const campaignEditRoutes = (campaigns: CampaignUseCases) => {
  const load = async (c: DashboardContext, id: string): Promise<CampaignDetail> => {
    const result = await campaigns.getCampaign.execute(c.get('tenant'), id);
    if (result.isErr()) throw ApiError.from(result.error);
    return result.value;
  };

  const editPage = async (c: DashboardContext, id: string, extra: { form?: Form; problem?: Problem | null; confirmEnd?: boolean } = {}, status: 200 | 400 | 403 | 404 | 409 = 200) => {
    const { campaign } = await load(c, id);
    const csrf = c.get('webSession')!.csrfToken;
    return page(
      c,
      `Edit ${campaign.name}`,
      '/dashboard/campaigns',
      <>
        <p>
          <a href={`/dashboard/campaigns/${id}`}>← Back to the campaign</a> · status <strong>{statusLabel(campaign.status)}</strong>
        </p>
        <ErrorBox problem={extra.problem} />
        {extra.confirmEnd ? (
          <ConfirmDialog
            id="end-campaign"
            name="end"
            title={`End ${campaign.name}?`}
            text="Ending is final: its links stop recording clicks, new sales are refused, and it cannot be resumed. Recorded commissions stay as they are."
            action={`/dashboard/campaigns/${id}/status`}
            csrf={csrf}
            confirm="End campaign"
            danger
            cancelHref={`/dashboard/campaigns/${id}`}
          >
            <input type="hidden" name="status" value="expired" />
            <input type="hidden" name="confirm" value="true" />
          </ConfirmDialog>
        ) : null}
        <CampaignActions c={c} campaign={campaign} editing />
        <h2>Settings</h2>
        <EditForm c={c} id={id} form={extra.form ?? formOfCampaign(campaign)} problem={extra.problem} />
      </>,
      status,
    );
  };

  const fail = (c: DashboardContext, id: string, form: Form | undefined, error: Parameters<typeof refusal>[1]) => {
    throwIfNotFound(error);
    const r = refusal(c, error);
    return editPage(c, id, { form, problem: r.problem }, r.status as 400);
  };

  return new Hono<DashboardEnv>()
    .get('/campaigns/:id/edit', (c) => editPage(c, idOrNotFound(c.req.param('id'), 'Campaign')))
    .post('/campaigns/:id/edit', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Campaign');
      const form = await formOf(c);
      const refused = guardsRefuse(c, CHANGE_GUARDS);
      if (refused) return fail(c, id, form, refused);
      const parsed = parseWith(UpdateCampaignBody, {
        name: form.name,
        description: optional(form.description) ?? null,
        targetUrl: optional(form.targetUrl) ?? null,
        commissionType: form.commissionType,
        commissionValue: numberOrText(form.commissionValue),
        autoApproveAffiliates: checked(form.autoApproveAffiliates),
        autoApproveCommissionsAfterDays: form.autoApproveCommissionsAfterDays ? numberOrText(form.autoApproveCommissionsAfterDays) : null,
        isPublic: checked(form.isPublic),
        enableRecurringCommissions: checked(form.enableRecurringCommissions),
        recurringCommissionMonths: form.recurringCommissionMonths ? numberOrText(form.recurringCommissionMonths) : null,
        attributionWindowDays: numberOrText(form.attributionWindowDays),
        endsAt: endsAtOf(form),
      });
      if (!parsed.ok) return fail(c, id, form, parsed.error);
      const result = await campaigns.updateCampaign.execute({ tenant: c.get('tenant'), actor: c.get('principal').actor, id, patch: toCampaignPatch(parsed.value) });
      if (result.isErr()) return fail(c, id, form, result.error);
      return done(c, `/dashboard/campaigns/${id}`, 'Campaign saved.');
    })
    .post('/campaigns/:id/status', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Campaign');
      const form = await formOf(c);
      const refused = guardsRefuse(c, CHANGE_GUARDS);
      if (refused) return fail(c, id, undefined, refused);
      const parsed = parseWith(UpdateCampaignBody, { status: form.status });
      if (!parsed.ok || parsed.value.status === undefined) return fail(c, id, undefined, parsed.ok ? new ApiError('validation_error', 'Choose a status', [{ field: 'status', message: 'is required' }]) : parsed.error);
      const to = parsed.value.status;
      // Ending is final: asked once more, as a dialog that resends with `confirm`.
      if (to === 'expired' && form.confirm !== 'true') return editPage(c, id, { confirmEnd: true });
      const result = await campaigns.updateCampaign.execute({ tenant: c.get('tenant'), actor: c.get('principal').actor, id, patch: { status: to } });
      if (result.isErr()) return fail(c, id, undefined, result.error);
      return done(c, `/dashboard/campaigns/${id}`, DONE_NOTICE[to]);
    });
};
