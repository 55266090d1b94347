import MailChecker from 'mailchecker';
import type { DisposableEmailDomains } from '../../application/ports/risk-facts.js';

/**
 * `mailchecker`'s maintained list of throwaway mail domains. A subdomain of a listed domain is
 * throwaway too (`x.mailinator.com`), so each parent domain is looked up.
 */
export class MailcheckerDisposableDomains implements DisposableEmailDomains {
  private readonly listed = MailChecker.blacklist();

  isDisposable(domain: string): boolean {
    const labels = domain.toLowerCase().split('.');
    for (let i = 0; i < labels.length - 1; i += 1) {
      if (this.listed.has(labels.slice(i).join('.'))) return true;
    }
    return false;
  }
}
