import type { Container } from '../token.js';
import type { McpDependencies } from '../../adapters/mcp/mcp.routes.js';
import { assistantTools } from '../../adapters/mcp/tools/index.js';
import { SqlConfirmationStore } from '../../adapters/persistence/repositories/sql-confirmation-store.js';
import { SqlConnectorStore } from '../../adapters/persistence/repositories/sql-connector-store.js';
import { OAuthConnectors } from '../../application/connectors/oauth-connectors.js';
import { ForgetExpiredConnectorTokens } from '../../application/connectors/forget-expired-connector-tokens.js';
import { Confirmations } from '../../application/assistant/confirmations.js';
import { ForgetExpiredConfirmations } from '../../application/assistant/forget-expired-confirmations.js';
import { single } from './single.js';
import { TOKENS as T } from '../tokens.js';

/** The confirmation tokens of money-move previews, the job that forgets expired ones, and the OAuth connectors. */
export const registerMcp = (c: Container): void => {
  c.register(T.ConnectorStore, single((r) => new SqlConnectorStore(r.resolve(T.Orm))));
  c.register(
    T.OAuthConnectors,
    single((r) => new OAuthConnectors(r.resolve(T.ConnectorStore), r.resolve(T.MerchantUserRepository), r.resolve(T.MerchantRepository), r.resolve(T.Ids), r.resolve(T.Clock))),
  );
  c.register(T.ConfirmationStore, single((r) => new SqlConfirmationStore(r.resolve(T.Orm))));
  c.register(T.Confirmations, single((r) => new Confirmations(r.resolve(T.ConfirmationStore), r.resolve(T.Clock))));
  c.register(T.ForgetExpiredConfirmations, single((r) => new ForgetExpiredConfirmations(r.resolve(T.ConfirmationStore))));
  c.register(T.Job, single((r) => r.resolve(T.ForgetExpiredConfirmations)));
  c.register(T.ForgetExpiredConnectorTokens, single((r) => new ForgetExpiredConnectorTokens(r.resolve(T.ConnectorStore))));
  c.register(T.Job, single((r) => r.resolve(T.ForgetExpiredConnectorTokens)));
};

/**
 * The assistant tool interface adds no adapter of its own: its tools call the use cases
 * and read ports the REST routes use, resolved here, and it audits through the same AuditLog.
 */
export const mcpDependencies = (c: Container): McpDependencies => ({
  tools: assistantTools({
    createConversion: c.resolve(T.CreateConversion),
    updateConversionStatus: c.resolve(T.UpdateConversionStatus),
    conversionQueries: c.resolve(T.ConversionQueries),
    riskFlags: c.resolve(T.RiskFlagStore),
    getCampaign: c.resolve(T.GetCampaign),
    getAffiliate: c.resolve(T.GetAffiliate),
    updateCampaign: c.resolve(T.UpdateCampaign),
    decideMembership: c.resolve(T.DecideMembership),
    couponQueries: c.resolve(T.CouponQueries),
    getOverview: c.resolve(T.GetOverview),
    search: c.resolve(T.Search),
    publicBaseUrl: c.resolve(T.Config).publicBaseUrl,
  }),
  money: {
    confirmations: c.resolve(T.Confirmations),
    conversionQueries: c.resolve(T.ConversionQueries),
    payoutQueries: c.resolve(T.PayoutQueries),
    awards: c.resolve(T.TeamStores).awards,
    teams: c.resolve(T.TeamStores).teams,
    teamQueries: c.resolve(T.TeamQueries),
    affiliates: c.resolve(T.AffiliateRepository),
    memberships: c.resolve(T.MembershipRepository),
    bans: c.resolve(T.AffiliateBanStore),
    getCampaign: c.resolve(T.GetCampaign),
    clock: c.resolve(T.Clock),
  },
  auditLog: c.resolve(T.AuditLog),
  ids: c.resolve(T.Ids),
  clock: c.resolve(T.Clock),
});
