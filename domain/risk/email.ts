/**
 * An address in the form that identifies a mailbox: lowercase, trimmed, `+tag` dropped, and for
 * Gmail the dots in the local part dropped (they deliver to the same inbox).
 */
export const normaliseEmail = (email: string): string => {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const withoutTag = local.split('+')[0] ?? '';
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? withoutTag.replace(/\./g, '') : withoutTag}@${gmail ? 'gmail.com' : domain}`;
};

/** The lowercase domain of an address (`''` when it has none). */
export const emailDomain = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).trim().toLowerCase();
};

/**
 * Mail services anyone can sign up to: two strangers sharing one of these domains says nothing, so
 * `customer_matches_affiliate` compares only other (company) domains.
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.co.uk', 'ymail.com', 'outlook.com', 'hotmail.com', 'hotmail.co.uk',
  'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com', 'aol.com', 'proton.me', 'protonmail.com', 'gmx.com', 'gmx.de',
  'gmx.net', 'web.de', 'mail.com', 'yandex.com', 'yandex.ru', 'mail.ru', 'zoho.com', 'fastmail.com', 'hey.com', 'qq.com',
  '163.com', '126.com', 'orange.fr', 'free.fr', 'laposte.net', 't-online.de', 'libero.it', 'seznam.cz', 'wp.pl', 'naver.com',
]);

export const isPublicMailDomain = (domain: string): boolean => PUBLIC_MAIL_DOMAINS.has(domain.toLowerCase());

/**
 * Whether an address is a throwaway one. The list is not the domain's (it changes weekly): an adapter
 * passes in the maintained list's answer for a domain.
 */
export type DisposableDomainCheck = (domain: string) => boolean;
