import type { TxtResolver } from '../../application/ports/txt-resolver.js';

/** DNS TXT records held in memory: what a test publishes is what a look-up answers. */
export class FakeTxtResolver implements TxtResolver {
  private readonly records = new Map<string, string[][]>();
  lookups = 0;

  publish(name: string, ...values: string[][]): void {
    this.records.set(name.toLowerCase(), values);
  }

  async resolveTxt(name: string): Promise<string[][]> {
    this.lookups += 1;
    return (this.records.get(name.toLowerCase()) ?? []).map((chunks) => [...chunks]);
  }
}
