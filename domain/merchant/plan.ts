export const PLANS = ['professional', 'ultimate', 'scale'] as const;
export type Plan = (typeof PLANS)[number];

const RANK: Record<Plan, number> = { professional: 0, ultimate: 1, scale: 2 };
const REQUESTS_PER_MINUTE: Record<Plan, number> = { professional: 60, ultimate: 300, scale: 1000 };

/** Whether `plan` is `minimum` or above (Pro < Ultimate < Scale). */
export const planMeets = (plan: Plan, minimum: Plan): boolean => RANK[plan] >= RANK[minimum];

/** Write keys exist on Ultimate and Scale; every Pro key is read-only. */
/** A connected portal domain serves the merchant's portal and tracking links on Ultimate and Scale. */
export const planAllowsCustomDomain = (plan: Plan): boolean => planMeets(plan, 'ultimate');
/** The same rule as a list, for SQL that selects merchants by it. */
export const CUSTOM_DOMAIN_PLANS: readonly Plan[] = PLANS.filter(planAllowsCustomDomain);

export const planAllowsWriteKeys = (plan: Plan): boolean => planMeets(plan, 'ultimate');

export const requestsPerMinute = (plan: Plan): number => REQUESTS_PER_MINUTE[plan];
