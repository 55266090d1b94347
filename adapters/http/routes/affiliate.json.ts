import { z } from '@hono/zod-openapi';
import type { AffiliateListItem } from '../../../application/affiliates/tracking-links.js';
import type { AffiliateDetail } from '../../../application/affiliates/get-affiliate.js';
import { INVITATION_STATUSES, type Affiliate, type AffiliateInvitation } from '../../../domain/index.js';
import { RiskSchema } from './risk.json.js';
import { moneyNumber } from '../money.json.js';

const PayoutMethodSchema = z.enum(['connect', 'wallet_a', 'transfer_b']);

export const AffiliateListItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    status: z.enum(['approved', 'pending', 'rejected', 'suspended']).openapi({ description: 'The membership status on this campaign' }),
    campaignId: z.string(),
    campaignName: z.string(),
    joinedAt: z.string(),
    payoutMethod: PayoutMethodSchema.nullable(),
    payoutEmail: z.string().nullable().openapi({ description: 'For wallet_a and transfer_b; null for connect' }),
    payoutDetailsCompleted: z.boolean(),
    trackingLink: z.string(),
    createdVia: z.enum(['api', 'signup']),
    isTest: z.boolean(),
    notes: z.string().openapi({ description: "The merchant's notes on the affiliate; never shown to the affiliate", 'x-extension': true }),
    tags: z.array(z.string()).openapi({ description: "The merchant's tags on the affiliate", 'x-extension': true }),
  })
  .openapi('AffiliateListItem');

const money = z.number();
export const AffiliateDetailSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    isTest: z.boolean(),
    createdVia: z.enum(['api', 'signup']),
    payoutMethod: PayoutMethodSchema.nullable(),
    payoutEmail: z.string().nullable(),
    payoutDetailsCompleted: z.boolean(),
    createdAt: z.string(),
    notes: z.string().openapi({ description: "The merchant's notes on the affiliate; never shown to the affiliate", 'x-extension': true }),
    tags: z.array(z.string()).openapi({ description: "The merchant's tags on the affiliate", 'x-extension': true }),
    campaigns: z.array(
      z.object({
        campaignId: z.string(),
        campaignName: z.string(),
        status: z.enum(['approved', 'pending', 'rejected', 'suspended']),
        joinedAt: z.string(),
      }),
    ),
    earnings: z.object({
      totalRevenue: money,
      totalCommissions: money,
      totalConversions: z.number().int(),
      uniqueClicks: z.number().int(),
      byCurrency: z.array(
        z.object({ currency: z.string(), revenue: money, commissions: money, conversions: z.number().int() }),
      ),
      clawbacks: z
        .array(z.object({ currency: z.string(), clawedBack: money, owed: money }))
        .openapi({ 'x-extension': true, description: 'Commission taken back by refunds of already paid sales, per currency; `owed` is what the next payments will net' }),
    }),
    risk: RiskSchema.optional(),
  })
  .openapi('AffiliateDetail');

export const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    campaignId: z.string(),
    status: z.enum(INVITATION_STATUSES).openapi({ description: '`pending` when sent; then `accepted`, `revoked` or `expired` (all final)' }),
    isTest: z.boolean(),
    createdAt: z.string(),
    expiresAt: z.string().openapi({ description: 'When the link stops working unless resent', 'x-extension': true }),
    sentAt: z.string().openapi({ description: 'The last time it was sent', 'x-extension': true }),
    sendCount: z.number().int().openapi({ description: 'How many times it was sent, the first time included', 'x-extension': true }),
  })
  .openapi('AffiliateInvitation', {
    example: {
      id: '0193a5e0-7c1d-7b2e-9f00-4a1b2c3d4e5f',
      email: 'ada@example.com',
      name: 'Ada',
      campaignId: '0193a5df-1111-7b2e-9f00-4a1b2c3d4e5f',
      status: 'pending',
      isTest: false,
      createdAt: '2026-11-26T10:00:00.000Z',
      expiresAt: '2026-12-10T10:00:00.000Z',
      sentAt: '2026-11-26T10:00:00.000Z',
      sendCount: 1,
    },
  });

const payoutFields = (a: Affiliate) => ({
  payoutMethod: a.payoutMethod,
  payoutEmail: a.payoutMethod === 'connect' ? null : a.payoutEmail,
  payoutDetailsCompleted: a.payoutDetailsCompletedAt !== null,
});

export const affiliateListItemJson = (item: AffiliateListItem): z.infer<typeof AffiliateListItemSchema> => ({
  id: item.affiliate.id,
  name: item.affiliate.name,
  email: item.affiliate.email,
  status: item.status,
  campaignId: item.campaignId,
  campaignName: item.campaignName,
  joinedAt: item.joinedAt.toISOString(),
  ...payoutFields(item.affiliate),
  trackingLink: item.trackingLink,
  createdVia: item.affiliate.createdVia,
  isTest: item.affiliate.isTest,
  notes: item.affiliate.notes,
  tags: [...item.affiliate.tags],
});

export const affiliateDetailJson = (d: AffiliateDetail): z.infer<typeof AffiliateDetailSchema> => ({
  id: d.affiliate.id,
  name: d.affiliate.name,
  email: d.affiliate.email,
  isTest: d.affiliate.isTest,
  createdVia: d.affiliate.createdVia,
  ...payoutFields(d.affiliate),
  createdAt: d.affiliate.createdAt.toISOString(),
  notes: d.affiliate.notes,
  tags: [...d.affiliate.tags],
  campaigns: d.campaigns.map((c) => ({
    campaignId: c.campaignId,
    campaignName: c.campaignName,
    status: c.status,
    joinedAt: c.joinedAt.toISOString(),
  })),
  earnings: {
    totalRevenue: moneyNumber(d.earnings.totalRevenue),
    totalCommissions: moneyNumber(d.earnings.totalCommissions),
    totalConversions: d.earnings.totalConversions,
    uniqueClicks: d.earnings.uniqueClicks,
    byCurrency: d.earnings.byCurrency.map((c) => ({
      currency: c.currency,
      revenue: moneyNumber(c.revenue),
      commissions: moneyNumber(c.commissions),
      conversions: c.conversions,
    })),
    clawbacks: d.earnings.clawbacks.map((c) => ({ currency: c.currency, clawedBack: moneyNumber(c.clawedBack), owed: moneyNumber(c.owed) })),
  },
});

export const invitationJson = (i: AffiliateInvitation): z.infer<typeof InvitationSchema> => ({
  id: i.id,
  email: i.email,
  name: i.name,
  campaignId: i.campaignId,
  status: i.status,
  isTest: i.mode === 'test',
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
  sentAt: i.sentAt.toISOString(),
  sendCount: i.sendCount,
});
