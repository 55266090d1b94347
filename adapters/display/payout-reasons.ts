/** Why a payout waits or failed, in words a merchant acts on; the API keeps the code. */
const REASONS: Readonly<Record<string, string>> = {
  below_minimum_payout: 'Waiting: below your minimum payout, it is paid with the next commissions',
  payout_provider_not_configured: 'Waiting: connect this payout method in Payout settings',
  tax_details_missing: 'Waiting: the affiliate has not given their tax details yet',
  insufficient_funds: 'Waiting: your payout balance is short, fund it and it is retried',
  provider_credentials_rejected: 'Failed: the provider refused your credentials, check them in Payout settings',
  recipient_missing: "Failed: the affiliate's payout details are missing",
  recipient_unknown: "Failed: the provider does not know the affiliate's payout account",
  connect_account_missing: 'Failed: the affiliate has not connected a payout account',
  invalid_amount: 'Failed: the provider refused the amount',
  idempotency_conflict: 'Failed: the provider saw this payment already with other details',
  returned: 'Failed: the payment came back',
  transfer_reversed: 'Failed: the provider reversed the transfer',
  unclaimed: 'Failed: the affiliate did not claim the payment',
  cancelled: 'Cancelled',
};

export const payoutReasonText = (code: string): string => REASONS[code] ?? `Failed: ${code.replaceAll('_', ' ')}`;
