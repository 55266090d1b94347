import { z } from '@hono/zod-openapi';
import type { GetAffiliate } from '../../../application/affiliates/get-affiliate.js';
import type { GetCampaign } from '../../../application/campaigns/get-campaign.js';
import type { ConversionQueries } from '../../../application/ports/conversion-queries.js';
import type { CouponQueries } from '../../../application/ports/coupon-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { ApiError } from '../../http/api-error.js';
import { affiliateDetailJson, AffiliateDetailSchema } from '../../http/routes/affiliate.json.js';
import { campaignDetailJson, CampaignDetailSchema } from '../../http/routes/campaign.json.js';
import { conversionJson, ConversionSchema } from '../../http/routes/conversion.json.js';
import { couponJson, CouponSchema } from '../../http/routes/coupon.json.js';
import { requireId } from '../../http/routes/path-id.js';
import { defineTool } from '../tool.js';
import { risksOf } from '../../http/routes/risk.json.js';
import type { RiskFlagStore } from '../../../application/ports/risk-flag-store.js';

export interface FetchToolDependencies {
  readonly getCampaign: GetCampaign;
  readonly getAffiliate: GetAffiliate;
  readonly couponQueries: CouponQueries;
  readonly conversionQueries: ConversionQueries;
  /** The flags risk signals left: the `risk` field the GET endpoints answer. */
  readonly riskFlags: RiskFlagStore;
}

/** The kinds a composite id names (spec: Search result), each resolved as its GET-by-id endpoint does. */
export const FETCH_KINDS = ['campaign', 'affiliate', 'coupon', 'conversion'] as const;
type Kind = (typeof FETCH_KINDS)[number];

export const FetchToolInput = z.object({
  id: z
    .string()
    .regex(/^(campaign|affiliate|coupon|conversion):\S+$/, 'must be <type>:<id> with type campaign, affiliate, coupon or conversion')
    .describe('A composite id as search returns it: campaign:<id>, affiliate:<id>, coupon:<id> or conversion:<id>'),
});

const splitId = (composite: string): { kind: Kind; id: string } => {
  const at = composite.indexOf(':');
  return { kind: composite.slice(0, at) as Kind, id: composite.slice(at + 1) };
};

const resolvers = (deps: FetchToolDependencies): Record<Kind, (tenant: Tenant, id: string) => Promise<unknown>> => ({
  // GET /campaigns/:id
  async campaign(tenant, id) {
    const result = await deps.getCampaign.execute(tenant, requireId(id, 'Campaign'));
    if (result.isErr()) throw ApiError.from(result.error);
    return campaignDetailJson(result.value);
  },
  // GET /affiliates/:id
  async affiliate(tenant, id) {
    const affiliateId = requireId(id, 'Affiliate');
    const result = await deps.getAffiliate.execute(tenant, affiliateId);
    if (result.isErr()) throw ApiError.from(result.error);
    const risk = await risksOf(deps.riskFlags, tenant, 'affiliate', [affiliateId]);
    return { ...affiliateDetailJson(result.value), risk: risk(affiliateId) };
  },
  // GET /coupons/:id
  async coupon(tenant, id) {
    const found = await deps.couponQueries.get(tenant, requireId(id, 'Coupon'));
    if (!found) throw new ApiError('not_found', 'Coupon not found');
    return couponJson(found);
  },
  // GET /conversions/:id
  async conversion(tenant, id) {
    const detail = await deps.conversionQueries.get(tenant, requireId(id, 'Conversion'));
    if (!detail) throw new ApiError('not_found', 'Conversion not found');
    const risk = await risksOf(deps.riskFlags, tenant, 'conversion', [detail.conversion.id]);
    return { ...conversionJson(detail.conversion, detail.campaignName), risk: risk(detail.conversion.id) };
  },
});

export const fetchTool = (deps: FetchToolDependencies) => {
  const resolve = resolvers(deps);
  return defineTool({
    name: 'fetch',
    title: 'Fetch one object by its composite id',
    description:
      'Returns one campaign, affiliate, coupon or conversion by a composite id such as conversion:<id> (the ids search returns), ' +
      'exactly as the matching GET /api/v1/<campaigns|affiliates|coupons|conversions>/{id} does. Only objects of this merchant and ' +
      "of the key's mode are found (a live key sees live data, a test key test data); anything else is not_found.",
    input: FetchToolInput,
    // Whichever object the id names, as its GET-by-id endpoint's schema gives it.
    output: z.union([CampaignDetailSchema, AffiliateDetailSchema, CouponSchema, ConversionSchema]),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(args, ctx) {
      const { kind, id } = splitId(args.id);
      return resolve[kind](ctx.tenant, id);
    },
  });
};
