import { instanceCachingFactory, type DependencyContainer } from 'tsyringe';

/** A factory registration that builds its instance once per container. */
export const single = <V>(factory: (c: DependencyContainer) => V) => ({ useFactory: instanceCachingFactory(factory) });
