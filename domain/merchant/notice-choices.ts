/**
 * The kinds of notice a merchant chooses to also receive by email (every notice is always in the
 * dashboard's list). Each notice kind belongs to one choice; a new kind names its choice in
 * `NOTICE_CHOICE_OF` (or gets a choice of its own here and in the settings page's labels).
 */
export const EMAIL_NOTICE_CHOICES = ['new_application', 'first_sale', 'flagged_sale', 'payouts_due', 'failures'] as const;
export type EmailNoticeChoice = (typeof EMAIL_NOTICE_CHOICES)[number];

/** A new merchant gets every notice by email until it chooses otherwise (failures were always emailed). */
export const DEFAULT_EMAIL_NOTICES: readonly EmailNoticeChoice[] = [...EMAIL_NOTICE_CHOICES];

/** Which choice governs each notice kind; a kind not listed counts as a failure (something to fix). */
const NOTICE_CHOICE_OF: Readonly<Record<string, EmailNoticeChoice>> = {
  new_application: 'new_application',
  first_sale: 'first_sale',
  flagged_sale: 'flagged_sale',
  payouts_due: 'payouts_due',
};

export const noticeChoiceOf = (kind: string): EmailNoticeChoice => NOTICE_CHOICE_OF[kind] ?? 'failures';

/** The choices as stored, keeping only known ones, each once, in their canonical order. */
export const parseEmailNotices = (values: readonly string[]): EmailNoticeChoice[] =>
  EMAIL_NOTICE_CHOICES.filter((choice) => values.includes(choice));
