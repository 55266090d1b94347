/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { MerchantSettingsChanges, UpdateMerchantSettings } from '../../../application/merchants/update-merchant-settings.js';
import type { VerifyCustomDomains } from '../../../application/merchants/verify-custom-domains.js';
import { domainVerificationRecord, EMAIL_NOTICE_CHOICES, MAX_LOGO_BYTES, type EmailNoticeChoice } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, noticeOf, page, refusal, type DashboardContext, type Form } from '../page-kit.js';
import { ErrorBox, FieldError, invalidIf, Notice, shortDate, TextField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';

export interface MerchantSettingsPageDependencies {
  readonly update: UpdateMerchantSettings;
  readonly verify: Pick<VerifyCustomDomains, 'check'>;
}

const PATH = '/dashboard/settings';

const CHOICE_LABELS: Record<EmailNoticeChoice, { label: string; hint: string }> = {
  new_application: { label: 'New applications', hint: 'someone applies to a campaign that needs your approval' },
  first_sale: { label: "An affiliate's first sale", hint: 'the first conversion an affiliate brings' },
  flagged_sale: { label: 'Flagged sales', hint: 'a sale your risk checks flagged or held, to review' },
  payouts_due: { label: 'Payouts due', hint: 'commissions are scheduled to be paid: pay or fund them' },
  failures: { label: 'Failures', hint: 'a paused webhook, a refused payout, rejected provider signatures, a domain not proven' },
};

const STATUS_TEXT = { pending: 'waiting for the DNS record', verified: 'verified', failed: 'not found: check the record, then check again' } as const;

const wholeOrText = (value: string | undefined): number | undefined => (value === undefined || value === '' ? undefined : Number(value));

type Section = 'business' | 'domain' | 'branding' | 'notices';

/** Owners only: members see why instead of the forms, as the operator's fields are the account's. */
const ownerOnly = (c: DashboardContext) => {
  if (c.get('user').role !== 'owner') throw new ApiError('insufficient_permissions', 'Only an owner of the account can change its settings');
};

/**
 * The merchant's settings (owners only): the fields only the operator API set before, under its
 * rules, plus the portal's domain (proved by a DNS TXT record a job looks for), its logo and colour,
 * and which notices also come by email. Every change is audited as any dashboard write.
 */
export const merchantSettingsRoutes = (deps: MerchantSettingsPageDependencies) => {
  const view = async (c: DashboardContext, failed?: { section: Section; form: Form; problem: Problem }, status: 200 | 400 | 404 = 200) => {
    ownerOnly(c);
    const found = await deps.update.read(c.get('principal').merchant.id);
    if (!found) throw new ApiError('not_found', 'Merchant not found');
    const { merchant, settings } = found;
    const csrf = c.get('webSession')!.csrfToken;
    const problemOf = (s: Section) => (failed?.section === s ? failed.problem : null);
    const formOfSection = (s: Section, fallback: Form): Form => (failed?.section === s ? failed.form : fallback);
    const business = formOfSection('business', {
      businessName: merchant.businessName,
      websiteUrl: merchant.websiteUrl ?? '',
      payoutHoldingDays: String(merchant.payoutHoldingDays),
      invitationExpiryDays: String(merchant.invitationExpiryDays),
      reportingCurrency: merchant.reportingCurrency.toUpperCase(),
    });
    const requested = settings.requestedDomain;
    const domainForm = formOfSection('domain', { customDomain: requested?.domain ?? merchant.customDomain ?? '' });
    const brandForm = formOfSection('branding', { brandColour: settings.brandColour ?? '' });
    const record = requested && requested.status !== 'verified' ? domainVerificationRecord(requested.domain, requested.token) : null;
    return page(
      c,
      'Settings',
      PATH,
      <>
        <Notice text={noticeOf(c)} />
        <section aria-labelledby="business">
          <h2 id="business">Business</h2>
          <ErrorBox problem={problemOf('business')} />
          <form method="post" action={`${PATH}/business`} class="stack">
            <CsrfField token={csrf} />
            <TextField form={business} problem={problemOf('business')} name="businessName" label="Business name" maxlength={200} required hint="Shown to affiliates in the portal and in emails" />
            <TextField form={business} problem={problemOf('business')} name="websiteUrl" label="Website" type="url" maxlength={2048} hint="Where visitors of a campaign without a target URL are sent; empty sends them to your affiliate portal" />
            <TextField form={business} problem={problemOf('business')} name="payoutHoldingDays" label="Holding days" type="number" min={0} hint="Days from a commission's approval to its first payout, so refunds can come in first" />
            <TextField form={business} problem={problemOf('business')} name="invitationExpiryDays" label="Invitation expiry (days)" type="number" min={1} hint="How long an emailed invitation stays open" />
            <TextField form={business} problem={problemOf('business')} name="reportingCurrency" label="Reporting currency" maxlength={3} hint="Three letters, e.g. USD: the earnings cap and volume tiers compare in it" />
            <p class="muted">
              Payout day and minimum payouts are on <a href="/dashboard/payout-settings">Payout settings</a>.
            </p>
            <div class="actions">
              <button type="submit">Save business settings</button>
            </div>
          </form>
        </section>
        <section aria-labelledby="domain">
          <h2 id="domain">Portal domain</h2>
          <p>
            {merchant.customDomain ? (
              <>
                Your portal answers at <strong>{merchant.customDomain}</strong> (verified).
              </>
            ) : (
              'Your portal answers on this service’s address. Use your own domain (Ultimate and Scale tracking links use it too) by proving you own it.'
            )}
          </p>
          {requested && requested.status !== 'verified' ? (
            <div class={`notice ${requested.status === 'failed' ? 'error' : 'info'}`} role="status">
              <p>
                <strong>{requested.domain}</strong>: {STATUS_TEXT[requested.status]}
                {requested.checkedAt ? ` (last checked ${shortDate(requested.checkedAt.toISOString())} UTC)` : ''}.
              </p>
              {record ? (
                <>
                  <p>At your DNS provider, add this TXT record, and point the domain at this service (a CNAME to its address):</p>
                  <dl class="record">
                    <dt>Name</dt>
                    <dd>
                      <code>{record.name}</code>
                    </dd>
                    <dt>Value</dt>
                    <dd>
                      <code>{record.value}</code>
                    </dd>
                  </dl>
                  <p class="muted">We look for it every few minutes for 3 days. You can also check now.</p>
                  <form method="post" action={`${PATH}/domain/check`} class="inline">
                    <CsrfField token={csrf} />
                    <button type="submit" class="secondary">
                      Check now
                    </button>
                  </form>
                </>
              ) : null}
            </div>
          ) : null}
          <ErrorBox problem={problemOf('domain')} />
          <form method="post" action={`${PATH}/domain`} class="stack">
            <CsrfField token={csrf} />
            <TextField form={domainForm} problem={problemOf('domain')} name="customDomain" label="Domain" maxlength={253} hint="e.g. affiliates.example.com; empty to stop using one" />
            <div class="actions">
              <button type="submit">Save domain</button>
            </div>
          </form>
        </section>
        <section aria-labelledby="branding">
          <h2 id="branding">Portal branding</h2>
          {settings.logoDataUrl ? (
            <p>
              <img src={settings.logoDataUrl} alt={`${merchant.businessName} logo`} class="logo-preview" height={48} />
            </p>
          ) : null}
          <ErrorBox problem={problemOf('branding')} />
          <form method="post" action={`${PATH}/branding`} enctype="multipart/form-data" class="stack">
            <CsrfField token={csrf} />
            <TextField form={brandForm} problem={problemOf('branding')} name="brandColour" label="Brand colour" maxlength={7} hint="A hex colour such as #1a73e8; empty for the portal's own" />
            <label>
              Logo
              <input type="file" name="logo" accept="image/png,image/jpeg,image/webp,image/gif" {...invalidIf(problemOf('branding'), 'logo')} />
              <span class="muted plain">PNG, JPEG, WebP or GIF, at most {MAX_LOGO_BYTES / 1024} KB.</span>
              <FieldError problem={problemOf('branding')} field="logo" />
            </label>
            {settings.logoDataUrl ? (
              <label class="check">
                <input type="checkbox" name="removeLogo" /> Remove the logo
              </label>
            ) : null}
            <div class="actions">
              <button type="submit">Save branding</button>
            </div>
          </form>
        </section>
        <section aria-labelledby="risk-rules">
          <h2 id="risk-rules">Risk rules</h2>
          <p>
            Which checks run on each sale and affiliate, what they flag or hold, banned referrers, paid ads and script sales: <a href="/dashboard/risk-settings">Risk rules</a>.
          </p>
        </section>
        <section aria-labelledby="notices">
          <h2 id="notices">Email notices</h2>
          <p>
            Every notice is on the <a href="/dashboard/notifications">Notifications</a> page. Also send these to <strong>{merchant.email}</strong> (live data only):
          </p>
          <form method="post" action={`${PATH}/notices`} class="stack">
            <CsrfField token={csrf} />
            <fieldset>
              <legend>Email me about</legend>
              {EMAIL_NOTICE_CHOICES.map((choice) => (
                <label class="check">
                  <input type="checkbox" name={choice} checked={settings.emailNotices.includes(choice)} /> {CHOICE_LABELS[choice].label}
                  <span class="muted plain"> — {CHOICE_LABELS[choice].hint}</span>
                </label>
              ))}
            </fieldset>
            <div class="actions">
              <button type="submit">Save email notices</button>
            </div>
          </form>
        </section>
      </>,
      status,
    );
  };

  const save = async (c: DashboardContext, section: Section, form: Form, changes: MerchantSettingsChanges, notice: string) => {
    const result = await deps.update.execute(c.get('principal').merchant.id, changes);
    if (result.isErr()) {
      const r = refusal(c, result.error);
      return view(c, { section, form, problem: r.problem }, r.status as 400);
    }
    return done(c, PATH, notice);
  };

  return new Hono<DashboardEnv>()
    .get('/settings', (c) => view(c))
    .post('/settings/business', async (c) => {
      ownerOnly(c);
      const form = await formOf(c);
      return save(
        c,
        'business',
        form,
        {
          businessName: form.businessName ?? '',
          ...(form.websiteUrl === undefined ? {} : { websiteUrl: form.websiteUrl.trim() || null }),
          payoutHoldingDays: wholeOrText(form.payoutHoldingDays),
          invitationExpiryDays: wholeOrText(form.invitationExpiryDays),
          reportingCurrency: form.reportingCurrency || undefined,
        },
        'Business settings saved.',
      );
    })
    .post('/settings/domain', async (c) => {
      ownerOnly(c);
      const form = await formOf(c);
      const domain = form.customDomain ?? '';
      return save(c, 'domain', form, { customDomain: domain === '' ? null : domain }, domain === '' ? 'Custom domain removed.' : 'Domain saved.');
    })
    .post('/settings/domain/check', async (c) => {
      ownerOnly(c);
      const merchantId = c.get('principal').merchant.id;
      await deps.update.retryDomain(merchantId);
      const verified = await deps.verify.check(merchantId);
      return done(c, PATH, verified ? 'Domain verified: your portal answers there now.' : 'The DNS record is not there yet; we keep looking.');
    })
    .post('/settings/branding', async (c) => {
      ownerOnly(c);
      const body = await c.req.parseBody();
      const colour = typeof body.brandColour === 'string' ? body.brandColour.trim() : '';
      const file = body.logo instanceof File && body.logo.size > 0 ? body.logo : null;
      // Read at most one byte past the limit: the domain rule refuses anything larger.
      const logo = file ? new Uint8Array(await file.slice(0, MAX_LOGO_BYTES + 1).arrayBuffer()) : body.removeLogo === 'on' ? null : undefined;
      return save(c, 'branding', { brandColour: colour }, { brandColour: colour === '' ? null : colour, ...(logo === undefined ? {} : { logo }) }, 'Branding saved.');
    })
    .post('/settings/notices', async (c) => {
      ownerOnly(c);
      const form = await formOf(c);
      return save(c, 'notices', form, { emailNotices: EMAIL_NOTICE_CHOICES.filter((choice) => form[choice] === 'on') }, 'Email notices saved.');
    });
};
