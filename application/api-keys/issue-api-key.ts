import { err, ok, type Result } from 'neverthrow';
import { planAllowsWriteKeys, type DomainError, type Mode } from '../../domain/index.js';
import type { ApiKeyRepository } from '../ports/api-key-repository.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound, planInsufficient } from '../shared/errors.js';
import type { ApiKey, KeyCreator } from './api-key.js';
import { generateToken, hashSecret } from './api-key-token.js';

export interface IssueApiKeyInput {
  readonly merchantId: string;
  readonly mode: Mode;
  readonly write: boolean;
  readonly name?: string | undefined;
  readonly createdBy?: KeyCreator | undefined;
  readonly managePayouts?: boolean | undefined;
}

export interface IssuedApiKey {
  readonly key: ApiKey;
  /** The full key: returned once, here, and never stored. */
  readonly token: string;
}

export class IssueApiKey {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly keys: ApiKeyRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  execute(input: IssueApiKeyInput): Promise<Result<IssuedApiKey, DomainError>> {
    return this.uow.transaction(async () => {
      const merchant = await this.merchants.findById(input.merchantId);
      if (!merchant) return err(notFound('Merchant'));
      if (input.write && !planAllowsWriteKeys(merchant.plan)) {
        return err(planInsufficient('Write keys need the Ultimate or Scale plan'));
      }
      const { token, parsed } = generateToken(input.mode);
      const key: ApiKey = {
        id: this.ids.next(),
        merchantId: merchant.id,
        name: input.name ?? `${input.mode} ${input.write ? 'write' : 'read'} key`,
        mode: input.mode,
        permissions: { read: true, write: input.write },
        createdBy: input.createdBy ?? 'owner',
        managePayouts: input.managePayouts ?? false,
        lookup: parsed.lookup,
        secretHash: hashSecret(parsed.secret),
        createdAt: this.clock.now(),
        revokedAt: null,
      };
      await this.keys.insert(key);
      return ok({ key, token });
    });
  }
}
