import type { Logger } from '../application/ports/logger.js';
import type { ServiceConfig } from './config.js';

/**
 * Settings meant for development only that weaken a guarantee in production: each one that is on is
 * logged as a warning at start, so an operator who left it set in production sees it.
 */
export const logStartWarnings = (config: Pick<ServiceConfig, 'webhookDevAllowedHosts' | 'payoutLiveSandbox'>, log: Logger): void => {
  if (config.webhookDevAllowedHosts.length > 0) {
    log.warn({ hosts: config.webhookDevAllowedHosts }, 'WEBHOOK_DEV_ALLOWED_HOSTS set: these hosts may receive webhooks over http and on private addresses');
  }
  if (config.payoutLiveSandbox) {
    log.warn(
      { payoutLiveSandbox: true },
      'PAYOUT_LIVE_SANDBOX=1: live payouts of methods without credentials go to the sandbox and are marked paid though no money moves (development only)',
    );
  }
};
