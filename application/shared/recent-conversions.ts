/** How many of the newest conversions a campaign's detail and the overview list (docs/api/campaigns.md, stats). */
export const RECENT_CONVERSIONS = 10;
