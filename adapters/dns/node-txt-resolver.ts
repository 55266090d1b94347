import { Resolver } from 'node:dns/promises';
import type { TxtResolver } from '../../application/ports/txt-resolver.js';

/** Answers that mean "no such record" rather than "ask again later". */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);

/** TXT look-ups through node:dns with the system's resolvers, each query bounded in time. */
export class NodeTxtResolver implements TxtResolver {
  private readonly resolver: Resolver;

  constructor(servers?: readonly string[]) {
    this.resolver = new Resolver({ timeout: 5000, tries: 2 });
    if (servers && servers.length > 0) this.resolver.setServers([...servers]);
  }

  async resolveTxt(name: string): Promise<string[][]> {
    try {
      return await this.resolver.resolveTxt(name);
    } catch (error) {
      if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw error;
    }
  }
}
