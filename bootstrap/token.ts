import type { DependencyContainer, FactoryProvider, ValueProvider } from 'tsyringe';

declare const carries: unique symbol;

/**
 * An injection token that carries the type registered under it: resolving gives that type, and
 * registering something else, or passing the result where another type is wanted, does not compile.
 * (tsyringe's own tokens are bare symbols, whose type a call site would infer from its context.)
 */
export type Token<T> = symbol & { readonly [carries]: (value: T) => T };

export const token = <T>(name: string): Token<T> => Symbol(name) as Token<T>;

/** What a factory may do with the container: resolve by typed token only. */
export interface Resolver {
  resolve<T>(token: Token<T>): T;
  resolveAll<T>(token: Token<T>): T[];
  isRegistered<T>(token: Token<T>, recursive?: boolean): boolean;
}

/** The container as bootstrap sees it: typed registrations and resolutions. */
export interface Container extends Resolver {
  register<T>(token: Token<T>, provider: ValueProvider<T> | FactoryProvider<T>): Container;
  createChildContainer(): Container;
}

/** tsyringe's container seen through the typed interface (its methods accept every symbol). */
export const typed = (container: DependencyContainer): Container => container as unknown as Container;
