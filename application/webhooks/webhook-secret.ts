import { randomBytes } from 'node:crypto';

/** A subscription secret: 32 random bytes as 64 lowercase hex characters. */
export const newWebhookSecret = (): string => randomBytes(32).toString('hex');
