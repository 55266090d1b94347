/**
 * What the merchant reads for each kind of notice it is told of as its program runs: what happened
 * and what to do in the dashboard (never an API call: the reader may not be a developer). A new kind
 * (a flagged sale, payouts due) adds its text here, its choice in `domain/merchant/notice-choices.ts`
 * and its title on the dashboard's notifications page.
 */
interface Named {
  readonly name: string;
  readonly email: string;
}

const who = (a: Named) => (a.name && a.name !== a.email ? `${a.name} (${a.email})` : a.email);

export const newApplicationNotice = (affiliate: Named, campaignName: string) => ({
  kind: 'new_application',
  message: `${who(affiliate)} applied to join ${campaignName}. Approve or reject the application on the Affiliates page of your dashboard.`,
});

export const firstSaleNotice = (affiliate: Named, amount: string, campaignName: string) => ({
  kind: 'first_sale',
  message: `${who(affiliate)} made their first sale for ${campaignName}: ${amount}. See it on the Conversions page of your dashboard, where you approve its commission.`,
});

/** A live sale the risk signals flagged (or held): what fired, in words, and where to decide. */
export const flaggedSaleNotice = (affiliate: Named, amount: string, campaignName: string, messages: readonly string[], held: boolean) => ({
  kind: 'flagged_sale',
  message:
    `A sale of ${amount} by ${who(affiliate)} for ${campaignName} was ${held ? 'held' : 'flagged'} by your risk checks: ${messages.join(' ')} ` +
    'Review it on the Review page of your dashboard (/dashboard/review), where you approve, reject or ban.',
});

/** Told once per payout date, when the payout job first schedules commissions for it (their holding period over). */
export const payoutsDueNotice = (dueDay: string) => ({
  kind: 'payouts_due',
  message: `Commissions are ready to pay: payouts are scheduled for ${dueDay}. Review them on the Payouts page of your dashboard; mark paid the ones you pay yourself, and keep your payout balance funded for the ones paid automatically.`,
});
