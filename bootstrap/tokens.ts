import type { Logger as Pino } from 'pino';
import { token } from './token.js';
import type { EditAffiliate } from '../application/affiliates/edit-affiliate.js';
import type { PersonalData } from '../application/ports/personal-data.js';
import type { PersonalDataRequests } from '../application/privacy/personal-data-requests.js';
import type { HostedImportFetches } from '../application/ports/hosted-imports.js';
import type { FetchHostedImports } from '../application/porting/fetch-hosted-imports.js';
import type { InvoiceStore } from '../application/ports/invoice-store.js';
import type { IssueInvoices } from '../application/invoices/issue-invoices.js';
import type { InvoiceReads } from '../application/invoices/invoice-reads.js';
import type { InvoiceSettingsUseCase } from '../application/invoices/invoice-settings.js';
import type { MonthlyPartitions } from '../application/ports/monthly-partitions.js';
import type { MaintainPartitions } from '../application/retention/maintain-partitions.js';
import type { AffiliateBanStore } from '../application/ports/affiliate-ban-store.js';
import type { BanAffiliate } from '../application/affiliates/ban-affiliate.js';
import type { ListRiskReviews } from '../application/risk/list-risk-reviews.js';
import type { UnbanAffiliate } from '../application/affiliates/ban-affiliate.js';
import type { ChangeFeed } from '../adapters/cache/change-feed.js';
import type { SandboxPayoutLedger } from '../adapters/payouts/sandbox-payout-providers.js';
import type { RequestScope } from '../adapters/persistence/mikro-orm-request-scope.js';
import type { Orm } from '../adapters/persistence/orm.js';
import type { PgBatchedClickWriter } from '../adapters/persistence/pg-batched-click-writer.js';
import type { CreateAffiliate } from '../application/affiliates/create-affiliate.js';
import type { DecideMembership, MembershipSuspendedHook } from '../application/affiliates/decide-membership.js';
import type { ExpireInvitations } from '../application/affiliates/expire-invitations.js';
import type { GetAffiliate } from '../application/affiliates/get-affiliate.js';
import type { InviteAffiliate } from '../application/affiliates/invite-affiliate.js';
import type { ListAffiliates } from '../application/affiliates/list-affiliates.js';
import type { ManageInvitations } from '../application/affiliates/manage-invitations.js';
import type { SavePayoutDetails } from '../application/affiliates/save-payout-details.js';
import type { SignUpAffiliate } from '../application/affiliates/sign-up-affiliate.js';
import type { TrackingLinks } from '../application/affiliates/tracking-links.js';
import type { AuthenticateApiKey } from '../application/api-keys/authenticate-api-key.js';
import type { IssueApiKey } from '../application/api-keys/issue-api-key.js';
import type { RevokeApiKey } from '../application/api-keys/revoke-api-key.js';
import type { Confirmations } from '../application/assistant/confirmations.js';
import type { ForgetExpiredConfirmations } from '../application/assistant/forget-expired-confirmations.js';
import type { CreateCampaign } from '../application/campaigns/create-campaign.js';
import type { ExpireCampaigns } from '../application/campaigns/expire-campaigns.js';
import type { GetCampaign } from '../application/campaigns/get-campaign.js';
import type { ListCampaigns } from '../application/campaigns/list-campaigns.js';
import type { UpdateCampaign } from '../application/campaigns/update-campaign.js';
import type { ClickLookup } from '../application/clicks/click-lookup.js';
import type { RecordClick } from '../application/clicks/record-click.js';
import type { ForgetExpiredConnectorTokens } from '../application/connectors/forget-expired-connector-tokens.js';
import type { OAuthConnectors } from '../application/connectors/oauth-connectors.js';
import type { ConversionChangeHook, ConversionChangeSinks } from '../application/conversions/apply-conversion-change.js';
import type { AutoApproveConversions } from '../application/conversions/auto-approve-conversions.js';
import type { CommissionMail } from '../application/conversions/commission-mail.js';
import type { CreateConversion } from '../application/conversions/create-conversion.js';
import type { OperatorConversionActions } from '../application/conversions/operator-conversion-actions.js';
import type { RefundConversion } from '../application/conversions/refund-conversion.js';
import type { UpdateConversionStatus } from '../application/conversions/update-conversion-status.js';
import type { DeleteCoupon } from '../application/coupons/delete-coupon.js';
import type { FindCouponForAttribution } from '../application/coupons/find-coupon-for-attribution.js';
import type { RegisterCoupon } from '../application/coupons/register-coupon.js';
import type { UpdateCoupon } from '../application/coupons/update-coupon.js';
import type { LinkCustomer } from '../application/customers/link-customer.js';
import type { LoadExchangeRates } from '../application/exchange-rates/load-exchange-rates.js';
import type { ReadExchangeRates } from '../application/exchange-rates/read-exchange-rates.js';
import type { RefreshExchangeRates } from '../application/exchange-rates/refresh-exchange-rates.js';
import type { ForgetExpiredIdempotencyKeys } from '../application/idempotency/forget-expired-idempotency-keys.js';
import type { IdempotencyGate } from '../application/idempotency/idempotency-gate.js';
import type { ManageIntegrations } from '../application/integrations/manage-integrations.js';
import type { RunDueJobs } from '../application/jobs/run-due-jobs.js';
import type { DeliverMail, OperatorMailActions } from '../application/mail/deliver-mail.js';
import type { AddMerchantUser } from '../application/merchant-users/add-merchant-user.js';
import type { SignInMerchantUser } from '../application/merchant-users/sign-in-merchant-user.js';
import type { UserLinks } from '../application/merchant-users/user-links.js';
import type { UserPasswords } from '../application/merchant-users/user-passwords.js';
import type { CreateMerchant } from '../application/merchants/create-merchant.js';
import type { UpdateMerchantSettings } from '../application/merchants/update-merchant-settings.js';
import type { PlanChangeHandler, UpdateMerchant } from '../application/merchants/update-merchant.js';
import type { VerifyCustomDomains } from '../application/merchants/verify-custom-domains.js';
import type { MerchantNotifications } from '../application/notifications/merchant-notifications.js';
import type { ConnectOnboarding } from '../application/payouts/connect-onboarding.js';
import type { OperatorPayoutActions } from '../application/payouts/operator-payout-actions.js';
import type { PayoutConfiguration } from '../application/payouts/payout-configuration.js';
import type { PayoutSinks } from '../application/payouts/payout-effects.js';
import type { PayoutMail } from '../application/payouts/payout-mail.js';
import type { ProcessPayouts } from '../application/payouts/process-payouts.js';
import type { AffiliatePortal } from '../application/portal/affiliate-portal.js';
import type { AcceptInvitation, JoinPublicCampaign } from '../application/portal/join-campaign.js';
import type { RequestSignInLink, SignInLinkSender, SignInWithLink } from '../application/portal/sign-in-links.js';
import type { ExportProgram } from '../application/porting/export-program.js';
import type { RunImports } from '../application/porting/run-imports.js';
import type { StartImport } from '../application/porting/start-import.js';
import type { AffiliateQueries } from '../application/ports/affiliate-queries.js';
import type { AffiliateRepository, MembershipRepository } from '../application/ports/affiliate-repository.js';
import type { ApiKeyLookup } from '../application/ports/api-key-lookup.js';
import type { ApiKeyRepository } from '../application/ports/api-key-repository.js';
import type { SqlAuditLog } from '../adapters/persistence/repositories/sql-audit-log.js';
import type { CampaignQueries } from '../application/ports/campaign-queries.js';
import type { CampaignRepository } from '../application/ports/campaign-repository.js';
import type { ClickRepository } from '../application/ports/click-repository.js';
import type { ClickTokens } from '../application/ports/click-tokens.js';
import type { ClockControl } from '../application/ports/clock.js';
import type { ClawbackTotals, CommissionAdjustments } from '../application/ports/commission-adjustments.js';
import type { PayoutAdjustments } from '../application/ports/payout-adjustments.js';
import type { ConfirmationStore } from '../application/ports/confirmation-store.js';
import type { ConnectorStore } from '../application/ports/connector-store.js';
import type { ConversionQueries } from '../application/ports/conversion-queries.js';
import type { ConversionRepository } from '../application/ports/conversion-repository.js';
import type { AffiliateStandings, CouponQueries, CouponRepository } from '../application/ports/coupon-repository.js';
import type { CustomerLeads } from '../application/ports/customer-leads.js';
import type { DailyFigures } from '../application/ports/daily-figures.js';
import type { EventOutbox } from '../application/ports/event-outbox.js';
import type { ExchangeRateFeed, ExchangeRateFetchLog } from '../application/ports/exchange-rate-feed.js';
import type { ExchangeRates } from '../application/ports/exchange-rates.js';
import type { IdGenerator } from '../application/ports/id-generator.js';
import type { IdempotencyRecords } from '../application/ports/idempotency-records.js';
import type { ImportRuns, ImportWriter } from '../application/ports/imports.js';
import type { IntegrationRepository } from '../application/ports/integration-repository.js';
import type { InvitationRepository } from '../application/ports/invitation-repository.js';
import type { DueJob, JobQueue, JobRegistry } from '../application/ports/jobs.js';
import type { LinkTokenStore } from '../application/ports/link-token-store.js';
import type { Logger } from '../application/ports/logger.js';
import type { MailQueue, MailTransport } from '../application/ports/mail-queue.js';
import type { Mailer } from '../application/ports/mailer.js';
import type { MerchantDirectory } from '../application/ports/merchant-directory.js';
import type { MerchantRepository } from '../application/ports/merchant-repository.js';
import type { MerchantSettingsRepository } from '../application/ports/merchant-settings-repository.js';
import type { MerchantUserRepository } from '../application/ports/merchant-user-repository.js';
import type { Notices } from '../application/ports/notices.js';
import type { NotificationRepository } from '../application/ports/notification-repository.js';
import type { PasswordHasher } from '../application/ports/password-hasher.js';
import type { SqlPayoutCredentialStore } from '../adapters/persistence/repositories/sql-payout-credential-store.js';
import type { PayoutProviders } from '../application/ports/payout-provider.js';
import type { PayoutQueries } from '../application/ports/payout-queries.js';
import type { PayoutQueue } from '../application/ports/payout-queue.js';
import type { PayoutRepository } from '../application/ports/payout-repository.js';
import type { PayoutSettingsRepository } from '../application/ports/payout-settings-repository.js';
import type { PortalQueries } from '../application/ports/portal-queries.js';
import type { ProgramExportReader } from '../application/ports/program-export-reader.js';
import type { IntegrationEvents, ProviderCustomers, ProviderPayments } from '../application/ports/provider-sales-ledger.js';
import type { PgBatchedRateLimiter } from '../adapters/persistence/rate-limit/pg-batched-rate-limiter.js';
import type { DisposableEmailDomains, RiskFacts } from '../application/ports/risk-facts.js';
import type { RiskFlagStore } from '../application/ports/risk-flag-store.js';
import type { RiskSettingsRepository } from '../application/ports/risk-settings-repository.js';
import type { SaleContexts } from '../application/ports/sale-context.js';
import type { SearchIndex } from '../application/ports/search-index.js';
import type { SecretBox } from '../application/ports/secret-box.js';
import type { StatsQueries } from '../application/ports/stats-queries.js';
import type { SqlTaxDetailsStore } from '../adapters/persistence/repositories/sql-tax-details-store.js';
import type { TaxPayoutHolds } from '../application/ports/tax-payout-holds.js';
import type { TeamQueries } from '../application/ports/team-queries.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import type { VisitorFingerprint } from '../application/ports/visitor-fingerprint.js';
import type { WebSessionStore } from '../application/ports/web-session-store.js';
import type { PendingOutboxEvents, WebhookDeliveryRepository, WebhookSubscriptionRepository } from '../application/ports/webhook-repositories.js';
import type { WebhookTransport } from '../application/ports/webhook-transport.js';
import type { AffiliateRisk } from '../application/risk/affiliate-risk.js';
import type { RiskRules } from '../application/risk/risk-rules.js';
import type { SaleRiskGate } from '../application/risk/sale-risk-gate.js';
import type { ApplyPaymentChange } from '../application/sales/apply-payment-change.js';
import type { IngestNotification, ProviderReaders } from '../application/sales/ingest-notification.js';
import type { RecordProviderSale } from '../application/sales/record-provider-sale.js';
import type { ReplayProviderSale } from '../application/sales/replay-provider-sale.js';
import type { Search } from '../application/search/search.js';
import type { GetDailySeries } from '../application/stats/daily-series.js';
import type { GetOverview } from '../application/stats/get-overview.js';
import type { GetStats } from '../application/stats/get-stats.js';
import type { SaveTaxDetails } from '../application/tax/save-tax-details.js';
import type { TaxDetailsGate } from '../application/tax/tax-details-gate.js';
import type { TaxDetailsReads } from '../application/tax/tax-details-reads.js';
import type { TaxSettings } from '../application/tax/tax-settings.js';
import type { TaxSummaries } from '../application/tax/tax-summaries.js';
import type { ManageTeams } from '../application/teams/manage-teams.js';
import type { PeriodSettlement, TeamStores } from '../application/teams/period-settlement.js';
import type { TeamAwards } from '../application/teams/team-awards.js';
import type { TeamGoals } from '../application/teams/team-goals.js';
import type { CloseAwardWindows, CloseGoalPeriods } from '../application/teams/team-jobs.js';
import type { TeamReads } from '../application/teams/team-reads.js';
import type { TeamRoster } from '../application/teams/team-roster.js';
import type { TrackingScript } from '../application/tracking-script/tracking-script.js';
import type { LinkTokens } from '../application/web-sessions/link-tokens.js';
import type { SignInThrottle } from '../application/web-sessions/sign-in-throttle.js';
import type { WebSessions } from '../application/web-sessions/web-sessions.js';
import type { DispatchWebhooks } from '../application/webhooks/dispatch-webhooks.js';
import type { CreateWebhook, ListWebhooks, RotateWebhookSecret, UpdateWebhook } from '../application/webhooks/manage-webhooks.js';
import type { WebhookAttempts } from '../application/webhooks/webhook-attempts.js';
import type { ListWebhookDeliveries, ResendWebhookDelivery, SendTestWebhook } from '../application/webhooks/webhook-deliveries.js';
import type { WebhookPauseNotice } from '../application/webhooks/webhook-pause-notice.js';
import type { ServiceConfig } from './config.js';
/** DI tokens, one per port or use case; only `bootstrap/` sees the container. */
export const TOKENS = {
  // The core: configuration, persistence, jobs, merchants, keys, audit and limits (container.ts).
  Config: token<ServiceConfig>('Config'),
  Orm: token<Orm>('Orm'),
  Pino: token<Pino>('Pino'),
  Logger: token<Logger>('Logger'),
  Clock: token<ClockControl>('Clock'),
  Ids: token<IdGenerator>('IdGenerator'),
  UnitOfWork: token<UnitOfWork>('UnitOfWork'),
  RequestScope: token<RequestScope>('RequestScope'),
  EventOutbox: token<EventOutbox>('EventOutbox'),
  JobRegistry: token<JobRegistry>('JobRegistry'),
  /** Every due job, registered by its module; the registry gets them once the container is complete, in registration order. */
  Job: token<DueJob>('Job'),
  JobQueue: token<JobQueue>('JobQueue'),
  MerchantRepository: token<MerchantRepository>('MerchantRepository'),
  MerchantDirectory: token<MerchantDirectory>('MerchantDirectory'),
  ApiKeyRepository: token<ApiKeyRepository>('ApiKeyRepository'),
  AuditLog: token<SqlAuditLog>('AuditLog'),
  NotificationRepository: token<NotificationRepository>('NotificationRepository'),
  RateLimiter: token<PgBatchedRateLimiter>('RateLimiter'),
  ApiKeyLookup: token<ApiKeyLookup>('ApiKeyLookup'),
  ChangeFeed: token<ChangeFeed>('ChangeFeed'),
  AuthenticateApiKey: token<AuthenticateApiKey>('AuthenticateApiKey'),
  CreateMerchant: token<CreateMerchant>('CreateMerchant'),
  UpdateMerchant: token<UpdateMerchant>('UpdateMerchant'),
  IssueApiKey: token<IssueApiKey>('IssueApiKey'),
  RevokeApiKey: token<RevokeApiKey>('RevokeApiKey'),
  RunDueJobs: token<RunDueJobs>('RunDueJobs'),
  // Campaigns, affiliates, invitations, clicks, exchange rates (modules/campaigns-affiliates.module.ts).
  CampaignRepository: token<CampaignRepository>('CampaignRepository'),
  CampaignQueries: token<CampaignQueries>('CampaignQueries'),
  AffiliateRepository: token<AffiliateRepository>('AffiliateRepository'),
  MembershipRepository: token<MembershipRepository>('MembershipRepository'),
  InvitationRepository: token<InvitationRepository>('InvitationRepository'),
  AffiliateQueries: token<AffiliateQueries>('AffiliateQueries'),
  ClickRepository: token<ClickRepository>('ClickRepository'),
  ClickWriter: token<PgBatchedClickWriter>('ClickWriter'),
  ExchangeRates: token<ExchangeRates>('ExchangeRates'),
  Mailer: token<Mailer>('Mailer'),
  VisitorFingerprint: token<VisitorFingerprint>('VisitorFingerprint'),
  ClickTokens: token<ClickTokens>('ClickTokens'),
  ClickLookup: token<ClickLookup>('ClickLookup'),
  TrackingLinks: token<TrackingLinks>('TrackingLinks'),
  CreateCampaign: token<CreateCampaign>('CreateCampaign'),
  ListCampaigns: token<ListCampaigns>('ListCampaigns'),
  GetCampaign: token<GetCampaign>('GetCampaign'),
  CreateAffiliate: token<CreateAffiliate>('CreateAffiliate'),
  InviteAffiliate: token<InviteAffiliate>('InviteAffiliate'),
  ListAffiliates: token<ListAffiliates>('ListAffiliates'),
  GetAffiliate: token<GetAffiliate>('GetAffiliate'),
  DecideMembership: token<DecideMembership>('DecideMembership'),
  SignUpAffiliate: token<SignUpAffiliate>('SignUpAffiliate'),
  SavePayoutDetails: token<SavePayoutDetails>('SavePayoutDetails'),
  RecordClick: token<RecordClick>('RecordClick'),
  LoadExchangeRates: token<LoadExchangeRates>('LoadExchangeRates'),
  ReadExchangeRates: token<ReadExchangeRates>('ReadExchangeRates'),
  ExchangeRateFeed: token<ExchangeRateFeed>('ExchangeRateFeed'),
  ExchangeRateFetchLog: token<ExchangeRateFetchLog>('ExchangeRateFetchLog'),
  RefreshExchangeRates: token<RefreshExchangeRates>('RefreshExchangeRates'),
  UpdateCampaign: token<UpdateCampaign>('UpdateCampaign'),
  ExpireCampaigns: token<ExpireCampaigns>('ExpireCampaigns'),
  ManageInvitations: token<ManageInvitations>('ManageInvitations'),
  ExpireInvitations: token<ExpireInvitations>('ExpireInvitations'),
  EditAffiliate: token<EditAffiliate>('EditAffiliate'),
  // Webhooks (modules/webhooks.module.ts).
  WebhookSubscriptionRepository: token<WebhookSubscriptionRepository>('WebhookSubscriptionRepository'),
  WebhookDeliveryRepository: token<WebhookDeliveryRepository>('WebhookDeliveryRepository'),
  PendingOutboxEvents: token<PendingOutboxEvents>('PendingOutboxEvents'),
  WebhookTransport: token<WebhookTransport>('WebhookTransport'),
  WebhookAttempts: token<WebhookAttempts>('WebhookAttempts'),
  WebhookPauseNotice: token<WebhookPauseNotice>('WebhookPauseNotice'),
  CreateWebhook: token<CreateWebhook>('CreateWebhook'),
  ListWebhooks: token<ListWebhooks>('ListWebhooks'),
  UpdateWebhook: token<UpdateWebhook>('UpdateWebhook'),
  RotateWebhookSecret: token<RotateWebhookSecret>('RotateWebhookSecret'),
  SendTestWebhook: token<SendTestWebhook>('SendTestWebhook'),
  ListWebhookDeliveries: token<ListWebhookDeliveries>('ListWebhookDeliveries'),
  ResendWebhookDelivery: token<ResendWebhookDelivery>('ResendWebhookDelivery'),
  DispatchWebhooks: token<DispatchWebhooks>('DispatchWebhooks'),
  // Hooks other modules call (any module may register one; resolved with `resolveAll`).
  ConversionChangeHook: token<ConversionChangeHook>('ConversionChangeHook'),
  PlanChangeHandler: token<PlanChangeHandler>('PlanChangeHandler'),
  MembershipSuspendedHook: token<MembershipSuspendedHook>('MembershipSuspendedHook'),
  // Browser sessions and emailed links, for the dashboard and the portal (modules/web-sessions.module.ts).
  WebSessionStore: token<WebSessionStore>('WebSessionStore'),
  LinkTokenStore: token<LinkTokenStore>('LinkTokenStore'),
  WebSessions: token<WebSessions>('WebSessions'),
  LinkTokens: token<LinkTokens>('LinkTokens'),
  SignInThrottle: token<SignInThrottle>('SignInThrottle'),
  // Dashboard users (modules/merchant-users.module.ts).
  MerchantUserRepository: token<MerchantUserRepository>('MerchantUserRepository'),
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  UserLinks: token<UserLinks>('UserLinks'),
  AddMerchantUser: token<AddMerchantUser>('AddMerchantUser'),
  UserPasswords: token<UserPasswords>('UserPasswords'),
  SignInMerchantUser: token<SignInMerchantUser>('SignInMerchantUser'),
  // The dashboard's own reads (modules/dashboard.module.ts).
  DailyFigures: token<DailyFigures>('DailyFigures'),
  GetDailySeries: token<GetDailySeries>('GetDailySeries'),
  // Mail: the durable outbox queue, its SMTP relay and the delivery job (modules/mail.module.ts).
  MailQueue: token<MailQueue>('MailQueue'),
  MailTransport: token<MailTransport>('MailTransport'),
  DeliverMail: token<DeliverMail>('DeliverMail'),
  OperatorMailActions: token<OperatorMailActions>('OperatorMailActions'),
  // Notifications (modules/notifications.module.ts).
  Notices: token<Notices>('Notices'),
  CommissionMail: token<CommissionMail>('CommissionMail'),
  MerchantSettingsRepository: token<MerchantSettingsRepository>('MerchantSettingsRepository'),
  UpdateMerchantSettings: token<UpdateMerchantSettings>('UpdateMerchantSettings'),
  VerifyCustomDomains: token<VerifyCustomDomains>('VerifyCustomDomains'),
  MerchantNotifications: token<MerchantNotifications>('MerchantNotifications'),
  // Idempotency keys (modules/idempotency.module.ts).
  IdempotencyRecords: token<IdempotencyRecords>('IdempotencyRecords'),
  IdempotencyGate: token<IdempotencyGate>('IdempotencyGate'),
  ForgetExpiredIdempotencyKeys: token<ForgetExpiredIdempotencyKeys>('ForgetExpiredIdempotencyKeys'),
  // Monthly partitions of the growing logs and their retention (modules/retention.module.ts).
  MonthlyPartitions: token<MonthlyPartitions>('MonthlyPartitions'),
  MaintainPartitions: token<MaintainPartitions>('MaintainPartitions'),
  // Conversions (modules/conversions.module.ts).
  ConversionRepository: token<ConversionRepository>('ConversionRepository'),
  ConversionQueries: token<ConversionQueries>('ConversionQueries'),
  SaleContexts: token<SaleContexts>('SaleContexts'),
  PayoutQueue: token<PayoutQueue>('PayoutQueue'),
  ConversionChangeSinks: token<ConversionChangeSinks>('ConversionChangeSinks'),
  CreateConversion: token<CreateConversion>('CreateConversion'),
  UpdateConversionStatus: token<UpdateConversionStatus>('UpdateConversionStatus'),
  OperatorConversionActions: token<OperatorConversionActions>('OperatorConversionActions'),
  CommissionAdjustments: token<CommissionAdjustments & PayoutAdjustments & ClawbackTotals>('CommissionAdjustments'),
  RefundConversion: token<RefundConversion>('RefundConversion'),
  AutoApproveConversions: token<AutoApproveConversions>('AutoApproveConversions'),
  // Coupons (modules/coupons.module.ts).
  CouponRepository: token<CouponRepository>('CouponRepository'),
  CouponQueries: token<CouponQueries>('CouponQueries'),
  AffiliateStandings: token<AffiliateStandings>('AffiliateStandings'),
  RegisterCoupon: token<RegisterCoupon>('RegisterCoupon'),
  UpdateCoupon: token<UpdateCoupon>('UpdateCoupon'),
  DeleteCoupon: token<DeleteCoupon>('DeleteCoupon'),
  /** For payment-provider notifications: a sale's discount → coupon, affiliate and campaign. */
  FindCouponForAttribution: token<FindCouponForAttribution>('FindCouponForAttribution'),
  // Customers and the tracking script (modules/customers.module.ts).
  CustomerLeads: token<CustomerLeads>('CustomerLeads'),
  LinkCustomer: token<LinkCustomer>('LinkCustomer'),
  TrackingScript: token<TrackingScript>('TrackingScript'),
  // Moving in and out: the program export and imports (modules/porting.module.ts).
  ProgramExportReader: token<ProgramExportReader>('ProgramExportReader'),
  ExportProgram: token<ExportProgram>('ExportProgram'),
  ImportRuns: token<ImportRuns>('ImportRuns'),
  ImportWriter: token<ImportWriter>('ImportWriter'),
  StartImport: token<StartImport>('StartImport'),
  RunImports: token<RunImports>('RunImports'),
  // Personal data on request (modules/privacy.module.ts).
  PersonalData: token<PersonalData>('PersonalData'),
  PersonalDataRequests: token<PersonalDataRequests>('PersonalDataRequests'),
  // Sales from payment providers (modules/sales.module.ts).
  IntegrationRepository: token<IntegrationRepository>('IntegrationRepository'),
  IntegrationEvents: token<IntegrationEvents>('IntegrationEvents'),
  ProviderCustomers: token<ProviderCustomers>('ProviderCustomers'),
  ProviderPayments: token<ProviderPayments>('ProviderPayments'),
  ProviderReaders: token<ProviderReaders>('ProviderReaders'),
  RecordProviderSale: token<RecordProviderSale>('RecordProviderSale'),
  ApplyPaymentChange: token<ApplyPaymentChange>('ApplyPaymentChange'),
  IngestNotification: token<IngestNotification>('IngestNotification'),
  ManageIntegrations: token<ManageIntegrations>('ManageIntegrations'),
  ReplayProviderSale: token<ReplayProviderSale>('ReplayProviderSale'),
  // Payouts (modules/payouts.module.ts).
  PayoutRepository: token<PayoutRepository>('PayoutRepository'),
  PayoutQueries: token<PayoutQueries>('PayoutQueries'),
  SandboxPayoutLedger: token<SandboxPayoutLedger>('SandboxPayoutLedger'),
  PayoutProviders: token<PayoutProviders>('PayoutProviders'),
  PayoutSinks: token<PayoutSinks>('PayoutSinks'),
  ProcessPayouts: token<ProcessPayouts>('ProcessPayouts'),
  OperatorPayoutActions: token<OperatorPayoutActions>('OperatorPayoutActions'),
  SecretBox: token<SecretBox>('SecretBox'),
  PayoutCredentialStore: token<SqlPayoutCredentialStore>('PayoutCredentialStore'),
  PayoutSettingsRepository: token<PayoutSettingsRepository>('PayoutSettingsRepository'),
  PayoutConfiguration: token<PayoutConfiguration>('PayoutConfiguration'),
  ConnectOnboarding: token<ConnectOnboarding>('ConnectOnboarding'),
  PayoutMail: token<PayoutMail>('PayoutMail'),
  HostedImportFetches: token<HostedImportFetches>('HostedImportFetches'),
  FetchHostedImports: token<FetchHostedImports>('FetchHostedImports'),
  // Teams, goals and awards (modules/teams.module.ts).
  TeamStores: token<TeamStores>('TeamStores'),
  TeamQueries: token<TeamQueries>('TeamQueries'),
  PeriodSettlement: token<PeriodSettlement>('PeriodSettlement'),
  ManageTeams: token<ManageTeams>('ManageTeams'),
  TeamRoster: token<TeamRoster>('TeamRoster'),
  TeamGoals: token<TeamGoals>('TeamGoals'),
  TeamAwards: token<TeamAwards>('TeamAwards'),
  TeamReads: token<TeamReads>('TeamReads'),
  CloseGoalPeriods: token<CloseGoalPeriods>('CloseGoalPeriods'),
  CloseAwardWindows: token<CloseAwardWindows>('CloseAwardWindows'),
  // The affiliate portal (modules/portal.module.ts).
  PortalQueries: token<PortalQueries>('PortalQueries'),
  AffiliatePortal: token<AffiliatePortal>('AffiliatePortal'),
  SignInLinkSender: token<SignInLinkSender>('SignInLinkSender'),
  RequestSignInLink: token<RequestSignInLink>('RequestSignInLink'),
  SignInWithLink: token<SignInWithLink>('SignInWithLink'),
  JoinPublicCampaign: token<JoinPublicCampaign>('JoinPublicCampaign'),
  AcceptInvitation: token<AcceptInvitation>('AcceptInvitation'),
  // Statistics and search (modules/stats-search.module.ts).
  StatsQueries: token<StatsQueries>('StatsQueries'),
  SearchIndex: token<SearchIndex>('SearchIndex'),
  GetStats: token<GetStats>('GetStats'),
  GetOverview: token<GetOverview>('GetOverview'),
  Search: token<Search>('Search'),
  // The assistant tools' money-move confirmations (modules/mcp.module.ts).
  ConfirmationStore: token<ConfirmationStore>('ConfirmationStore'),
  Confirmations: token<Confirmations>('Confirmations'),
  ForgetExpiredConfirmations: token<ForgetExpiredConfirmations>('ForgetExpiredConfirmations'),
  // Risk signals, rules and flags (modules/risk.module.ts).
  RiskSettingsRepository: token<RiskSettingsRepository>('RiskSettingsRepository'),
  RiskFacts: token<RiskFacts>('RiskFacts'),
  RiskFlagStore: token<RiskFlagStore>('RiskFlagStore'),
  DisposableEmailDomains: token<DisposableEmailDomains>('DisposableEmailDomains'),
  SaleRiskGate: token<SaleRiskGate>('SaleRiskGate'),
  RiskRules: token<RiskRules>('RiskRules'),
  AffiliateRisk: token<AffiliateRisk>('AffiliateRisk'),
  AffiliateBanStore: token<AffiliateBanStore>('AffiliateBanStore'),
  BanAffiliate: token<BanAffiliate>('BanAffiliate'),
  ListRiskReviews: token<ListRiskReviews>('ListRiskReviews'),
  UnbanAffiliate: token<UnbanAffiliate>('UnbanAffiliate'),
  // Tax details (tax.module.ts).
  TaxDetailsStore: token<SqlTaxDetailsStore>('TaxDetailsStore'),
  SaveTaxDetails: token<SaveTaxDetails>('SaveTaxDetails'),
  TaxDetailsReads: token<TaxDetailsReads>('TaxDetailsReads'),
  TaxPayoutHolds: token<TaxPayoutHolds>('TaxPayoutHolds'),
  TaxDetailsGate: token<TaxDetailsGate>('TaxDetailsGate'),
  TaxSettings: token<TaxSettings>('TaxSettings'),
  TaxSummaries: token<TaxSummaries>('TaxSummaries'),
  InvoiceStore: token<InvoiceStore>('InvoiceStore'),
  IssueInvoices: token<IssueInvoices>('IssueInvoices'),
  InvoiceReads: token<InvoiceReads>('InvoiceReads'),
  InvoiceSettings: token<InvoiceSettingsUseCase>('InvoiceSettings'),
  // The OAuth connectors of the assistant endpoint (modules/mcp.module.ts).
  ConnectorStore: token<ConnectorStore>('ConnectorStore'),
  OAuthConnectors: token<OAuthConnectors>('OAuthConnectors'),
  ForgetExpiredConnectorTokens: token<ForgetExpiredConnectorTokens>('ForgetExpiredConnectorTokens'),
} as const;
