/**
 * Generated from the service's OpenAPI document by `npm run generate:client`
 * (openapi-typescript). Do not edit: change the route schemas and regenerate.
 */

export interface paths {
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant, key, plan and rate-limit state behind the calling key
         * @description The key's mode and permissions, the merchant, its plan and the rate-limit window this request counted in.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's campaigns with sales counted in the key's mode
         * @description Every campaign of the merchant (campaigns are shared by both modes); the counts and sums on each are of the key mode.
         */
        get: operations["getCampaigns"];
        put?: never;
        /**
         * Create a campaign (Ultimate or Scale, live write key)
         * @description Needs a live write key (Ultimate or Scale). `commissionValue` is a percent (at most 100) or a fixed amount; `commissionTiers` add volume tiers.
         */
        post: operations["postCampaigns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One campaign with per-currency figures, affiliate count and the 10 newest conversions
         * @description Settings, tracking code and the key mode's counts; an unknown id answers `404 not_found`.
         */
        get: operations["getCampaignsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change, pause, resume or end a campaign (Ultimate or Scale, live write key)
         * @description Any of the listed fields; absent ones stay. The same rules as create apply to the campaign as it would be (`400 validation_error`, nothing changed). `status` moves `active` ↔ `inactive` and either to `expired`, which is final (`409 invalid_transition`). `endsAt` must be later than now; once it passes, a job moves the campaign to `expired`. A new rate applies to sales made from then on: existing conversions keep their commission and the terms it was computed under (a later partial refund uses them). An inactive or expired campaign's tracking links still send visitors on but record no click, and new conversions are refused (`400 validation_error` on `campaignId`). Changing `autoApproveCommissionsAfterDays` needs Manage payouts on team-member keys. Emits `campaign.updated` when anything changed. Answers the campaign as Get Campaign does.
         */
        patch: operations["patchCampaignsById"];
        trace?: never;
    };
    "/affiliates/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key mode's invitations, newest first
         * @description `pending` until accepted in the affiliate portal, revoked by the merchant, or expired: an invitation expires `invitationExpiryDays` (a merchant setting, default 14) after it was last sent.
         */
        get: operations["getAffiliatesInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a pending invitation
         * @description The invitation becomes `revoked`: its link stops working, and the email may be invited to the campaign again. Revoking a revoked invitation changes nothing; an accepted or expired one answers `409 invalid_transition`.
         */
        delete: operations["deleteAffiliatesInvitationsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a pending invitation again (10 a minute with invites)
         * @description Emails the same invitation again (live keys; test keys send nothing) and keeps its link working for another `invitationExpiryDays` from now; `sendCount` grows. Counts against the invitation limit of 10 a minute. Only a pending invitation whose time has not passed can be resent; others answer `409 invalid_transition` (invite the email again instead).
         */
        post: operations["postAffiliatesInvitationsByIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One row per pending or approved affiliate-campaign membership
         * @description Affiliates of the key mode with their memberships; filter by campaign or status.
         */
        get: operations["getAffiliates"];
        put?: never;
        /**
         * Create a headless affiliate, approved on the campaign at once (Ultimate or Scale)
         * @description Creates the affiliate (without a portal login) in the key mode and approves it on the campaign at once. An email already used by an affiliate of this merchant in this mode answers `409 duplicate` (affiliates of other merchants play no part: their emails answer as new ones); the plan limit answers `403 affiliate_limit_reached`.
         */
        post: operations["postAffiliates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite an affiliate by email (10 a minute; the plan affiliate limit applies)
         * @description Sends an invitation to join the campaign (live keys send real email, test keys nothing). Limited to 10 a minute on top of the plan limit.
         */
        post: operations["postAffiliatesInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An affiliate with its campaigns and its earnings in the key's mode
         * @description The affiliate, its campaigns and status on each, tracking links and totals of the key mode.
         */
        get: operations["getAffiliatesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Approve, reject, suspend or reinstate an affiliate on one campaign, or edit the merchant's fields of its record
         * @description With `campaignId` and `status`: moves the affiliate's membership on `campaignId`: `pending → approved | rejected`, `approved → suspended`, `suspended → approved`, `rejected → approved`; anything else answers `409 invalid_transition` and changes nothing. Emits `affiliate.approved`, `affiliate.rejected` or `affiliate.suspended`. A suspended affiliate keeps what it earned but earns nothing new: its tracking links still send visitors on but record no click, new conversions answer `400 affiliate_not_approved`, and it leaves its teams' rosters. Answers the membership's list item.
         *
         *     Extension: with `name`, `email`, `notes` or `tags` instead (never together with `campaignId`/`status`): edits the merchant's record of the affiliate and answers the affiliate as `GET /affiliates/{id}` does. The email stays unique at the merchant (`409 duplicate`) and moves only on headless affiliates. No event.
         */
        patch: operations["patchAffiliatesById"];
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's mode's subscriptions, newest first (never the secret)
         * @description Every subscription of the merchant with its events, state and failure count (Ultimate and Scale). The secret is never shown again.
         */
        get: operations["getWebhooks"];
        put?: never;
        /**
         * Subscribe a public https URL to events; the secret is shown once
         * @description The URL must be public `https` (private and reserved addresses are refused). Answers the signing secret once. Deliveries are signed with `X-Service-Signature`.
         */
        post: operations["postWebhooks"];
        /**
         * Deactivate one subscription named by `?id=` (same as DELETE /webhooks/:id)
         * @description Removes all of the merchant's subscriptions; nothing more is delivered.
         */
        delete: operations["deleteWebhooks"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One subscription (never the secret)
         * @description Its URL, events, state, failure count and when it was paused.
         */
        get: operations["getWebhooksById"];
        put?: never;
        post?: never;
        /**
         * Deactivate a subscription (it stays listed; PATCH active: true re-enables it)
         * @description Nothing more is delivered to it; its delivery log goes with it.
         */
        delete: operations["deleteWebhooksById"];
        options?: never;
        head?: never;
        /**
         * Change url, events, maxRetries; `active: true` re-enables and resets the failure count
         * @description URL, events, retries, or `active`; re-activating a paused subscription resets its failure count.
         */
        patch: operations["patchWebhooksById"];
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent delivery attempts, newest first
         * @description Deliveries newest first, each with its attempts, status codes and next retry.
         */
        get: operations["getWebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now: same envelope and id, current URL and secret
         * @description Queues one more attempt of the delivery with the same id and payload (receivers de-duplicate on it).
         */
        post: operations["postWebhooksByIdDeliveriesByDeliveryIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New secret, shown once; the old one stops working immediately
         * @description Answers the new secret once; deliveries from now on are signed with it.
         */
        post: operations["postWebhooksByIdRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed ping to the URL now (the URL rules are checked again first)
         * @description Queues a `test` event to the subscription so a receiver can be checked end to end.
         */
        post: operations["postWebhooksByIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key mode's conversions, newest first
         * @description Filters combine; `from`/`to` are dates (a date means the whole UTC day) or ISO 8601 times. Money is given as decimal strings here.
         */
        get: operations["getConversions"];
        put?: never;
        /**
         * Record a sale; the commission is computed from the campaign
         * @description Needs a write key (Ultimate or Scale). The affiliate must be approved on the active campaign (`400 affiliate_not_approved`); `orderId` de-duplicates (`409 duplicate`); live sales count against the monthly earnings cap (`403 earnings_limit_reached`), compared in the merchant's reporting currency at each day's exchange rate (`503 exchange_rate_unavailable` for a currency with no rate at all), and, with both `clickId` and `customerEmail`, the self-referral check (`422 self_referral`). Team-member keys without Manage payouts cannot create live conversions (`403 insufficient_permissions`). Emits `conversion.created` (live).
         */
        post: operations["postConversions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One conversion with every field
         * @description An id of the other mode (live/test) or of another merchant answers `404 not_found`.
         */
        get: operations["getConversionsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Approve, reject, hold, release or reopen a conversion
         * @description `approved`/`rejected` decide a pending conversion (an approved one may still be rejected). `held` puts a pending or approved conversion on hold (an approved one loses its queued payout); `released` returns a held conversion to the status it had before the hold; `pending` reopens a rejected conversion. Every path back to `approved` (approve, release) answers `409 commission_above_sale` for a commission above 5x its sale (amount plus tax), or any commission on a zero sale, until resent with `confirmAboveSale: true`. Paid and refunded conversions never change, and any other move the state machine lacks answers `409 invalid_transition`. Repeating the current status is a harmless no-op. Emits `conversion.updated` (plus `conversion.approved`/`conversion.rejected` for those decisions).
         */
        patch: operations["patchConversionsById"];
        trace?: never;
    };
    "/conversions/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a conversion, whole or in part
         * @description For merchants without a payment-provider integration: the customer was refunded. Without `amount` all that remains of the sale is refunded: the conversion becomes `refunded`, earns nothing and loses its queued payout. With `amount` (net of tax when the sale has `taxAmount`) part of the sale is refunded: the status stays, `refundedAmount` grows and the commission shrinks in proportion, computed from the terms the conversion was created under (never from the campaign's current rate); a queued payout follows it. Pending, approved and held conversions can be refunded; paid, rejected and refunded ones answer `409 invalid_transition`; more than what remains answers `400 validation_error`. Emits `conversion.updated`.
         */
        post: operations["postConversionsByIdRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Coupons, newest first
         * @description Coupons of the key mode; filter by campaign, affiliate, provider or exact code.
         */
        get: operations["getCoupons"];
        put?: never;
        /**
         * Register a coupon code for an affiliate
         * @description Registers a reference to a code that exists at the payment provider, so sales using it are attributed to the affiliate. The affiliate must be approved on the brand. A code already registered for the campaign, provider and mode answers `409 coupon_exists`. `percentOff`, `amountOff` and `currency` are display-only (both may be given).
         */
        post: operations["postCoupons"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/coupons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One coupon
         * @description An id of another merchant or the other mode answers `404 not_found`.
         */
        get: operations["getCouponsById"];
        put?: never;
        post?: never;
        /**
         * Delete a coupon
         * @description Sales using the code are no longer attributed through it; the code may be registered again.
         */
        delete: operations["deleteCouponsById"];
        options?: never;
        head?: never;
        /**
         * Change a coupon's provider discount id
         * @description Only the match id of the coupon's own provider may be sent; any other field is refused.
         */
        patch: operations["patchCouponsById"];
        trace?: never;
    };
    "/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The payout queue
         * @description Any valid key (Pro and up). `from`/`to` filter on scheduledDate (a date covers its whole UTC day).
         */
        get: operations["getPayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The payout methods configured for the key mode (never a secret)
         * @description Ultimate and Scale. Lists `{ method, mode, configured, updatedAt }` for each method whose credentials are saved.
         */
        get: operations["getPayoutProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-providers/{method}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save a payout method's credentials for the key mode
         * @description Ultimate and Scale write keys; team-member keys need Manage payouts. `connect` takes `{ secretKey }`, `wallet_a` `{ clientId, clientSecret }`, `transfer_b` `{ apiToken, profileId }`. A live key saves live credentials, a test key test ones; a card-processor key of the other mode is refused. Secrets are encrypted at rest and never returned.
         */
        put: operations["putPayoutProvidersByMethod"];
        post?: never;
        /**
         * Remove a payout method's credentials for the key mode
         * @description Ultimate and Scale write keys; team-member keys need Manage payouts. Live payouts of that method then wait for the manual path; test payouts use the sandbox.
         */
        delete: operations["deletePayoutProvidersByMethod"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Due payouts as a batch file in the wallet's or the bank-transfer service's upload format
         * @description Ultimate and Scale. One line per affiliate (whose payout method is `method`) with the sum of its due rows (`scheduled`, `awaiting_funds`, `failed`) and due team bonus awards (`approved`, `failed`) in `currency`, net of clawbacks. `wallet_a`: PayPal Payouts Web's payment file (no header: email, amount, currency, reference, note, `PAYPAL`); `transfer_b`: Wise's send-by-email batch template. `X-Payout-Ids` lists the rows and award ids the file pays, for `POST /payouts/mark-paid`.
         */
        get: operations["getPayoutsExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/mark-paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record payouts the merchant paid by hand
         * @description Ultimate and Scale write keys; team-member keys need Manage payouts. Every row becomes `completed` and its conversion `paid` (`conversion.paid`, `payout.completed`), every team bonus award `paid` (`bonus.paid`), one payment per affiliate and currency, all or nothing: an unknown id answers 404, a row in flight 409 `payout_in_progress`, a completed one 409 `invalid_transition`. Connected-account payouts are marked paid with their transfer id through the operator API.
         */
        post: operations["postPayoutsMarkPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The payout minimums and payout day of the key mode
         * @description Any valid key (Pro and up).
         */
        get: operations["getPayoutSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the payout minimums or the payout day of the key mode
         * @description Ultimate and Scale write keys; team-member keys need Manage payouts. Minimums apply to the next payout run; rows below them wait and accumulate.
         */
        patch: operations["patchPayoutSettings"];
        trace?: never;
    };
    "/risk/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The review queue: flagged or held conversions, flagged or banned affiliates
         * @description Any valid key. Newest first (by the newest flag; a sale held by hand by its hold, a banned affiliate without flags by its ban). Each item lists its flags with the message in words and the evidence (ids of clicks, conversions, affiliates, portal sessions, or values) the signal read. Decide with the existing moves: `PATCH /conversions/:id` (approve, reject, release), `PATCH /affiliates/:id` (suspend), `POST /affiliates/:id/ban`. Test keys skip risk checks, so test mode lists only sales held by hand.
         */
        get: operations["getRiskReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/risk/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The risk rules of the key mode
         * @description Any valid key. Defaults: `self_referral` refuses the sale, `unconfirmed_script_sale` holds, every other signal flags. Test keys skip risk checks (script-sale rules still apply).
         */
        get: operations["getRiskSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the risk rules of the key mode
         * @description Write keys. A partial change: fields left out keep their value; an invalid field answers `400 validation_error` and changes nothing. Applies to sales and affiliates checked from now on.
         */
        patch: operations["patchRiskSettings"];
        trace?: never;
    };
    "/affiliates/{id}/ban": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ban an affiliate at this merchant
         * @description Write keys. In one step, each through its state machine: approved memberships become `suspended` (pending ones `rejected`), pending and held sales `rejected`, approved unpaid sales `held` (their queued payouts cancelled; release or reject each later); paid and refunded sales stay as history. While banned, approving a membership answers `409 invalid_transition`. Emits the membership and conversion events, then `affiliate.banned`. Banning a banned affiliate answers `409 invalid_transition`; another merchant's affiliate `404`.
         */
        post: operations["postAffiliatesByIdBan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/unban": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lift a ban
         * @description Write keys. Lifts the ban and emits `affiliate.unbanned`. Memberships stay suspended or rejected: approve each campaign again with `PATCH /affiliates/:id`; held and rejected sales stay as the ban left them. An affiliate that is not banned answers `409 invalid_transition`.
         */
        post: operations["postAffiliatesByIdUnban"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/tax-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An affiliate's tax details, masked, with their history
         * @description TINs show their last four characters only; the typed signature is never shown. The full form is `GET /affiliates/{id}/tax-details/form` (audited).
         */
        get: operations["getAffiliatesByIdTaxDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/tax-details/form": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an affiliate's latest tax form in full (audited)
         * @description The latest W-9, W-8BEN or W-8BEN-E with the TIN and the typed signature in the clear, for the merchant's records. Needs a full-access key; every download writes an audit row (with the same transaction that reads the form). `404 not_found` when no details were given.
         */
        get: operations["getAffiliatesByIdTaxDetailsForm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tax/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether payouts wait for tax details, in the key mode
         * @description Any valid key. `effectiveThreshold` is the figure in force this year: the merchant's own, or the IRS 1099-NEC threshold of the year in US dollars ($600 through 2025, $2,000 from 2026).
         */
        get: operations["getTaxSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set whether payouts wait for tax details, and the VAT rule and issuer details of invoices
         * @description Rows that must wait are held (`scheduled` with `failureReason` `tax_details_missing`) and become due as soon as the affiliate saves its tax details in the portal. See docs/tax.md for the threshold and its source.
         */
        patch: operations["patchTaxSettings"];
        trace?: never;
    };
    "/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Self-billing invoices and credit notes, newest first
         * @description One invoice per completed payout (a payment confirmed by its provider, or marked paid), one credit note per clawback of an invoiced commission. Filter by issue day (`from`, `to`) and affiliate. Documents never change once issued (docs/tax.md).
         */
        get: operations["getInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invoices/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The PDFs of every document issued in a period, in one zip
         * @description Every invoice and credit note whose issue day is between `from` and `to` (inclusive, at most 500 per request), one PDF each named by its number.
         */
        get: operations["getInvoicesExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One invoice or credit note, as data
         * @description The document as it was issued (it never changes): parties, lines with their order ids, VAT, totals and notes. Another merchant's or mode's id answers 404.
         */
        get: operations["getInvoicesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invoices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One invoice or credit note as a PDF
         * @description Rendered from the stored document, the same every time.
         */
        get: operations["getInvoicesByIdPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tax/summaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Each affiliate's payments of a calendar year, and whether a 1099-NEC is due
         * @description One row per affiliate with completed payments in the year (UTC) in the key mode: per currency, converted to the reporting currency at each payment day, the form on file, and the 1099-NEC verdict (docs/tax.md). `format=csv` answers the 1099-NEC filing import instead: payer and recipient fields and box 1, with recipients' TINs in the clear, so it needs a full-access key and writes an audit row. The payer TIN column is left empty (the service does not hold it). Not tax advice.
         */
        get: operations["getTaxSummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Totals of the key's mode over a period (default: this month so far)
         * @description Clicks, conversions, revenue and commission in the key mode over a date range, per currency (never converted).
         */
        get: operations["getStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current calendar month at a glance
         * @description The current UTC month: totals, per-currency breakdown, top affiliates and recent conversions, in the key mode.
         */
        get: operations["getStatsOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Campaigns, affiliates, coupon codes and conversions containing the text
         * @description Campaigns, affiliates, coupons and conversions whose text contains `q` (ignoring case), newest first, per category.
         */
        get: operations["getSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Teams, newest first
         * @description Affiliate Teams of the merchant with member, campaign and custom-rate counts (Scale; test keys see none).
         */
        get: operations["getTeams"];
        put?: never;
        /**
         * Create a team
         * @description A team with an optional currency and base commission rate (Scale, live write key).
         */
        post: operations["postTeams"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One team with members, campaigns and goals
         * @description The team, its roster, its campaigns with their rates, and its goals.
         */
        get: operations["getTeamsById"];
        put?: never;
        post?: never;
        /**
         * Delete a team
         * @description Refused with `409 team_has_awards` while it has unpaid awards; members keep their campaign rates.
         */
        delete: operations["deleteTeamsById"];
        options?: never;
        head?: never;
        /**
         * Change a team
         * @description Name, currency (locked once it has awards), base rate or leader (a member).
         */
        patch: operations["patchTeamsById"];
        trace?: never;
    };
    "/teams/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add members
         * @description Adds up to the batch limit of affiliates; ones already members are counted, not added twice.
         */
        post: operations["postTeamsByIdMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{id}/members/{affiliateId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member
         * @description Clears its team link and overrides; it earns its campaign rates again.
         */
        delete: operations["deleteTeamsByIdMembersByAffiliateId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{id}/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a campaign to the team
         * @description Members earn the team rate (this base or the team base) on it, unless an override applies.
         */
        post: operations["postTeamsByIdCampaigns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{id}/campaigns/{campaignId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a campaign from the team
         * @description Members earn the campaign rate on it again.
         */
        delete: operations["deleteTeamsByIdCampaignsByCampaignId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{id}/overrides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set custom rates for members
         * @description A rate per (campaign, member) that bypasses every other rate; affiliates not linked to this team on the campaign are skipped.
         */
        post: operations["postTeamsByIdOverrides"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{id}/goals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's goals
         * @description Goals with their current period, progress and bonus settings.
         */
        get: operations["getTeamsByIdGoals"];
        put?: never;
        /**
         * Create a goal
         * @description A revenue or conversion target per period with a flat, tiered or percent-over bonus.
         */
        post: operations["postTeamsByIdGoals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{id}/goals/{goalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Cancel, close or reactivate a goal
         * @description `reactivate` needs `expectedUpdatedAt` (the goal as last read), else `409 stale_goal`.
         */
        patch: operations["patchTeamsByIdGoalsByGoalId"];
        trace?: never;
    };
    "/teams/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's monthly history
         * @description Revenue, conversions and awards per month for the last months.
         */
        get: operations["getTeamsByIdHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{id}/awards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's bonus awards
         * @description Awards of achieved goals with their status; filter by status.
         */
        get: operations["getTeamsByIdAwards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{id}/awards/{awardId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Approve, mark paid or cancel an award
         * @description Moves the award through its state machine; re-approving answers 200 with `idempotent: true`.
         */
        patch: operations["patchTeamsByIdAwardsByAwardId"];
        trace?: never;
    };
    "/awards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every award of the brand
         * @description The brand-wide award ledger across teams, filterable by status and period.
         */
        get: operations["getAwards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's mode's integrations, newest first
         * @description Never includes the signing secret.
         */
        get: operations["getIntegrations"];
        put?: never;
        /**
         * Connect a payment provider
         * @description Creates an integration in the key's mode and answers its `endpointUrl`: paste that URL into the provider. `card` (Stripe events), `mor_a` (Paddle Billing), `mor_b` (Lemon Squeezy) and `mor_c` (Polar) take the provider's `signingSecret`; `app_store` takes no secret but the app's `bundleId` and, for live, its `appAppleId` (live reads Apple's Production notifications, test its Sandbox), and needs the operator to have configured Apple's root certificates (`APP_STORE_ROOT_CERTS`; 400 says so otherwise).
         */
        post: operations["postIntegrations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One integration
         * @description Never includes the signing secret.
         */
        get: operations["getIntegrationsById"];
        put?: never;
        post?: never;
        /**
         * Disconnect a payment provider
         * @description Its endpoint answers 404 from then on; conversions it created and its events log stay.
         */
        delete: operations["deleteIntegrationsById"];
        options?: never;
        head?: never;
        /**
         * Rotate the signing secret, change the app, pause or rename an integration
         * @description An inactive integration answers 404 to its provider, which retries later.
         */
        patch: operations["patchIntegrationsById"];
        trace?: never;
    };
    "/integrations/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the provider sent and what each notification did, newest first
         * @description One row per delivery: the provider event id, its type, when it arrived, the outcome (`created`, `renewed`, `refunded`, `held`, `released`, `restored`, `customer_linked`, `duplicate`, `unattributed`, `rejected`, `ignored`), the reason and the conversion.
         */
        get: operations["getIntegrationsByIdEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{id}/events/{eventId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a provider sale that a check refused
         * @description A sale the provider reported that a check refused (outcome `rejected`: the monthly earnings cap, an affiliate not approved yet, ...) is kept; once the cause is gone, this runs it again exactly as its notification did, and the events log shows the new outcome. Idempotent: a delivery whose sale already has its conversion changes nothing and answers `replayed: false`. 409 `not_replayable` for a delivery that kept no refused sale (any other outcome); 404 for another merchant's or mode's ids. A live replay by a team-member key needs Manage payouts.
         */
        post: operations["postIntegrationsByIdEventsByEventIdReplay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The in-app notices, newest first, with the unread count
         * @description Notices the service leaves the merchant: a webhook endpoint paused after repeated failures, an affiliate invitation expired, a payout failing, a payment-provider integration rejecting signatures repeatedly. A live key sees live notices, a test key the notices of test activity. `unreadCount` counts every unread notice, not only this page.
         */
        get: operations["getNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark notices read
         * @description Either `{ "ids": [...] }` (up to 100; ids that are not the caller's, or already read, are left alone) or `{ "all": true }`. Any valid key: reading notices changes no program data. Answers how many were marked and what stays unread.
         */
        post: operations["postNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key mode's leads: customers linked to an affiliate, newest first
         * @description Each with its affiliate, campaign and the click that brought it. Counted in `GET /stats` as `totalLeads`.
         */
        get: operations["getCustomers"];
        put?: never;
        /**
         * Link a customer to the affiliate who referred them (a lead), from your server
         * @description Needs a write key (Ultimate or Scale). Name the referrer by `clickId` (the tenant's click, inside its campaign's attribution window, else `404 not_found`) or by `affiliateId` and `campaignId` (approved on the campaign, else `400 affiliate_not_approved`). `email` or `providerCustomerId` is required. A customer already linked keeps its first link: `200` with that link; a new one answers `201`. With `providerCustomerId`, the provider's later sales of the customer are attributed to the affiliate.
         */
        post: operations["postCustomers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole program of the key's mode as CSV files in one zip
         * @description Every plan, read keys too. One file per resource in the documented portable format (docs/import-export.md): `campaigns.csv`, `affiliates.csv`, `referral_links.csv`, `coupons.csv`, `customers.csv`, `commissions.csv`, `payouts.csv`, `webhooks.csv` (webhook signing secrets are never exported), `clicks.csv` (of `clicksFrom`..`clicksTo`, every click without them), `teams.csv`, `team_members.csv`, `team_campaigns.csv`, `team_goals.csv`, `team_awards.csv`. Streamed while it is read, for a program of any size; `POST /imports` with `source: csv` reads the same files.
         */
        get: operations["getExports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an import (CSV in the export format, or a hosted program through its API), or a dry run of it
         * @description Write keys. `source: csv` with `file` (the zip `GET /exports` answers, base64) or `files` (the CSV files by name); `source: rewardful`, `firstpromoter`, `tolt`, `partnerstack` or `dub` with `credentials` (the program is read through the product's API page by page, within its published rate limit, resuming where it stopped; docs/import-export.md maps each record). Answers `202` with the run at once; the import job carries it in batches, resuming where it stopped after a crash. Records already imported from the same source (by their ids in the files) are `matched` and change nothing, so running it again is safe. `dryRun: true` writes nothing and fills `preview` with every record it would create. `campaignMap` carries a source's campaigns into campaigns you already have. Imported commissions are `source: import`: history that is never paid again and sends no webhooks. Ends with the `import.completed` (or `import.failed`) event and a notice.
         */
        post: operations["postImports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An import: its state, progress per resource, row-level problems and dry-run preview
         * @description Of the key mode only; another merchant's or mode's id answers `404 not_found`.
         */
        get: operations["getImportsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop an import
         * @description A queued or running import stops after the batch in progress; what it carried stays (and a new run skips it). A finished one answers `409 invalid_transition`.
         */
        post: operations["postImportsByIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/data-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything held about one affiliate at this merchant, as JSON
         * @description The affiliate’s own copy (also downloadable in the portal). An affiliate without a membership in the key’s mode, or of another merchant, answers `404 not_found`.
         */
        get: operations["getAffiliatesByIdDataExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase an affiliate’s personal data (cannot be undone)
         * @description Write keys. Email, name, payout email and ref code are replaced, the portal login, sessions, sign-in links, tax forms and connected payout accounts removed, and copies of these values in events, mails and stored answers replaced. Commissions and payouts stay, with the affiliate anonymised; the audit row of this request stays. Erasing again answers the same. Records the internal `affiliate.erased` event.
         */
        post: operations["postAffiliatesByIdErase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a customer’s personal data by email (cannot be undone)
         * @description Write keys. The key’s mode: the customer’s email goes from its customer records and from the sales it made (customer email and name), and copies in events, mails and stored provider notifications are replaced. The sales and their commissions stay. An email nothing names answers zero counts. Records the internal `customer.erased` event when something changed.
         */
        post: operations["postCustomersErase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document (no authentication)
         * @description The machine-readable contract, generated from the same schemas that validate requests.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "conversion.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversion.created
         * @description A new conversion is tracked (live keys only; test-key activity dispatches no webhooks). POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_conversion_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversion.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversion.updated
         * @description Any conversion status change (catch-all, sent besides the specific event). POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_conversion_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversion.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversion.approved
         * @description The merchant approved a conversion (or automatic approval did). POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_conversion_approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversion.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversion.rejected
         * @description The merchant rejected a conversion. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_conversion_rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversion.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversion.paid
         * @description A conversion was paid out. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_conversion_paid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversion.flagged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversion.flagged
         * @description Risk signals flagged a new sale (see `flags`); `status` is `held` when a rule held it. See docs/risk.md. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_conversion_flagged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliate.joined": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * affiliate.joined
         * @description An affiliate joined a campaign by itself; `status` is the join status. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_affiliate_joined"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliate.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * affiliate.approved
         * @description A pending affiliate was approved. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_affiliate_approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliate.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * affiliate.rejected
         * @description A pending affiliate was rejected. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_affiliate_rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliate.suspended": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * affiliate.suspended
         * @description An approved affiliate was suspended on a campaign: it earns nothing new there until reinstated (`affiliate.approved`). POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_affiliate_suspended"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliate.payout_details_completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * affiliate.payout_details_completed
         * @description An affiliate completed its payout details; fires once per affiliate. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_affiliate_payout_details_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliate.flagged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * affiliate.flagged
         * @description Risk signals flagged an affiliate as it joined, was invited or saved payout details. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_affiliate_flagged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliate.banned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * affiliate.banned
         * @description The merchant banned an affiliate: approved memberships suspended (pending ones rejected), pending and held sales rejected, approved unpaid sales held (their queued payouts cancelled); paid history kept. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_affiliate_banned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliate.unbanned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * affiliate.unbanned
         * @description The merchant lifted a ban; the memberships stay suspended until the merchant approves them again. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_affiliate_unbanned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliate.tax_details_completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * affiliate.tax_details_completed
         * @description An affiliate gave its tax details (W-9, W-8BEN or W-8BEN-E) for the first time; fires once per affiliate, never on later changes. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_affiliate_tax_details_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payout.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payout.completed
         * @description A payout was processed successfully. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_payout_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payout.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payout.failed
         * @description A payout attempt failed. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_payout_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "bonus.awarded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * bonus.awarded
         * @description A team bonus award was finalized after its refund-safe window and awaits approval (Scale). POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_bonus_awarded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "bonus.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * bonus.paid
         * @description A team bonus award was paid (Scale). POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_bonus_paid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "bonus.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * bonus.cancelled
         * @description A team bonus award was cancelled before payout (Scale). POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_bonus_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "campaign.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * campaign.updated
         * @description A campaign was changed (`PATCH /campaigns/{id}`), or ended by its `endsAt` (`status` becomes `expired`). POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_campaign_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * ping
         * @description Sent by `POST /webhooks/{id}/test` only. POSTed as JSON to every active subscription whose `events` include it.
         */
        post: operations["webhook_ping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        ConversionEventData: {
            conversionId: string;
            campaignId: string;
            affiliateId: string;
            /**
             * @description Sale amount (net when taxAmount is set); a decimal string in the currency's minor unit
             * @example 24.00
             */
            amount: string;
            /** @description Null unless commission is computed on the net sale; gross = amount + taxAmount */
            taxAmount: string | null;
            /**
             * @description Commission; a decimal string in the currency's minor unit
             * @example 24.00
             */
            commission: string;
            /**
             * @description Lowercase ISO 4217 code
             * @example usd
             */
            currency: string;
            /**
             * @description The status after the change
             * @enum {string}
             */
            status: "pending" | "approved" | "paid" | "rejected" | "refunded" | "held";
        };
        ConversionFlaggedEventData: {
            conversionId: string;
            campaignId: string;
            affiliateId: string;
            /** @enum {string} */
            status: "pending" | "approved" | "paid" | "rejected" | "refunded" | "held";
            flags: {
                /** @description The signal, e.g. `fast_conversion` */
                code: string;
                /** @description What the signal found, in words */
                message: string;
                /** @description Ids (clicks, conversions, affiliates, sessions) or values the signal read */
                evidence: string[];
            }[];
        };
        AffiliateMembershipEventData: {
            affiliateId: string;
            campaignId: string;
            /**
             * @description The join status (affiliate.joined) or the new status
             * @enum {string}
             */
            status: "pending" | "approved" | "rejected" | "suspended";
            /**
             * @description null on affiliate.joined
             * @enum {string|null}
             */
            previousStatus: "pending" | "approved" | "rejected" | "suspended" | null;
            /**
             * @description ISO 8601
             * @example 2026-11-22T10:00:00.000Z
             */
            joinedAt: string;
        };
        PayoutDetailsCompletedEventData: {
            affiliateId: string;
            /** @enum {string} */
            payoutMethod: "connect" | "wallet_a" | "transfer_b";
            /** @description null for connect; bank details are never sent */
            payoutEmail: string | null;
            /**
             * @description ISO 8601
             * @example 2026-11-22T10:00:00.000Z
             */
            completedAt: string;
        };
        AffiliateFlaggedEventData: {
            affiliateId: string;
            flags: {
                /** @description The signal, e.g. `fast_conversion` */
                code: string;
                /** @description What the signal found, in words */
                message: string;
                /** @description Ids (clicks, conversions, affiliates, sessions) or values the signal read */
                evidence: string[];
            }[];
        };
        AffiliateBannedEventData: {
            affiliateId: string;
            reason: string;
            bannedAt: string;
            suspendedMemberships: number;
            rejectedConversions: number;
            heldConversions: number;
            cancelledPayouts: number;
        };
        AffiliateUnbannedEventData: {
            affiliateId: string;
            reason: string;
            bannedAt: string;
        };
        /** @description Never a TIN, a name or a signature */
        TaxDetailsCompletedEventData: {
            affiliateId: string;
            /** @description ISO 3166-1 alpha-2 country of tax residence */
            country: string;
            /** @enum {string} */
            form: "w9" | "w8ben" | "w8bene";
            /**
             * @description ISO 8601
             * @example 2026-11-22T10:00:00.000Z
             */
            completedAt: string;
        };
        PayoutEventData: {
            payoutId: string;
            conversionId: string;
            campaignId: string;
            affiliateId: string;
            /**
             * @description Payout amount; a decimal string in the currency's minor unit
             * @example 24.00
             */
            amount: string;
            currency: string;
            /** @enum {string} */
            status: "completed" | "failed";
            payoutMethod: string | null;
            scheduledDate: string | null;
            attempts: number;
            completedAt: string | null;
            cardTransferId: string | null;
            cardPaymentId: string | null;
            /** @description null on payout.completed */
            failureReason: string | null;
            /**
             * @description The queue row's status after the event: completed, or after a failed attempt scheduled (retry planned), awaiting_funds or failed (final)
             * @enum {string}
             */
            payoutStatus: "pending" | "awaiting_funds" | "scheduled" | "processing" | "completed" | "failed";
            /** @description When the payout is tried again; null when completed or failed for good */
            nextAttemptAt: string | null;
        };
        BonusEventData: {
            awardId: string;
            goalId: string;
            goalName: string;
            teamId: string;
            teamName: string;
            affiliateId: string;
            affiliateEmail: string;
            affiliateName: string;
            /**
             * @description Award amount; a decimal string in the currency's minor unit
             * @example 24.00
             */
            amount: string;
            currency: string;
            /** @description A year-month key such as `2026-11`, or `one_time` */
            periodKey: string;
            /** @enum {string} */
            status: "pending_window" | "pending_approval" | "approved" | "processing" | "paid" | "cancelled" | "failed";
            /** @enum {string|null} */
            payoutMethod: "connect" | "wallet_a" | "transfer_b" | null;
        };
        CampaignUpdatedEventData: {
            campaignId: string;
            name: string;
            /**
             * @description The status after the change
             * @enum {string}
             */
            status: "active" | "inactive" | "expired";
            /** @enum {string} */
            commissionType: "percentage" | "fixed";
            /**
             * @description The rate after the change, as a decimal string
             * @example 20.00
             */
            commissionValue: string;
            /** @description When the campaign ends (ISO 8601), or null */
            endsAt: string | null;
            /**
             * @description The fields the change set, e.g. ["commissionValue"] or ["status"] for an end by endsAt
             * @example [
             *       "commissionValue"
             *     ]
             */
            changed: string[];
            /** @description The changed fields as they were before, as Get Campaign shows them */
            previous: {
                [key: string]: unknown;
            };
            /**
             * @description ISO 8601
             * @example 2026-11-22T10:00:00.000Z
             */
            updatedAt: string;
        };
        PingEventData: {
            subscriptionId: string;
            url: string;
            message: string;
        };
        Me: {
            merchant: {
                id: string;
                businessName: string;
                email: string;
            };
            apiKey: {
                id: string;
                name: string;
                permissions: {
                    read: boolean;
                    write: boolean;
                };
                /** @enum {string} */
                keyType: "live" | "test";
            };
            /** @enum {string} */
            plan: "professional" | "ultimate" | "scale";
            rateLimit: {
                limit: number;
                remaining: number;
                resetAt: number;
            };
        };
        Campaign: {
            id: string;
            name: string;
            description: string | null;
            trackingCode: string;
            /** @enum {string} */
            status: "active" | "inactive" | "expired";
            /** @description When the campaign ends (then `expired`), or null */
            endsAt: string | null;
            /** @enum {string} */
            commissionType: "percentage" | "fixed";
            targetUrl: string | null;
            autoApproveAffiliates: boolean;
            /** @enum {integer|null} */
            autoApproveCommissionsAfterDays: 7 | 14 | 30 | 60 | 90 | null;
            isPublic: boolean;
            enableRecurringCommissions: boolean;
            commissionTiers: components["schemas"]["CommissionTiers"];
            /**
             * @description Months after the first sale during which renewals earn commission; null = lifetime
             * @example 12
             */
            recurringCommissionMonths: number | null;
            /**
             * @description How many days after a click a sale is still attributed to it
             * @example 30
             */
            attributionWindowDays: number;
            /** @description Counted sales in the key's mode (rejected and refunded excluded) */
            conversions: number;
            /** @description All currencies added as recorded, not converted */
            revenue: number;
            byCurrency: {
                currency: string;
                revenue: number;
                conversions: number;
            }[];
            /** @description Affiliates approved on the campaign in the key's mode */
            affiliateCount: number;
            createdAt: string;
            updatedAt: string;
            /** @example 20.00 */
            commissionValue: string;
        };
        CommissionTiers: {
            /** @enum {string} */
            basis: "conversions" | "revenue";
            tiers: {
                /** @description Reached when the month-to-date basis is at least this */
                threshold: number;
                /** @enum {string} */
                commissionType: "percentage" | "fixed";
                commissionValue: number;
            }[];
        } | null;
        CreateCampaign: {
            name: string;
            /** @enum {string} */
            commissionType: "percentage" | "fixed";
            /**
             * @description Percent (max 100) or fixed amount (max 100000)
             * @example 20
             */
            commissionValue: number;
            /** @enum {string} */
            status?: "active" | "inactive" | "expired";
            description?: string | null;
            targetUrl?: string | null;
            autoApproveAffiliates?: boolean;
            /**
             * @description 7, 14, 30, 60, 90 or null; needs Manage payouts on team-member keys
             * @enum {integer|null}
             */
            autoApproveCommissionsAfterDays?: 7 | 14 | 30 | 60 | 90 | null;
            isPublic?: boolean;
            enableRecurringCommissions?: boolean;
            commissionTiers?: components["schemas"]["CommissionTiers"];
            /**
             * @description Months after the first sale during which renewals earn commission (with enableRecurringCommissions); null or absent = lifetime
             * @example 12
             */
            recurringCommissionMonths?: number | null;
            /**
             * @description How many days after a click a sale is still attributed to it (default 30)
             * @example 30
             */
            attributionWindowDays?: number;
        };
        CampaignDetail: {
            id: string;
            name: string;
            description: string | null;
            trackingCode: string;
            /** @enum {string} */
            status: "active" | "inactive" | "expired";
            /** @description When the campaign ends (then `expired`), or null */
            endsAt: string | null;
            /** @enum {string} */
            commissionType: "percentage" | "fixed";
            targetUrl: string | null;
            autoApproveAffiliates: boolean;
            /** @enum {integer|null} */
            autoApproveCommissionsAfterDays: 7 | 14 | 30 | 60 | 90 | null;
            isPublic: boolean;
            enableRecurringCommissions: boolean;
            commissionTiers: components["schemas"]["CommissionTiers"];
            /**
             * @description Months after the first sale during which renewals earn commission; null = lifetime
             * @example 12
             */
            recurringCommissionMonths: number | null;
            /**
             * @description How many days after a click a sale is still attributed to it
             * @example 30
             */
            attributionWindowDays: number;
            /** @description Counted sales in the key's mode (rejected and refunded excluded) */
            conversions: number;
            /** @description All currencies added as recorded, not converted */
            revenue: number;
            byCurrency: {
                currency: string;
                revenue: number;
                conversions: number;
            }[];
            /** @description Affiliates approved on the campaign in the key's mode */
            affiliateCount: number;
            createdAt: string;
            updatedAt: string;
            commissionValue: number;
            recentConversions: components["schemas"]["CampaignRecentConversion"][];
        };
        CampaignRecentConversion: {
            id: string;
            affiliateId: string;
            orderId: string | null;
            customerName: string | null;
            amount: number;
            commission: number;
            currency: string;
            status: string;
            createdAt: string;
        };
        /**
         * @example {
         *       "commissionValue": 25,
         *       "endsAt": "2026-12-31T23:59:59Z"
         *     }
         */
        UpdateCampaign: {
            name?: string;
            description?: string | null;
            targetUrl?: string | null;
            /** @enum {string} */
            commissionType?: "percentage" | "fixed";
            /** @description Percent (max 100) or fixed amount (max 100000); applies to sales made from now on */
            commissionValue?: number;
            /**
             * @description `active` ↔ `inactive` (pause, resume); either → `expired` (final)
             * @enum {string}
             */
            status?: "active" | "inactive" | "expired";
            autoApproveAffiliates?: boolean;
            /**
             * @description 7, 14, 30, 60, 90 or null; changing it needs Manage payouts on team-member keys
             * @enum {integer|null}
             */
            autoApproveCommissionsAfterDays?: 7 | 14 | 30 | 60 | 90 | null;
            isPublic?: boolean;
            enableRecurringCommissions?: boolean;
            /** @description Months of renewals that earn commission (1 to 120), or null for the lifetime; applies to new sales */
            recurringCommissionMonths?: number | null;
            /** @description How many days after a click a sale is still attributed to it (1 to 365) */
            attributionWindowDays?: number;
            /**
             * @description When the campaign ends (ISO 8601 date or date-time, later than now), or null for no end; a job then moves it to `expired`
             * @example 2026-12-31T23:59:59Z
             */
            endsAt?: string | null;
        };
        /**
         * @example {
         *       "id": "0193a5e0-7c1d-7b2e-9f00-4a1b2c3d4e5f",
         *       "email": "ada@example.com",
         *       "name": "Ada",
         *       "campaignId": "0193a5df-1111-7b2e-9f00-4a1b2c3d4e5f",
         *       "status": "pending",
         *       "isTest": false,
         *       "createdAt": "2026-11-26T10:00:00.000Z",
         *       "expiresAt": "2026-12-10T10:00:00.000Z",
         *       "sentAt": "2026-11-26T10:00:00.000Z",
         *       "sendCount": 1
         *     }
         */
        AffiliateInvitation: {
            id: string;
            email: string;
            name: string | null;
            campaignId: string;
            /**
             * @description `pending` when sent; then `accepted`, `revoked` or `expired` (all final)
             * @enum {string}
             */
            status: "pending" | "accepted" | "revoked" | "expired";
            isTest: boolean;
            createdAt: string;
            /** @description When the link stops working unless resent */
            expiresAt: string;
            /** @description The last time it was sent */
            sentAt: string;
            /** @description How many times it was sent, the first time included */
            sendCount: number;
        };
        Pagination: {
            page: number;
            limit: number;
            total: number;
            totalPages: number;
        };
        AffiliateListItem: {
            id: string;
            name: string;
            email: string;
            /**
             * @description The membership status on this campaign
             * @enum {string}
             */
            status: "approved" | "pending" | "rejected" | "suspended";
            campaignId: string;
            campaignName: string;
            joinedAt: string;
            /** @enum {string|null} */
            payoutMethod: "connect" | "wallet_a" | "transfer_b" | null;
            /** @description For wallet_a and transfer_b; null for connect */
            payoutEmail: string | null;
            payoutDetailsCompleted: boolean;
            trackingLink: string;
            /** @enum {string} */
            createdVia: "api" | "signup";
            isTest: boolean;
            /** @description The merchant's notes on the affiliate; never shown to the affiliate */
            notes: string;
            /** @description The merchant's tags on the affiliate */
            tags: string[];
        };
        InviteAffiliate: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            name?: string;
            /** @description A campaign of the calling merchant */
            campaignId: string;
        };
        CreateAffiliate: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            name?: string;
            /** @description A campaign of the calling merchant */
            campaignId: string;
        };
        AffiliateDetail: {
            id: string;
            name: string;
            email: string;
            isTest: boolean;
            /** @enum {string} */
            createdVia: "api" | "signup";
            /** @enum {string|null} */
            payoutMethod: "connect" | "wallet_a" | "transfer_b" | null;
            payoutEmail: string | null;
            payoutDetailsCompleted: boolean;
            createdAt: string;
            /** @description The merchant's notes on the affiliate; never shown to the affiliate */
            notes: string;
            /** @description The merchant's tags on the affiliate */
            tags: string[];
            campaigns: {
                campaignId: string;
                campaignName: string;
                /** @enum {string} */
                status: "approved" | "pending" | "rejected" | "suspended";
                joinedAt: string;
            }[];
            earnings: {
                totalRevenue: number;
                totalCommissions: number;
                totalConversions: number;
                uniqueClicks: number;
                byCurrency: {
                    currency: string;
                    revenue: number;
                    commissions: number;
                    conversions: number;
                }[];
                /** @description Commission taken back by refunds of already paid sales, per currency; `owed` is what the next payments will net */
                clawbacks: {
                    currency: string;
                    clawedBack: number;
                    owed: number;
                }[];
            };
            risk?: components["schemas"]["Risk"];
        };
        /** @description What the risk signals found (extension) */
        Risk: {
            /** @description False for test-mode data: test keys skip risk checks (spec) */
            checked: boolean;
            /** @description Why nothing was checked, in words; null when checked */
            note: string | null;
            flags: {
                /** @description The signal, e.g. `fast_conversion` (see docs/risk.md) */
                code: string;
                /** @description What the signal found, in words */
                message: string;
                /** @description Ids (clicks, conversions, affiliates, sessions) or values the signal read */
                evidence: string[];
                /**
                 * @description `hold`: this flag held the sale
                 * @enum {string}
                 */
                action: "flag" | "hold";
            }[];
        };
        /**
         * @example {
         *       "campaignId": "0193a5e0-7c1d-7b2e-9f00-4a1b2c3d4e5f",
         *       "status": "suspended"
         *     }
         */
        PatchAffiliate: {
            /** @description A campaign of the calling merchant */
            campaignId?: string;
            /**
             * @description `approved` (from pending, suspended or rejected), `rejected` (from pending), `suspended` (from approved: earns nothing new until approved again)
             * @enum {string}
             */
            status?: "approved" | "rejected" | "suspended";
            name?: string;
            /**
             * Format: email
             * @description Only for headless affiliates: one who signed up signs in with its email
             * @example ada@example.com
             */
            email?: string;
            /** @description The merchant's notes; never shown to the affiliate */
            notes?: string;
            /** @description Replaces the tags; each kept once (case-insensitive) */
            tags?: string[];
        };
        WebhookSubscription: {
            id: string;
            url: string;
            events: string[];
            active: boolean;
            /** @description Automatic deliveries failed in a row (5 pauses it) */
            consecutiveFailures: number;
            /** @description When 5 consecutive failures paused it; null otherwise */
            pausedAt: string | null;
            /** @description Extension: automatic retries with exponential backoff (0 = off, the default) */
            maxRetries: number;
            createdAt: string;
            updatedAt: string;
        };
        CreatedWebhookSubscription: components["schemas"]["WebhookSubscription"] & {
            /** @description 64 hex characters; shown only here and on rotate */
            secret: string;
        };
        CreateWebhook: {
            /** @example https://example.com/webhooks/affiliate */
            url: string;
            /**
             * @example [
             *       "conversion.created",
             *       "conversion.approved"
             *     ]
             */
            events: string[];
            /** @description Automatic retries with exponential backoff; 0 (the default) keeps the spec’s deliver-once behaviour */
            maxRetries?: number;
        };
        UpdateWebhook: {
            /** @example https://example.com/webhooks/affiliate */
            url?: string;
            /**
             * @example [
             *       "conversion.created",
             *       "conversion.approved"
             *     ]
             */
            events?: string[];
            active?: boolean;
            /** @description Automatic retries with exponential backoff; 0 (the default) keeps the spec’s deliver-once behaviour */
            maxRetries?: number;
        };
        /** @description One delivery attempt (the spec leaves the shape open) */
        WebhookDeliveryAttempt: {
            /** @description The attempt */
            id: string;
            /** @description The envelope id: the same for every attempt and resend of one event */
            deliveryId: string;
            subscriptionId: string;
            event: string;
            url: string;
            attempt: number;
            /** @enum {string} */
            trigger: "automatic" | "retry" | "resend" | "test";
            /** @enum {string} */
            status: "succeeded" | "failed";
            success: boolean;
            httpStatus: number | null;
            durationMs: number;
            /** @description The start of the response body (at most 4 KiB are read) */
            responseBody: string | null;
            error: string | null;
            createdAt: string;
        };
        ConversionListItem: {
            id: string;
            campaignId: string;
            affiliateId: string;
            /** @description Lowercase ISO 4217 code */
            currency: string;
            /** @enum {string} */
            status: "pending" | "approved" | "paid" | "rejected" | "refunded" | "held";
            /**
             * @description `one_time`, or `recurring` for a subscription renewal (extension)
             * @enum {string}
             */
            conversionType: "one_time" | "recurring";
            orderId: string | null;
            isTest: boolean;
            /** @enum {string|null} */
            payoutMethod: "connect" | "wallet_a" | "transfer_b" | null;
            payoutDate: string | null;
            cardTransferId: string | null;
            /**
             * @description Where the sale was reported from: `api`, a payment provider token (`card`, `mor_a`, `app_store`, `mor_b`, `mor_c`), `tracking_script` or `dashboard`
             * @enum {string}
             */
            source: "api" | "card" | "mor_a" | "app_store" | "mor_b" | "mor_c" | "tracking_script" | "dashboard" | "import";
            createdAt: string;
            amount: string;
            taxAmount: string | null;
            commission: string;
            risk?: components["schemas"]["Risk"];
        };
        Conversion: {
            id: string;
            campaignId: string;
            affiliateId: string;
            /** @description Lowercase ISO 4217 code */
            currency: string;
            /** @enum {string} */
            status: "pending" | "approved" | "paid" | "rejected" | "refunded" | "held";
            /**
             * @description `one_time`, or `recurring` for a subscription renewal (extension)
             * @enum {string}
             */
            conversionType: "one_time" | "recurring";
            orderId: string | null;
            isTest: boolean;
            /** @enum {string|null} */
            payoutMethod: "connect" | "wallet_a" | "transfer_b" | null;
            payoutDate: string | null;
            cardTransferId: string | null;
            /**
             * @description Where the sale was reported from: `api`, a payment provider token (`card`, `mor_a`, `app_store`, `mor_b`, `mor_c`), `tracking_script` or `dashboard`
             * @enum {string}
             */
            source: "api" | "card" | "mor_a" | "app_store" | "mor_b" | "mor_c" | "tracking_script" | "dashboard" | "import";
            createdAt: string;
            amount: number;
            taxAmount: number | null;
            commission: number;
            campaignName?: string;
            customerEmail: string | null;
            customerName: string | null;
            parentConversionId: string | null;
            clickId: string | null;
            /** @description Refunded so far (extension) */
            refundedAmount: number | null;
            updatedAt: string;
            risk?: components["schemas"]["Risk"];
        };
        CreateConversion: {
            /** @description The campaign the sale belongs to */
            campaignId: string;
            /** @description The affiliate who referred it; must be approved on the campaign */
            affiliateId: string;
            /** @description Sale amount in major units (dollars, not cents); net when taxAmount is set */
            amount: number;
            /** @description Your order id; unique, a second sale with it is refused as a duplicate */
            orderId?: string;
            /** @description The click id from the tracking link; with customerEmail enables the self-referral check */
            clickId?: string;
            /** Format: email */
            customerEmail?: string;
            customerName?: string;
            /**
             * @description 3-letter currency code, any case; default usd
             * @example usd
             */
            currency?: string;
            /** @description Tax on the sale; when given, amount is the net sale and commission is computed on it */
            taxAmount?: number;
        };
        ConversionUpdate: {
            id: string;
            /** @enum {string} */
            status: "pending" | "approved" | "paid" | "rejected" | "refunded" | "held";
            amount: number;
            commission: number;
            updatedAt: string;
        };
        /**
         * @example {
         *       "status": "approved"
         *     }
         */
        UpdateConversion: {
            /**
             * @description `approved` or `rejected` (from pending; approved → rejected too); `held` (from pending or approved; cancels a queued payout); `released` (an action: from held back to the status before the hold); `pending` (reopen a rejected conversion)
             * @enum {string}
             */
            status: "approved" | "rejected" | "held" | "released" | "pending";
            /** @description Approve (or release back to approved) even though the commission is above 5 times the sale (or the sale is zero); absent means not confirmed */
            confirmAboveSale?: boolean;
        };
        /**
         * @example {
         *       "amount": 25
         *     }
         */
        RefundConversion: {
            /** @description How much of the sale to refund, in major units (net when the sale has taxAmount); absent refunds all that remains */
            amount?: number;
        };
        Coupon: {
            id: string;
            /** @description Uppercase for card, mor_a, mor_b, mor_c; exactly as registered for app_store */
            code: string;
            /** @enum {string} */
            provider: "card" | "mor_a" | "app_store" | "mor_b" | "mor_c";
            campaignId: string;
            campaignName: string;
            affiliateId: string;
            cardPromotionCodeId: string | null;
            /** @description Discount id on merchant-of-record platform A (mor_a) */
            merchantAdiscountId: string | null;
            morBDiscountId: string | null;
            morCDiscountId: string | null;
            /**
             * @description 1 introductory, 2 promotional, 3 offer code
             * @enum {integer|null}
             */
            appleOfferType: 1 | 2 | 3 | null;
            /**
             * @description Display-only
             * @example 20.00
             */
            percentOff: string | null;
            /** @description Display-only */
            amountOff: number | null;
            /** @description Display-only, lowercase */
            currency: string | null;
            isTest: boolean;
            createdAt: string;
            updatedAt: string;
        };
        CreateCoupon: {
            campaignId: string;
            /** @description Must be approved on the brand (in the key mode) */
            affiliateId: string;
            /** @description As customers enter it; stored uppercase except for app_store */
            code: string;
            /**
             * @description Default `card`
             * @enum {string}
             */
            provider?: "card" | "mor_a" | "app_store" | "mor_b" | "mor_c";
            /** @description `promo_…`; card only */
            cardPromotionCodeId?: string | null;
            /** @description mor_a only */
            merchantAdiscountId?: string | null;
            /** @description mor_b only */
            morBDiscountId?: string | null;
            /** @description mor_c only */
            morCDiscountId?: string | null;
            /** @description 1, 2 or 3; app_store only */
            appleOfferType?: number | null;
            /** @description Display-only */
            percentOff?: number | null;
            /** @description Display-only */
            amountOff?: number | null;
            /** @description Display-only, 3 letters */
            currency?: string | null;
        };
        UpdateCoupon: {
            cardPromotionCodeId?: string | null;
            merchantAdiscountId?: string | null;
            morBDiscountId?: string | null;
            morCDiscountId?: string | null;
        };
        CouponDeleted: {
            id: string;
            /** @enum {boolean} */
            deleted: true;
        };
        Payout: {
            id: string;
            conversionId: string;
            campaignId: string;
            affiliateId: string;
            /** @example 12.50 */
            amount: string;
            /** @description Lowercase ISO 4217 code */
            currency: string;
            /** @enum {string} */
            status: "pending" | "awaiting_funds" | "scheduled" | "processing" | "completed" | "failed";
            /** @description When the payout is next due (end of the holding period, next retry or funds check) */
            scheduledDate: string | null;
            attempts: number;
            lastAttemptAt: string | null;
            completedAt: string | null;
            /** @description Connected-account payments only */
            cardPaymentId: string | null;
            failureReason: string | null;
            createdAt: string;
            /** @description The payment this row went out in (one per affiliate, method and currency), once it has one */
            payment?: {
                id: string;
                /**
                 * @description The sum of the payment's rows and the team bonus awards paid with them
                 * @example 12.00
                 */
                gross: string;
                /**
                 * @description The part of gross that is team bonus awards paid in the same transfer
                 * @example 0.00
                 */
                bonus: string;
                /**
                 * @description Commission taken back for refunds of already paid sales, netted from this payment
                 * @example 5.00
                 */
                clawback: string;
                /**
                 * @description What was sent: gross − clawback
                 * @example 7.00
                 */
                amount: string;
            } | null;
        };
        /** @description A configured payout method; its credentials are never returned */
        PayoutProvider: {
            /** @enum {string} */
            method: "connect" | "wallet_a" | "transfer_b";
            /** @enum {string} */
            mode: "live" | "test";
            /** @enum {boolean} */
            configured: true;
            updatedAt: string;
        };
        /**
         * @example {
         *       "secretKey": "sk_test_51Hexample0000"
         *     }
         */
        PayoutProviderCredentials: {
            /** @description `connect`: the card processor secret key (`sk_live_…` with a live API key, `sk_test_…` with a test key) or a restricted key */
            secretKey?: string;
            /** @description `wallet_a`: the REST app client id */
            clientId?: string;
            /** @description `wallet_a`: the REST app secret */
            clientSecret?: string;
            /** @description `transfer_b`: the API token */
            apiToken?: string;
            /** @description `transfer_b`: the business profile id that pays */
            profileId?: string | number;
        };
        /**
         * @example {
         *       "ids": [
         *         "01900000-0000-7000-8000-00000000d001"
         *       ],
         *       "payoutMethod": "wallet_a"
         *     }
         */
        MarkPayoutsPaid: {
            /** @description Payout queue row ids and team bonus award ids (the `X-Payout-Ids` of an export, or from GET /payouts and GET /awards) */
            ids: string[];
            /**
             * @description Default: each affiliate's saved method
             * @enum {string}
             */
            payoutMethod?: "wallet_a" | "transfer_b";
        };
        /**
         * @example {
         *       "mode": "live",
         *       "payoutDay": 15,
         *       "minimumPayout": {
         *         "usd": "50.00",
         *         "jpy": "5000"
         *       },
         *       "updatedAt": "2026-11-26T10:00:00.000Z"
         *     }
         */
        PayoutSettings: {
            /** @enum {string} */
            mode: "live" | "test";
            /** @description Day of the month (1-28, UTC) on which due payouts are sent; null sends them as soon as they are due */
            payoutDay: number | null;
            /** @description Per lowercase currency: the smallest sum sent to one affiliate; smaller sums wait and accumulate */
            minimumPayout: {
                [key: string]: string;
            };
            updatedAt: string | null;
        };
        /**
         * @example {
         *       "payoutDay": 15,
         *       "minimumPayout": {
         *         "usd": 50,
         *         "eur": null
         *       }
         *     }
         */
        UpdatePayoutSettings: {
            payoutDay?: number | null;
            /** @description Currency → amount (number or decimal string); null removes that currency */
            minimumPayout?: {
                [key: string]: number | string | null;
            };
        };
        RiskReview: {
            /** @enum {string} */
            kind: "conversion" | "affiliate";
            /** @description The conversion or affiliate id */
            id: string;
            /** @description A conversion's status, or `flagged` / `banned` for an affiliate */
            status: string;
            affiliate: {
                id: string;
                name: string;
                email: string;
            };
            /** @description Conversions only */
            campaign: {
                id: string;
                name: string;
            } | null;
            amount: number | null;
            commission: number | null;
            currency: string | null;
            /** @description Where the sale was reported from (conversions only) */
            source: string | null;
            createdAt: string;
            /** @description The newest flag; for a sale held by hand, its hold; for a banned affiliate without flags, its ban */
            flaggedAt: string;
            flags: {
                code: string;
                /** @description What the signal found, in words */
                message: string;
                evidence: string[];
                /** @enum {string} */
                action: "flag" | "hold";
                createdAt: string;
            }[];
            /** @description Affiliates: the ban, when banned */
            ban: {
                reason: string;
                bannedAt: string;
            } | null;
        };
        /**
         * @example {
         *       "mode": "live",
         *       "actions": {
         *         "self_referral": "refuse",
         *         "customer_matches_affiliate": "flag",
         *         "disposable_email": "flag",
         *         "fast_conversion": "hold",
         *         "paid_ads_click": "flag",
         *         "banned_referrer": "flag",
         *         "click_velocity": "flag",
         *         "conversion_velocity": "flag",
         *         "shared_payout_details": "flag",
         *         "high_refund_rate": "flag",
         *         "unconfirmed_script_sale": "hold"
         *       },
         *       "fastConversionSeconds": 10,
         *       "clickVelocity": {
         *         "max": 30,
         *         "windowMinutes": 60
         *       },
         *       "conversionVelocity": {
         *         "max": 3,
         *         "windowMinutes": 1440
         *       },
         *       "refundRatePercent": 30,
         *       "refundRateMinConversions": 5,
         *       "bannedReferrerDomains": [
         *         "coupon-spam.example"
         *       ],
         *       "paidAds": "forbidden",
         *       "scriptSales": "on",
         *       "scriptSaleMaxAmount": {
         *         "usd": "500.00"
         *       },
         *       "updatedAt": "2026-11-28T10:00:00.000Z"
         *     }
         */
        RiskSettings: {
            /** @enum {string} */
            mode: "live" | "test";
            /** @description Per signal: `off`, `flag` (for review), `hold` (flag and hold the sale); `refuse` for `self_referral` only */
            actions: {
                /** @enum {string} */
                self_referral: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                customer_matches_affiliate: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                disposable_email: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                fast_conversion: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                paid_ads_click: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                banned_referrer: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                click_velocity: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                conversion_velocity: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                shared_payout_details: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                high_refund_rate: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                unconfirmed_script_sale: "off" | "flag" | "hold" | "refuse";
            };
            /** @description `fast_conversion`: a sale less than this many seconds after its click */
            fastConversionSeconds: number;
            /** @description `click_velocity`: clicks of one visitor (fingerprint or address) in the window */
            clickVelocity: {
                /** @description More than this many in the window fires the signal */
                max: number;
                windowMinutes: number;
            };
            /** @description `conversion_velocity`: sales from one visitor in the window */
            conversionVelocity: {
                /** @description More than this many in the window fires the signal */
                max: number;
                windowMinutes: number;
            };
            /** @description `high_refund_rate`: refunded share over 90 days above this percent */
            refundRatePercent: number;
            /** @description `high_refund_rate`: only once the affiliate has this many sales in 90 days */
            refundRateMinConversions: number;
            /** @description `banned_referrer`: these domains and their subdomains */
            bannedReferrerDomains: string[];
            /**
             * @description `forbidden`: clicks from paid ads (gclid, fbclid, msclkid, …) fire `paid_ads_click`
             * @enum {string}
             */
            paidAds: "allowed" | "forbidden";
            /**
             * @description `off`: `POST /t/v1/sales` answers `403 script_sales_disabled`
             * @enum {string}
             */
            scriptSales: "on" | "off";
            /** @description Per lowercase currency: the largest amount one script-reported sale may carry; with any set, other currencies are refused */
            scriptSaleMaxAmount: {
                [key: string]: string;
            };
            updatedAt: string | null;
        };
        /**
         * @example {
         *       "actions": {
         *         "fast_conversion": "hold"
         *       },
         *       "paidAds": "forbidden",
         *       "bannedReferrerDomains": [
         *         "coupon-spam.example"
         *       ],
         *       "scriptSaleMaxAmount": {
         *         "usd": 500
         *       }
         *     }
         */
        UpdateRiskSettings: {
            actions?: {
                /** @enum {string} */
                self_referral?: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                customer_matches_affiliate?: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                disposable_email?: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                fast_conversion?: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                paid_ads_click?: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                banned_referrer?: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                click_velocity?: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                conversion_velocity?: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                shared_payout_details?: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                high_refund_rate?: "off" | "flag" | "hold" | "refuse";
                /** @enum {string} */
                unconfirmed_script_sale?: "off" | "flag" | "hold" | "refuse";
            };
            fastConversionSeconds?: number;
            clickVelocity?: {
                max?: number;
                windowMinutes?: number;
            };
            conversionVelocity?: {
                max?: number;
                windowMinutes?: number;
            };
            refundRatePercent?: number;
            refundRateMinConversions?: number;
            /** @description Replaces the list; each entry a domain or a URL (its host is kept) */
            bannedReferrerDomains?: string[];
            /** @enum {string} */
            paidAds?: "allowed" | "forbidden";
            /** @enum {string} */
            scriptSales?: "on" | "off";
            /** @description Currency → amount (number or decimal string); null removes that currency */
            scriptSaleMaxAmount?: {
                [key: string]: number | string | null;
            };
        };
        AffiliateBanOutcome: components["schemas"]["AffiliateBan"] & {
            /** @description Approved memberships suspended (pending ones are rejected) */
            suspendedMemberships: number;
            /** @description Pending and held sales rejected */
            rejectedConversions: number;
            /** @description Approved, unpaid sales held for the merchant to decide */
            heldConversions: number;
            /** @description Queued payouts cancelled by those holds */
            cancelledPayouts: number;
            /** @description Approved sales whose payout is already with the provider: left as they are */
            skippedConversions: number;
        };
        AffiliateBan: {
            affiliateId: string;
            banned: boolean;
            reason: string;
            bannedAt: string;
        };
        /**
         * @example {
         *       "reason": "Self-referred sales through a coupon site"
         *     }
         */
        BanAffiliate: {
            /** @description Why, in the merchant's words (kept with the ban and sent in `affiliate.banned`) */
            reason: string;
        };
        TaxDetails: {
            affiliateId: string;
            current: components["schemas"]["TaxDetailsVersion"];
            /** @description Every version, newest first (a change never overwrites) */
            history: components["schemas"]["TaxDetailsVersion"][];
        };
        /** @description The latest version; null when the affiliate has given none */
        TaxDetailsVersion: {
            version: number;
            savedAt: string;
            country: string;
            vatId: string | null;
            /** @description The form's fields (docs/tax.md): `form` (`w9`, `w8ben`, `w8bene`) and its fields. In the masked view TINs show their last four only and the signature only its date and capacity. */
            form: {
                [key: string]: unknown;
            };
        } | null;
        TaxSettings: {
            /**
             * @description `off`: payouts never wait; `always`: an affiliate without tax details is not paid; `above_yearly_total`: not paid once its payments of the calendar year (this one included) reach the threshold
             * @enum {string}
             */
            taxDetailsRequired: "off" | "always" | "above_yearly_total";
            /** @description The merchant's threshold in its reporting currency; null uses the IRS 1099-NEC figure of the payment's year (US dollars) */
            taxDetailsThreshold: string | null;
            taxDetailsThresholdCurrency: string | null;
            /** @description The threshold in force this year */
            effectiveThreshold: {
                amount: string;
                currency: string;
            };
            /**
             * @description VAT on the self-billing invoices issued from now on: `none` (none shown), `reverse_charge` (none charged, the reverse-charge note printed), `charge` (at `invoiceVatRate` percent)
             * @enum {string}
             */
            invoiceVatRule: "none" | "reverse_charge" | "charge";
            /** @description Percent, with `charge` only */
            invoiceVatRate: string | null;
            /** @description The merchant's legal name on invoices; null prints the business name */
            issuerName: string | null;
            /** @description The merchant's address on invoices, one line each */
            issuerAddress: string[];
            /** @description The merchant's VAT id on invoices */
            issuerVatId: string | null;
        };
        /**
         * @example {
         *       "taxDetailsRequired": "above_yearly_total",
         *       "taxDetailsThreshold": null
         *     }
         */
        UpdateTaxSettings: {
            taxDetailsRequired?: string;
            taxDetailsThreshold?: string | number | null;
            invoiceVatRule?: string;
            invoiceVatRate?: string | number | null;
            issuerName?: string | null;
            /** @description Lines separated by newlines */
            issuerAddress?: string | null;
            issuerVatId?: string | null;
        };
        Invoice: {
            id: string;
            affiliateId: string;
            /** @enum {string} */
            kind: "invoice" | "credit_note";
            /** @description Gapless per merchant, mode and kind: `SB-000001` invoices, `SBC-000001` credit notes, `TEST-` before test-mode ones */
            number: string;
            issueDate: string;
            currency: string;
            merchant: {
                name: string;
                address: string[];
                vatId: string | null;
            };
            affiliate: {
                name: string;
                address: string[];
                vatId: string | null;
            };
            lines: {
                /** @enum {string} */
                kind: "commission" | "award";
                reference: string;
                orderId: string | null;
                description: string;
                amount: string;
            }[];
            net: string;
            vat: {
                /** @enum {string} */
                rule: "none" | "reverse_charge" | "charge";
                rate: string | null;
                amount: string;
            };
            total: string;
            /** @description Earlier clawbacks set off against the payment (not part of the supply) */
            setOff: string;
            /** @description What was paid (an invoice) or credited back (a credit note, negative) */
            payable: string;
            correcting: {
                id: string;
                number: string;
                issueDate: string;
            } | null;
            notes: string[];
            createdAt: string;
        };
        TaxYearSummary: {
            affiliateId: string;
            /** @description Completed payments of the year per currency, never converted */
            payments: {
                currency: string;
                amount: string;
            }[];
            /** @description The year's payments in the reporting currency, each converted at its payment day's rate; null when a rate is unknown */
            total: {
                amount: string;
                currency: string;
            } | null;
            /** @enum {string|null} */
            formOnFile: "w9" | "w8ben" | "w8bene" | null;
            /**
             * @description `due`: a W-9 payee (not a corporation) paid at least the IRS 1099-NEC threshold of the year in US dollars; `form_missing`: at or above it with no form on file
             * @enum {string}
             */
            form1099Nec: "due" | "not_due" | "form_missing" | "rate_unavailable";
        };
        Stats: {
            /** @description Counted sales (net of tax), all currencies added as recorded, not converted */
            totalRevenue: number;
            totalTax: number;
            totalCommissions: number;
            /** @description Sales in every status but rejected and refunded */
            totalConversions: number;
            totalClicks: number;
            /** @description Distinct affiliates approved on at least one campaign, in the key's mode (now) */
            totalAffiliates: number;
            /** @description Customers linked to an affiliate in the period (leads: the tracking script's `lead()`, `POST /customers`, a provider's customer notification) */
            totalLeads: number;
            byCurrency: components["schemas"]["StatsByCurrency"][];
            periodStart: string;
            /** @description Exclusive end of the period */
            periodEnd: string;
        };
        StatsByCurrency: {
            currency: string;
            revenue: number;
            tax: number;
            commissions: number;
            conversions: number;
        };
        StatsOverview: {
            period: {
                from: string;
                to: string;
            };
            /** @description The month's leading currency (largest revenue at the day's rates); usd without sales */
            currency: string;
            revenue: number;
            commissions: number;
            conversionsCount: number;
            byCurrency: components["schemas"]["StatsByCurrency"][];
            topAffiliates: {
                affiliateId: string;
                name: string;
                commission: number;
                commissionByCurrency: {
                    currency: string;
                    amount: number;
                }[];
                conversions: number;
            }[];
            recentConversions: {
                id: string;
                orderId: string | null;
                customerName: string | null;
                amount: number;
                commission: number;
                currency: string;
                /** @enum {string} */
                status: "pending" | "approved" | "paid" | "rejected" | "refunded" | "held";
                createdAt: string;
            }[];
        };
        SearchResult: {
            /**
             * @description `<type>:<id>`, resolvable through the GET-by-id endpoint
             * @example campaign:0194f3c2-…
             */
            id: string;
            title: string;
            /** @description The GET-by-id endpoint of the record */
            url: string;
            /** @enum {string} */
            type: "campaign" | "affiliate" | "coupon" | "conversion";
        };
        TeamListItem: {
            id: string;
            name: string;
            currency: string;
            leaderAffiliateId: string | null;
            /** @enum {string|null} */
            baseCommissionType: "percentage" | "fixed" | null;
            baseCommissionValue: string | null;
            memberCount: number;
            campaignCount: number;
            createdAt: string;
            customRateCount: number;
            activeTarget: {
                name: string;
                pct: number;
                label: string;
            } | null;
            pendingAwards: {
                count: number;
                total: string;
            };
        };
        TeamCreated: {
            id: string;
            name: string;
            currency: string;
            leaderAffiliateId: string | null;
            /** @enum {string|null} */
            baseCommissionType: "percentage" | "fixed" | null;
            baseCommissionValue: string | null;
            memberCount: number;
            campaignCount: number;
            createdAt: string;
        };
        CreateTeam: {
            /** @description 1 to 120 characters */
            name: string;
            currency?: string;
            /** @enum {string} */
            baseCommissionType?: "percentage" | "fixed";
            /** @description percent at most 100, fixed at most 100000 */
            baseCommissionValue?: number;
        };
        Team: {
            id: string;
            name: string;
            currency: string;
            leaderAffiliateId: string | null;
            /** @enum {string|null} */
            baseCommissionType: "percentage" | "fixed" | null;
            baseCommissionValue: string | null;
            memberCount: number;
            campaignCount: number;
            createdAt: string;
            members: {
                affiliateId: string;
                name: string;
                email: string;
                /** @enum {string} */
                role: "leader" | "member";
                isHeadless: boolean;
            }[];
            campaigns: {
                campaignId: string;
                name: string;
                /** @enum {string|null} */
                baseCommissionType: "percentage" | "fixed" | null;
                baseCommissionValue: string | null;
                /** @enum {string} */
                campaignCommissionType: "percentage" | "fixed";
                campaignCommissionValue: string;
            }[];
            /** @description Per-member rates on team campaigns (POST /teams/{id}/overrides) */
            overrides: {
                campaignId: string;
                affiliateId: string;
                /** @enum {string} */
                commissionType: "percentage" | "fixed";
                commissionValue: string;
                recurringValue: string | null;
            }[];
            goals: {
                id: string;
                name: string;
                /** @enum {string} */
                status: "active" | "cancelled" | "ended";
                /** @enum {string} */
                metric: "revenue" | "conversions";
                targetValue: string;
                /** @enum {string} */
                periodMode: "monthly" | "one_time";
            }[];
        };
        UpdateTeam: {
            name?: string;
            currency?: string;
            /** @enum {string} */
            baseCommissionType?: "percentage" | "fixed";
            /** @description null clears the base rate */
            baseCommissionValue?: number | null;
            /** @description a current non-headless member; null clears */
            leaderAffiliateId?: string | null;
        };
        TeamMembersAdded: {
            added: number;
            alreadyMembers: number;
            skipped: number;
            results: {
                affiliateId: string;
                /** @enum {string} */
                outcome: "added" | "already_member" | "skipped";
                /** @enum {string} */
                reason?: "no_relationship" | "pending" | "suspended" | "test_affiliate" | "ineligible";
            }[];
        };
        AddTeamMembers: {
            affiliateIds: string[];
        };
        AddTeamCampaign: {
            campaignId: string;
            /** @enum {string} */
            baseCommissionType?: "percentage" | "fixed";
            baseCommissionValue?: number;
        };
        SetTeamOverrides: {
            campaignId: string;
            affiliateIds: string[];
            /** @enum {string} */
            commissionType: "percentage" | "fixed";
            commissionValue: number;
            /** @description Stored; recurring commissions are not computed yet */
            recurringValue?: number;
        };
        TeamGoalListItem: components["schemas"]["TeamGoal"] & {
            progress: components["schemas"]["TeamGoalProgress"];
            awards: {
                /** @enum {string} */
                status: "pending_window" | "pending_approval" | "approved" | "processing" | "paid" | "cancelled" | "failed";
                count: number;
                total: string;
            }[];
        };
        /** @description Active goals: the running period so far; null otherwise */
        TeamGoalProgress: {
            periodKey: string;
            aggregate: string;
            byMember: {
                affiliateId: string;
                contribution: string;
            }[];
            /** @description Per other currency: sales left out of a revenue goal (never converted) */
            excludedByCurrency: {
                [key: string]: {
                    count: number;
                    amount: string;
                };
            };
        } | null;
        TeamGoal: {
            id: string;
            /** @enum {string} */
            scope: "team" | "campaign";
            campaignId: string | null;
            name: string;
            /** @enum {string} */
            metric: "revenue" | "conversions";
            targetValue: string;
            /** @enum {string} */
            periodMode: "monthly" | "one_time";
            periodStart: string;
            periodEnd: string | null;
            /** @enum {string} */
            bonusType: "flat" | "tiered" | "percent_over";
            /** @description flat: an amount; percent_over: a percent; tiered: null */
            bonusValue: string | null;
            bonusTiers: {
                threshold: string;
                amount: string;
            }[] | null;
            bonusCap: string | null;
            /** @enum {string} */
            bonusScope: "team" | "leader";
            /** @enum {string} */
            bonusSplit: "equal" | "proportional";
            /** @enum {string} */
            bonusVisibility: "all" | "leaders";
            /** @enum {string} */
            status: "active" | "cancelled" | "ended";
            refundSafeDays: number;
            createdAt: string;
            updatedAt: string;
        };
        CreateTeamGoal: {
            name: string;
            /** @enum {string} */
            metric?: "revenue" | "conversions";
            /** @description up to 100000000; revenue in the team currency or a number of conversions */
            targetValue: number;
            /** @enum {string} */
            periodMode?: "monthly" | "one_time";
            /** @enum {string} */
            scope?: "team" | "campaign";
            campaignId?: string | null;
            /** @enum {string} */
            bonusType?: "flat" | "tiered" | "percent_over";
            bonusValue?: number | null;
            bonusTiers?: {
                threshold: number;
                amount: number;
            }[] | null;
            bonusCap?: number | null;
            /** @enum {string} */
            bonusScope?: "team" | "leader";
            /** @enum {string} */
            bonusSplit?: "equal" | "proportional";
            /** @enum {string} */
            bonusVisibility?: "all" | "leaders";
            /** @description whole days, 7 to 90 (default 14) */
            refundSafeDays?: number;
            /**
             * @description counting starts (default now; not in the future)
             * @example 2026-11-22T10:00:00.000Z
             */
            periodStart?: string | null;
            /**
             * @description one_time goals: when the period ends on its own
             * @example 2026-11-22T10:00:00.000Z
             */
            periodEnd?: string | null;
        };
        TeamGoalAction: {
            /** @enum {string} */
            action: "cancel" | "close_now" | "reactivate";
            /** @example 2026-11-22T10:00:00.000Z */
            expectedUpdatedAt?: string;
        };
        TeamHistory: {
            currency: string;
            months: number;
            periods: {
                periodKey: string;
                goals: {
                    goalId: string;
                    name: string;
                    /** @enum {string} */
                    metric: "revenue" | "conversions";
                    /** @enum {string} */
                    scope: "team" | "campaign";
                    campaignId: string | null;
                    /** @enum {string} */
                    periodMode: "monthly" | "one_time";
                    /** @enum {string} */
                    status: "active" | "cancelled" | "ended";
                    target: string;
                    achieved: string;
                    hit: boolean;
                    pct: number;
                    members: {
                        affiliateId: string;
                        name: string;
                        email: string;
                        contribution: string;
                    }[];
                    /** @description Per other currency: sales left out of a revenue goal (never converted) */
                    excludedByCurrency: {
                        [key: string]: {
                            count: number;
                            amount: string;
                        };
                    };
                }[];
                payoutTotal: string;
                payoutCount: number;
            }[];
        };
        TeamAward: {
            id: string;
            goalId: string;
            goalName: string;
            teamId: string;
            teamName: string;
            affiliateId: string;
            affiliateName: string;
            affiliateEmail: string;
            amount: string;
            currency: string;
            periodKey: string;
            /** @enum {string} */
            status: "pending_window" | "pending_approval" | "approved" | "processing" | "paid" | "cancelled" | "failed";
            payableAfter: string;
            approvedAt: string | null;
            approvedBy: string | null;
            paidAt: string | null;
            /** @enum {string|null} */
            payoutMethod: "connect" | "wallet_a" | "transfer_b" | null;
            cardTransferId: string | null;
            failureReason: string | null;
            contributing: {
                count: number;
                amount: string;
            };
            createdAt: string;
            updatedAt: string;
        };
        TeamAwardManaged: components["schemas"]["TeamAward"] & {
            /** @description true when the award was approved already (nothing changed) */
            idempotent: boolean;
        };
        TeamAwardAction: {
            /** @enum {string} */
            action: "approve" | "mark_paid" | "cancel";
        };
        Integration: {
            id: string;
            /**
             * @description The payment provider token; `card` is the card processor (Stripe event format), `app_store` App Store Server Notifications v2
             * @enum {string}
             */
            provider: "card" | "mor_a" | "app_store" | "mor_b" | "mor_c";
            /**
             * @description The key's mode: which events it accepts and which data it creates
             * @enum {string}
             */
            mode: "live" | "test";
            name: string | null;
            /**
             * @description `app_store`: the app whose notifications this integration accepts; null for other providers
             * @example com.example.app
             */
            bundleId: string | null;
            /**
             * @description `app_store`: the app's Apple ID; null for other providers (and for a test integration without one)
             * @example 1234567890
             */
            appAppleId: number | null;
            /**
             * @description Paste this into the provider as the webhook endpoint
             * @example https://affiliates.example.com/ingest/v1/0192f0c4-6c1e-7d2a-9b1e-2f3a4b5c6d7e
             */
            endpointUrl: string;
            active: boolean;
            createdAt: string;
            updatedAt: string;
        };
        CreateIntegration: {
            /** @enum {string} */
            provider: "card" | "mor_a" | "app_store" | "mor_b" | "mor_c";
            /**
             * @description The provider's signing secret for this endpoint (write-only; never returned). Required for every provider but `app_store`, which has none
             * @example whsec_…
             */
            signingSecret?: string;
            /** @example Stripe (main account) */
            name?: string | null;
            /**
             * @description `app_store` only, and required there: the app's bundle id; notifications for another app are recorded as ignored
             * @example com.example.app
             */
            bundleId?: string;
            /**
             * @description `app_store` only: the app's Apple ID (App Store Connect, App Information); required for live integrations (Apple's Production environment)
             * @example 1234567890
             */
            appAppleId?: number;
        };
        UpdateIntegration: {
            /**
             * @description The provider's signing secret for this endpoint (write-only; never returned). Required for every provider but `app_store`, which has none
             * @example whsec_…
             */
            signingSecret?: string;
            active?: boolean;
            /** @example Stripe (main account) */
            name?: string | null;
            /**
             * @description `app_store` only, and required there: the app's bundle id; notifications for another app are recorded as ignored
             * @example com.example.app
             */
            bundleId?: string;
            /**
             * @description `app_store` only: the app's Apple ID (App Store Connect, App Information); required for live integrations (Apple's Production environment)
             * @example 1234567890
             */
            appAppleId?: number | null;
        };
        IntegrationEvent: {
            id: string;
            /** @example evt_1Pgc71B7WZ01zgkW */
            providerEventId: string;
            /** @example checkout.session.completed */
            type: string;
            receivedAt: string;
            /**
             * @description What the delivery did (`received` only while it is being handled)
             * @enum {string}
             */
            outcome: "received" | "created" | "renewed" | "refunded" | "held" | "released" | "restored" | "customer_linked" | "duplicate" | "unattributed" | "rejected" | "ignored";
            /**
             * @description Why: how the sale was attributed, why it was not, why it was ignored or rejected
             * @example attributed by click 0192f0c4-…
             */
            reason: string | null;
            /**
             * @description For `rejected`: the create check's error code
             * @example affiliate_not_approved
             */
            code: string | null;
            conversionId: string | null;
            /** @description A refused sale kept with this delivery: `POST /integrations/{id}/events/{eventId}/replay` runs it again */
            replayable: boolean;
        };
        IntegrationEventReplay: {
            /** @description The delivery replayed */
            id: string;
            /** @description False when nothing changed: the sale already has its conversion */
            replayed: boolean;
            /**
             * @description The delivery's outcome now (`created` or `renewed` when the replay made the conversion; `rejected` again when a check still refuses it)
             * @enum {string}
             */
            outcome: "received" | "created" | "renewed" | "refunded" | "held" | "released" | "restored" | "customer_linked" | "duplicate" | "unattributed" | "rejected" | "ignored";
            /** @example replayed: attributed by click 0192f0c4-… */
            reason: string | null;
            /**
             * @description For `rejected`: the create check's error code
             * @example earnings_limit_reached
             */
            code: string | null;
            conversionId: string | null;
        };
        IngestReceipt: {
            /** @example created */
            outcome: string;
            conversionId: string | null;
        };
        Notification: {
            id: string;
            /**
             * @description What happened: `webhook_paused`, `invitation_expired`, `payout_failed`, `integration_signatures_rejected`, … (new kinds may be added)
             * @example webhook_paused
             */
            kind: string;
            /** @description What the merchant reads, with what to do about it */
            message: string;
            createdAt: string;
            read: boolean;
            readAt: string | null;
        };
        /**
         * @example {
         *       "ids": [
         *         "0193a5e0-7c1d-7b2e-9f00-4a1b2c3d4e5f"
         *       ]
         *     }
         */
        MarkNotificationsRead: {
            /** @description Notification ids to mark read (1 to 100) */
            ids: string[];
        } | {
            /**
             * @description Mark every notification read
             * @enum {boolean}
             */
            all: true;
        };
        CustomerListItem: components["schemas"]["Customer"] & {
            affiliateName: string;
            affiliateEmail: string;
            campaignName: string;
            /** @description When the first click happened */
            clickedAt: string | null;
        };
        Customer: {
            id: string;
            email: string | null;
            /**
             * @description The payment provider `providerCustomerId` belongs to
             * @enum {string|null}
             */
            provider: "card" | "mor_a" | "app_store" | "mor_b" | "mor_c" | null;
            providerCustomerId: string | null;
            affiliateId: string;
            campaignId: string;
            /** @description The click that brought the customer; null when linked by affiliate and campaign */
            clickId: string | null;
            /**
             * @description Who linked the customer: `tracking_script` (the page's `lead()`), `api` (`POST /customers`) or a provider token (its customer notification)
             * @enum {string}
             */
            source: "tracking_script" | "api" | "card" | "mor_a" | "app_store" | "mor_b" | "mor_c";
            isTest: boolean;
            createdAt: string;
        };
        CreateCustomer: {
            /** @description The click that brought the customer (the tracking link's `click_id`); or send affiliateId and campaignId */
            clickId?: string;
            /** @description With campaignId, when there is no click: the affiliate must be approved on the campaign */
            affiliateId?: string;
            campaignId?: string;
            /** Format: email */
            email?: string;
            /** @description The payment provider's customer id (e.g. the card processor's `cus_…`): the provider's later sales of this customer are attributed to the affiliate */
            providerCustomerId?: string;
            /**
             * @description Whose customer id `providerCustomerId` is; default `card`
             * @enum {string}
             */
            provider?: "card" | "mor_a" | "app_store" | "mor_b" | "mor_c";
        };
        Import: {
            id: string;
            /** @enum {string} */
            source: "csv" | "rewardful" | "tolt" | "firstpromoter" | "partnerstack" | "dub";
            dryRun: boolean;
            /** @enum {string} */
            state: "queued" | "running" | "completed" | "failed" | "cancelled";
            rowsRead: number;
            rowCount: number;
            /** @description Per resource (`campaigns`, `affiliates`, …) */
            progress: {
                [key: string]: {
                    read: number;
                    created: number;
                    /** @description Already here (imported before, or the same email or customer): nothing changed */
                    matched: number;
                    skipped: number;
                    failed: number;
                    problems: {
                        /** @description Row number in its file, header excluded */
                        row: number;
                        externalId: string | null;
                        reason: string;
                    }[];
                };
            };
            /** @description A dry run: every record it would create, and every campaign it would carry into one of yours */
            preview: {
                resource: string;
                externalId: string;
                summary: string;
                /**
                 * @description `match`: a source campaign carried into the campaign `campaignMap` chose, nothing created
                 * @enum {string}
                 */
                action: "create" | "match";
                /** @description With `match`, our campaign id */
                matchedId: string | null;
            }[];
            failure: string | null;
            createdAt: string;
            finishedAt: string | null;
        };
        /**
         * @example {
         *       "source": "csv",
         *       "dryRun": true,
         *       "files": {
         *         "affiliates.csv": "id,email,name\r\nrw-aff-1,ann@example.com,Ann Example\r\n"
         *       }
         *     }
         */
        StartImport: {
            /** @enum {string} */
            source: "csv" | "rewardful" | "tolt" | "firstpromoter" | "partnerstack" | "dub";
            /** @default false */
            dryRun: boolean;
            /** @description The export zip, base64 */
            file?: string;
            /** @description Or the CSV files by name (campaigns.csv, affiliates.csv, referral_links.csv, coupons.csv, customers.csv, commissions.csv, payouts.csv, webhooks.csv, clicks.csv, teams.csv, team_members.csv, team_campaigns.csv, team_goals.csv, team_awards.csv) */
            files?: {
                [key: string]: string;
            };
            /** @description A hosted source's API keys, sealed at rest and dropped once it is read: `apiKey` (Rewardful: the API secret; FirstPromoter also `accountId`; Tolt also `programId`; Dub), or PartnerStack's `publicKey` and `privateKey` */
            credentials?: {
                [key: string]: string;
            };
            /**
             * @description Source campaign (or program) id → one of your campaign ids: that campaign's rows are carried into yours instead of making a new campaign (counted `matched`). An id that is not one of your campaigns answers `404 not_found` naming the entry; a CSV file's campaign ids are its `campaigns.csv` ids, a hosted product's are listed in docs/import-export.md
             * @example {
             *       "c3482343-8680-40c5-af9a-9efa119713b5": "0192f0c4-6c1e-7d2a-9b1e-2f3a4b5c6d7e"
             *     }
             */
            campaignMap?: {
                [key: string]: string;
            };
        };
        AffiliateDataExport: {
            exportedAt: string;
            /** @description The profile: email, name, ref code, payout method and email, whether it has a portal login */
            affiliate: {
                [key: string]: unknown;
            };
            memberships: {
                [key: string]: unknown;
            }[];
            invitations: {
                [key: string]: unknown;
            }[];
            /** @description Each version of the tax form, as summarized (the sealed form itself is never shown) */
            taxDetails: {
                [key: string]: unknown;
            }[];
            connectedAccounts: {
                [key: string]: unknown;
            }[];
            coupons: {
                [key: string]: unknown;
            }[];
            teams: {
                [key: string]: unknown;
            }[];
            /** @description Sales attributed to the affiliate, without the customers’ own data */
            commissions: {
                [key: string]: unknown;
            }[];
            payouts: {
                [key: string]: unknown;
            }[];
            payments: {
                [key: string]: unknown;
            }[];
            clicks: {
                count: number;
                first: string | null;
                last: string | null;
            };
            /** @description The latest thousand portal requests: method, path, status, address and browser */
            portalActivity: {
                [key: string]: unknown;
            }[];
        };
        ErasedAffiliate: {
            affiliateId: string;
            erasedAt: string;
        };
        ErasedCustomer: {
            customers: number;
            /** @description Sales whose customer email and name were removed */
            commissions: number;
            erasedAt: string;
        };
        /**
         * @example {
         *       "email": "grace@example.com"
         *     }
         */
        EraseCustomer: {
            /**
             * Format: email
             * @example grace@example.com
             */
            email: string;
        };
        TrackingScriptClick: {
            clickId: string;
            /** @description The campaign's attribution window */
            attributionWindowDays: number;
            /** @description When the click stops attributing: keep it (a first-party cookie) until then */
            expiresAt: string;
        };
        /**
         * @example {
         *       "merchantId": "01900000-0000-7000-8000-0000000000a1",
         *       "trackingCode": "spring26",
         *       "refCode": "robin7"
         *     }
         */
        TrackingScriptClickBody: {
            /** @description The merchant's id (the snippet's `data-merchant`) */
            merchantId: string;
            /**
             * @description The snippet's `data-mode`; default `live`
             * @enum {string}
             */
            mode?: "live" | "test";
            /** @description The campaign's trackingCode (the snippet's `data-campaign`) */
            trackingCode: string;
            /** @description The referral code the visitor landed with (`ref`, or an imported affiliate's old `via`, `fpr`, `tolt_referral`, `sid`) */
            refCode: string;
            /** @description The page URL the visitor landed on (risk signals read ad click ids such as `gclid`) */
            landingUrl?: string;
            /** @description The page that sent the visitor (`document.referrer`) */
            referrer?: string;
        };
        TrackingScriptLeadReceipt: {
            id: string;
            /** @description False: the customer was linked already (the first link stays) */
            linked: boolean;
        };
        /**
         * @example {
         *       "merchantId": "01900000-0000-7000-8000-0000000000a1",
         *       "clickId": "0193a5b0-7e1c-7c3a-9f00-3d2f8c1b2a10_CzBVep_E6Q4zWH2ix-wRNluApcrvFDleg6jN8hc8YYar0PUaP2SJrtP4HUJnjLHW-yBFao-02f4jSG2St9wBJktwlbrfBClO",
         *       "email": "ada@example.com",
         *       "customerId": "cus_Q1w2E3r4"
         *     }
         */
        TrackingScriptLead: {
            /** @description The merchant's id (the snippet's `data-merchant`) */
            merchantId: string;
            /**
             * @description The snippet's `data-mode`; default `live`
             * @enum {string}
             */
            mode?: "live" | "test";
            /** @description A live click id of the merchant (from `click_id` or `POST /t/v1/clicks`; a signed id is 133 characters) */
            clickId: string;
            /** Format: email */
            email?: string;
            /** @description The payment provider's customer id (e.g. `cus_…`) */
            customerId?: string;
            /**
             * @description Whose customer id `customerId` is; default `card`
             * @enum {string}
             */
            provider?: "card" | "mor_a" | "app_store" | "mor_b" | "mor_c";
        };
        TrackingScriptSaleReceipt: {
            conversionId: string;
            status: string;
        };
        /**
         * @example {
         *       "merchantId": "01900000-0000-7000-8000-0000000000a1",
         *       "clickId": "0193a5b0-7e1c-7c3a-9f00-3d2f8c1b2a10_CzBVep_E6Q4zWH2ix-wRNluApcrvFDleg6jN8hc8YYar0PUaP2SJrtP4HUJnjLHW-yBFao-02f4jSG2St9wBJktwlbrfBClO",
         *       "orderId": "cs_live_a1B2c3",
         *       "amount": 49.5,
         *       "currency": "usd"
         *     }
         */
        TrackingScriptSale: {
            /** @description The merchant's id (the snippet's `data-merchant`) */
            merchantId: string;
            /**
             * @description The snippet's `data-mode`; default `live`
             * @enum {string}
             */
            mode?: "live" | "test";
            /** @description A live click id of the merchant (from `click_id` or `POST /t/v1/clicks`; a signed id is 133 characters) */
            clickId: string;
            /** @description Your order id: a payment provider reporting the same order later replaces this report */
            orderId: string;
            /** @description Sale amount in major units (dollars, not cents) */
            amount: number;
            /** @description Default `usd` */
            currency?: string;
        };
        FieldProblem: {
            /** @description Dotted path of the offending value, e.g. `amount` or `events.0` */
            field: string;
            message: string;
        };
        ErrorBody: {
            error: {
                /**
                 * @description Machine-readable; one of the listed values
                 * @enum {string}
                 */
                code: "validation_error" | "invalid_json" | "invalid_signature" | "affiliate_not_approved" | "unauthorized" | "insufficient_permissions" | "plan_insufficient" | "test_mode_unsupported" | "earnings_limit_reached" | "affiliate_limit_reached" | "script_sales_disabled" | "not_found" | "duplicate" | "commission_above_sale" | "coupon_exists" | "team_has_awards" | "too_many_goals" | "stale_goal" | "currency_locked" | "invalid_transition" | "confirmation_required" | "confirmation_invalid" | "stale_preview" | "payout_in_progress" | "not_replayable" | "idempotency_key_reuse" | "idempotency_key_in_progress" | "payload_too_large" | "unsupported_media_type" | "self_referral" | "rate_limit_exceeded" | "internal_error" | "verification_unavailable" | "exchange_rate_unavailable";
                /** @description Human-readable */
                message: string;
                /** @description Per-field problems (validation errors) */
                details?: components["schemas"]["FieldProblem"][];
            };
        };
    };
    responses: {
        /** @description Error: `validation_error`, `invalid_json`, `invalid_signature`, `affiliate_not_approved` */
        BadRequest: {
            headers: {
                "X-API-Version": components["headers"]["XApiVersion"];
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Machine-readable; one of the listed values
                         * @enum {string}
                         */
                        code: "validation_error" | "invalid_json" | "invalid_signature" | "affiliate_not_approved";
                        /** @description Human-readable */
                        message: string;
                        /** @description Per-field problems (validation errors) */
                        details?: components["schemas"]["FieldProblem"][];
                    };
                };
            };
        };
        /** @description Error: `unauthorized` */
        Unauthorized: {
            headers: {
                "X-API-Version": components["headers"]["XApiVersion"];
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Machine-readable; one of the listed values
                         * @enum {string}
                         */
                        code: "unauthorized";
                        /** @description Human-readable */
                        message: string;
                        /** @description Per-field problems (validation errors) */
                        details?: components["schemas"]["FieldProblem"][];
                    };
                };
            };
        };
        /** @description Error: `insufficient_permissions`, `plan_insufficient`, `test_mode_unsupported`, `earnings_limit_reached`, `affiliate_limit_reached`, `script_sales_disabled` */
        Forbidden: {
            headers: {
                "X-API-Version": components["headers"]["XApiVersion"];
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Machine-readable; one of the listed values
                         * @enum {string}
                         */
                        code: "insufficient_permissions" | "plan_insufficient" | "test_mode_unsupported" | "earnings_limit_reached" | "affiliate_limit_reached" | "script_sales_disabled";
                        /** @description Human-readable */
                        message: string;
                        /** @description Per-field problems (validation errors) */
                        details?: components["schemas"]["FieldProblem"][];
                    };
                };
            };
        };
        /** @description Error: `not_found` */
        NotFound: {
            headers: {
                "X-API-Version": components["headers"]["XApiVersion"];
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Machine-readable; one of the listed values
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description Human-readable */
                        message: string;
                        /** @description Per-field problems (validation errors) */
                        details?: components["schemas"]["FieldProblem"][];
                    };
                };
            };
        };
        /** @description Error: `duplicate`, `commission_above_sale`, `coupon_exists`, `team_has_awards`, `too_many_goals`, `stale_goal`, `currency_locked`, `invalid_transition`, `confirmation_required`, `confirmation_invalid`, `stale_preview`, `payout_in_progress`, `not_replayable`, `idempotency_key_reuse`, `idempotency_key_in_progress` */
        Conflict: {
            headers: {
                "X-API-Version": components["headers"]["XApiVersion"];
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Machine-readable; one of the listed values
                         * @enum {string}
                         */
                        code: "duplicate" | "commission_above_sale" | "coupon_exists" | "team_has_awards" | "too_many_goals" | "stale_goal" | "currency_locked" | "invalid_transition" | "confirmation_required" | "confirmation_invalid" | "stale_preview" | "payout_in_progress" | "not_replayable" | "idempotency_key_reuse" | "idempotency_key_in_progress";
                        /** @description Human-readable */
                        message: string;
                        /** @description Per-field problems (validation errors) */
                        details?: components["schemas"]["FieldProblem"][];
                    };
                };
            };
        };
        /** @description Error: `payload_too_large` */
        PayloadTooLarge: {
            headers: {
                "X-API-Version": components["headers"]["XApiVersion"];
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Machine-readable; one of the listed values
                         * @enum {string}
                         */
                        code: "payload_too_large";
                        /** @description Human-readable */
                        message: string;
                        /** @description Per-field problems (validation errors) */
                        details?: components["schemas"]["FieldProblem"][];
                    };
                };
            };
        };
        /** @description Error: `unsupported_media_type` */
        UnsupportedMediaType: {
            headers: {
                "X-API-Version": components["headers"]["XApiVersion"];
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Machine-readable; one of the listed values
                         * @enum {string}
                         */
                        code: "unsupported_media_type";
                        /** @description Human-readable */
                        message: string;
                        /** @description Per-field problems (validation errors) */
                        details?: components["schemas"]["FieldProblem"][];
                    };
                };
            };
        };
        /** @description Error: `self_referral` */
        UnprocessableEntity: {
            headers: {
                "X-API-Version": components["headers"]["XApiVersion"];
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Machine-readable; one of the listed values
                         * @enum {string}
                         */
                        code: "self_referral";
                        /** @description Human-readable */
                        message: string;
                        /** @description Per-field problems (validation errors) */
                        details?: components["schemas"]["FieldProblem"][];
                    };
                };
            };
        };
        /** @description Error: `rate_limit_exceeded` */
        TooManyRequests: {
            headers: {
                "X-API-Version": components["headers"]["XApiVersion"];
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Machine-readable; one of the listed values
                         * @enum {string}
                         */
                        code: "rate_limit_exceeded";
                        /** @description Human-readable */
                        message: string;
                        /** @description Per-field problems (validation errors) */
                        details?: components["schemas"]["FieldProblem"][];
                    };
                };
            };
        };
        /** @description Error: `internal_error` */
        InternalError: {
            headers: {
                "X-API-Version": components["headers"]["XApiVersion"];
                "X-Request-Id": components["headers"]["XRequestId"];
                /** @description Requests allowed per minute */
                "X-RateLimit-Limit"?: number;
                /** @description Requests left in the current window */
                "X-RateLimit-Remaining"?: number;
                /** @description When the current fixed minute ends (epoch seconds) */
                "X-RateLimit-Reset"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Machine-readable; one of the listed values
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description Human-readable */
                        message: string;
                        /** @description Per-field problems (validation errors) */
                        details?: components["schemas"]["FieldProblem"][];
                    };
                };
            };
        };
        /** @description Error: `verification_unavailable`, `exchange_rate_unavailable` */
        Error503: {
            headers: {
                "X-API-Version": components["headers"]["XApiVersion"];
                "X-Request-Id": components["headers"]["XRequestId"];
                /** @description Requests allowed per minute */
                "X-RateLimit-Limit"?: number;
                /** @description Requests left in the current window */
                "X-RateLimit-Remaining"?: number;
                /** @description When the current fixed minute ends (epoch seconds) */
                "X-RateLimit-Reset"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /**
                         * @description Machine-readable; one of the listed values
                         * @enum {string}
                         */
                        code: "verification_unavailable" | "exchange_rate_unavailable";
                        /** @description Human-readable */
                        message: string;
                        /** @description Per-field problems (validation errors) */
                        details?: components["schemas"]["FieldProblem"][];
                    };
                };
            };
        };
    };
    parameters: {
        /**
         * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
         * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
         */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description The API version */
        XApiVersion: "1";
        /** @description The request id (echoes a safe incoming `X-Request-Id`); quote it when reporting a problem */
        XRequestId: string;
        /** @description Requests allowed per minute */
        XRateLimitLimit: number;
        /** @description Requests left in the current window */
        XRateLimitRemaining: number;
        /** @description When the current fixed minute ends (epoch seconds) */
        XRateLimitReset: number;
        /** @description Seconds to wait before one more request fits */
        RetryAfter: number;
        /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` */
        IdempotentReplayed: "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Account */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Me"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getCampaigns: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description <field>:<asc|desc>; field one of createdAt, name, revenue, conversions */
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of campaigns */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"][];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postCampaigns: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Spring launch",
                 *       "commissionType": "percentage",
                 *       "commissionValue": 20,
                 *       "targetUrl": "https://shop.example.com"
                 *     }
                 */
                "application/json": components["schemas"]["CreateCampaign"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getCampaignsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000c001 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CampaignDetail"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    patchCampaignsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000c001 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCampaign"];
            };
        };
        responses: {
            /** @description The campaign after the change */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CampaignDetail"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAffiliatesInvitations: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Only invitations in this status */
                status?: "pending" | "accepted" | "revoked" | "expired";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invitations */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateInvitation"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteAffiliatesInvitationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000a101 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked invitation */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateInvitation"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postAffiliatesInvitationsByIdResend: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 01900000-0000-7000-8000-00000000a101 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation, sent again */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateInvitation"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAffiliates: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description A campaign of the calling merchant */
                campaignId?: string;
                /** @description Default: pending and approved. Suspended memberships are listed only with `suspended` */
                status?: "approved" | "pending" | "suspended";
                /** @description <field>:<asc|desc>; field one of name, email, joinedAt, status, campaignName */
                sort?: string;
                /** @description Only affiliates carrying this tag (case-insensitive) */
                tag?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of affiliates */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateListItem"][];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postAffiliates: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "grace@example.com",
                 *       "name": "Grace",
                 *       "campaignId": "01900000-0000-7000-8000-00000000c001"
                 *     }
                 */
                "application/json": components["schemas"]["CreateAffiliate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateListItem"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postAffiliatesInvite: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "linus@example.com",
                 *       "name": "Linus",
                 *       "campaignId": "01900000-0000-7000-8000-00000000c001"
                 *     }
                 */
                "application/json": components["schemas"]["InviteAffiliate"];
            };
        };
        responses: {
            /** @description Invitation recorded (and emailed for live keys) */
            201: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateInvitation"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAffiliatesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000a002 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The affiliate */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateDetail"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    patchAffiliatesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000a002 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "campaignId": "01900000-0000-7000-8000-00000000c001",
                 *       "status": "approved"
                 *     }
                 */
                "application/json": components["schemas"]["PatchAffiliate"];
            };
        };
        responses: {
            /** @description The membership after the decision, or the affiliate after the edit */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateListItem"] | components["schemas"]["AffiliateDetail"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhooks: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscriptions */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookSubscription"][];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/webhooks/affiliate",
                 *       "events": [
                 *         "conversion.created",
                 *         "conversion.approved"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhook"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CreatedWebhookSubscription"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteWebhooks: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deactivated */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {boolean} */
                            active: false;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookSubscription"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deactivated */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {boolean} */
                            active: false;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    patchWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "conversion.created",
                 *         "conversion.approved",
                 *         "conversion.rejected"
                 *       ],
                 *       "active": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhook"];
            };
        };
        responses: {
            /** @description The subscription as it is now */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookSubscription"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhooksByIdDeliveries: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Attempts */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDeliveryAttempt"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postWebhooksByIdDeliveriesByDeliveryIdResend: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new attempt */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDeliveryAttempt"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postWebhooksByIdRotate: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rotated */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            secret: string;
                            message: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postWebhooksByIdTest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome of the ping */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            success: boolean;
                            httpStatus: number | null;
                            responseBody: string | null;
                            url: string;
                            error: string | null;
                            deliveryId: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getConversions: {
        parameters: {
            query?: {
                status?: "pending" | "approved" | "paid" | "rejected" | "refunded" | "held";
                campaignId?: string;
                affiliateId?: string;
                from?: string;
                to?: string;
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Conversions of the key mode, newest first */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConversionListItem"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postConversions: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "campaignId": "01900000-0000-7000-8000-00000000c001",
                 *       "affiliateId": "01900000-0000-7000-8000-00000000a001",
                 *       "amount": 120,
                 *       "currency": "usd",
                 *       "orderId": "order-1001"
                 *     }
                 */
                "application/json": components["schemas"]["CreateConversion"];
            };
        };
        responses: {
            /** @description Created, pending */
            201: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Conversion"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            /** @description Error: `exchange_rate_unavailable` */
            503: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    /** @description Requests allowed per minute */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current fixed minute ends (epoch seconds) */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "exchange_rate_unavailable";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
        };
    };
    getConversionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversion */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Conversion"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    patchConversionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "approved"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateConversion"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConversionUpdate"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postConversionsByIdRefund: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "amount": 25
                 *     }
                 */
                "application/json": components["schemas"]["RefundConversion"];
            };
        };
        responses: {
            /** @description The conversion after the refund */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Conversion"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getCoupons: {
        parameters: {
            query?: {
                campaignId?: string;
                affiliateId?: string;
                provider?: "card" | "mor_a" | "app_store" | "mor_b" | "mor_c";
                /** @description Exact, under each coupon's provider case rule */
                code?: string;
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Coupons of the key mode that are not deleted, newest first */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Coupon"][];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postCoupons: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "campaignId": "01900000-0000-7000-8000-00000000c001",
                 *       "affiliateId": "01900000-0000-7000-8000-00000000a001",
                 *       "code": "SPRING20",
                 *       "provider": "card",
                 *       "cardPromotionCodeId": "promo_1Spring20",
                 *       "percentOff": 20
                 *     }
                 */
                "application/json": components["schemas"]["CreateCoupon"];
            };
        };
        responses: {
            /** @description Registered */
            201: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Coupon"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getCouponsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coupon */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Coupon"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteCouponsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted: attributes no new sale; past sales keep it */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CouponDeleted"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    patchCouponsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "cardPromotionCodeId": "promo_1Spring25"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateCoupon"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Coupon"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getPayouts: {
        parameters: {
            query?: {
                status?: "pending" | "awaiting_funds" | "scheduled" | "processing" | "completed" | "failed";
                affiliateId?: string;
                conversionId?: string;
                from?: string;
                to?: string;
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Payout queue rows of the key mode, newest first */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Payout"][];
                        pagination?: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getPayoutProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Configured methods */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "method": "connect",
                     *           "mode": "live",
                     *           "configured": true,
                     *           "updatedAt": "2026-11-26T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PayoutProvider"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    putPayoutProvidersByMethod: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example connect */
                method: "connect" | "wallet_a" | "transfer_b";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "secretKey": "sk_live_51Hexample0000"
                 *     }
                 */
                "application/json": components["schemas"]["PayoutProviderCredentials"];
            };
        };
        responses: {
            /** @description Saved */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PayoutProvider"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deletePayoutProvidersByMethod: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example connect */
                method: "connect" | "wallet_a" | "transfer_b";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            method: "connect" | "wallet_a" | "transfer_b";
                            /** @enum {string} */
                            mode: "live" | "test";
                            /** @enum {boolean} */
                            configured: false;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getPayoutsExport: {
        parameters: {
            query: {
                method: "wallet_a" | "transfer_b";
                currency: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postPayoutsMarkPaid: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarkPayoutsPaid"];
            };
        };
        responses: {
            /** @description Rows marked paid */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            markedPaid: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getPayoutSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings (defaults: no minimum, no payout day) */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PayoutSettings"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    patchPayoutSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePayoutSettings"];
            };
        };
        responses: {
            /** @description The changed settings */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PayoutSettings"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getRiskReviews: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Only conversions or only affiliates */
                kind?: "conversion" | "affiliate";
                /** @description Only subjects with a current flag of this signal */
                signal?: "self_referral" | "customer_matches_affiliate" | "disposable_email" | "fast_conversion" | "paid_ads_click" | "banned_referrer" | "click_velocity" | "conversion_velocity" | "shared_payout_details" | "high_refund_rate" | "unconfirmed_script_sale";
                /** @description A conversion's status, or an affiliate's standing: `flagged` or `banned` */
                status?: "pending" | "held" | "approved" | "rejected" | "paid" | "refunded" | "flagged" | "banned";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subjects to review */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RiskReview"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getRiskSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules (the defaults when none were saved) */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RiskSettings"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    patchRiskSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateRiskSettings"];
            };
        };
        responses: {
            /** @description The changed rules */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RiskSettings"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postAffiliatesByIdBan: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 01900000-0000-7000-8000-00000000a002 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BanAffiliate"];
            };
        };
        responses: {
            /** @description The ban and what it changed */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateBanOutcome"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postAffiliatesByIdUnban: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 01900000-0000-7000-8000-00000000a002 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lifted ban */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateBan"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAffiliatesByIdTaxDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000a002 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The masked tax details */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TaxDetails"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAffiliatesByIdTaxDetailsForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000a002 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The full form */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TaxDetailsVersion"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `insufficient_permissions` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "insufficient_permissions";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getTaxSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The setting (default: off) */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TaxSettings"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    patchTaxSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTaxSettings"];
            };
        };
        responses: {
            /** @description The setting after the change */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TaxSettings"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getInvoices: {
        parameters: {
            query?: {
                /** @description First issue day (YYYY-MM-DD, inclusive) */
                from?: string;
                /** @description Last issue day (YYYY-MM-DD, inclusive) */
                to?: string;
                affiliateId?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The documents */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invoice"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getInvoicesExport: {
        parameters: {
            query: {
                /** @description First issue day (YYYY-MM-DD, inclusive) */
                from: string;
                /** @description Last issue day (YYYY-MM-DD, inclusive) */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The zip */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getInvoicesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invoice"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getInvoicesByIdPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getTaxSummaries: {
        parameters: {
            query: {
                /** @description The calendar year (UTC) */
                year: number;
                /** @description `csv`: the 1099-NEC filing import (full-access key, audited: it carries TINs) */
                format?: "json" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The summaries, or with `format=csv` the 1099-NEC rows (one per recipient due a 1099-NEC: payer and recipient fields, box 1 in US dollars) */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TaxYearSummary"][];
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getStats: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Statistics */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Stats"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getStatsOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Overview */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["StatsOverview"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getSearch: {
        parameters: {
            query: {
                /** @description At least 2 characters; case-insensitive substring */
                q: string;
                /** @description Results per category */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matches, per category newest first */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            results: components["schemas"]["SearchResult"][];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getTeams: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Teams, newest first (test keys: none) */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TeamListItem"][];
                        pagination?: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postTeams: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "North",
                 *       "currency": "usd",
                 *       "baseCommissionType": "percentage",
                 *       "baseCommissionValue": 15
                 *     }
                 */
                "application/json": components["schemas"]["CreateTeam"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TeamCreated"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getTeamsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team with members, campaigns and goals */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Team"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteTeamsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    patchTeamsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Demo team (north)"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateTeam"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {boolean} */
                            updated: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postTeamsByIdMembers: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "affiliateIds": [
                 *         "01900000-0000-7000-8000-00000000a001"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AddTeamMembers"];
            };
        };
        responses: {
            /** @description Per affiliate: added, already a member, or skipped with the reason */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TeamMembersAdded"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteTeamsByIdMembersByAffiliateId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
                /** @example 01900000-0000-7000-8000-00000000a001 */
                affiliateId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            teamId: string;
                            affiliateId: string;
                            /** @enum {boolean} */
                            removed: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postTeamsByIdCampaigns: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "campaignId": "01900000-0000-7000-8000-00000000c001",
                 *       "baseCommissionType": "percentage",
                 *       "baseCommissionValue": 22
                 *     }
                 */
                "application/json": components["schemas"]["AddTeamCampaign"];
            };
        };
        responses: {
            /** @description Assigned; members placed on it */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            teamId: string;
                            campaignId: string;
                            created: boolean;
                            tally: {
                                created: number;
                                linked: number;
                                already: number;
                                rejected: number;
                                conflict: number;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteTeamsByIdCampaignsByCampaignId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
                /** @example 01900000-0000-7000-8000-00000000c001 */
                campaignId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            teamId: string;
                            campaignId: string;
                            /** @enum {boolean} */
                            removed: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postTeamsByIdOverrides: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "campaignId": "01900000-0000-7000-8000-00000000c001",
                 *       "affiliateIds": [
                 *         "01900000-0000-7000-8000-00000000a001"
                 *       ],
                 *       "commissionType": "percentage",
                 *       "commissionValue": 25
                 *     }
                 */
                "application/json": components["schemas"]["SetTeamOverrides"];
            };
        };
        responses: {
            /** @description Overrides saved */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            campaignId: string;
                            updated: number;
                            skipped: string[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getTeamsByIdGoals: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Goals, oldest first, with progress (active goals) and award summaries */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TeamGoalListItem"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postTeamsByIdGoals: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Q1 revenue",
                 *       "metric": "revenue",
                 *       "targetValue": 10000,
                 *       "bonusType": "flat",
                 *       "bonusValue": 250
                 *     }
                 */
                "application/json": components["schemas"]["CreateTeamGoal"];
            };
        };
        responses: {
            /** @description Created, active */
            201: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TeamGoal"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    patchTeamsByIdGoalsByGoalId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
                goalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "close_now"
                 *     }
                 */
                "application/json": components["schemas"]["TeamGoalAction"];
            };
        };
        responses: {
            /** @description The goal after the action (`closedAt` for close_now) */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            status: string;
                            /** @description for a later reactivate (expectedUpdatedAt) */
                            updatedAt: string;
                            closedAt?: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getTeamsByIdHistory: {
        parameters: {
            query?: {
                months?: number;
            };
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Periods, newest first */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TeamHistory"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getTeamsByIdAwards: {
        parameters: {
            query?: {
                status?: "pending_window" | "pending_approval" | "approved" | "processing" | "paid" | "cancelled" | "failed";
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team's awards, newest first */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TeamAward"][];
                        pagination?: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    patchTeamsByIdAwardsByAwardId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000e001 */
                id: string;
                /** @example 01900000-0000-7000-8000-00000000f001 */
                awardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "cancel"
                 *     }
                 */
                "application/json": components["schemas"]["TeamAwardAction"];
            };
        };
        responses: {
            /** @description The award after the action */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TeamAwardManaged"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAwards: {
        parameters: {
            query?: {
                status?: "pending_window" | "pending_approval" | "approved" | "processing" | "paid" | "cancelled" | "failed";
                periodKey?: string;
                affiliateId?: string;
                teamId?: string;
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The brand-wide award ledger, newest first */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TeamAward"][];
                        pagination?: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getIntegrations: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of integrations */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Integration"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postIntegrations: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "card",
                 *       "signingSecret": "whsec_5a1e0c7d2b9f4e8a",
                 *       "name": "Stripe"
                 *     }
                 */
                "application/json": components["schemas"]["CreateIntegration"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Integration"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getIntegrationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Integration"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteIntegrationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    patchIntegrationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "active": false
                 *     }
                 */
                "application/json": components["schemas"]["UpdateIntegration"];
            };
        };
        responses: {
            /** @description The integration */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Integration"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getIntegrationsByIdEvents: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IntegrationEvent"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Error: `plan_insufficient` */
            403: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable; one of the listed values
                             * @enum {string}
                             */
                            code: "plan_insufficient";
                            /** @description Human-readable */
                            message: string;
                            /** @description Per-field problems (validation errors) */
                            details?: components["schemas"]["FieldProblem"][];
                        };
                    };
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postIntegrationsByIdEventsByEventIdReplay: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                /** @description The delivery's `id` in the events log (not the provider's event id) */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the replay did */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IntegrationEventReplay"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getNotifications: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notices */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0193a5e0-7c1d-7b2e-9f00-4a1b2c3d4e5f",
                     *           "kind": "invitation_expired",
                     *           "message": "The invitation of ada@example.com to \"Spring\" expired unaccepted after 14 days.",
                     *           "createdAt": "2026-11-26T10:00:00.000Z",
                     *           "read": false,
                     *           "readAt": null
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "limit": 25,
                     *         "total": 1,
                     *         "totalPages": 1
                     *       },
                     *       "unreadCount": 1
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Notification"][];
                        pagination: components["schemas"]["Pagination"];
                        unreadCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postNotificationsRead: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarkNotificationsRead"];
            };
        };
        responses: {
            /** @description Marked */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "marked": 1,
                     *         "unreadCount": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            marked: number;
                            unreadCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getCustomers: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Leads, newest first */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CustomerListItem"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postCustomers: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "affiliateId": "01900000-0000-7000-8000-00000000a001",
                 *       "campaignId": "01900000-0000-7000-8000-00000000c001",
                 *       "email": "ada@example.com",
                 *       "providerCustomerId": "cus_Q1w2E3r4"
                 *     }
                 */
                "application/json": components["schemas"]["CreateCustomer"];
            };
        };
        responses: {
            /** @description Already linked: the first link */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            /** @description Linked */
            201: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getExports: {
        parameters: {
            query?: {
                /** @description Clicks from this date or time (inclusive, UTC) */
                clicksFrom?: string;
                /** @description Clicks before this date or time (exclusive, UTC) */
                clicksTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The zip */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postImports: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartImport"];
            };
        };
        responses: {
            /** @description Started */
            202: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Import"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getImportsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Import"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postImportsByIdCancel: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Import"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAffiliatesByIdDataExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 01900000-0000-7000-8000-00000000a002 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The data */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateDataExport"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postAffiliatesByIdErase: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 01900000-0000-7000-8000-00000000a002 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Erased */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ErasedAffiliate"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    postCustomersErase: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with `Idempotent-Replayed: true`. The same key with another path or body answers `409 idempotency_key_reuse`; while the first request still runs, `409 idempotency_key_in_progress`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.
                 * @example 5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EraseCustomer"];
            };
        };
        responses: {
            /** @description Erased */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ErasedCustomer"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    "X-API-Version": components["headers"]["XApiVersion"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    webhook_conversion_created: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "conversion.created";
                    data: components["schemas"]["ConversionEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_conversion_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "conversion.updated";
                    data: components["schemas"]["ConversionEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_conversion_approved: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "conversion.approved";
                    data: components["schemas"]["ConversionEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_conversion_rejected: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "conversion.rejected";
                    data: components["schemas"]["ConversionEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_conversion_paid: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "conversion.paid";
                    data: components["schemas"]["ConversionEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_conversion_flagged: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "conversion.flagged";
                    data: components["schemas"]["ConversionFlaggedEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_affiliate_joined: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "affiliate.joined";
                    data: components["schemas"]["AffiliateMembershipEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_affiliate_approved: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "affiliate.approved";
                    data: components["schemas"]["AffiliateMembershipEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_affiliate_rejected: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "affiliate.rejected";
                    data: components["schemas"]["AffiliateMembershipEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_affiliate_suspended: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "affiliate.suspended";
                    data: components["schemas"]["AffiliateMembershipEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_affiliate_payout_details_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "affiliate.payout_details_completed";
                    data: components["schemas"]["PayoutDetailsCompletedEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_affiliate_flagged: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "affiliate.flagged";
                    data: components["schemas"]["AffiliateFlaggedEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_affiliate_banned: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "affiliate.banned";
                    data: components["schemas"]["AffiliateBannedEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_affiliate_unbanned: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "affiliate.unbanned";
                    data: components["schemas"]["AffiliateUnbannedEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_affiliate_tax_details_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "affiliate.tax_details_completed";
                    data: components["schemas"]["TaxDetailsCompletedEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payout_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "payout.completed";
                    data: components["schemas"]["PayoutEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payout_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "payout.failed";
                    data: components["schemas"]["PayoutEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_bonus_awarded: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "bonus.awarded";
                    data: components["schemas"]["BonusEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_bonus_paid: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "bonus.paid";
                    data: components["schemas"]["BonusEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_bonus_cancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "bonus.cancelled";
                    data: components["schemas"]["BonusEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_campaign_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "campaign.updated";
                    data: components["schemas"]["CampaignUpdatedEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_ping: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the subscription secret. Compare in constant time; reject a `t` more than 300 s from now (`verifyWebhookSignature` in the client does both). */
                "x-service-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "ping";
                    data: components["schemas"]["PingEventData"];
                    /**
                     * @description When the event happened (ISO 8601)
                     * @example 2026-11-22T10:00:00.000Z
                     */
                    timestamp: string;
                    /** @description The delivery id: the same on every retry and resend; use it to de-duplicate */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else is recorded as a failure (5 in a row pause the subscription). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
