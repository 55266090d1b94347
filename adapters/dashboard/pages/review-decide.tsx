/** @jsxImportSource hono/jsx */
import type { ConversionPatchStatus } from '../../../domain/index.js';
import type { ConversionUseCases } from '../../http/routes/conversions.routes.js';
import { guardsRefuse, type DashboardContext } from '../page-kit.js';
import { ConfirmDialog } from '../views/components.js';
import { saleLabel } from '../views/review-item.js';
import { BULK_LIMIT, bulkStatusHandler, type BulkHome, type BulkUseCases, type RenderConversions } from './conversion-bulk.js';

/** The conversions page's guards: the same for the same decision. */
const WRITE_GUARDS = ['write', { plan: 'ultimate', feature: 'Conversion writes' }] as const;
const HOME: BulkHome = { action: '/dashboard/review/decide', path: '/dashboard/review' };

/**
 * The status change as the Review page makes it: a held sale cannot be approved or rejected until it
 * is released, so it is released first (the same use case, its own transaction); a release that
 * already lands on the decision ends there. A decision refused after the release leaves the sale
 * pending and flagged, so it stays on the page.
 */
const releasingFirst = (useCases: ConversionUseCases): BulkUseCases => ({
  conversionQueries: useCases.conversionQueries,
  updateConversionStatus: {
    execute: async (input) => {
      if (input.status === 'approved' || input.status === 'rejected') {
        const found = await useCases.conversionQueries.get(input.tenant, input.id);
        if (found?.conversion.status === 'held') {
          const released = await useCases.updateConversionStatus.execute({ ...input, status: 'released', confirmAboveSale: false });
          if (released.isErr() || released.value.status === input.status) return released;
        }
      }
      return useCases.updateConversionStatus.execute(input);
    },
  },
});

const WORDS: Partial<Record<ConversionPatchStatus, { verb: string; consequence: string }>> = {
  approved: { verb: 'Approve', consequence: 'Their commissions become due to the affiliates.' },
  rejected: { verb: 'Reject', consequence: 'The affiliates earn nothing for them.' },
};

/**
 * `POST /dashboard/review/decide`: first the question (which sales, what follows), then the
 * conversions' bulk decision. A refusal the bulk decision would answer at once (a guard, no sale
 * ticked) is answered without asking; the 5x guard's confirmation is the question for those rows.
 */
export const decideRoute = (useCases: ConversionUseCases, render: RenderConversions) => {
  const decide = bulkStatusHandler(releasingFirst(useCases), WRITE_GUARDS, render, HOME);
  return async (c: DashboardContext) => {
    const body = await c.req.parseBody({ all: true });
    const words = WORDS[body.status as ConversionPatchStatus];
    const ids = [...new Set(([] as unknown[]).concat(body.ids ?? []).filter((v): v is string => typeof v === 'string'))];
    const answered = body.confirmed === 'true' || body.confirmAboveSale === 'true' || !words || ids.length === 0 || ids.length > BULK_LIMIT || guardsRefuse(c, WRITE_GUARDS);
    if (answered) return decide(c);
    const found = await useCases.conversionQueries.list(c.get('tenant'), { ids: ids.map((id) => id.toLowerCase()) }, { page: 1, limit: ids.length });
    const labels = found.items.map(saleLabel);
    const back = typeof body.back === 'string' && body.back.startsWith(HOME.path) ? body.back : HOME.path;
    const count = `${ids.length} sale${ids.length === 1 ? '' : 's'}`;
    const dialog = (
      <ConfirmDialog
        id="review-decide"
        name="review-decide"
        title={`${words.verb} ${count}?`}
        text={`${labels.length > 0 ? `${labels.join('; ')}. ` : ''}${words.consequence} Held sales are released first.`}
        action={HOME.action}
        csrf={c.get('webSession')!.csrfToken}
        confirm={`${words.verb} ${count}`}
        danger={body.status === 'rejected'}
        cancelHref={back}
        cancel="Cancel"
      >
        {ids.map((id) => (
          <input type="hidden" name="ids" value={id} />
        ))}
        <input type="hidden" name="status" value={String(body.status)} />
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="confirmed" value="true" />
      </ConfirmDialog>
    );
    return render(c, { aside: dialog }, 200);
  };
};
