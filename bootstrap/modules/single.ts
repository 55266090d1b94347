import { instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import type { Resolver } from '../token.js';

/** A factory registration that builds its instance once per container, on first resolution. */
export const single = <V>(factory: (r: Resolver) => V) => ({
  useFactory: instanceCachingFactory<V>((c: DependencyContainer) => factory(c as unknown as Resolver)),
});
