import { err, ok, type Result } from 'neverthrow';
import {
  checkWebsiteUrl,
  domainError,
  MAX_INVITATION_EXPIRY_DAYS,
  MAX_PAYOUT_HOLDING_DAYS,
  parseBrandColour,
  parseCurrency,
  parseEmailNotices,
  parsePortalDomain,
  parsePortalLogo,
  type DomainError,
  type FieldProblem,
  type Merchant,
} from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { MerchantSettings, MerchantSettingsRepository } from '../ports/merchant-settings-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';

/** What the merchant's owner may change; absent fields stay as they are. */
export interface MerchantSettingsChanges {
  readonly businessName?: string;
  /** The merchant's website (http or https), or null to remove it. */
  readonly websiteUrl?: string | null;
  readonly payoutHoldingDays?: number;
  readonly invitationExpiryDays?: number;
  readonly reportingCurrency?: string;
  /** A host name to prove, or null to stop using a custom domain. */
  readonly customDomain?: string | null;
  readonly brandColour?: string | null;
  /** New logo bytes, or null to remove the logo. */
  readonly logo?: Uint8Array | null;
  readonly emailNotices?: readonly string[];
}

export interface MerchantWithSettings {
  readonly merchant: Merchant;
  readonly settings: MerchantSettings;
}

const wholeIn = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** The operator API's rules (`PATCH /admin/v1/merchants/{id}`) for the fields it shares with this page. */
const operatorFieldProblems = (changes: MerchantSettingsChanges): FieldProblem[] => {
  const problems: FieldProblem[] = [];
  const name = changes.businessName?.trim();
  if (name !== undefined && (name.length < 1 || name.length > 200)) problems.push({ field: 'businessName', message: 'Enter 1 to 200 characters' });
  if (changes.payoutHoldingDays !== undefined && !wholeIn(changes.payoutHoldingDays, 0, MAX_PAYOUT_HOLDING_DAYS)) {
    problems.push({ field: 'payoutHoldingDays', message: `Enter a whole number from 0 to ${MAX_PAYOUT_HOLDING_DAYS}` });
  }
  if (changes.invitationExpiryDays !== undefined && !wholeIn(changes.invitationExpiryDays, 1, MAX_INVITATION_EXPIRY_DAYS)) {
    problems.push({ field: 'invitationExpiryDays', message: `Enter a whole number from 1 to ${MAX_INVITATION_EXPIRY_DAYS}` });
  }
  if (changes.websiteUrl !== undefined) checkWebsiteUrl(changes.websiteUrl).mapErr((e) => problems.push(...(e.details ?? [])));
  if (changes.reportingCurrency !== undefined) {
    parseCurrency(changes.reportingCurrency, 'reportingCurrency').mapErr((e) => problems.push(...(e.details ?? [])));
  }
  return problems;
};

const toDataUrl = (contentType: string, bytes: Uint8Array) => `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`;

/**
 * The dashboard's merchant settings: the operator's fields under the operator API's rules, plus a
 * portal domain to prove by DNS, the portal's brand and the notices sent by email. All fields are
 * checked first; nothing changes unless every one is valid.
 */
export class UpdateMerchantSettings {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly settings: MerchantSettingsRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async read(merchantId: string): Promise<MerchantWithSettings | null> {
    const [merchant, settings] = await Promise.all([this.merchants.findById(merchantId), this.settings.find(merchantId)]);
    return merchant ? { merchant, settings } : null;
  }

  execute(merchantId: string, changes: MerchantSettingsChanges): Promise<Result<MerchantWithSettings, DomainError>> {
    const problems = operatorFieldProblems(changes);
    const domain = changes.customDomain ? parsePortalDomain(changes.customDomain) : null;
    const colour = changes.brandColour ? parseBrandColour(changes.brandColour) : null;
    const logo = changes.logo ? parsePortalLogo(changes.logo) : null;
    for (const r of [domain, colour, logo]) r?.mapErr((e) => problems.push(...(e.details ?? [])));
    if (changes.emailNotices && parseEmailNotices(changes.emailNotices).length !== new Set(changes.emailNotices).size) {
      problems.push({ field: 'emailNotices', message: 'Choose among the notices listed' });
    }
    if (problems.length > 0) return Promise.resolve(err(domainError('validation_error', `Check ${problems.map((p) => p.field).join(', ')}`, problems)));

    return this.uow.transaction(async () => {
      const before = await this.merchants.findByIdForUpdate(merchantId);
      if (!before) return err(notFound('Merchant'));
      const now = this.clock.now();
      const current = await this.settings.findForUpdate(merchantId, now);
      const currency = changes.reportingCurrency === undefined ? undefined : parseCurrency(changes.reportingCurrency)._unsafeUnwrap();
      let merchant: Merchant = {
        ...before,
        ...(changes.businessName === undefined ? {} : { businessName: changes.businessName.trim() }),
        ...(changes.websiteUrl === undefined ? {} : { websiteUrl: checkWebsiteUrl(changes.websiteUrl)._unsafeUnwrap() }),
        ...(changes.payoutHoldingDays === undefined ? {} : { payoutHoldingDays: changes.payoutHoldingDays }),
        ...(changes.invitationExpiryDays === undefined ? {} : { invitationExpiryDays: changes.invitationExpiryDays }),
        ...(currency === undefined ? {} : { reportingCurrency: currency }),
        updatedAt: now,
      };
      let requestedDomain = current.requestedDomain;
      if (changes.customDomain === null) {
        // No custom domain: the portal answers on the service's address only, at once.
        merchant = { ...merchant, customDomain: null };
        requestedDomain = null;
      } else if (domain?.isOk()) {
        const host = domain.value;
        if (host === before.customDomain) requestedDomain = null;
        else if (host !== requestedDomain?.domain) {
          // The domain in use (if any) keeps working until the new one is proven.
          requestedDomain = { domain: host, token: this.ids.next().replace(/-/g, ''), status: 'pending', requestedAt: now, checkedAt: null };
        }
      }
      const next: MerchantSettings = {
        ...current,
        requestedDomain,
        brandColour: changes.brandColour === undefined ? current.brandColour : (colour?.isOk() ? colour.value : null),
        logoDataUrl: changes.logo === undefined ? current.logoDataUrl : logo?.isOk() ? toDataUrl(logo.value.contentType, logo.value.bytes) : null,
        emailNotices: changes.emailNotices === undefined ? current.emailNotices : parseEmailNotices(changes.emailNotices),
        updatedAt: now,
      };
      await this.merchants.update(merchant);
      await this.settings.save(next);
      return ok({ merchant, settings: next });
    });
  }

  /** A failed (or pending) domain is looked for again, with a fresh window; the token stays, so the record already added still counts. */
  retryDomain(merchantId: string): Promise<void> {
    return this.uow.transaction(async () => {
      const now = this.clock.now();
      const current = await this.settings.findForUpdate(merchantId, now);
      const requested = current.requestedDomain;
      if (!requested || requested.status === 'verified') return;
      await this.settings.save({ ...current, requestedDomain: { ...requested, status: 'pending', requestedAt: now, checkedAt: null }, updatedAt: now });
    });
  }
}
