import type { DependencyContainer } from 'tsyringe';
import type { McpDependencies } from '../../adapters/mcp/mcp.routes.js';
import { assistantTools } from '../../adapters/mcp/tools/index.js';
import { TOKENS as T } from '../tokens.js';
import { CONVERSION_TOKENS } from './conversions.module.js';
import { COUPON_TOKENS } from './coupons.module.js';
import { STATS_SEARCH_TOKENS } from './stats-search.module.js';
import type { ServiceConfig } from '../config.js';

/**
 * The assistant tool interface adds no adapter of its own: its tools call the use cases
 * and read ports the REST routes use, resolved here, and it audits through the same AuditLog.
 */
export const mcpDependencies = (c: DependencyContainer): McpDependencies => ({
  tools: assistantTools({
    createConversion: c.resolve(CONVERSION_TOKENS.CreateConversion),
    updateConversionStatus: c.resolve(CONVERSION_TOKENS.UpdateConversionStatus),
    conversionQueries: c.resolve(CONVERSION_TOKENS.ConversionQueries),
    getCampaign: c.resolve(T.GetCampaign),
    getAffiliate: c.resolve(T.GetAffiliate),
    updateCampaign: c.resolve(T.UpdateCampaign),
    decideMembership: c.resolve(T.DecideMembership),
    couponQueries: c.resolve(COUPON_TOKENS.CouponQueries),
    getOverview: c.resolve(STATS_SEARCH_TOKENS.GetOverview),
    search: c.resolve(STATS_SEARCH_TOKENS.Search),
    publicBaseUrl: c.resolve<ServiceConfig>(T.Config).publicBaseUrl,
  }),
  auditLog: c.resolve(T.AuditLog),
  ids: c.resolve(T.Ids),
  clock: c.resolve(T.Clock),
});
