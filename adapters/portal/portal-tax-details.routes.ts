import { Hono } from 'hono';
import type { Clock } from '../../application/ports/clock.js';
import type { SaveTaxDetails } from '../../application/tax/save-tax-details.js';
import type { TaxDetailsGate } from '../../application/tax/tax-details-gate.js';
import type { TaxDetailsReads } from '../../application/tax/tax-details-reads.js';
import { TAX_FORM_KINDS, type TaxFormKind } from '../../domain/index.js';
import type { PortalEnv, PortalRequest } from './portal-env.js';
import { frameOf } from './portal-frame.js';
import { prefillOf, taxDetailsPage, type TaxDetailsState } from './tax-details-pages.js';

export interface PortalTaxDetailsUseCases {
  readonly saveTaxDetails: SaveTaxDetails;
  readonly taxDetailsReads: TaxDetailsReads;
  readonly taxDetailsGate: Pick<TaxDetailsGate, 'waiting'>;
  /** The service clock dates the signature. */
  readonly clock: Clock;
}

/** Fields a failed form shows again: everything but the TINs (never echoed back into a page). */
const SECRET_FIELDS = new Set(['tin', 'foreignTin', 'usTin', '_csrf']);

/** A posted form's `a.b` names as nested objects, the shape the JSON API and the domain read. */
export const nestFormFields = (body: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string' || name === '_csrf') continue;
    const [head, tail] = name.split('.', 2) as [string, string | undefined];
    if (tail === undefined) out[head] = value;
    else out[head] = { ...((out[head] as Record<string, unknown> | undefined) ?? {}), [tail]: value };
  }
  return out;
};

const kindOf = (value: string | undefined): TaxFormKind => ((TAX_FORM_KINDS as readonly string[]).includes(value ?? '') ? (value as TaxFormKind) : 'w9');

/** `/tax-details`: the affiliate's W-9 / W-8 with this merchant, through the same use case the payout hold waits for. */
export const portalTaxDetailsRoutes = (uc: PortalTaxDetailsUseCases) => {
  const render = async (c: PortalRequest, kind: TaxFormKind, state: TaxDetailsState = {}, status: 200 | 400 = 200) => {
    const me = c.get('affiliate')!;
    const record = await uc.taxDetailsReads.own(me.viewer.merchantId, me.affiliate.id);
    const today = uc.clock.now().toISOString().slice(0, 10);
    // Once details are on file the held rows are due: nothing waits for the affiliate any more.
    const waiting = record ? 0 : await uc.taxDetailsGate.waiting(me.viewer.merchantId, me.affiliate.id);
    // An edit starts from what is on file (masked: a TIN is typed again), unless a failed post is shown again.
    const posted = state.posted ?? (record && !state.saved && record.details.form.form === kind ? prefillOf(record) : undefined);
    return c.html(taxDetailsPage(frameOf(c, 'Tax details'), record, kind, c.get('webSession')!.csrfToken, today, { ...state, posted, waiting }), status);
  };
  return new Hono<PortalEnv>()
    .get('/tax-details', async (c) => {
      const query = c.req.query('form');
      // Without a choice, the form on file is the one shown.
      const onFile = query ? null : await uc.taxDetailsReads.own(c.get('affiliate')!.viewer.merchantId, c.get('affiliate')!.affiliate.id);
      return render(c, kindOf(query ?? onFile?.details.form.form));
    })
    .post('/tax-details', async (c) => {
      const body = await c.req.parseBody();
      const kind = kindOf(typeof body.form === 'string' ? body.form : c.req.query('form'));
      const saved = await uc.saveTaxDetails.execute(c.get('affiliate')!.affiliate.id, nestFormFields(body));
      if (saved.isErr()) {
        const posted = Object.fromEntries(Object.entries(body).filter(([k, v]) => typeof v === 'string' && !SECRET_FIELDS.has(k))) as Record<string, string>;
        return render(c, kind, { problems: saved.error.details ?? [{ field: 'form', message: saved.error.message }], posted }, 400);
      }
      return render(c, kind, { saved: true });
    });
};
